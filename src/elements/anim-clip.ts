import { customElement, property } from 'lit/decorators.js';
import { type ClipTime, WRAP_MODES, type WrapMode } from '../runtime/core.js';
import type { ClipDefinition } from '../scene/clip-library.js';
import { acceptValue } from './accept-value.js';
import type { AnimEvent } from './anim-event.js';
import type { AnimMarker } from './anim-marker.js';
import { ClipPart } from './clip-part.js';
import { type ClipTimeValue, clipTimeValue } from './clip-time-value.js';
import { parseClipTime, parseEnum, parseLength, parseNumber } from './units.js';

const parseLoop = (text: string) => parseEnum(text, WRAP_MODES);
const parseStride = (text: string) => parseLength(text, { min: 0 });
const MARKER_MODES = ['none', 'auto'] as const;
const parseMarkers = (text: string) => parseEnum(text, MARKER_MODES);

/**
 * A clip named for this character: a logical name mapped to a clip of the model, optionally a slice of it,
 * with its own loop mode, speed and timed events. It plays like any model clip (`clip="survey"`,
 * `play('survey')`) and its timeline starts at 0: a slice's time, duration and event times are measured
 * from the slice's start. A definition named like a model clip replaces that clip (to add events to it, say).
 *
 * With `src` the clip comes from another file: `src="packs/locomotion.glb#Run"`. Each file is loaded once
 * per page and shared by every character that names it, so an animation pack (a GLB of clips and a
 * skeleton, no meshes) costs one download however many characters use it. Without `retarget` the clip
 * drives the nodes whose names it names (one clip for every model exported from the same rig); with
 * `retarget` it plays through the humanoid maps of both rigs, so a Mixamo clip plays on a mannequin or a
 * robot in that character's own proportions (see the character's `rig`). Until its file arrives the clip
 * is not in the character's `clips`; a file that fails, a clip it lacks or a rig that cannot be mapped is
 * reported once, and the character keeps its own clips.
 * With `mask` or `additive` the clip plays as an overlay: `play('wave-upper')` layers it over the clip
 * playing (a wave on the upper body while the legs keep walking; a breathing or flinch clip added on top),
 * crossfading only with other overlays; the clip below plays on, and a `once` overlay fades out by itself
 * when it ends (over the character's `fade`), giving the joints back.
 * Adding, removing or editing an `<anim-clip>` (or its events) takes effect on the character's next frame.
 *
 * @summary A logical clip of a character: a model clip, or a slice of a long take, with loop, speed and events.
 *
 * @attr name - The name the character plays it by.
 * @attr from - The model clip it plays. Default: `name`. A clip the model lacks is reported (`unknown-clip`).
 * @attr src - A clip from another file: `url#ClipName` (without `#`, the clip named by `from`, else `name`). A file that cannot be loaded reports `load-failed` or `bad-gltf`; a file with no clips, or without that clip, `unknown-clip`.
 * @attr {boolean} retarget - Play the `src` clip through the humanoid maps of its rig and the character's (`no-humanoid` when either cannot be mapped), not by node name.
 * @attr start - Where the slice begins in the model clip: seconds (`1.2`, `1.2s`, `1200ms`) or a percentage of the clip (`25%`). Default 0. A start after the `end` reports `bad-attribute` naming both, and the whole clip plays.
 * @attr end - Where the slice ends in the model clip: seconds or a percentage of the clip (`75%`). Default the clip's end.
 * @attr loop - How this clip wraps unless the character or `play()` says otherwise: `repeat` (wraps to the start), `once` (plays to the end, fires `anim-finish`, stops there), `pingpong` (bounces between the ends, each bounce a loop) or `clamp` (holds at the end it reached and fires `anim-finish`, but moves again if the speed changes sign). Default `repeat`.
 * @attr speed - Multiplies this clip's playback speed; negative plays it backwards. Default 1.
 * @attr mask - Plays the clip as an overlay on these joints only: `upper-body` (the spine up: chest, arms, head), `lower-body` (hips and legs), or joint names (each with everything below it), separated by spaces. A joint the model lacks reports `unknown-bone`.
 * @attr {boolean} additive - Plays the clip as an overlay that adds its motion (its difference from its own first frame) to what plays below it, on the `mask` joints if given, else every joint.
 * @attr stride - Metres one cycle of the clip covers on the ground (default the model clip's `extras.stride`, if any). With the character's root motion off, the clip plays at the rate that keeps its feet in pace with the character's ground speed (once it has moved or its `groundSpeed` is set; standing still after that, it holds).
 * @attr markers - `auto` finds sync markers where the feet touch down (`left-foot`, `right-foot`: the lowest tenth of each foot's height range, reached after a swing), added to the `<anim-marker>` children and the model clip's `extras.markers`. Default `none`. A model whose feet cannot be found reports `no-humanoid`.
 *
 * @prop {string} name - See the `name` attribute.
 * @prop {string} from - See the `from` attribute.
 * @prop {string} src - See the `src` attribute.
 * @prop {boolean} retarget - See the `retarget` attribute.
 * @prop {number | string | null} start - See the `start` attribute: seconds as a number, a percentage as text (`"25%"`); null for the clip's start.
 * @prop {number | string | null} end - See the `end` attribute: seconds as a number, a percentage as text (`"75%"`); null for the clip's end.
 * @prop {WrapMode | null} loop - See the `loop` attribute; null when not set.
 * @prop {number} speed - See the `speed` attribute.
 * @prop {number | null} stride - See the `stride` attribute; metres, null for the model's.
 * @prop {string} mask - See the `mask` attribute.
 * @prop {boolean} additive - See the `additive` attribute.
 * @prop {'none' | 'auto'} markers - See the `markers` attribute.
 * @prop {ClipDefinition} definition - The plain definition (with its events) the character plays.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad `start`, `end`, `loop`, `speed`, `stride` or `markers` (`bad-attribute`); the previous value stays. A `start` after the `end` (once both are resolved against the model clip) is reported by the character as `bad-attribute` naming both, and the whole clip plays.
 *
 * @slot - `<anim-event>` and `<anim-marker>` elements.
 */
@customElement('anim-clip')
export class AnimClip extends ClipPart {
  #start: ClipTime | null = null;
  #end: ClipTime | null = null;
  #loop: WrapMode | null = null;
  #speed = 1;
  #stride: number | null = null;
  #markers: (typeof MARKER_MODES)[number] = 'none';

  @property() name = '';
  @property() from = '';
  @property() src = '';
  @property({ type: Boolean }) retarget = false;
  @property() mask = '';
  @property({ type: Boolean }) additive = false;

  @property()
  get start(): ClipTimeValue | null {
    return this.#start && clipTimeValue(this.#start);
  }
  set start(value: number | string | null | undefined) {
    this.#start = acceptValue<ClipTime | null>(this, 'start', value, parseClipTime, this.#start, null);
  }

  @property()
  get end(): ClipTimeValue | null {
    return this.#end && clipTimeValue(this.#end);
  }
  set end(value: number | string | null | undefined) {
    this.#end = acceptValue<ClipTime | null>(this, 'end', value, parseClipTime, this.#end, null);
  }

  @property()
  get loop(): WrapMode | null {
    return this.#loop;
  }
  set loop(value: string | null | undefined) {
    this.#loop = acceptValue<WrapMode | null>(this, 'loop', value, parseLoop, this.#loop, null);
  }

  @property()
  get speed(): number {
    return this.#speed;
  }
  set speed(value: number | string | null | undefined) {
    this.#speed = acceptValue(this, 'speed', value, parseNumber, this.#speed, 1);
  }

  @property()
  get stride(): number | null {
    return this.#stride;
  }
  set stride(value: number | string | null | undefined) {
    this.#stride = acceptValue<number | null>(this, 'stride', value, parseStride, this.#stride, null);
  }

  @property()
  get markers(): (typeof MARKER_MODES)[number] {
    return this.#markers;
  }
  set markers(value: string | null | undefined) {
    this.#markers = acceptValue(this, 'markers', value, parseMarkers, this.#markers, 'none');
  }

  get definition(): ClipDefinition {
    const events = [...this.querySelectorAll<AnimEvent>(':scope > anim-event')]
      .filter((e) => typeof e.definition === 'object')
      .map((e) => e.definition);
    return {
      name: this.name,
      from: this.from || undefined,
      start: this.#start ?? undefined,
      end: this.#end ?? undefined,
      loop: this.#loop ?? undefined,
      speed: this.#speed,
      events,
      src: this.src || undefined,
      retarget: this.retarget,
      stride: this.#stride ?? undefined,
      mask: this.mask.trim() ? this.mask.trim().split(/\s+/) : undefined,
      additive: this.additive,
      markers: [...this.querySelectorAll<AnimMarker>(':scope > anim-marker')]
        .filter((m) => typeof m.definition === 'object')
        .map((m) => m.definition),
      autoMarkers: this.#markers === 'auto',
    };
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-clip': AnimClip;
  }
}

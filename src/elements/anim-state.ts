import { customElement, property } from 'lit/decorators.js';
import {
  BLEND_SPACE_TYPES,
  type BlendSpaceType,
  LOOP_MODES,
  type LoopMode,
  type StateDefinition,
} from '../graph/definition.js';
import { acceptValue } from './accept-value.js';
import type { AnimBlendPoint } from './anim-blend-point.js';
import './anim-blend-point.js';
import { GraphPart } from './graph-part.js';
import { parseNumberOrParam } from './graph-values.js';
import { type ClipTime, formatClipTime, parseClipTime, parseEnum } from './units.js';

const parseLoop = (text: string) => parseEnum(text, LOOP_MODES);
const windowValue = (t: ClipTime | null) => (t === null ? null : formatClipTime(t));
const parseBlendType = (text: string) => parseEnum(text, BLEND_SPACE_TYPES);

/**
 * A state of its character's state graph: a clip, or a blend space of clips, that plays while the graph is
 * in it. Transitions (`<anim-transition>`) move between states, crossfading.
 *
 * A blend-space state holds `<anim-blend-point clip x y>` children instead of a `clip` and names its axes
 * by params: `blend-x="speed"` (1D), plus `blend-y="direction"` for 2D (`directional` by default, or
 * `blend-type="cartesian"`). A state with neither clip nor points is empty: it plays nothing, so on an
 * upper layer the layers below show through.
 *
 * The play window (`start`, `end`) is the clip's vocabulary: seconds (`0.4`, `0.4s`, `400ms`) or a percentage
 * of each clip's length (`40%`), resolved when the graph binds to the character's clips. A window whose
 * start comes after its end there reports `bad-attribute` naming both values, and the whole clip plays.
 *
 * A state inside an `<anim-layer>` belongs to that layer; elsewhere to the layer its `layer` names (default
 * the base layer). Editing a state takes effect on the character's next frame; the layers keep their
 * current states and times.
 *
 * @summary A state of the graph: a clip or a blend space, its loop, speed and play window.
 *
 * @attr name - The state's name, used by transitions and reported by `anim-state-enter` / `anim-state-exit` and the character's `state`. A second state of one name reports `duplicate-name`.
 * @attr clip - The logical clip it plays (an `<anim-clip>` name or a model clip). A name the character lacks reports `unknown-clip`; the state then plays nothing.
 * @attr loop - `repeat` (the default), `once`, `pingpong` or `clamp`, as on `<anim-clip>`: `repeat` wraps; `once` plays through and holds the last frame (exit times then fire once, and of 1 or more wait that many lengths); `pingpong` plays forward then back, each pass a loop; `clamp` holds at the edge it reached and plays back at once when the speed turns negative.
 * @attr speed - Playback rate (a number; negative plays backwards), or the name of a float or int param whose value is the rate each frame. Default 1.
 * @attr start - Start of the play window in each clip: seconds (`0.4`, `0.4s`, `400ms`) or a percentage of the clip (`40%`). Default the clip's start.
 * @attr end - End of the play window: seconds or a percentage of the clip, as `start`. Default the clip's end.
 * @attr {boolean} default - The entry state of its layer (default: the layer's first state). Two on a layer report `two-defaults`.
 * @attr layer - The layer it belongs to when it is not inside an `<anim-layer>`. A name no layer has reports `unknown-layer` (it joins the base layer).
 * @attr blend-x - The float or int param on the blend space's x axis.
 * @attr blend-y - The param on the y axis (2D blend spaces).
 * @attr blend-type - `1d`, `directional` (2D polar gradient bands, for direction × speed) or `cartesian` (2D freeform). Default `1d` without `blend-y`, `directional` with it.
 *
 * @prop {string} name - See the `name` attribute.
 * @prop {string} clip - See the `clip` attribute.
 * @prop {LoopMode | null} loop - See the `loop` attribute; null when unset (repeats).
 * @prop {number | string} speed - See the `speed` attribute.
 * @prop {string | null} start - See the `start` attribute, in its canonical text (`"0.4s"` or `"40%"`); null when unset. Takes a number (seconds) or the attribute's text.
 * @prop {string | null} end - See the `end` attribute, as `start`.
 * @prop {boolean} default - See the `default` attribute.
 * @prop {string} layer - See the `layer` attribute.
 * @prop {string} blendX - See the `blend-x` attribute.
 * @prop {string} blendY - See the `blend-y` attribute.
 * @prop {BlendSpaceType | null} blendType - See the `blend-type` attribute; null when unset.
 * @prop {StateDefinition} definition - The plain definition the graph is built from (its layer included).
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad `loop`, `speed`, `start`, `end` or `blend-type` (`bad-attribute`; the previous value stays); a window whose start comes after its end in a clip, once bound (`bad-attribute`, on this element; the whole clip plays).
 *
 * @slot - `<anim-blend-point>` elements, for a blend-space state.
 */
@customElement('anim-state')
export class AnimState extends GraphPart {
  #loop: LoopMode | null = null;
  #speed: number | string | null = null;
  #start: ClipTime | null = null;
  #end: ClipTime | null = null;
  #blendType: BlendSpaceType | null = null;

  @property() name = '';
  @property() clip = '';
  @property({ type: Boolean }) default = false;
  @property() layer = '';
  @property({ attribute: 'blend-x' }) blendX = '';
  @property({ attribute: 'blend-y' }) blendY = '';

  @property()
  get loop(): LoopMode | null {
    return this.#loop;
  }
  set loop(value: string | null | undefined) {
    this.#loop = acceptValue<LoopMode | null>(this, 'loop', value, parseLoop, this.#loop, null);
  }

  @property()
  get speed(): number | string {
    return this.#speed ?? 1;
  }
  set speed(value: number | string | null | undefined) {
    this.#speed = acceptValue<number | string | null>(this, 'speed', value, parseNumberOrParam, this.#speed, null);
  }

  @property()
  get start(): string | null {
    return windowValue(this.#start);
  }
  set start(value: number | string | null | undefined) {
    this.#start = acceptValue<ClipTime | null>(this, 'start', value, parseClipTime, this.#start, null);
  }

  @property()
  get end(): string | null {
    return windowValue(this.#end);
  }
  set end(value: number | string | null | undefined) {
    this.#end = acceptValue<ClipTime | null>(this, 'end', value, parseClipTime, this.#end, null);
  }

  @property({ attribute: 'blend-type' })
  get blendType(): BlendSpaceType | null {
    return this.#blendType;
  }
  set blendType(value: string | null | undefined) {
    this.#blendType = acceptValue<BlendSpaceType | null>(
      this,
      'blend-type',
      value,
      parseBlendType,
      this.#blendType,
      null,
    );
  }

  get definition(): StateDefinition {
    const state: StateDefinition = { name: this.name };
    const layer = this.parentElement?.closest('anim-layer, anim-character');
    const layerName = layer?.localName === 'anim-layer' ? (layer as Element & { name: string }).name : this.layer;
    if (layerName) state.layer = layerName;
    if (this.clip) state.clip = this.clip;
    const points = [...this.querySelectorAll<AnimBlendPoint>(':scope > anim-blend-point')].filter(
      (p) => typeof p.definition === 'object',
    );
    if (points.length > 0 || this.blendX) {
      state.blend = { x: this.blendX, points: points.map((p) => p.definition) };
      if (this.blendY) state.blend.y = this.blendY;
      if (this.#blendType) state.blend.type = this.#blendType;
    }
    if (this.#loop !== null) state.loop = this.#loop;
    if (this.#speed !== null) state.speed = this.#speed;
    const start = windowValue(this.#start);
    const end = windowValue(this.#end);
    if (start !== null) state.start = start;
    if (end !== null) state.end = end;
    if (this.default) state.default = true;
    return state;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-state': AnimState;
  }
}

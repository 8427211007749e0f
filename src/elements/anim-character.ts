import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { HUMANOID_SLOTS, isHumanoidSlot, WRAP_MODES, type WrapMode, wrapAngle } from '../runtime/index.js';
import { CharacterRig, type RigListener, type RigPlayOptions } from '../scene/character-rig.js';
import type { ClipDefinition } from '../scene/clip-library.js';
import { type RigChoice, resolveExternalClips } from '../scene/clip-sources.js';
import { CodedError } from '../scene/coded-error.js';
import { disposeObject, loadGltf } from '../scene/load-gltf.js';
import { RigPropertyTracks } from '../scene/rig-property-tracks.js';
import { RootMotionArrow } from '../scene/root-motion-arrow.js';
import { SKINNING_MODES, type SkinningMode } from '../scene/skin-output.js';
import { acceptValue } from './accept-value.js';
import type { AnimClip } from './anim-clip.js';
import './anim-clip.js';
import './anim-event.js';
import './anim-layer.js';
import './anim-param.js';
import type { AnimRig } from './anim-rig.js';
import './anim-rig.js';
import './anim-state.js';
import './anim-transition.js';
import './anim-warp.js';
import {
  type AnimEventDetail,
  type AnimFinishDetail,
  type AnimLoadDetail,
  type AnimLoopDetail,
  type AnimPlayDetail,
  type AnimProgressDetail,
  queueEvent,
} from './character-events.js';
import { syncFootIk } from './character-foot-ik.js';
import { CharacterGraph } from './character-graph.js';
import {
  type AnimWarpEndDetail,
  formatRootMotion,
  parseRootMotion,
  ROOT_MOTION_OFF,
  type RootMotionDelta,
  type RootMotionSetting,
  rootMotionOf,
  startWarp,
  type WarpTargetInput,
} from './character-motion.js';
import { type RagdollOptions, standUp, startRagdoll } from './character-ragdoll.js';
import type { ClipOwner } from './clip-part.js';
import { reportError } from './errors.js';
import type { AnimStateDetail, AnimTransitionDetail, AnimTransitionEndDetail } from './graph-events.js';
import type { GraphOwner } from './graph-part.js';
import { whenNearViewport } from './near-viewport.js';
import { getStage, type StageLease, whenStageReady } from './stage-context.js';
import {
  type Parsed,
  parseAngle,
  parseEnum,
  parseNumber,
  parseTime,
  parseVector3,
  type Vector3Tuple,
} from './units.js';

export type {
  AnimEventDetail,
  AnimFinishDetail,
  AnimLoadDetail,
  AnimLoopDetail,
  AnimPlayDetail,
  AnimProgressDetail,
  AnimStateDetail,
  AnimTransitionDetail,
  AnimTransitionEndDetail,
};

/** Options of `play()`; times in seconds of the clip (CSS time text accepted), speeds as numbers. */
export interface PlayOptions {
  /** Crossfade time; default the `fade` attribute. */
  fade?: number | string;
  /** Multiplies the clip's own speed for this play; negative plays backwards. */
  speed?: number | string;
  loop?: WrapMode;
  /** Play window, seconds from the clip's start; default `clip-start` / `clip-end`. */
  start?: number | string;
  end?: number | string;
}

const DEFAULT_FADE = 0.25;
const ORIGIN: Vector3Tuple = [0, 0, 0];

const parseFade = (text: string) => parseTime(text, { min: 0 });
const parseFraction = (text: string) => parseNumber(text, { min: 0, max: 1 });
const parseLoop = (text: string) => parseEnum(text, WRAP_MODES);
const parseSkinning = (text: string) => parseEnum(text, SKINNING_MODES);
const parseLoading = (text: string) => parseEnum(text, ['eager', 'lazy'] as const);
const parseSeconds = (text: string) => parseTime(text, { min: 0 });
/** `auto`, `mixamo`, or a JSON object of humanoid slot → bone name. */
function parseRig(text: string): Parsed<RigChoice> {
  const trimmed = text.trim();
  if (trimmed === 'auto' || trimmed === 'mixamo') return { ok: true, value: trimmed };
  try {
    const map: unknown = JSON.parse(trimmed);
    if (
      map &&
      typeof map === 'object' &&
      !Array.isArray(map) &&
      Object.values(map).every((v) => typeof v === 'string')
    ) {
      const unknown = Object.keys(map).find((slot) => !isHumanoidSlot(slot));
      if (unknown !== undefined) {
        return {
          ok: false,
          message: `"${text}" names "${unknown}", which is not a humanoid slot (slots: ${HUMANOID_SLOTS.join(', ')})`,
        };
      }
      return { ok: true, value: map as RigChoice };
    }
  } catch {
    // reported below
  }
  return { ok: false, message: `"${text}" is not auto, mixamo or a JSON map of slot to bone name` };
}
function parseScale(text: string): Parsed<number> {
  const parsed = parseNumber(text, { min: 0 });
  return parsed.ok && parsed.value === 0 ? { ok: false, message: `"${text}" is not a scale greater than 0` } : parsed;
}

/** A promise with its settle functions, marked handled so an unawaited rejection stays quiet. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void; settled: boolean } {
  const d = { settled: false } as ReturnType<typeof deferred>;
  d.promise = new Promise<void>((resolve, reject) => {
    d.resolve = () => {
      d.settled = true;
      resolve();
    };
    d.reject = (e) => {
      d.settled = true;
      reject(e);
    };
  });
  d.promise.catch(() => {});
  return d;
}

/**
 * A rigged glTF model and its playback. It loads `src`, binds its skeletons and clips into the runtime and
 * plays `clip`; setting `clip` (or calling `play()`) crossfades over `fade`. Each frame the runtime's
 * skinning matrices go straight into three's bone textures (`skinning="gpu"`), or the runtime deforms the
 * vertices (`skinning="cpu"`). Morph-target weights play with their clip.
 *
 * Inside an `<anim-scene>` it draws on the scene's stage; on its own it makes a stage (canvas, camera,
 * lights) of its own and fills its box. `<anim-clip>` children name clips, cut slices out of long takes and
 * hold timed `<anim-event>`s.
 *
 * A state graph drives it when it has graph children (`<anim-param>`, `<anim-state>`, `<anim-transition>`,
 * `<anim-layer>`) or a `graph` (a JSON graph file, or `locomotion` for the built-in locomotion graph: idle,
 * walk and run blended by `speed`, jump, fall, soft and hard landings, get-up). With both, the markup adds
 * to the file: a param, layer or state named like one of the file's replaces it, transitions are appended.
 * The graph's clip names are the character's clip names, so `<anim-clip name="walk" from="Walking">` binds
 * another model's clips to a graph. Scripts drive it with `setParam()` and `trigger()` and read `state` and
 * `params`; editing the graph's markup takes effect on the next frame, each layer keeping its state and time
 * and every param its value. While a graph drives, `clip` waits (it plays again once the graph is removed)
 * and `play()` reports `graph-active`: a graph decides what plays, so set its params instead. `speed` and
 * `paused` scale and stop the graph's time too (a negative speed counts as 0).
 *
 * Setting `src` while a load is in flight cancels that load: the last `src` wins and a stale model is never
 * shown. The previous model stays until the new one is ready, then it is freed; a disconnected character
 * frees everything it made. Bad input never throws: each gives one `anim-error` with a stable code and the
 * value in the message, and everything else keeps animating.
 *
 * @summary A rigged, animated glTF character: clips, crossfades, events, GPU or CPU skinning.
 *
 * @attr src - URL of a glTF or GLB file (Draco and meshopt compression supported). A 404 reports `load-failed`, a file that is not glTF (or a truncated GLB) `bad-gltf`.
 * @attr clip - The clip to play (a model clip or an `<anim-clip>` name); changing it crossfades over `fade`. None: the rest pose. An `<anim-clip src>` whose file is still loading plays once it arrives. A name the model lacks reports `unknown-clip`.
 * @attr speed - Multiplies the playback speed of every clip; negative plays backwards. Default 1.
 * @attr loop - `repeat`, `once`, `pingpong` or `clamp`; unset, each clip wraps as its `<anim-clip loop>` says (default `repeat`).
 * @attr {boolean} paused - Stops this character's time; it is still posed and drawn.
 * @attr fade - Default crossfade time, seconds (or with `s` / `ms`), 0 or more. Default `0.25s`.
 * @attr clip-start - Start of the play window as a fraction 0–1 of the clip. Default 0.
 * @attr clip-end - End of the play window as a fraction 0–1 of the clip. Default 1.
 * @attr position - Where the character stands, `"x y z"` in metres. Default `"0 0 0"`.
 * @attr heading - Which way it faces, degrees about the vertical axis; 0 faces +Z (the camera's default side), positive turns left (counter-clockwise seen from above). Default 0.
 * @attr scale - Uniform scale, greater than 0. Default 1.
 * @attr skinning - `gpu` (bone textures, the default) or `cpu` (the runtime deforms positions and normals each frame).
 * @attr poster - URL of an image shown until the first frame is drawn.
 * @attr loading - `eager` (the default) loads at once; `lazy` waits until the character is about a screen away from the viewport.
 * @attr {boolean} foot-ik - Plants the feet on the ground under them (the scene's `ground`, `<anim-model ground>`, meshes with `userData.ground`): legs bent by two-bone IK, the pelvis lowered as needed, soles turned to the slope; skipped while airborne. An `<anim-foot-ik>` child turns it on too and sets its knobs. The legs are those of the humanoid map (see `rig`), else found by their names; legs that cannot be found report `unknown-bone`.
 * @attr rig - How this model's bones map onto the humanoid slots, for clips played with `<anim-clip retarget>`, the ragdoll's bodies, cloth's body colliders and foot IK's legs: `auto` (the default: Mixamo, Rigify, VRM/Unity, Blender `.L`/`_L` and other common namings, the hierarchy and the body's sides), `mixamo`, or a JSON map of slot to bone name (`{"leftUpperArm": "arm_upper_L"}`) over what `auto` finds (`<anim-rig>` children write the same map in markup, and win over it). A key that is not a slot reports `bad-attribute`, a bone the model lacks `unknown-bone`; a model that cannot be mapped reports `no-humanoid` naming the missing slots.
 * @attr root-motion - What the clips' root motion does: `off` (the default: it plays in the skeleton), `apply` (it moves the character: position and, with `yaw`, heading) or `expose` (the character stays; a controller reads `rootMotion()`), plus `planar` (only the horizontal is taken; the vertical stays in the skeleton) and `yaw` (turning is taken too). A bare `root-motion` means `apply`. Either way the extracted motion is removed from the root bone, so it is not applied twice; seamless across loop seams and blended through crossfades and blend spaces. With `off`, a clip with a stride (`<anim-clip stride>` or the model's) plays at the rate that keeps its feet in pace with the character's ground speed (once it has moved, or `groundSpeed` is set: a walk shown in place keeps walking).
 * @attr root-bone - The bone whose motion moves the character. Default `Hips`, else the skeleton's root. A name the model lacks reports `unknown-bone` (the default is used).
 * @attr {boolean} vertical-handoff - Physics owns the vertical (a jump): the clip's pelvis rise is flattened out of the pose, vertical root motion is dropped and foot IK stands aside. See `setRootMotionVertical()`.
 *
 * @attr graph - A state graph for this character: the URL of a JSON graph file (`locomotion.animgraph.json`), or `locomotion` for the built-in locomotion graph. A file that cannot be fetched reports `load-failed`, one that is not a graph `bad-graph`. The previous graph runs until the new one has arrived.
 *
 * @prop {string | null} src - See the `src` attribute.
 * @prop {string | null} graph - See the `graph` attribute.
 * @prop {string | null} state - Read-only: the base layer's current state (during a crossfade, the state it fades to); null without a graph.
 * @prop {Record<string, number | boolean>} params - Read-only: a snapshot of the graph's params by name (a new object each read).
 * @prop {string | null} clip - The clip asked for last (by the attribute or `play()`).
 * @prop {number} speed - See the `speed` attribute.
 * @prop {WrapMode | null} loop - See the `loop` attribute; null when unset.
 * @prop {boolean} paused - See the `paused` attribute.
 * @prop {number} fade - See the `fade` attribute; seconds.
 * @prop {number} clipStart - See the `clip-start` attribute.
 * @prop {number} clipEnd - See the `clip-end` attribute.
 * @prop {[number, number, number]} position - Where the character stands, `"x y z"` in metres (default `"0 0 0"`); accepts the text too. Reads where it stands now: root motion, a controller, a warp or getting up move it. Setting it puts it there (a controller's capsule follows); a model loaded later stands where the last one got to.
 * @prop {number} heading - Which way it faces, degrees about the vertical axis (default 0): 0 faces +Z, positive turns left. Reads the heading now, in (−180, 180]: root motion and controllers turn it.
 * @prop {number} scale - See the `scale` attribute.
 * @prop {SkinningMode} skinning - See the `skinning` attribute.
 * @prop {string | null} poster - See the `poster` attribute.
 * @prop {'eager' | 'lazy'} loading - See the `loading` attribute.
 * @prop {boolean} footIk - See the `foot-ik` attribute.
 * @prop {'auto' | 'mixamo' | Record<string, string>} rigMap - See the `rig` attribute (the `rig` property is the bound three.js side); accepts the JSON text too.
 * @prop {string[]} clips - Read-only: the clips this character can play (empty until loaded).
 * @prop {string[]} bones - Read-only: the joint names of the model's skins (empty until loaded).
 * @prop {number} duration - Read-only: length of the current clip in seconds (0 when none plays); while a state graph drives, the cycle length of its current state (a blend space's: its heaviest clip's).
 * @prop {number} time - Seconds into the current clip; while a state graph drives, into its current state's cycle. Setting it seeks there (no events fire for the jump).
 * @prop {string} rootMotionMode - See the `root-motion` attribute, as normalized text (`"apply planar"`); accepts the text.
 * @prop {string | null} rootBone - See the `root-bone` attribute.
 * @prop {boolean} verticalHandoff - See the `vertical-handoff` attribute.
 * @prop {number | null} groundSpeed - Ground speed (m/s) that clips with a stride follow when root motion is off; null (the default) measures how fast the character moves.
 * @prop {boolean} warping - Read-only: whether a motion warp is placing the character.
 * @prop {Promise<void>} ready - Resolves when the current `src` is bound and its first frame posed; rejects with the load's error.
 *
 * @fires {CustomEvent<AnimLoadDetail>} anim-load - The model is bound: `{clips, bones, humanoid}` (`humanoid`: the slots its humanoid map found, null when it has none).
 * @fires {CustomEvent<AnimProgressDetail>} anim-progress - Loading progress, `{progress}` from 0 to 1.
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - Bad input: `load-failed`, `bad-gltf`, `bad-clip` (one broken clip of the file, left out), `unknown-clip`, `unknown-bone`, `bad-attribute`, `no-humanoid`.
 * @fires {CustomEvent<AnimPlayDetail>} anim-play - A clip started (or began fading in): `{clip}`.
 * @fires {CustomEvent<AnimLoopDetail>} anim-loop - A clip wrapped: `{clip, count}`.
 * @fires {CustomEvent<AnimFinishDetail>} anim-finish - A `once` or `clamp` clip reached its end: `{clip}`.
 * @fires {CustomEvent<AnimEventDetail>} anim-event - Playback crossed an `<anim-event>`: `{name, clip, time, data}`.
 * @fires {CustomEvent<AnimStateDetail>} anim-state-enter - The graph entered a state: `{state, layer}` (each layer's entry state on the first frame).
 * @fires {CustomEvent<AnimStateDetail>} anim-state-exit - A state faded out completely: `{state, layer}`.
 * @fires {CustomEvent<AnimTransitionDetail>} anim-transition-start - A transition fired: `{from, to, layer}`.
 * @fires {CustomEvent<AnimTransitionEndDetail>} anim-transition-end - A crossfade ended: `{from, to, layer, interrupted}`.
 * @fires {CustomEvent<AnimRagdollDetail>} anim-ragdoll - The ragdoll's phase: `{phase}`, `start`, `settled` (at rest, frozen) or `recovered` (back on its feet after `getUp()`).
 * @fires {CustomEvent<AnimWarpEndDetail>} anim-warp-end - A `warp()` ended: `{warp, clip, completed}` (`completed` false when another clip or warp took over).
 *
 * @slot - `<anim-clip>` definitions, `<anim-rig>` (the humanoid map by hand), and the graph's `<anim-param>`, `<anim-state>`, `<anim-transition>` and `<anim-layer>` elements.
 * @slot poster - Content shown until the first frame (replaces the `poster` image).
 * @slot progress-bar - Content shown while loading (replaces the default bar).
 *
 * @csspart progress-bar - The default loading bar along the bottom edge.
 * @csspart error - The message shown when the model cannot be loaded.
 * @csspart poster - The `poster` image.
 * @csspart canvas - The WebGL canvas of a character outside any scene.
 *
 * @cssprop [--anim-character-height=300px] - Height of a character outside any scene when the page sets none.
 * @cssprop [--anim-progress-color=#3d7bf7] - Colour of the default loading bar.
 * @cssprop [--anim-progress-height=3px] - Thickness of the default loading bar.
 */
@customElement('anim-character')
export class AnimCharacter extends LitElement implements ClipOwner, GraphOwner {
  static override styles = css`
    :host {
      display: block;
      position: relative;
      height: var(--anim-character-height, 300px);
      overflow: hidden;
    }
    :host(:state(in-scene)) {
      position: absolute;
      inset: 0;
      height: auto;
      /* important: the scene gives its slotted children pointer events, and this box covers its canvas
         (orbit controls, picking); an inner !important wins over the scene's rule */
      pointer-events: none !important;
    }
    .viewport,
    .cover {
      position: absolute;
      inset: 0;
    }
    .cover {
      pointer-events: none;
    }
    [part='poster'] {
      width: 100%;
      height: 100%;
      object-fit: contain;
    }
    [part='progress-bar'] {
      position: absolute;
      left: 0;
      bottom: 0;
      height: var(--anim-progress-height, 3px);
      width: calc(var(--progress, 0) * 100%);
      background: var(--anim-progress-color, #3d7bf7);
      transition: width 0.2s ease-out;
    }
    [part='error'] {
      position: absolute;
      left: 8px;
      right: 8px;
      bottom: 8px;
      font: 12px/1.4 system-ui, sans-serif;
      color: #8a1f11;
      background: #fff3f0e6;
      border-radius: 4px;
      padding: 4px 8px;
    }
  `;

  #src: string | null = null;
  #clip: string | null = null;
  #speed = 1;
  #loop: WrapMode | null = null;
  #fade = DEFAULT_FADE;
  #clipStart = 0;
  #clipEnd = 1;
  #position: Vector3Tuple = ORIGIN;
  #heading = 0;
  #scale = 1;
  #skinning: SkinningMode = 'gpu';
  #loading: 'eager' | 'lazy' = 'eager';
  #rigChoice: RigChoice = 'auto';
  #rootMotion: RootMotionSetting = ROOT_MOTION_OFF;
  #rootBone: string | null = null;
  #verticalHandoff = false;
  #groundSpeed: number | null = null;
  /** The `<anim-warp>` name of the warp in progress, for its end event. */
  #warpName = '';
  /** The unknown root bone last reported, so settings applied again do not repeat the error. */
  #reportedBone: string | null = null;
  /** The `debug="root-motion"` arrow under this character (drawn only while the scene asks for it). */
  #arrow: RootMotionArrow | undefined;
  /** Bumped by each resolution of clips from other files; an older one that finishes late is dropped. */
  #externalToken = 0;
  /** The `<anim-clip src>` binding in flight, if any. */
  #externalLoading: Promise<void> | null = null;

  #lease: StageLease | undefined;
  #rig: CharacterRig | undefined;
  #abort: AbortController | undefined;
  /** The src being loaded or shown; cleared when the character leaves the page. */
  #wanted: string | null = null;
  #ready = deferred();
  #stopWatching: (() => void) | undefined;
  #near = false;
  #reportedProblems = new Set<string>();
  readonly #internals = this.attachInternals();
  readonly #graph = new CharacterGraph(this, () => this.#redraw());

  @state() private loadProgress: number | null = null;
  @state() private posed = false;
  @state() private errorMessage = '';

  @property({ type: Boolean }) paused = false;
  @property({ type: Boolean, attribute: 'foot-ik' }) footIk = false;
  @property() poster: string | null = null;

  @property()
  get src(): string | null {
    return this.#src;
  }
  set src(value: string | null | undefined) {
    this.#src = value === undefined || value === '' ? null : String(value);
    // loads start from here too (not only after render), so a src set twice in one task aborts the first
    if (this.isConnected) queueMicrotask(() => this.#requestLoad());
  }

  @property()
  get graph(): string | null {
    return this.#graph.src;
  }
  set graph(value: string | null | undefined) {
    this.#graph.src = value === undefined || value === null || value.trim() === '' ? null : value.trim();
  }

  @property()
  get clip(): string | null {
    return this.#clip;
  }
  set clip(value: string | null | undefined) {
    const name = value === undefined || value === '' ? null : String(value);
    if (name === this.#clip) return;
    this.#clip = name;
    if (!this.#rig || this.#graph.driving) return;
    if (name === null) this.stop();
    else this.#play(name, {});
  }

  @property()
  get speed(): number {
    return this.#speed;
  }
  set speed(value: number | string | null | undefined) {
    this.#speed = acceptValue(this, 'speed', value, parseNumber, this.#speed, 1);
    if (this.#rig) this.#rig.speed = this.#speed;
  }

  @property()
  get loop(): WrapMode | null {
    return this.#loop;
  }
  set loop(value: string | null | undefined) {
    this.#loop = acceptValue<WrapMode | null>(this, 'loop', value, parseLoop, this.#loop, null);
    if (this.#loop) this.#rig?.setLoop(this.#loop);
  }

  @property()
  get fade(): number {
    return this.#fade;
  }
  set fade(value: number | string | null | undefined) {
    this.#fade = acceptValue(this, 'fade', value, parseFade, this.#fade, DEFAULT_FADE);
    if (this.#rig) this.#rig.defaultFade = this.#fade;
  }

  @property({ attribute: 'clip-start' })
  get clipStart(): number {
    return this.#clipStart;
  }
  set clipStart(value: number | string | null | undefined) {
    this.#clipStart = acceptValue(this, 'clip-start', value, parseFraction, this.#clipStart, 0);
    this.#rig?.setWindow(this.#clipStart, this.#clipEnd);
  }

  @property({ attribute: 'clip-end' })
  get clipEnd(): number {
    return this.#clipEnd;
  }
  set clipEnd(value: number | string | null | undefined) {
    this.#clipEnd = acceptValue(this, 'clip-end', value, parseFraction, this.#clipEnd, 1);
    this.#rig?.setWindow(this.#clipStart, this.#clipEnd);
  }

  @property()
  get position(): Vector3Tuple {
    const root = this.#rig?.root;
    return root ? [root.position.x, root.position.y, root.position.z] : this.#position;
  }
  set position(value: readonly number[] | string | null | undefined) {
    const text = Array.isArray(value) ? value.join(' ') : value;
    // null: rejected (and reported); the character stays where it is
    const next = acceptValue<Vector3Tuple | null>(this, 'position', text, parseVector3, null, ORIGIN);
    if (next === null) return;
    this.#position = next;
    this.#rig?.root.position.set(...next);
    this.#redraw();
  }

  @property()
  get heading(): number {
    const root = this.#rig?.root;
    return root ? (wrapAngle(root.rotation.y) * 180) / Math.PI : this.#heading;
  }
  set heading(value: number | string | null | undefined) {
    const next = acceptValue<number | null>(this, 'heading', value, parseAngle, null, 0);
    if (next === null) return;
    this.#heading = next;
    this.#rig?.root.rotation.set(0, (next * Math.PI) / 180, 0);
    this.#redraw();
  }

  @property()
  get scale(): number {
    return this.#scale;
  }
  set scale(value: number | string | null | undefined) {
    this.#scale = acceptValue(this, 'scale', value, parseScale, this.#scale, 1);
    this.#rig?.root.scale.setScalar(this.#scale);
    this.#redraw();
  }

  @property()
  get skinning(): SkinningMode {
    return this.#skinning;
  }
  set skinning(value: string | null | undefined) {
    this.#skinning = acceptValue(this, 'skinning', value, parseSkinning, this.#skinning, 'gpu');
    if (this.#rig) this.#rig.skinning = this.#skinning;
  }

  @property()
  get loading(): 'eager' | 'lazy' {
    return this.#loading;
  }
  set loading(value: string | null | undefined) {
    this.#loading = acceptValue(this, 'loading', value, parseLoading, this.#loading, 'eager');
    if (this.isConnected) queueMicrotask(() => this.#requestLoad());
  }

  @property({ attribute: 'rig' })
  get rigMap(): RigChoice {
    return this.#rigChoice;
  }
  set rigMap(value: RigChoice | null | undefined) {
    const text = value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
    const next = acceptValue<RigChoice>(this, 'rig', text, parseRig, this.#rigChoice, 'auto');
    if (JSON.stringify(next) === JSON.stringify(this.#rigChoice)) return;
    this.#rigChoice = next;
    void this.#bindExternalClips();
  }

  @property({ attribute: 'root-motion' })
  get rootMotionMode(): string {
    return formatRootMotion(this.#rootMotion);
  }
  set rootMotionMode(value: string | null | undefined) {
    this.#rootMotion = acceptValue(this, 'root-motion', value, parseRootMotion, this.#rootMotion, ROOT_MOTION_OFF);
    if (this.#rig) this.#applyMotion(this.#rig);
  }

  @property({ attribute: 'root-bone' })
  get rootBone(): string | null {
    return this.#rootBone;
  }
  set rootBone(value: string | null | undefined) {
    const name = value === undefined || value === null || value.trim() === '' ? null : value.trim();
    if (name === this.#rootBone) return;
    this.#rootBone = name;
    this.#reportedBone = null;
    if (this.#rig) this.#applyMotion(this.#rig);
  }

  @property({ attribute: 'vertical-handoff', type: Boolean })
  get verticalHandoff(): boolean {
    return this.#verticalHandoff;
  }
  set verticalHandoff(value: boolean) {
    this.#verticalHandoff = !!value;
    if (this.#rig) this.#rig.verticalHandoff = this.#verticalHandoff;
  }

  /** Ground speed (m/s) for clips with a stride when root motion is off; null measures the character's own. */
  get groundSpeed(): number | null {
    return this.#groundSpeed;
  }
  set groundSpeed(value: number | null | undefined) {
    if (value === null || value === undefined) this.#groundSpeed = null;
    else if (typeof value === 'number' && Number.isFinite(value) && value >= 0) this.#groundSpeed = value;
    else reportError(this, 'bad-attribute', `groundSpeed: ${String(value)} is not a speed in m/s (zero or more)`);
    if (this.#rig) this.#rig.groundSpeed = this.#groundSpeed ?? Number.NaN;
  }

  /** Whether a motion warp is placing the character. */
  get warping(): boolean {
    return this.#rig?.warping ?? false;
  }

  /** The clips this character can play (empty until loaded). */
  get clips(): string[] {
    return this.#rig?.clipNames ?? [];
  }

  /** Joint names of the model's skins (empty until loaded). */
  get bones(): string[] {
    return this.#rig?.boneNames ?? [];
  }

  /** Length of the current clip (or graph state's cycle), seconds; 0 when none plays. */
  get duration(): number {
    return this.#rig?.duration ?? 0;
  }

  /** Seconds into the current clip (or graph state's cycle); setting it seeks, firing no events. */
  get time(): number {
    return this.#rig?.time ?? 0;
  }
  set time(value: number | string) {
    const parsed = parseTime(String(value));
    if (!parsed.ok) reportError(this, 'bad-attribute', `time: ${parsed.message}`);
    else if (this.#rig) {
      this.#rig.time = parsed.value;
      this.#redraw();
    }
  }

  /** Resolves when the current `src` is bound and its first frame posed; rejects with the load's error. */
  get ready(): Promise<void> {
    return this.#ready.promise;
  }

  /** The three.js side while a model is bound (for advanced use and tests). */
  get rig(): CharacterRig | undefined {
    return this.#rig;
  }

  /** The stage this character draws on while connected. */
  get stage() {
    return this.#lease?.stage;
  }

  /**
   * Crossfades to `clip`. Idempotent: asking for the clip already playing (or fading in) does nothing, so a
   * script may call it every frame. Before the model has loaded, the request waits for it. Options: `fade`
   * (seconds), `speed` (multiplies the clip's), `loop`, and a play window `start` / `end` in seconds. A clip
   * with a `mask` or `additive` (`<anim-clip>`) plays as an overlay over the clip playing, which plays on.
   */
  play(clip: string, options: PlayOptions = {}): void {
    if (typeof clip !== 'string' || clip === '') {
      reportError(this, 'unknown-clip', `play(${JSON.stringify(clip)}): name a clip (${this.clips.join(', ')})`);
      return;
    }
    if (this.#graph.compiled) {
      reportError(
        this,
        'graph-active',
        `play("${clip}"): a state graph drives this character; set its params instead (setParam, trigger)`,
      );
      return;
    }
    this.#clip = clip;
    if (this.#rig) this.#play(clip, options);
  }

  /**
   * Sets a param of the state graph (numbers for float and int, `true` / `false` for bool and trigger;
   * numeric or boolean text is accepted). Takes effect on the next frame. An unknown name reports
   * `unknown-param`; a value the param's type cannot hold reports `type-mismatch` and changes nothing.
   */
  setParam(name: string, value: number | boolean): void {
    this.#graph.setParam(this, name, value);
  }

  /** A param's value (a number, or a boolean for bool and trigger); an unknown name reports `unknown-param`. */
  getParam(name: string): number | boolean | undefined {
    return this.#graph.getParam(this, name);
  }

  /** Fires a trigger param: it stays set until a transition that reads it fires, which resets it. */
  trigger(name: string): void {
    this.#graph.trigger(this, name);
  }

  /** The base layer's current state (during a crossfade, the state it fades to); null without a graph. */
  get state(): string | null {
    return this.#graph.state;
  }

  /** A snapshot of the graph's params by name. */
  get params(): Record<string, number | boolean> {
    return this.#graph.params;
  }

  /** The state graph's run (for `<anim-graph-view>`, advanced use and tests). */
  get stateGraph(): CharacterGraph {
    return this.#graph;
  }

  /** Called by the graph's elements when its markup changes: recompiled before the next frame. */
  graphChanged(): void {
    this.#graph.markupChanged();
  }

  /** Called by an `<anim-param>` whose value was set. */
  paramValueChanged(source: Element, name: string, value: number | boolean): void {
    this.#graph.setParam(source, name, value, 'value');
  }

  /** A param's live value, quietly (undefined for an unknown name). */
  paramValue(name: string): number | boolean | undefined {
    return this.#graph.paramValue(name);
  }

  /** Fades every clip out (over `fade`) to the rest pose. */
  stop(): void {
    this.#clip = null;
    this.#rig?.stop(this.#fade);
    this.#redraw();
  }

  /**
   * Switches to physics from the current pose: a ragdoll of capsules on the humanoid bones that crumples,
   * collides with the ground and settles (`anim-ragdoll` with `phase` `start`, then `settled`). Every body
   * inherits its bone's motion plus `velocity` (`[x, y, z]` m/s). Starts Rapier on first use; resolves once
   * the bodies are in the world. A model without humanoid bones reports `no-humanoid` and animates on.
   */
  ragdoll(options: RagdollOptions = {}): Promise<void> {
    return startRagdoll(this, options);
  }

  /**
   * Gets up from a ragdoll: the character moves to where the pelvis lies and the get-up clip for how it
   * lies fades in from the lying pose, firing `anim-play`: face down the first it has of `get-up-front`,
   * `get-up-face-down`, `getup-front`, face up of `get-up-back`, `get-up-face-up`, `getup-back`, else
   * `get-up` or `GetUp` (the mannequin has `get-up-front` and `get-up`). `anim-ragdoll` `recovered` follows.
   * Does nothing when not down.
   */
  getUp(): void {
    if (standUp(this)) this.#redraw();
  }

  /**
   * The last frame's root motion in the character's own frame: `{dx, dy, dz}` metres along its axes (x its
   * left, z its front) and `dyaw` degrees about its vertical. With `root-motion="expose"` a controller
   * moves the character by it; with `apply` the character has already moved by it. Zeros when off.
   */
  rootMotion(): RootMotionDelta {
    return rootMotionOf(this.#rig);
  }

  /**
   * Who owns the vertical: `true` (the default) the animation; `false` physics (a jump), which is the
   * `vertical-handoff` attribute: the pelvis rise is flattened out of the pose and foot IK stands aside.
   * A controller calls `setRootMotionVertical(!airborne)` each frame.
   */
  setRootMotionVertical(animationOwns: boolean): void {
    this.verticalHandoff = !animationOwns;
  }

  /**
   * Plays the clip of the `<anim-warp>` named `name` once, its root motion bent onto `targets` (one per
   * window: `{x, y, z, yaw?, offset?, yawOffset?}`, metres and degrees, in the scene's frame); fires
   * `anim-warp-end` when it ends. A name no `<anim-warp>` has reports `unknown-clip`; targets that do not
   * fit its windows report `bad-warp`; either way nothing changes.
   */
  warp(name: string, targets: readonly WarpTargetInput[]): void {
    const warp = startWarp(this, this.#rig, String(name), targets);
    if (!warp) return;
    this.#warpName = warp.warpName;
    this.#redraw();
  }

  /**
   * The world matrix of a bone (any node of the model) as of the last frame: a new Float32Array(16),
   * column-major. An unknown name reports `unknown-bone` and returns null; so does a character not loaded.
   */
  boneMatrix(name: string): Float32Array | null {
    const out = new Float32Array(16);
    if (this.#rig?.boneMatrix(name, out)) return out;
    const known = this.bones.slice(0, 12).join(', ');
    reportError(
      this,
      'unknown-bone',
      `boneMatrix("${name}"): no such bone${known ? ` (bones: ${known}, …)` : ' (no model loaded)'}`,
    );
    return null;
  }

  /** Called by `<anim-clip>` / `<anim-event>` children when a definition changes: rebinds on the next frame. */
  clipsChanged(): void {
    if (!this.#rig) return;
    this.#rig.setDefinitions(this.#definitions());
    void this.#bindExternalClips();
    this.#redraw();
  }

  /** Called by `<anim-rig>` children when their map changes: retargeted clips are bound through the new map. */
  rigChanged(): void {
    void this.#bindExternalClips();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    whenStageReady(this, () => this.#attach());
  }

  /** Takes the scene's stage (or makes one) and starts loading. */
  #attach(): void {
    if (!this.isConnected || this.#lease) return;
    this.#lease = getStage(this, this);
    this.requestUpdate();
    if (this.#lease.own) {
      this.#internals.states.delete('in-scene');
      this.#lease.stage.canvas.setAttribute('part', 'canvas');
    } else this.#internals.states.add('in-scene');
    this.#arrow = new RootMotionArrow(this.#lease.stage, () => this.#rig);
    this.#lease.stage.addLateActor(this.#arrow);
    this.#requestLoad();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopWatching?.();
    this.#stopWatching = undefined;
    this.#abort?.abort();
    this.#abort = undefined;
    this.#wanted = null;
    if (this.#arrow) {
      this.#lease?.stage.removeActor(this.#arrow);
      this.#arrow.dispose();
      this.#arrow = undefined;
    }
    this.#release();
    const lease = this.#lease;
    this.#lease = undefined;
    if (lease?.own) lease.stage.dispose();
  }

  protected override render() {
    const canvas = this.#lease?.own ? html`<div class="viewport">${this.#lease.stage.canvas}</div>` : nothing;
    const poster = this.poster ? html`<img part="poster" src=${this.poster} alt="" />` : nothing;
    const progress = this.loadProgress;
    return html`${canvas}
      <div class="cover">
        ${this.posed ? nothing : html`<slot name="poster">${poster}</slot>`}
        ${
          progress === null
            ? nothing
            : html`<slot name="progress-bar"
                ><div part="progress-bar" style="--progress: ${progress}" role="progressbar" aria-valuenow=${progress}></div
              ></slot>`
        }
        ${this.errorMessage ? html`<div part="error" role="alert">${this.errorMessage}</div>` : nothing}
      </div>
      <slot></slot>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('footIk')) syncFootIk(this);
    if (changed.has('paused') && this.#rig) {
      this.#rig.paused = this.paused;
      this.#redraw();
    }
  }

  // ——— loading ———

  /** Starts loading `src` unless it is already loading or shown (or must wait for the viewport). */
  #requestLoad(): void {
    if (!this.isConnected || !this.#lease) return;
    const src = this.#src;
    if (src === this.#wanted) return;
    if (src !== null && this.#loading === 'lazy' && !this.#near) {
      this.#stopWatching ??= whenNearViewport(this, () => {
        this.#near = true;
        this.#requestLoad();
      });
      return;
    }
    this.#abort?.abort();
    this.#abort = undefined;
    this.#wanted = src;
    if (src === null) {
      this.#release();
      return;
    }
    void this.#load(src);
  }

  async #load(src: string): Promise<void> {
    const controller = new AbortController();
    this.#abort = controller;
    const { signal } = controller;
    if (this.#ready.settled) this.#ready = deferred();
    this.errorMessage = '';
    this.loadProgress = 0;
    this.#reportedProblems.clear();
    let rig: CharacterRig | undefined;
    try {
      const gltf = await loadGltf(src, {
        signal,
        onProgress: (progress) => {
          if (signal.aborted) return;
          this.loadProgress = progress;
          queueEvent<AnimProgressDetail>(this, 'anim-progress', { progress });
        },
      });
      if (!gltf || signal.aborted) return;
      try {
        rig = await CharacterRig.create(gltf, src, {
          definitions: this.#definitions(),
          skinning: this.#skinning,
          listener: this.#listener,
        });
      } catch (error) {
        disposeObject(gltf.scene);
        throw error;
      }
      if (signal.aborted || !this.#lease) {
        rig.dispose();
        return;
      }
      // clips from other files arrive before anim-load, so `clip` may name one
      rig.rigChoice = this.#effectiveRig();
      const external = await resolveExternalClips(this.#definitions(), rig.binding.asset, rig.rigChoice);
      if (signal.aborted || !this.#lease) {
        rig.dispose();
        return;
      }
      rig.setExternalClips(external);
      // the file's KHR_animation_pointer tracks (a material's colour, a light) play with its clips
      try {
        await RigPropertyTracks.attach(rig, gltf);
      } catch (error) {
        rig.dispose();
        throw error;
      }
      if (signal.aborted || !this.#lease) {
        rig.dispose();
        return;
      }
    } catch (error) {
      if (signal.aborted) return;
      this.#fail(error);
      return;
    }
    this.#install(rig);
  }

  #install(rig: CharacterRig): void {
    this.#release();
    const stage = this.#lease!.stage;
    this.#rig = rig;
    this.#abort = undefined;
    rig.speed = this.#speed;
    rig.defaultFade = this.#fade;
    rig.paused = this.paused;
    rig.bonesShown = () => stage.hasDebug('skeleton');
    this.#applyMotion(rig);
    this.#placeRoot();
    this.#graph.attach(rig);
    if (this.#clip !== null && !this.#graph.driving) this.#play(this.#clip, { fade: 0 });
    rig.update(0);
    stage.content.add(rig.root);
    stage.addActor(rig);
    stage.contentChanged();
    this.loadProgress = null;
    this.posed = true;
    queueEvent<AnimLoadDetail>(this, 'anim-load', {
      clips: rig.clipNames,
      bones: rig.boneNames,
      humanoid: this.#humanoidSlots(rig),
    });
    this.#ready.resolve();
  }

  #fail(error: unknown): void {
    const coded =
      error instanceof CodedError
        ? error
        : new CodedError('bad-gltf', `${this.#src}: ${error instanceof Error ? error.message : String(error)}`);
    this.#release();
    this.loadProgress = null;
    this.errorMessage = coded.message;
    reportError(this, coded.code, coded.message);
    this.#ready.reject(coded);
  }

  /** Takes the current model off the stage and frees it. */
  #release(): void {
    const rig = this.#rig;
    if (!rig) return;
    this.#rig = undefined;
    // a model loaded next stands where this one was moved to
    this.#position = [rig.root.position.x, rig.root.position.y, rig.root.position.z];
    this.#heading = (wrapAngle(rig.root.rotation.y) * 180) / Math.PI;
    this.#graph.detach();
    this.posed = false;
    const stage = this.#lease?.stage;
    stage?.removeActor(rig);
    rig.dispose();
    stage?.contentChanged();
  }

  // ——— playback ———

  #play(clip: string, options: PlayOptions, waited = false): void {
    const rig = this.#rig!;
    const result = rig.play(clip, this.#playOptions(options));
    if (result === 'unknown') {
      // an `<anim-clip src>` whose file is still loading: play it once it has arrived (if still wanted)
      const external = this.#definitions().some((d) => d.name === clip && d.src);
      const loading = external ? (this.#externalLoading ?? (waited ? null : this.#bindExternalClips())) : null;
      if (loading) {
        void loading.then(() => {
          if (this.#rig === rig && this.#clip === clip && !this.#graph.driving) this.#play(clip, options, true);
        });
        return;
      }
      reportError(this, 'unknown-clip', `no clip "${clip}" (clips: ${rig.clipNames.join(', ') || 'none'})`);
    } else if (result === 'started') {
      queueEvent<AnimPlayDetail>(this, 'anim-play', { clip });
      this.#redraw();
    }
  }

  /** play()'s options checked one by one: a bad one is reported and left out, the rest still apply. */
  #playOptions(options: PlayOptions): RigPlayOptions {
    const check = <T>(name: string, value: unknown, parse: (text: string) => Parsed<T>): T | undefined => {
      if (value === undefined || value === null) return undefined;
      const parsed = parse(String(value));
      if (parsed.ok) return parsed.value;
      reportError(this, 'bad-attribute', `play() ${name}: ${parsed.message}`);
      return undefined;
    };
    return {
      fade: check('fade', options.fade, parseFade) ?? this.#fade,
      speed: check('speed', options.speed, parseNumber),
      loop: check('loop', options.loop, parseLoop) ?? this.#loop ?? undefined,
      start: check('start', options.start, parseSeconds),
      end: check('end', options.end, parseSeconds),
      startFraction: this.#clipStart,
      endFraction: this.#clipEnd,
    };
  }

  /** The slots of this model's humanoid map under `rig`, null when it has none (reported only when a clip needs it). */
  #humanoidSlots(rig: CharacterRig): string[] | null {
    try {
      return [...rig.humanoid('this character’s rig').map.found];
    } catch {
      return null;
    }
  }

  /** The humanoid map clips are retargeted through: the `rig` attribute with the `<anim-rig>` children's slots over it. */
  #effectiveRig(): RigChoice {
    const children = [...this.querySelectorAll<AnimRig>(':scope > anim-rig')];
    if (children.length === 0) return this.#rigChoice;
    const map = typeof this.#rigChoice === 'object' ? { ...this.#rigChoice } : {};
    for (const child of children) Object.assign(map, child.map);
    return map;
  }

  /** Binds the `<anim-clip src>` definitions anew (files load once per page); the latest call wins. */
  async #bindExternalClips(): Promise<void> {
    const rig = this.#rig;
    if (!rig) return;
    const token = ++this.#externalToken;
    // the humanoid map changes with the rig choice: ragdolls and cloth made from now on use it too
    rig.rigChoice = this.#effectiveRig();
    const loading = resolveExternalClips(this.#definitions(), rig.binding.asset, rig.rigChoice).then((external) => {
      if (rig !== this.#rig || token !== this.#externalToken) return;
      rig.setExternalClips(external);
      this.#redraw();
    });
    this.#externalLoading = loading;
    await loading;
    if (this.#externalLoading === loading) this.#externalLoading = null;
  }

  #definitions(): ClipDefinition[] {
    return [...this.querySelectorAll<AnimClip>(':scope > anim-clip')]
      .filter((c) => typeof c.definition === 'object' && c.name !== '')
      .map((c) => c.definition);
  }

  /** The rig's reports, turned into queued DOM events (the rig calls these inside the frame). */
  readonly #listener: RigListener = {
    loop: (clip, count) => queueEvent<AnimLoopDetail>(this, 'anim-loop', { clip, count }),
    finish: (clip) => queueEvent<AnimFinishDetail>(this, 'anim-finish', { clip }),
    event: (clip, event, time) =>
      queueEvent<AnimEventDetail>(this, 'anim-event', { name: event.name, clip, time, data: event.data }),
    warpEnd: (clip, completed) =>
      queueEvent<AnimWarpEndDetail>(this, 'anim-warp-end', { warp: this.#warpName, clip, completed }),
    problem: (error) => {
      // a rebind repeats the problems of definitions nobody touched: each is reported once
      if (this.#reportedProblems.has(error.message)) return;
      this.#reportedProblems.add(error.message);
      reportError(this, error.code, error.message);
    },
  };

  /** Hands the root-motion settings to the rig; an unknown root bone is reported and the default used. */
  #applyMotion(rig: CharacterRig): void {
    const { mode, planar, yaw } = this.#rootMotion;
    rig.rootMotion.configure(mode, planar, yaw);
    if (!rig.rootMotion.setJoint(this.#rootBone)) {
      rig.rootMotion.setJoint(null);
      if (this.#reportedBone !== this.#rootBone) {
        this.#reportedBone = this.#rootBone;
        const known = rig.boneNames.slice(0, 12).join(', ');
        reportError(this, 'unknown-bone', `root-bone: no bone "${this.#rootBone}" (bones: ${known}, …)`);
      }
    }
    rig.verticalHandoff = this.#verticalHandoff;
    rig.groundSpeed = this.#groundSpeed ?? Number.NaN;
  }

  #placeRoot(): void {
    const root = this.#rig?.root;
    if (!root) return;
    root.position.set(...this.#position);
    root.rotation.set(0, (this.#heading * Math.PI) / 180, 0);
    root.scale.setScalar(this.#scale);
    this.#redraw();
  }

  #redraw(): void {
    this.#lease?.stage.loop.requestRedraw();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-character': AnimCharacter;
  }
}

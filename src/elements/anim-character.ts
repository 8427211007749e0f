import type { PropertyValues } from 'lit';
import { customElement } from 'lit/decorators.js';
import type { Object3D } from 'three';
import type { Stage } from '../scene/stage.js';
import './anim-clip.js';
import './anim-event.js';
import './anim-marker.js';
import './anim-layer.js';
import './anim-param.js';
import './anim-state.js';
import './anim-transition.js';
import { CharacterAttributes, partsOf } from './character-attributes.js';
import type {
  AnimEventDetail,
  AnimFinishDetail,
  AnimLoadDetail,
  AnimLoopDetail,
  AnimPlayDetail,
  AnimProgressDetail,
  AnimRagdollDetail,
  AnimWarpEndDetail,
} from './character-events.js';
import { loadStall } from './character-loader.js';
import { type RootMotionDelta, rootMotionOf, startWarp, type WarpTargetInput } from './character-motion.js';
import type { CharacterOwner } from './character-part.js';
import type { CharacterParts } from './character-parts.js';
import type { PlayOptions } from './character-playback.js';
import type { RagdollOptions } from './character-ragdoll.js';
import { characterStyles } from './character-styles.js';
import { renderCharacter } from './character-view.js';
import { reportError } from './errors.js';
import type { AnimCharacterEventMap, Listen } from './events.js';
import type { AnimStateDetail, AnimTransitionDetail, AnimTransitionEndDetail } from './graph-events.js';
import { provideCharacterInternals } from './internals.js';
import { parseTime } from './units.js';
import { viewerCoverStyles } from './viewer-cover.js';

export type {
  AnimEventDetail,
  AnimFinishDetail,
  AnimLoadDetail,
  AnimLoopDetail,
  AnimPlayDetail,
  AnimProgressDetail,
  AnimRagdollDetail,
  AnimStateDetail,
  AnimTransitionDetail,
  AnimTransitionEndDetail,
  AnimWarpEndDetail,
  PlayOptions,
};

/**
 * A rigged glTF model and its playback. It loads `src`, binds its skeletons and clips into the runtime and
 * plays `clip`; setting `clip` (or calling `play()`) crossfades over `fade`. Each frame the runtime's
 * skinning matrices go straight into three's bone textures (`skinning="gpu"`), or the runtime deforms the
 * vertices (`skinning="cpu"`). Morph-target weights play with their clip.
 *
 * Inside an `<anim-scene>` it draws on the scene's stage; on its own it makes a stage (canvas, camera,
 * lights) of its own and fills its box: a viewer whose camera fits the model, steered by the same camera and
 * light attributes as `<anim-scene>` (`camera-orbit`, `camera-target`, `field-of-view` and their limits,
 * `auto-rotate`, `environment-image`, `skybox-image`, `tone-mapping`, `exposure`, `shadow-intensity`,
 * `frame()`); inside a scene the scene's apply and the character's are ignored. `<anim-clip>` children name clips, cut slices out of long takes and
 * hold timed `<anim-event>`s.
 *
 * A state graph drives it when it has graph children (`<anim-param>`, `<anim-state>`, `<anim-transition>`,
 * `<anim-layer>`) or a `graph` (a JSON graph file, or `locomotion` for the built-in locomotion graph: idle,
 * walk and run blended by `speed`, jump, fall, soft and hard landings, get-up). With both, the markup adds
 * to the file: a param, layer or state named like one of the file's replaces it, transitions are appended.
 * The graph's clip names are the character's clip names, so `<anim-clip name="walk" from="Walking">` binds
 * another model's clips to a graph. Scripts drive it with `setParam()` and `trigger()` and read `state` and
 * `params`; editing the graph's markup takes effect on the next frame, each layer keeping its state and time
 * and every param its value (an edit to a running graph of 2,000 or more states and transitions compiles in
 * slices between frames: the graph in force runs until the new one is ready). While a graph drives, `clip` waits (it plays again once the graph is removed)
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
 * @attr src - URL of a glTF or GLB file (Draco and meshopt compression supported). A 404 reports `load-failed`, a file that is not glTF (or a truncated GLB) `bad-gltf`, an unexpected failure `internal`. Removed, empty or null: no model (nothing shown, no error; a load in flight is cancelled and its progress hidden).
 * @attr clip - The clip to play (a model clip or an `<anim-clip>` name); changing it crossfades over `fade`. None (removed, empty or null): the rest pose, no error. An `<anim-clip src>` whose file is still loading plays once it arrives. A name the model lacks reports `unknown-clip`.
 * @attr speed - Multiplies the playback speed of every clip; negative plays backwards. Default 1.
 * @attr loop - `repeat`, `once`, `pingpong` or `clamp`; unset, each clip wraps as its `<anim-clip loop>` says (default `repeat`).
 * @attr {boolean} paused - Stops this character's time; it is still posed and drawn. `pause()` sets it, `play()` without a name clears it. Under `prefers-reduced-motion: reduce` a clip that would start by itself (no graph) shows its first frame and waits for `play()` (with or without a name), whatever `paused` says.
 * @attr fade - Default crossfade time, seconds (or with `s` / `ms`), 0 or more. Default `0.25s`.
 * @attr clip-start - Start of the play window, a clip time: seconds from the clip's start (`0.5`, `0.5s`, `500ms`) or a percentage of the clip (`40%`). Default the clip's start. A start after `clip-end` reports `bad-attribute` and the whole clip plays.
 * @attr clip-end - End of the play window, a clip time (seconds or a percentage, as `clip-start`). Default the clip's end.
 * @attr position - Where the character stands, `"x y z"` in metres. Default `"0 0 0"`.
 * @attr heading - Which way it faces, degrees about the vertical axis; 0 faces +Z (the camera's default side), positive turns left (counter-clockwise seen from above). Default 0.
 * @attr scale - Uniform scale, greater than 0. Default 1.
 * @attr height - How tall the character stands, a length greater than 0 (metres, or with `m` / `cm` / `mm`): the model is scaled so that its rest pose is this tall, whatever units its file was made in (`scale` then multiplies). For a scene of models from different sources. Unset (the default), the model keeps the size its file gives.
 * @attr skinning - `gpu` (bone textures, the default) or `cpu` (the runtime deforms positions and normals each frame).
 * @attr poster - URL of an image shown until the first frame is drawn (a viewer: until it reveals, see `reveal`; in a scene: until the model is posed). Without one a viewer shows a neutral placeholder with a quiet spinner.
 * @attr reveal - When a viewer (a character outside any scene) takes its placeholder or poster away: `auto` (the default) at the first frame drawn with the model loaded (or failed), `manual` only when `dismissPoster()` is called.
 * @attr alt - The accessible name of a viewer's canvas (`role="img"`, `aria-label`); default "Animated 3D character". The canvas is in the tab order: while it has focus, the arrow keys orbit the camera and `+` / `-` zoom.
 * @attr repetitions - How many times a looping clip plays before it holds its last frame and fires `anim-finish`: a whole number, 1 or more, or `infinite` (the default). Counts from each start of a clip; `anim-loop` fires between plays.
 * @attr instancing - `auto` (the default): with GPU skinning, once a second character of the scene shows the same `src` (the same file, by its resolved URL), they share one load of it and are drawn together, one instanced draw per mesh primitive, skinned or following a joint, morph targets included (see `<anim-scene instancing>`), and stay so until all have gone; a character alone with its file draws its own meshes. `off`, set before the load: this character loads a copy of its own (geometry and materials a script may change without touching the others) and draws its own skinned meshes (set back to `auto`, it joins the others at its next load); set later, it draws its own meshes over the shared copy and no longer counts among the characters showing the file, and `auto` again counts it and draws it with the others at once.
 * @attr loading - `eager` (the default) loads at once; `lazy` waits until the character is about a screen away from the viewport.
 * @attr {boolean} foot-ik - Plants the feet on the ground under them (the scene's `ground`, `<anim-model ground>`, meshes with `userData.ground`): legs bent by two-bone IK, the pelvis lowered as needed, soles turned to the slope; skipped while airborne. An `<anim-foot-ik>` child turns it on too and sets its knobs. The legs are those of the humanoid map (see `rig`), else found by their names; legs that cannot be found report `unknown-bone`. Its code is fetched the first time a character asks for it (the character's load, and `updateComplete` after setting it, wait for it; a failed fetch is `load-failed`).
 * @attr rig - How this model's bones map onto the humanoid slots, for clips played with `<anim-clip retarget>`, the ragdoll's bodies, cloth's body colliders and foot IK's legs: `auto` (the default: Mixamo, Rigify, VRM/Unity, Blender `.L`/`_L` and other common namings, the hierarchy and the body's sides), `mixamo`, or a JSON map of slot to bone name (`{"leftUpperArm": "arm_upper_L"}`) over what `auto` finds (`<anim-rig>` children write the same map in markup, and win over it). A key that is not a slot reports `bad-attribute`, a bone the model lacks `unknown-bone`; a model that cannot be mapped reports `no-humanoid` naming the missing slots.
 * @attr root-motion - What the clips' root motion does: `auto` (the default: shown in place: the horizontal motion is taken out of the skeleton and not applied, so a walk or a run stays where the camera framed it and never snaps back at the loop seam; a trail of marks on the ground streams away behind the character at the clip's speed, and `debug="root-motion"` adds the arrow; a controller turns it into `expose planar`), `off` (it plays in the skeleton: the character walks off and jumps back each loop), `apply` (it moves the character: position and, with `yaw`, heading) or `expose` (the character stays; a controller reads `rootMotionDelta()`), plus `planar` (only the horizontal is taken; the vertical stays in the skeleton) and `yaw` (turning is taken too). A bare `root-motion` means `apply`. Either way the extracted motion is removed from the root bone, so it is not applied twice; seamless across loop seams and blended through crossfades and blend spaces. With `off`, a clip with a stride (`<anim-clip stride>` or the model's) plays at the rate that keeps its feet in pace with the character's ground speed (once it has moved, or `groundSpeed` is set: a walk shown in place keeps walking).
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
 * @prop {number | string | null} clipStart - See the `clip-start` attribute: reads the text as given (`"0.5s"`, `"40%"`), null when unset; takes a number of seconds or the text.
 * @prop {number | string | null} clipEnd - See the `clip-end` attribute, read and set as `clipStart`.
 * @prop {[number, number, number]} position - Where the character stands, `"x y z"` in metres (default `"0 0 0"`); accepts the text too. Reads where it stands now: root motion, a controller, a warp or getting up move it. Setting it puts it there (a controller's capsule follows); a model loaded later stands where the last one got to.
 * @prop {number} heading - Which way it faces, degrees about the vertical axis (default 0): 0 faces +Z, positive turns left. Reads the heading now, in (−180, 180]: root motion and controllers turn it.
 * @prop {number} scale - See the `scale` attribute.
 * @prop {number | null} height - See the `height` attribute: metres, null when unset; takes a number of metres or the text.
 * @prop {SkinningMode} skinning - See the `skinning` attribute.
 * @prop {'auto' | 'off'} instancing - See the `instancing` attribute.
 * @prop {string | null} poster - See the `poster` attribute.
 * @prop {'auto' | 'manual'} reveal - See the `reveal` attribute.
 * @prop {string | null} alt - See the `alt` attribute.
 * @prop {number | null} repetitions - See the `repetitions` attribute; null for `infinite`.
 * @prop {'eager' | 'lazy'} loading - See the `loading` attribute.
 * @prop {boolean} footIk - See the `foot-ik` attribute.
 * @prop {'auto' | 'mixamo' | Record<string, string>} rig - See the `rig` attribute: the humanoid map asked for; accepts the JSON text too.
 * @prop {string[]} clips - Read-only: the clips this character can play (empty until loaded).
 * @prop {string[]} bones - Read-only: the joint names of the model's skins (empty until loaded).
 * @prop {number} duration - Read-only: length of the current clip in seconds (0 when none plays); while a state graph drives, the cycle length of its current state (a blend space's: its heaviest clip's).
 * @prop {number} time - Seconds into the current clip; while a state graph drives, into its current state's cycle. Setting it seeks there (no events fire for the jump).
 * @prop {string} rootMotion - See the `root-motion` attribute, as normalized text (`"auto"`, `"apply planar"`); accepts the text.
 * @prop {string | null} rootBone - See the `root-bone` attribute.
 * @prop {boolean} verticalHandoff - See the `vertical-handoff` attribute.
 * @prop {number | null} groundSpeed - Ground speed (m/s) that clips with a stride follow when root motion is off; null (the default) measures how fast the character moves.
 * @prop {boolean} warping - Read-only: whether a motion warp is placing the character.
 * @prop {Object3D | undefined} object3D - Read-only: the character's three.js root (placed by `position`, `heading`, `scale` and `height`, holding the model; an instanced character's model is left out of the scene while three draws nothing of it), undefined until a model is bound. For attaching scene objects by hand; do not edit the model under it. Its parent is the stage's content; an instanced character's root with nothing attached waits in a hidden group under it (the stage's `quietRoots`, out of three's per-frame walks) and moves back under the content at its next frame once an object is attached to it.
 * @prop {Promise<void>} ready - Answers for the `src` set last, read after setting it: resolves when that model is bound and its first frame posed (at once without a `src`); rejects with its load's coded error (`code` as in `anim-error`).
 *
 * @fires {CustomEvent<AnimLoadDetail>} anim-load - The model is bound: `{clips, bones, humanoid}` (`humanoid`: the slots its humanoid map found, null when it has none).
 * @fires {CustomEvent<AnimProgressDetail>} anim-progress - Loading progress, `{progress}` from 0 to 1.
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - Bad input: `load-failed`, `load-stalled` (a download got nothing for `AnimCharacter.loadStallSeconds`, 30 by default; reported once, it keeps waiting), `bad-gltf`, `internal` (an unexpected failure), `bad-clip` (one broken clip of the file, left out), `unknown-clip`, `unknown-bone`, `bad-attribute`, `no-humanoid`; `context-lost` when the character draws on a stage of its own (outside an `<anim-scene>`) and the browser takes its WebGL context away.
 * @fires {CustomEvent<AnimContextRestoredDetail>} anim-context-restored - Outside an `<anim-scene>`: the WebGL context is back after a `context-lost` and the character draws again.
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
 * @slot poster - Content shown until the viewer reveals (replaces the `poster` image or the placeholder's spinner).
 * @slot progress-bar - Content shown while loading (replaces the default bar).
 *
 * @csspart progress-bar - The default loading bar along the bottom edge.
 * @csspart error - The message shown when the model cannot be loaded.
 * @csspart poster - The `poster` image.
 * @csspart placeholder - A viewer's cover until it reveals: the poster, or a neutral backdrop with a spinner.
 * @csspart canvas - The WebGL canvas of a character outside any scene.
 *
 * @cssprop [--anim-character-height=300px] - Height of a character outside any scene when the page sets none.
 * @cssprop [--anim-progress-color=#3d7bf7] - Colour of the default loading bar.
 * @cssprop [--anim-progress-height=3px] - Thickness of the default loading bar.
 * @cssprop [--anim-placeholder-background=radial-gradient(…)] - Backdrop of a viewer's placeholder.
 * @cssprop [--anim-placeholder-color=#9aa3ad] - Colour of the placeholder's spinner.
 */
@customElement('anim-character')
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface below only types the inherited listener methods
export class AnimCharacter extends CharacterAttributes implements CharacterOwner {
  static override styles = [characterStyles, viewerCoverStyles];

  static {
    provideCharacterInternals((el) => (el instanceof AnimCharacter ? partsOf(el).internals : undefined));
  }

  get #parts(): CharacterParts {
    return partsOf(this);
  }

  /** Whether a motion warp is placing the character. */
  get warping(): boolean {
    return this.#parts.loader.rig?.warping ?? false;
  }

  /** The clips this character can play (empty until loaded). */
  get clips(): string[] {
    return this.#parts.loader.rig?.clipNames ?? [];
  }

  /** Joint names of the model's skins (empty until loaded). */
  get bones(): string[] {
    return this.#parts.loader.rig?.boneNames ?? [];
  }

  /** Length of the current clip (or graph state's cycle), seconds; 0 when none plays. */
  get duration(): number {
    return this.#parts.loader.rig?.duration ?? 0;
  }

  /** Seconds into the current clip (or graph state's cycle); setting it seeks, firing no events. */
  get time(): number {
    return this.#parts.loader.rig?.time ?? 0;
  }
  set time(value: number | string) {
    const parsed = parseTime(String(value));
    if (!parsed.ok) reportError(this, 'bad-attribute', `time: ${parsed.message}`);
    else if (this.#parts.loader.rig) {
      this.#parts.loader.rig.time = parsed.value;
      this.#parts.redraw();
    }
  }

  /** The character's three.js root (placed by position, heading, scale and height); undefined until a model is bound. */
  get object3D(): Object3D | undefined {
    return this.#parts.loader.rig?.root;
  }

  /**
   * Seconds a download may receive nothing before `load-stalled` is reported (once per load; the load keeps
   * waiting). Default 30; for every character of the page. A value that is not a positive number is ignored.
   */
  static get loadStallSeconds(): number {
    return loadStall.seconds;
  }
  static set loadStallSeconds(value: number) {
    if (typeof value === 'number' && value > 0 && value < Number.POSITIVE_INFINITY) loadStall.seconds = value;
  }

  /**
   * Answers for the `src` set last (`el.src = 'b.glb'; await el.ready` waits for b): resolves when that model
   * is bound and its first frame posed, at once without a `src`; rejects with its load's coded error.
   */
  get ready(): Promise<void> {
    return this.#parts.loader.ready;
  }

  /**
   * Crossfades to `clip`. Idempotent: asking for the clip already playing (or fading in) does nothing, so a
   * script may call it every frame. Before the model has loaded, the request waits for it. Options: `fade`
   * (seconds), `speed` (multiplies the clip's), `loop`, and a play window `start` / `end` (clip times:
   * seconds, or a percentage of the clip such as `"40%"`), `repetitions`, and `blend`: `crossfade` (the
   * default) or `inertial` (the clip shows at once and the difference from the pose shown before, with its
   * velocity, decays over `fade`: only the new clip is sampled). A clip with a `mask` or `additive`
   * (`<anim-clip>`) plays as an overlay over the clip playing, which plays on. Without a name it resumes
   * (model-viewer's `play()`): clears `paused` and a reduced-motion hold, and starts a finished clip over.
   */
  play(clip?: string, options: PlayOptions | null = {}): void {
    this.#parts.play(clip, options);
  }

  /** Freezes this character's clock (the `paused` property); `play()` without a name resumes. */
  pause(): void {
    this.paused = true;
    this.#parts.syncPaused();
  }

  /** Takes the placeholder or `poster` away now (with `reveal="manual"`, the only way it goes). */
  dismissPoster(): void {
    this.#parts.cover.dismiss();
  }

  /**
   * Sets a param of the state graph (numbers for float and int, `true` / `false` for bool and trigger;
   * numeric or boolean text is accepted). Takes effect on the next frame. An unknown name reports
   * `unknown-param`; a value the param's type cannot hold reports `type-mismatch` and changes nothing.
   */
  setParam(name: string, value: number | boolean): void {
    this.#parts.graph.setParam(this, name, value);
  }

  /** A param's value (a number, or a boolean for bool and trigger); an unknown name reports `unknown-param`. */
  getParam(name: string): number | boolean | undefined {
    return this.#parts.graph.getParam(this, name);
  }

  /** Fires a trigger param: it stays set until a transition that reads it fires, which resets it. */
  trigger(name: string): void {
    this.#parts.graph.trigger(this, name);
  }

  /** The base layer's current state (during a crossfade, the state it fades to); null without a graph. */
  get state(): string | null {
    return this.#parts.graph.state;
  }

  /** A snapshot of the graph's params by name. */
  get params(): Record<string, number | boolean> {
    return this.#parts.graph.params;
  }

  /** Called by the graph's elements when its markup changes: recompiled before the next frame. @internal */
  graphChanged(): void {
    this.#parts.graph.markupChanged();
  }

  /** Called by an `<anim-param>` whose value was set. @internal */
  paramValueChanged(source: Element, name: string, value: number | boolean): void {
    this.#parts.graph.setParam(source, name, value, 'value');
  }

  /** A param's live value, quietly (undefined for an unknown name). @internal */
  paramValue(name: string): number | boolean | undefined {
    return this.#parts.graph.paramValue(name);
  }

  /** Fades every clip out (over `fade`) to the rest pose. */
  stop(): void {
    this.#parts.playback.stop();
  }

  /**
   * Switches to physics from the current pose: a ragdoll of capsules on the humanoid bones that crumples,
   * collides with the ground and settles (`anim-ragdoll` with `phase` `start`, then `settled`). Every body
   * inherits its bone's motion plus `velocity` (`[x, y, z]` m/s). Starts Rapier on first use; resolves once
   * the bodies are in the world. A model without humanoid bones reports `no-humanoid` and animates on; bad
   * options report `bad-attribute`. Every failure is an `anim-error` and the promise still resolves.
   */
  ragdoll(options?: RagdollOptions | null): Promise<void> {
    return this.#parts.ragdoll.start(options);
  }

  /**
   * Gets up from a ragdoll: the character moves to where the pelvis lies and the get-up clip for how it
   * lies fades in from the lying pose, firing `anim-play`: face down the first it has of `get-up-front`,
   * `get-up-face-down`, `getup-front`, face up of `get-up-back`, `get-up-face-up`, `getup-back`, else
   * `get-up` or `GetUp` (the mannequin has `get-up-front` and `get-up`). `anim-ragdoll` `recovered` follows.
   * Does nothing when not down.
   */
  getUp(): void {
    if (this.#parts.ragdoll.standUp()) this.#parts.redraw();
  }

  /**
   * The last frame's root motion in the character's own frame: `{dx, dy, dz}` metres along its axes (x its
   * left, z its front) and `dyaw` degrees about its vertical. With `root-motion="expose"` a controller
   * moves the character by it; with `apply` the character has already moved by it. Zeros when off.
   */
  rootMotionDelta(): RootMotionDelta {
    return rootMotionOf(this.#parts.loader.rig);
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
    const warp = startWarp(this, this.#parts.loader.rig, String(name), targets);
    if (!warp) return;
    this.#parts.playback.warpName = warp.warpName;
    this.#parts.redraw();
  }

  /**
   * The world matrix of a bone (any node of the model) as of the last frame: a new Float32Array(16),
   * column-major. An unknown name reports `unknown-bone` and returns null; so does a character not loaded.
   */
  boneMatrix(name: string): Float32Array | null {
    const out = new Float32Array(16);
    if (this.#parts.loader.rig?.boneMatrix(name, out)) return out;
    const known = this.bones.slice(0, 12).join(', ');
    reportError(
      this,
      'unknown-bone',
      `boneMatrix("${name}"): no such bone${known ? ` (bones: ${known}, …)` : ' (no model loaded)'}`,
    );
    return null;
  }

  /** Called by `<anim-clip>` / `<anim-event>` children when a definition changes: rebinds on the next frame. @internal */
  clipsChanged(): void {
    const rig = this.#parts.loader.rig;
    if (!rig) return;
    rig.setDefinitions(this.#parts.playback.definitions());
    void this.#parts.playback.bindExternalClips();
    this.#parts.redraw();
  }

  /** Called by `<anim-rig>` children when their map changes: retargeted clips are bound through the new map. @internal */
  rigChanged(): void {
    void this.#parts.playback.bindExternalClips();
  }

  protected override render() {
    return renderCharacter(this.#parts, this.poster);
  }

  /** The camera and light attributes steer the character's own stage only (inside a scene, the scene's do). */
  protected override viewStage(): Stage | undefined {
    const loader = this.#parts.loader;
    return loader.ownStage ? loader.stage : undefined;
  }

  /** Also waits for code a changed attribute fetches on first use (`foot-ik`), so it runs on the next frame. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete();
    await this.#parts.footIk.settled;
    return result;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (changed.has('footIk')) this.#parts.footIk.sync();
    if (changed.has('paused')) this.#parts.syncPaused();
  }
}

/** `addEventListener` and `removeEventListener` typed by {@link AnimCharacterEventMap}. */
export interface AnimCharacter {
  addEventListener: Listen<AnimCharacterEventMap, AnimCharacter, AddEventListenerOptions>;
  removeEventListener: Listen<AnimCharacterEventMap, AnimCharacter, EventListenerOptions>;
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-character': AnimCharacter;
  }
}

import { ContextProvider } from '@lit/context';
import { css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { instancedSkinsOf } from '../scene/instanced-skin.js';
import { configurePhysics } from '../scene/physics.js';
import { setMaxRagdolls } from '../scene/ragdoll-cap.js';
import { DEBUG_VIEWS, type DebugView, Stage } from '../scene/stage.js';
import { acceptFinite, acceptValue, listText } from './accept-value.js';
import { reportContextChanges } from './context-events.js';
import { reportCaughtOnce } from './errors.js';
import { DEFAULT_LOD, formatLod, type LodSettings, parseLod } from './lod-value.js';
import { ViewElement } from './scene-view-attributes.js';
import { stageContext } from './stage-context.js';
import { StatsPanel } from './stats-panel.js';
import {
  parseColor,
  parseEnum,
  parseNumber,
  parseTime,
  parseTokenList,
  parseVector3,
  type Vector3Tuple,
} from './units.js';
import { parseReveal, type RevealMode, ViewerCover, viewerCoverStyles } from './viewer-cover.js';

const DEFAULT_BACKGROUND = '#e9ebee';

const parseNonNegative = (text: string) => parseNumber(text, { min: 0 });
const parseInstancing = (text: string) => parseEnum(text, ['auto', 'off'] as const);
const parseDebug = (text: string) => parseTokenList(text, DEBUG_VIEWS);
const parseCount = (text: string) => {
  const parsed = parseNumber(text, { min: 0 });
  return parsed.ok && !Number.isInteger(parsed.value)
    ? ({ ok: false, message: `"${text}" is not a whole number (zero or more)` } as const)
    : parsed;
};
const DEFAULT_MAX_RAGDOLLS = 12;

const DEFAULT_GRAVITY: Vector3Tuple = [0, -9.81, 0];
const DEFAULT_FIXED_STEP = 1 / 60;

/** Physics settings to the stage; `physics` starts the world now, and a failure is the scene's one anim-error. */
function applyPhysics(stage: Stage, el: AnimScene): void {
  configurePhysics(stage, { gravity: el.gravity, fixedStep: el.fixedStep }, el.physics)?.catch((error: unknown) =>
    reportCaughtOnce(el, error),
  );
}

/**
 * How each property reaches the stage. Defined before the class: when the markup precedes the script,
 * defining the element upgrades it at once and its connectedCallback applies these.
 */
const APPLY = {
  controls: (stage: Stage, el: AnimScene) => {
    stage.setControls(el.controls);
    el.keyboardOrbit(el.controls);
  },
  shadows: (stage: Stage, el: AnimScene) => stage.setShadows(el.shadows),
  ground: (stage: Stage, el: AnimScene) => stage.setGround(el.ground),
  background: (stage: Stage, el: AnimScene) => stage.setBackground(el.background),
  debug: (stage: Stage, el: AnimScene) => stage.setDebug(el.debug),
  lod: (stage: Stage, el: AnimScene) => stage.setLod(el.lod),
  maxRagdolls: (stage: Stage, el: AnimScene) => setMaxRagdolls(stage, el.maxRagdolls),
  physics: (stage: Stage, el: AnimScene) => applyPhysics(stage, el),
  gravity: (stage: Stage, el: AnimScene) => applyPhysics(stage, el),
  fixedStep: (stage: Stage, el: AnimScene) => applyPhysics(stage, el),
  paused: (stage: Stage, el: AnimScene) => {
    stage.paused = el.paused;
  },
  timeScale: (stage: Stage, el: AnimScene) => {
    stage.timeScale = el.timeScale;
  },
  instancing: (stage: Stage, el: AnimScene) => {
    instancedSkinsOf(stage).enabled = el.instancing === 'auto';
  },
} satisfies Partial<Record<keyof AnimScene, (stage: Stage, el: AnimScene) => void>>;

/**
 * The stage for animated characters: a WebGL canvas that fills the element, a camera on an orbit around a
 * target, a neutral image-based light with a soft sky light and a shadow-casting key light, an optional
 * ground, and the one frame loop that drives every character inside. The loop pauses while the tab is
 * hidden or the scene is off screen.
 *
 * The camera frames the content by itself, in the model-viewer manner: when a model arrives, the `auto`
 * parts of `camera-target` and `camera-orbit` fit its animated bounds (every pose of the clips the character
 * shows: the one it plays, every clip its graph may play, the rest pose before any; each clip sampled once
 * per file; a walk's root motion is shown in place, see `<anim-character root-motion>`), so a
 * centimetre-scaled fox, a 0.01-scaled armature and a tall tower all fill the view with a margin. A clip
 * played for the first time that reaches farther (a climb after an idle) widens the frame, unless the camera
 * was moved since its last fit (dragged, zoomed, by the keys, by auto-rotate or by a script): then it stays.
 * The near and far planes, the ground disc, its grid cell and fade, and the shadow camera scale with the
 * model. The shadow also follows what walks: a character that leaves the room its last fit left (a quarter of
 * the content's radius) has it fitted again that frame; the camera and the ground stay. `frame()` fits again
 * on demand (after the page moved or scaled a model).
 *
 * 3D children (`<anim-character>`, …) find the scene's stage through context. A character outside any scene
 * makes a stage of its own, so a scene is needed only to put several things on one stage or to set the
 * camera and lights.
 *
 * Bad attribute values never throw: each gives one `anim-error` (`bad-attribute`, naming the value) and the
 * previous value stays. Removing an attribute restores its default.
 *
 * @summary A 3D stage: renderer, camera, lights, ground and the frame loop for the characters inside.
 *
 * @attr camera-orbit - Camera position around the target: `"yaw pitch distance"`, each part `auto` or a value; angles in degrees (or with `deg`/`rad`/`turn`), yaw 0 looks at the model's front (from +Z), pitch above the horizon within ±90°; the distance in metres (`m`/`cm`/`mm`) or a percentage of the fitted distance (`150%`). `auto`: yaw 30°, pitch 15°, and the distance at which the model's animated bounds fill 85% of the view. Default `"auto auto auto"`.
 * @attr camera-target - The point the camera looks at and orbits: `auto` (the centre of the model's animated bounds: every pose of the clips it shows, root motion shown in place) or `"x y z"` lengths. Default `auto`.
 * @attr field-of-view - Vertical field of view, an angle from 1° to 179°, or `auto` (35°). Default `auto`.
 * @attr min-camera-orbit - Lower limits of the orbit the user may drag or zoom to, `"yaw pitch distance"` as `camera-orbit`; an `auto` part leaves that side open (distance: a quarter of the fitted distance). Default `"auto auto auto"`.
 * @attr max-camera-orbit - Upper limits, as `min-camera-orbit` (distance `auto`: four times the fitted distance).
 * @attr min-field-of-view - Smallest field of view, as `field-of-view` (`auto`: 1°).
 * @attr max-field-of-view - Largest field of view, as `field-of-view` (`auto`: 179°).
 * @attr {boolean} auto-rotate - Turns the camera slowly around the target (a turn in 30 s), from the first frame and again `auto-rotate-delay` after the user lets go.
 * @attr auto-rotate-delay - Seconds (or `ms`) without interaction before auto-rotate resumes, 0 or more. Default 3.
 * @attr environment-image - The image-based light: `neutral` (three's room environment, prefiltered once per renderer; the default), `none` (the lamps only), or the URL of an equirectangular HDR (`.hdr`) or ordinary image. A URL that cannot be loaded reports `load-failed` once and the neutral room stays.
 * @attr skybox-image - URL of an equirectangular image (`.hdr` or an ordinary image) drawn behind the scene instead of `background`; it does not light the model (see `environment-image`). A URL that cannot be loaded reports `load-failed`.
 * @attr tone-mapping - `neutral` (Khronos PBR Neutral, the default: colours as authored), `aces`, `agx`, `reinhard`, `cineon`, `linear` or `none`.
 * @attr exposure - Tone-mapping exposure, 0 or more; 1 is neutral. Default 1.
 * @attr shadow-intensity - How dark the key light's shadow is, 0 (none) to 1. Default 1. Shadows are drawn only with `shadows`.
 * @attr {boolean} controls - Lets the user orbit (drag), zoom (wheel) and pan (right-drag) the camera; the canvas joins the tab order and, while it has focus, the arrow keys orbit and `+` / `-` zoom.
 * @attr {boolean} shadows - The key light casts soft shadows (onto the ground and the characters).
 * @attr {boolean} ground - Shows a ground disc at y = 0 with a faint 1 m grid, fading into the background.
 * @attr background - Any CSS colour behind the scene; `transparent` shows the page. Default `#e9ebee`.
 * @attr {boolean} paused - Stops time for every character; the scene still redraws when configured. `step()` still works.
 * @attr time-scale - Multiplies the passage of time, 0 or more (0.5 is slow motion). Default 1.
 * @attr {boolean} physics - Starts the Rapier physics world now rather than when a ragdoll or a controller first needs it (Rapier loads once per page). A failure to start is one `anim-error` per page: `physics-unavailable` when the optional Rapier package is not installed, `physics-failed` when it cannot start; the next request tries again.
 * @attr gravity - The physics world's gravity, `"x y z"` in m/s². Default `"0 -9.81 0"`.
 * @attr fixed-step - The physics world's fixed time step, seconds (or `ms`), from 1 ms to 0.1 s; frames step it as many whole times as they cover. Default 1/60 s.
 * @attr max-ragdolls - How many ragdolls simulate at once, a whole number, 0 or more; the nearest the camera first, one more settles the farthest at once. Default 12.
 * @attr lod - Which characters are posed how often (README, "Level of detail"): `on` (default: `"15% 5%"`), `off` (every character posed every frame), or two fractions of the view's height, `"full half"` (`0.15 0.05` or `15% 5%`, full ≥ half): a character whose bounds look at least `full` of the view's height tall is posed every frame, at least `half` every 2nd frame, smaller every 4th (held in between, the reduced-rate ones staggered across frames); one outside the camera's view is not posed at all. Its clocks, graph, events and root motion advance exactly every frame whatever its tier, and the character nearest the camera is always posed every frame.
 * @attr instancing - `auto` (the default): characters that show the same `src` (same file, so the same meshes and materials) with GPU skinning are drawn together once a second one shows it, one instanced draw per mesh primitive (and one per shadow pass), their skinning matrices in one float texture, their rigid meshes (a head under a bone) at their joints, each with its own morph weights; a model with a skinned mesh of several materials, or that holds points, lines or sprites, draws per character; each stays a full character (its own clips, graph, IK, props, ragdoll). `off`: every character draws its own skinned meshes. A character opts out alone with its own `instancing="off"`.
 * @attr debug - Space-separated debug overlays: `skeleton` (bones of every skinned mesh), `root-motion` (an arrow on the ground under each character extracting root motion, pointing where it carries it, with its speed in m/s beside it), `colliders` (every collider of the physics world as lines drawn over the scene: fixed scenery grey, controller capsules blue, ragdoll bodies orange; the ground plane is left out; nothing while no world runs), `stats` (a box in the top-left corner, `part="stats"`, updated twice a second: frames per second and frame time, the frames' own work time, characters and actors, the last render's draw calls and triangles, and the physics step time while a world runs; frames stepped by hand with `step()` count too).
 *
 * @attr poster - URL of an image shown until the scene reveals (see `reveal`). Without one, a neutral placeholder with a quiet spinner.
 * @attr reveal - When the placeholder or poster goes: `auto` (the default) at the first frame drawn once every character's model inside has loaded (or failed), `manual` only when `dismissPoster()` is called.
 * @attr alt - The accessible name of the canvas (`role="img"`, `aria-label`); default "3D scene".
 *
 * @prop {OrbitSpec} cameraOrbit - `{yaw, pitch, distance}` as asked: degrees, metres, `'auto'` parts, a distance like `'150%'`; accepts the attribute's text too. The orbit in effect is `getCameraOrbit()`.
 * @prop {TargetSpec} cameraTarget - `'auto'` or `[x, y, z]` in metres; accepts the attribute's text too. The target in effect is `getCameraTarget()`.
 * @prop {number | 'auto'} fieldOfView - See the `field-of-view` attribute (degrees).
 * @prop {OrbitSpec} minCameraOrbit - See the `min-camera-orbit` attribute.
 * @prop {OrbitSpec} maxCameraOrbit - See the `max-camera-orbit` attribute.
 * @prop {number | 'auto'} minFieldOfView - See the `min-field-of-view` attribute.
 * @prop {number | 'auto'} maxFieldOfView - See the `max-field-of-view` attribute.
 * @prop {boolean} autoRotate - See the `auto-rotate` attribute.
 * @prop {number} autoRotateDelay - See the `auto-rotate-delay` attribute (seconds).
 * @prop {string} environmentImage - See the `environment-image` attribute (`'neutral'`, `'none'` or the URL).
 * @prop {string | null} skyboxImage - See the `skybox-image` attribute.
 * @prop {ToneMappingName} toneMapping - See the `tone-mapping` attribute.
 * @prop {number} shadowIntensity - See the `shadow-intensity` attribute.
 * @prop {boolean} controls - See the `controls` attribute.
 * @prop {boolean} shadows - See the `shadows` attribute.
 * @prop {boolean} ground - See the `ground` attribute.
 * @prop {string} background - See the `background` attribute.
 * @prop {number} exposure - See the `exposure` attribute.
 * @prop {boolean} paused - See the `paused` attribute.
 * @prop {number} timeScale - See the `time-scale` attribute.
 * @prop {boolean} physics - See the `physics` attribute.
 * @prop {[number, number, number]} gravity - `[x, y, z]` in m/s²; accepts the attribute's text too.
 * @prop {number} fixedStep - See the `fixed-step` attribute (seconds).
 * @prop {number} maxRagdolls - See the `max-ragdolls` attribute.
 * @prop {'auto' | 'off'} instancing - See the `instancing` attribute.
 * @prop {DebugView[]} debug - The active debug overlays; accepts the attribute's text too.
 * @prop {string | null} poster - See the `poster` attribute.
 * @prop {'auto' | 'manual'} reveal - See the `reveal` attribute.
 * @prop {string | null} alt - See the `alt` attribute.
 * @prop {Stage | undefined} stage - The three.js side (renderer, camera, loop) while connected; for advanced use.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad attribute value (`code: 'bad-attribute'`, the message names the value); `load-failed` for an `environment-image` or `skybox-image` that cannot be loaded; `context-lost` once when the browser takes the WebGL context away (nothing draws until `anim-context-restored`). Bubbles; the children's errors bubble through here too.
 * @fires {CustomEvent<AnimContextRestoredDetail>} anim-context-restored - The WebGL context is back after a `context-lost`: the scene draws again (models, textures and shadows rebuilt, no page action needed).
 *
 * @slot - 3D elements (`<anim-character>`, `<anim-model>`, …) and HTML to lay over the canvas.
 * @slot poster - Content shown until the scene reveals (replaces the `poster` image or the placeholder's spinner).
 *
 * @csspart viewport - The box holding the WebGL canvas; it fills the element.
 * @csspart canvas - The WebGL canvas.
 * @csspart placeholder - The cover until the scene reveals: the poster, or a neutral backdrop with a spinner.
 * @csspart poster - The `poster` image.
 * @csspart overlay - The layer above the canvas holding the slotted children.
 * @csspart stats - The `debug="stats"` box (top-left corner): a grid of `span` labels and `b` values.
 *
 * @cssprop [--anim-scene-height=400px] - Height of the scene when the page sets none.
 * @cssprop [--anim-placeholder-background=radial-gradient(…)] - Backdrop of the placeholder.
 * @cssprop [--anim-placeholder-color=#9aa3ad] - Colour of the placeholder's spinner.
 */
@customElement('anim-scene')
export class AnimScene extends ViewElement {
  static override styles = [
    viewerCoverStyles,
    css`
    :host {
      display: block;
      position: relative;
      height: var(--anim-scene-height, 400px);
      overflow: hidden;
      contain: layout paint;
    }
    [part='viewport'],
    [part='overlay'] {
      position: absolute;
      inset: 0;
    }
    [part='overlay'] {
      pointer-events: none;
    }
    ::slotted(*) {
      pointer-events: auto;
    }
    [part='stats'] {
      position: absolute;
      top: 8px;
      left: 8px;
      display: grid;
      grid-template-columns: auto auto;
      column-gap: 12px;
      padding: 6px 9px;
      border-radius: 6px;
      background: rgba(16, 24, 32, 0.72);
      color: #c9d6df;
      font: 11px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      font-variant-numeric: tabular-nums;
      pointer-events: none;
      user-select: none;
      contain: content;
    }
    [part='stats'] b {
      min-width: 8ch;
      color: #e8fbff;
      font-weight: 600;
      text-align: right;
    }
  `,
  ];

  #stage: Stage | undefined;
  #statsPanel: StatsPanel | undefined;
  readonly #provider = new ContextProvider(this, { context: stageContext });

  #background = DEFAULT_BACKGROUND;
  #timeScale = 1;
  #debug: DebugView[] = [];
  #lod: LodSettings = DEFAULT_LOD;
  #maxRagdolls = DEFAULT_MAX_RAGDOLLS;
  #gravity = DEFAULT_GRAVITY;
  #fixedStep = DEFAULT_FIXED_STEP;
  #instancing: 'auto' | 'off' = 'auto';

  @property({ type: Boolean }) controls = false;
  @property({ type: Boolean }) shadows = false;
  @property({ type: Boolean }) ground = false;
  @property({ type: Boolean }) paused = false;

  @property()
  get background(): string {
    return this.#background;
  }
  set background(value: string | null | undefined) {
    this.#background = acceptValue(this, 'background', value, parseColor, this.#background, DEFAULT_BACKGROUND);
  }

  @property({ attribute: 'time-scale' })
  get timeScale(): number {
    return this.#timeScale;
  }
  set timeScale(value: number | string | null | undefined) {
    this.#timeScale = acceptValue(this, 'time-scale', value, parseNonNegative, this.#timeScale, 1);
  }

  @property({ type: Boolean }) physics = false;

  @property()
  get gravity(): Vector3Tuple {
    return this.#gravity;
  }
  set gravity(value: readonly number[] | string | null | undefined) {
    const text = listText(value);
    this.#gravity = acceptValue(this, 'gravity', text, parseVector3, this.#gravity, DEFAULT_GRAVITY);
  }

  @property({ attribute: 'fixed-step' })
  get fixedStep(): number {
    return this.#fixedStep;
  }
  set fixedStep(value: number | string | null | undefined) {
    const parse = (text: string) => parseTime(text, { min: 1 / 1000, max: 1 / 10 });
    this.#fixedStep = acceptValue(this, 'fixed-step', value, parse, this.#fixedStep, DEFAULT_FIXED_STEP);
  }

  @property({ attribute: 'max-ragdolls' })
  get maxRagdolls(): number {
    return this.#maxRagdolls;
  }
  set maxRagdolls(value: number | string | null | undefined) {
    this.#maxRagdolls = acceptValue(this, 'max-ragdolls', value, parseCount, this.#maxRagdolls, DEFAULT_MAX_RAGDOLLS);
  }

  @property()
  get lod(): LodSettings {
    return this.#lod;
  }
  set lod(value: LodSettings | string | null | undefined) {
    const text = value !== null && typeof value === 'object' ? formatLod(value) : value;
    this.#lod = acceptValue(this, 'lod', text, parseLod, this.#lod, DEFAULT_LOD);
  }

  @property()
  get instancing(): 'auto' | 'off' {
    return this.#instancing;
  }
  set instancing(value: string | null | undefined) {
    this.#instancing = acceptValue(this, 'instancing', value, parseInstancing, this.#instancing, 'auto');
  }

  @property()
  get debug(): DebugView[] {
    return this.#debug;
  }
  set debug(value: readonly string[] | string | null | undefined) {
    const text = listText(value);
    this.#debug = acceptValue(this, 'debug', text, parseDebug, this.#debug, []);
  }

  // ——— loading and accessibility (the viewer attributes) ———
  readonly #cover = new ViewerCover(this, '3D scene');

  @property() poster: string | null = null;

  @property()
  get reveal(): RevealMode {
    return this.#cover.reveal;
  }
  set reveal(value: string | null | undefined) {
    this.#cover.reveal = acceptValue(this, 'reveal', value, parseReveal, this.#cover.reveal, 'auto');
    this.#stage?.loop.requestRedraw();
  }

  @property()
  get alt(): string | null {
    return this.#cover.alt;
  }
  set alt(value: string | null | undefined) {
    this.#cover.alt = typeof value === 'string' && value.trim() !== '' ? value : null;
    this.#cover.applyAlt();
  }

  /** Takes the placeholder or `poster` away now (with `reveal="manual"`, the only way it goes). */
  dismissPoster(): void {
    this.#cover.dismiss();
  }

  /** @internal */
  keyboardOrbit(on: boolean): void {
    this.#cover.setKeyboard(on);
  }

  /** The three.js side of the scene while connected (undefined when disconnected). */
  get stage(): Stage | undefined {
    return this.#stage;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // made here, not in the first render: children connect right after us and ask for it at once
    this.#stage = new Stage(this);
    this.#stage.canvas.setAttribute('part', 'canvas');
    this.#stage.onStats = (reading) => this.#statsPanel?.show(reading);
    reportContextChanges(this.#stage, this);
    this.#cover.attach(this.#stage, this.controls);
    this.#applyAll();
    this.#provider.setValue(this.#stage);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#provider.setValue(undefined);
    this.#stage?.dispose();
    this.#stage = undefined;
  }

  /**
   * Advances every character by exactly `dt` seconds and renders once, paused or not, with no wall clock
   * involved: for tests, scrubbing and offline capture. Pending attribute changes are applied first.
   */
  step(dt: number): void {
    if (!acceptFinite(this, 'step', dt, 'dt must be a finite number of seconds')) return;
    // a configuration change made just before the step shows in it
    if (this.isUpdatePending) this.performUpdate();
    this.#stage?.step(dt);
  }

  /** Renders the current frame and returns it as a data URL (`image/png` unless `type` says otherwise). */
  screenshot(type = 'image/png', quality?: number): string {
    return this.#stage?.screenshot(type, quality) ?? '';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // a fresh box each time the view turns on: no stale numbers from an earlier run
    if (changed.has('debug'))
      this.#statsPanel = this.#debug.includes('stats') ? (this.#statsPanel ?? new StatsPanel()) : undefined;
  }

  protected override render() {
    return html`<div part="viewport">${this.#stage?.canvas}</div>
      ${this.#cover.render(this.poster)}
      <div part="overlay"><slot></slot></div>
      ${this.#statsPanel?.element ?? nothing}`;
  }

  protected override viewStage(): Stage | undefined {
    return this.#stage;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // configuration only: per-frame work never goes through lit's update cycle
    for (const key of changed.keys()) this.#apply(key as keyof AnimScene);
  }

  #applyAll(): void {
    for (const key of Object.keys(APPLY) as Array<keyof typeof APPLY>) this.#apply(key);
  }

  #apply(key: keyof AnimScene): void {
    if (this.#stage && key in APPLY) APPLY[key as keyof typeof APPLY](this.#stage, this);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-scene': AnimScene;
  }
}

import { ContextProvider } from '@lit/context';
import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { instancedSkinsOf } from '../scene/instanced-skin.js';
import { configurePhysics } from '../scene/physics.js';
import { setMaxRagdolls } from '../scene/ragdoll.js';
import { DEBUG_VIEWS, type DebugView, Stage } from '../scene/stage.js';
import { acceptFinite, acceptValue, listText } from './accept-value.js';
import { reportContextChanges } from './context-events.js';
import { reportCaughtOnce } from './errors.js';
import { stageContext } from './stage-context.js';
import { StatsPanel } from './stats-panel.js';
import {
  type CameraOrbit,
  formatCameraOrbit,
  parseCameraOrbit,
  parseColor,
  parseEnum,
  parseNumber,
  parseTime,
  parseTokenList,
  parseVector3,
  type Vector3Tuple,
} from './units.js';

const DEFAULT_ORBIT: CameraOrbit = { yaw: 30, pitch: 15, distance: 4 };
const DEFAULT_TARGET: Vector3Tuple = [0, 0.9, 0];
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
  cameraOrbit: (stage: Stage, el: AnimScene) =>
    stage.setOrbit(el.cameraOrbit.yaw, el.cameraOrbit.pitch, el.cameraOrbit.distance),
  cameraTarget: (stage: Stage, el: AnimScene) => stage.setTarget(...el.cameraTarget),
  controls: (stage: Stage, el: AnimScene) => stage.setControls(el.controls),
  shadows: (stage: Stage, el: AnimScene) => stage.setShadows(el.shadows),
  ground: (stage: Stage, el: AnimScene) => stage.setGround(el.ground),
  background: (stage: Stage, el: AnimScene) => stage.setBackground(el.background),
  exposure: (stage: Stage, el: AnimScene) => stage.setExposure(el.exposure),
  debug: (stage: Stage, el: AnimScene) => stage.setDebug(el.debug),
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
 * target, a soft sky light and a shadow-casting key light, an optional ground, and the one frame loop that
 * drives every character inside. The loop pauses while the tab is hidden or the scene is off screen.
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
 * @attr camera-orbit - Camera position around the target: `"yaw pitch distance"`; angles in degrees (or with `deg`/`rad`), distance in metres. Yaw 0 looks at the model's front (from +Z). Default `"30deg 15deg 4m"`.
 * @attr camera-target - The point the camera looks at and orbits, `"x y z"` in metres. Default `"0 0.9 0"`.
 * @attr {boolean} controls - Lets the user orbit (drag), zoom (wheel) and pan (right-drag) the camera.
 * @attr {boolean} shadows - The key light casts soft shadows (onto the ground and the characters).
 * @attr {boolean} ground - Shows a ground disc at y = 0 with a faint 1 m grid, fading into the background.
 * @attr background - Any CSS colour behind the scene; `transparent` shows the page. Default `#e9ebee`.
 * @attr exposure - Tone-mapping exposure (ACES Filmic), 0 or more; 1 is neutral. Default 1.
 * @attr {boolean} paused - Stops time for every character; the scene still redraws when configured. `step()` still works.
 * @attr time-scale - Multiplies the passage of time, 0 or more (0.5 is slow motion). Default 1.
 * @attr {boolean} physics - Starts the Rapier physics world now rather than when a ragdoll or a controller first needs it (Rapier loads once per page). A failure to start is one `anim-error` per page: `physics-unavailable` when the optional Rapier package is not installed, `physics-failed` when it cannot start; the next request tries again.
 * @attr gravity - The physics world's gravity, `"x y z"` in m/s². Default `"0 -9.81 0"`.
 * @attr fixed-step - The physics world's fixed time step, seconds (or `ms`), from 1 ms to 0.1 s; frames step it as many whole times as they cover. Default 1/60 s.
 * @attr max-ragdolls - How many ragdolls simulate at once, a whole number, 0 or more; the nearest the camera first, one more settles the farthest at once. Default 12.
 * @attr instancing - `auto` (the default): characters that show the same `src` (same file, so the same meshes and materials) with GPU skinning and no morph targets are drawn together, one instanced draw per mesh primitive (and one per shadow pass), their skinning matrices in one float texture; each stays a full character (its own clips, graph, IK, props, ragdoll). `off`: every character draws its own skinned meshes. A character opts out alone with its own `instancing="off"`.
 * @attr debug - Space-separated debug overlays: `skeleton` (bones of every skinned mesh), `root-motion` (an arrow on the ground under each character extracting root motion, pointing where it carries it, with its speed in m/s beside it), `colliders` (every collider of the physics world as lines drawn over the scene: fixed scenery grey, controller capsules blue, ragdoll bodies orange; the ground plane is left out; nothing while no world runs), `stats` (a box in the top-left corner, `part="stats"`, updated twice a second: frames per second and frame time, the frames' own work time, characters and actors, the last render's draw calls and triangles, and the physics step time while a world runs; frames stepped by hand with `step()` count too).
 *
 * @prop {CameraOrbit} cameraOrbit - `{yaw, pitch, distance}` in degrees and metres; accepts the attribute's text too.
 * @prop {[number, number, number]} cameraTarget - `[x, y, z]` in metres; accepts the attribute's text too.
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
 * @prop {Stage | undefined} stage - The three.js side (renderer, camera, loop) while connected; for advanced use.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad attribute value (`code: 'bad-attribute'`, the message names the value); `context-lost` once when the browser takes the WebGL context away (nothing draws until `anim-context-restored`). Bubbles; the children's errors bubble through here too.
 * @fires {CustomEvent<AnimContextRestoredDetail>} anim-context-restored - The WebGL context is back after a `context-lost`: the scene draws again (models, textures and shadows rebuilt, no page action needed).
 *
 * @slot - 3D elements (`<anim-character>`, `<anim-model>`, …) and HTML to lay over the canvas.
 *
 * @csspart viewport - The box holding the WebGL canvas; it fills the element.
 * @csspart canvas - The WebGL canvas.
 * @csspart overlay - The layer above the canvas holding the slotted children.
 * @csspart stats - The `debug="stats"` box (top-left corner): a grid of `span` labels and `b` values.
 *
 * @cssprop [--anim-scene-height=400px] - Height of the scene when the page sets none.
 */
@customElement('anim-scene')
export class AnimScene extends LitElement {
  static override styles = css`
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
  `;

  #stage: Stage | undefined;
  #statsPanel: StatsPanel | undefined;
  readonly #provider = new ContextProvider(this, { context: stageContext });

  #cameraOrbit = DEFAULT_ORBIT;
  #cameraTarget = DEFAULT_TARGET;
  #background = DEFAULT_BACKGROUND;
  #exposure = 1;
  #timeScale = 1;
  #debug: DebugView[] = [];
  #maxRagdolls = DEFAULT_MAX_RAGDOLLS;
  #gravity = DEFAULT_GRAVITY;
  #fixedStep = DEFAULT_FIXED_STEP;
  #instancing: 'auto' | 'off' = 'auto';

  @property({ attribute: 'camera-orbit' })
  get cameraOrbit(): CameraOrbit {
    return this.#cameraOrbit;
  }
  set cameraOrbit(value: CameraOrbit | string | null | undefined) {
    const text = value !== null && typeof value === 'object' ? formatCameraOrbit(value) : value;
    this.#cameraOrbit = acceptValue(this, 'camera-orbit', text, parseCameraOrbit, this.#cameraOrbit, DEFAULT_ORBIT);
  }

  @property({ attribute: 'camera-target' })
  get cameraTarget(): Vector3Tuple {
    return this.#cameraTarget;
  }
  set cameraTarget(value: readonly number[] | string | null | undefined) {
    const text = listText(value);
    this.#cameraTarget = acceptValue(this, 'camera-target', text, parseVector3, this.#cameraTarget, DEFAULT_TARGET);
  }

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

  @property()
  get exposure(): number {
    return this.#exposure;
  }
  set exposure(value: number | string | null | undefined) {
    this.#exposure = acceptValue(this, 'exposure', value, parseNonNegative, this.#exposure, 1);
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
      <div part="overlay"><slot></slot></div>
      ${this.#statsPanel?.element ?? nothing}`;
  }

  protected override updated(changed: PropertyValues<this>): void {
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

import {
  Box3,
  Group,
  type Material,
  type Mesh,
  PerspectiveCamera,
  Scene,
  SkeletonHelper,
  type Vector2,
  Vector3,
  type WebGLRenderer,
} from 'three';
import { ACTOR_PHASES, type Actor, type ActorPhase, type StageCore } from './actor.js';
import { bindTurnsWaiting } from './bind-turns.js';
import { ColliderOverlay } from './collider-overlay.js';
import { resolveCssColor } from './css-color.js';
import { StageEnvironment } from './environment.js';
import { eventQueue } from './event-queue.js';
import { contentFrameBounds } from './frame-bounds.js';
import { FrameLoop } from './frame-loop.js';
import { FrameStats, type StatsReading } from './frame-stats.js';
import { Ground } from './ground.js';
import { StageLights } from './lights.js';
import { LodPass, type LodSettings } from './lod.js';
import { runningPhysics } from './physics.js';
import { QuietRoots } from './quiet-roots.js';
import { ShadowReach } from './shadow-reach.js';
import { RenderSurface, type SurfaceLook } from './shared-renderer.js';
import { StageCamera } from './stage-camera.js';
import { tickActor } from './tick-actor.js';

export type { Actor, ActorPhase } from './actor.js';

/**
 * The debug views a stage can show: `skeleton` and `colliders` (drawn here), `root-motion` (each character's
 * arrow), `stats` (timings published through `onStats`).
 */
export const DEBUG_VIEWS = ['skeleton', 'root-motion', 'colliders', 'stats'] as const;
export type DebugView = (typeof DEBUG_VIEWS)[number];

/** Device pixel ratio cap: beyond 2 the fill cost grows faster than anyone can see. */
const MAX_PIXEL_RATIO = 2;

/**
 * A camera, lights, optional ground and the one frame loop, drawing into a canvas that fills `sizeSource`
 * and follows its size, through the page's one shared WebGL renderer (see shared-renderer.ts). Everything three.js-side of `<anim-scene>` lives here; the element only
 * forwards parsed attribute values.
 *
 * Actors add their objects to `content` (whose bounds fit the shadow camera; call `contentChanged()` after
 * adding or removing objects) and register with `addActor` to be ticked every frame, in their phase.
 */
export class Stage implements StageCore {
  readonly canvas: HTMLCanvasElement;
  /** The page's shared renderer: set per-stage settings through the stage, never on it. */
  readonly renderer: WebGLRenderer;
  readonly #surface = new RenderSurface();
  readonly #orbitTarget = new Vector3();
  readonly scene = new Scene();
  readonly camera = new PerspectiveCamera(35, 2, 0.05, 200);
  /** Where actors put their objects. */
  readonly content = new Group();
  /** Under `content`: the roots of characters three has nothing to draw under (see QuietRoots). */
  readonly quietRoots = new QuietRoots();
  readonly lights = new StageLights();
  readonly loop: FrameLoop;
  /** The camera's orbit, target, field of view, limits, controls and auto-rotate, fitted to the content. */
  readonly view: StageCamera;
  /** The image-based light, skybox and tone mapping. */
  readonly environment: StageEnvironment;
  /** Whether the camera refits when the content changes (`auto` parts follow the model). */
  autoFrame = true;

  readonly #sizeSource: HTMLElement;
  readonly #resizeObserver: ResizeObserver;
  /** The actors of each phase, in ACTOR_PHASES order. */
  readonly #phases: Set<Actor>[] = ACTOR_PHASES.map(() => new Set<Actor>());
  readonly #animate = this.#phases[ACTOR_PHASES.indexOf('animate')];
  /** Chooses each character's tier (full, half, quarter rate or culled) before the characters pose. */
  readonly lod = new LodPass();
  readonly #disposers: (() => void)[] = [];
  readonly #overlay = new Group();
  readonly #frameBounds = new Box3();
  #ground: Ground | undefined;
  #debug: readonly DebugView[] = [];
  readonly #debugWatchers = new Set<() => void>();
  #colliders: ColliderOverlay | undefined;
  #stats: FrameStats | undefined;
  #contentVersion = 0;
  #disposed = false;
  #cssWidth = 1;
  #cssHeight = 1;

  /** Called about twice a second with the frame statistics while the `stats` debug view is on. */
  onStats: ((reading: Readonly<StatsReading>) => void) | null = null;
  /**
   * Called when the browser takes the WebGL context away (`restored` false: nothing draws meanwhile) and when
   * it gives it back (`restored` true: three.js has rebuilt its GPU state, and a redraw is on its way).
   */
  onContext: ((restored: boolean) => void) | null = null;

  constructor(sizeSource: HTMLElement) {
    this.#sizeSource = sizeSource;
    this.canvas = this.#surface.canvas;
    this.canvas.style.cssText = 'display:block;width:100%;height:100%;touch-action:none;';
    this.renderer = this.#surface.renderer;

    this.content.name = 'anim-content';
    this.content.add(this.quietRoots);
    this.#overlay.name = 'anim-debug';
    this.scene.add(this.lights.fill, this.lights.key, this.lights.key.target, this.content, this.#overlay);
    this.lights.fitTo(new Box3());
    this.setBackground('#e9ebee');
    this.view = new StageCamera(this.camera, this.canvas, () => this.loop?.requestRedraw());
    this.environment = new StageEnvironment(this.renderer, this.scene, this.#surface.look, () =>
      this.loop?.requestRedraw(),
    );
    this.environment.onChange = (lit) => this.lights.balance(lit);
    this.environment.setToneMapping('neutral');
    void this.environment.setEnvironment('neutral');
    this.view.fit(this.#frameBounds);

    this.#resizeObserver = new ResizeObserver(() => this.#resize());
    this.#resizeObserver.observe(sizeSource);
    this.#resize();

    this.loop = new FrameLoop((dt) => this.advance(dt, this.loop.interval), sizeSource);
    this.loop.start();
    this.#surface.onContext = this.#onContext;
  }

  readonly #onContext = (restored: boolean): void => {
    if (this.#disposed) return;
    if (restored) {
      this.environment.restored();
      this.loop.requestRedraw(); // a paused stage draws again too
    }
    this.onContext?.(restored);
  };

  // ——— actors and content ———

  /** Adds an actor to run every frame in `phase` (see ActorPhase; default `animate`). */
  addActor(actor: Actor, phase: ActorPhase = 'animate'): void {
    this.#phases[ACTOR_PHASES.indexOf(phase)].add(actor);
    this.loop.requestRedraw();
  }

  removeActor(actor: Actor): void {
    for (const actors of this.#phases) actors.delete(actor);
    this.loop.requestRedraw();
  }

  /** `addActor(actor, 'physics')`: runs before every other actor (a simulation the others read). */
  addEarlyActor(actor: Actor): void {
    this.addActor(actor, 'physics');
  }

  /** Runs `callback` once when the stage is disposed (a physics world frees its WebAssembly memory). */
  onDispose(callback: () => void): void {
    this.#disposers.push(callback);
  }

  /** `addActor(actor, 'follow')`: runs after every other actor and after the camera moved, before the render. */
  addLateActor(actor: Actor): void {
    this.addActor(actor, 'follow');
  }

  /** Actors of every phase. */
  get actorCount(): number {
    let count = 0;
    for (const actors of this.#phases) count += actors.size;
    return count;
  }

  /** Actors that are characters' rigs. */
  get characterCount(): number {
    let count = 0;
    for (const actor of this.#animate) if (actor.kind === 'character') count++;
    return count;
  }

  /**
   * Bumped by every `contentChanged()` but a framing one, and by a ground switch: caches over the scene's objects
   * compare it.
   */
  get contentVersion(): number {
    return this.#contentVersion;
  }

  /**
   * Refits the shadow camera, the ground and debug overlays to `content`, and the camera's `auto` parts
   * while `autoFrame` holds; call after adding or removing objects. With `framing` (a character's framing
   * bounds grew: it showed a clip for the first time, see character-framing.ts) a camera moved since its
   * last fit stays where it is.
   */
  contentChanged(framing = false): void {
    // a framing change adds no objects: what walks the content by its version (ground probes) walks on
    if (!framing) this.#contentVersion++;
    this.loop.requestRedraw();
    // many changes in a row (a crowd's characters arriving) refit once: before the next frame, on the next
    // read of the bounds or framing, or at the end of this task's microtasks when no character waits for its
    // bind turn; a content change among them wins
    this.#refitKeepsCamera = framing && (!this.#refitPending || this.#refitKeepsCamera);
    if (this.#refitPending) return;
    this.#refitPending = true;
    queueMicrotask(this.#refitSoon);
  }

  /** While characters still wait for bind turns (a crowd arriving, bind-turns.ts) the next frame refits. */
  readonly #refitSoon = (): void => {
    if (!bindTurnsWaiting()) this.#refitNow();
  };

  #refitPending = false;
  /** Whether the pending refit is for framing changes alone (see contentChanged), which leave a moved camera be. */
  #refitKeepsCamera = false;
  readonly #refitNow = (): void => {
    if (!this.#refitPending || this.#disposed) return;
    this.#refitPending = false;
    this.content.updateMatrixWorld(true);
    this.content.traverse((object) => {
      if ((object as Mesh).isMesh) object.castShadow = true;
    });
    this.#fitStage();
    if (this.autoFrame) this.view.fit(this.#frameBounds, this.#refitKeepsCamera);
    this.#rebuildOverlay();
  };

  /**
   * Fits the camera to the content now, whatever `autoFrame` says: the target, distance and clip planes
   * follow the model's framing bounds (a character's: every pose of the clips it shows), and the orbit returns to
   * the one asked for.
   */
  frame(): void {
    this.#refitNow();
    this.#fitStage();
    this.view.fit(this.#frameBounds);
  }

  /** The content's framing bounds now (world space; empty when nothing is on stage). */
  get frameBounds(): Box3 {
    this.#refitNow();
    return this.#frameBounds;
  }

  /** Shadow camera and ground sized to the content's framing bounds. */
  #fitStage(): void {
    this.#fitShadow();
    this.#ground?.fitTo(this.#frameBounds);
  }

  readonly #shadowReach = new ShadowReach();

  /**
   * The key light's shadow fitted to the content as it stands now. Also between refits, once something walks
   * out of the room the last fit left (ShadowReach): the camera and the ground stay where they were.
   */
  #fitShadow(): void {
    contentFrameBounds(this.content, this.#frameBounds);
    this.lights.fitTo(this.#frameBounds);
    this.#shadowReach.record(this.content, this.#frameBounds);
  }

  // ——— time ———

  get paused(): boolean {
    return this.loop.paused;
  }

  set paused(value: boolean) {
    this.loop.paused = value;
  }

  get timeScale(): number {
    return this.loop.timeScale;
  }

  set timeScale(value: number) {
    this.loop.timeScale = value;
  }

  /**
   * Advances every actor by exactly `dt` seconds (no time scale, no wall clock) and renders once, whether or
   * not the loop is paused: for tests and scrubbing.
   */
  step(dt: number): void {
    this.advance(dt);
  }

  /**
   * One frame's work: update actors, render, then dispatch the events the frame raised. `interval` is the
   * frame's unscaled length in seconds (for the stats; 0 for a redraw).
   */
  advance(dt: number, interval = dt): void {
    if (this.#disposed) return;
    const start = this.#stats ? performance.now() : 0;
    this.#refitNow();
    eventQueue.beginFrame();
    try {
      // forEach with a callback made once: a for-of over a Set makes an iterator per loop
      this.#dt = dt;
      const phases = this.#phases;
      const follow = phases.length - 1;
      for (let p = 0; p < follow; p++) {
        if (phases[p] === this.#animate) this.lod.run(this.camera, this.#animate, dt);
        phases[p].forEach(this.#tick);
      }
      this.view.advance(dt);
      this.view.controls?.update();
      // a skeleton overlay turned on is made again once the characters have put their bones back (see
      // CharacterRig: an instanced character's bones are out of the scene while nothing shows them)
      if (this.#overlayStale) this.#rebuildOverlay();
      phases[follow].forEach(this.#tick);
      if (this.lights.key.castShadow && this.#shadowReach.left(this.content)) this.#fitShadow();
      this.render();
    } finally {
      eventQueue.endFrame();
    }
    const stats = this.#stats;
    if (stats) {
      const { calls, triangles } = this.renderer.info.render;
      const physicsMs = runningPhysics(this)?.lastStepMs ?? Number.NaN;
      stats.frame(this, interval, performance.now() - start, calls, triangles, physicsMs);
    }
  }

  #dt = 0;
  readonly #tick = (actor: Actor): void => tickActor(actor, this.#dt);

  /** Called after each frame that reached the canvas (a viewer's poster waits for the first). */
  onPresent: (() => void) | null = null;

  /** Draws the scene into the canvas; false when nothing was drawn (disposed, or the context is lost). */
  render(): boolean {
    if (this.#disposed) return false;
    this.environment.prepare();
    if (!this.#surface.render(this.scene, this.camera)) return false;
    this.onPresent?.();
    return true;
  }

  /** The renderer settings this stage draws with (clear colour, exposure, tone mapping, shadows): read them here. */
  get look(): Readonly<SurfaceLook> {
    return this.#surface.look;
  }

  /** The canvas's size in CSS pixels. */
  getSize(target: Vector2): Vector2 {
    return target.set(this.#cssWidth, this.#cssHeight);
  }

  /** Renders now and returns the canvas as a data URL. */
  screenshot(type = 'image/png', quality?: number): string {
    this.render();
    return this.canvas.toDataURL(type, quality);
  }

  // ——— camera ———

  /** Places the camera: `yaw` and `pitch` in degrees, `distance` in metres, around the target (see `view` for `auto` parts). */
  setOrbit(yaw: number, pitch: number, distance: number): void {
    this.view.orbit = { yaw, pitch, distance };
    this.view.place();
  }

  /** The point the camera orbits and looks at, in metres. */
  setTarget(x: number, y: number, z: number): void {
    this.view.target = [x, y, z];
    this.view.place();
  }

  /** The point the camera orbits now: the controls' (panned) target while they are on. */
  get orbitTarget(): Vector3 {
    return this.view.currentTarget(this.#orbitTarget);
  }

  /** Turns three's OrbitControls (drag to orbit, wheel to zoom, right-drag to pan) on or off. */
  setControls(enabled: boolean): void {
    this.view.setControls(enabled);
  }

  /** The tier rule (lod.ts): thresholds of projected height, or off (every character posed every frame). */
  setLod(settings: LodSettings): void {
    this.lod.settings = settings;
    this.loop.requestRedraw();
  }

  // ——— look ———

  setShadows(enabled: boolean): void {
    if (this.#surface.look.shadows === enabled) return;
    this.#surface.look.shadows = enabled;
    this.lights.key.castShadow = enabled;
    // materials compiled without shadow code must recompile
    this.scene.traverse((object) => {
      const material = (object as Mesh).material as Material | Material[] | undefined;
      for (const m of Array.isArray(material) ? material : material ? [material] : []) m.needsUpdate = true;
    });
    this.loop.requestRedraw();
  }

  setGround(enabled: boolean): void {
    if (enabled === !!this.#ground) return;
    if (enabled) {
      this.#ground = new Ground();
      this.#ground.fitTo(this.#frameBounds);
      this.scene.add(this.#ground);
    } else {
      this.#ground?.removeFromParent();
      this.#ground?.dispose();
      this.#ground = undefined;
    }
    this.#contentVersion++;
    this.loop.requestRedraw();
  }

  /** Any CSS colour; `transparent` (or any alpha) lets the page show through. Returns false if not a colour. */
  setBackground(css: string): boolean {
    const resolved = resolveCssColor(css);
    if (!resolved) return false;
    this.#surface.look.clearColor.setRGB(resolved.r, resolved.g, resolved.b);
    this.#surface.look.clearAlpha = resolved.alpha;
    this.loop?.requestRedraw();
    return true;
  }

  /** Tone-mapping exposure; 1 is neutral. */
  setExposure(exposure: number): void {
    this.#surface.look.exposure = exposure;
    this.loop.requestRedraw();
  }

  /**
   * Whether the skeleton overlay shows: one function for every rig of the stage (each asks it several times a
   * frame), so the call reads the stage, not a closure per character.
   */
  readonly skeletonShown = (): boolean => this.#debug.includes('skeleton');

  /** Whether a debug overlay is on (views that draw their own, like the root-motion arrow, ask; see watchDebug). */
  hasDebug(view: DebugView): boolean {
    return this.#debug.includes(view);
  }

  /** Calls `changed` after each `setDebug`; returns the function that stops it. */
  watchDebug(changed: () => void): () => void {
    this.#debugWatchers.add(changed);
    return () => this.#debugWatchers.delete(changed);
  }

  setDebug(views: readonly DebugView[]): void {
    const skeleton = views.includes('skeleton') && !this.#debug.includes('skeleton');
    this.#debug = views;
    for (const changed of [...this.#debugWatchers]) changed();
    this.#rebuildOverlay();
    this.#overlayStale = skeleton;
    this.#showColliders(views.includes('colliders'));
    if (!views.includes('stats')) this.#stats = undefined;
    else this.#stats ??= new FrameStats((reading) => this.onStats?.(reading));
    this.loop.requestRedraw();
  }

  #showColliders(on: boolean): void {
    if (on === !!this.#colliders) return;
    if (on) {
      this.#colliders = new ColliderOverlay(this);
      this.addLateActor(this.#colliders);
    } else if (this.#colliders) {
      this.removeActor(this.#colliders);
      this.#colliders.dispose();
      this.#colliders = undefined;
    }
  }

  #overlayStale = false;
  #rebuildOverlay(): void {
    this.#overlayStale = false;
    for (const helper of [...this.#overlay.children]) {
      helper.removeFromParent();
      (helper as SkeletonHelper).dispose?.();
    }
    // one helper over all of content: it collects every bone below it, whatever the armature layout
    if (this.#debug.includes('skeleton')) this.#overlay.add(new SkeletonHelper(this.content));
  }

  #resize(): void {
    const width = Math.max(1, this.#sizeSource.clientWidth || 300);
    const height = Math.max(1, this.#sizeSource.clientHeight || 150);
    this.#cssWidth = width;
    this.#cssHeight = height;
    this.#surface.setSize(width, height, Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO));
    this.loop?.requestRedraw();
    if (Math.abs(this.camera.aspect - width / height) < 1e-6) return;
    this.camera.aspect = width / height;
    // the fitted distance depends on the aspect: a narrower view stands further back
    this.view?.place();
    this.loop?.requestRedraw();
  }

  /** Stops the loop and frees everything the stage made; the last stage of the page frees the shared renderer. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.loop.dispose();
    this.#resizeObserver.disconnect();
    this.view.dispose();
    this.environment.dispose();
    this.setGround(false);
    this.setDebug([]);
    this.onStats = null;
    this.onContext = null;
    this.onPresent = null;
    for (const actors of this.#phases) actors.clear();
    for (const callback of this.#disposers.splice(0)) callback();
    this.lights.key.shadow.dispose();
    this.#surface.dispose();
    this.canvas.remove();
  }
}

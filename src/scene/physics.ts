// The one file that imports Rapier, and only by dynamic import(): a page without physics never loads it.
import type * as RapierModule from '@dimforge/rapier3d-compat';
import type { BufferGeometry, Group, Mesh, Object3D } from 'three';
import { Vector3 } from 'three';
import type { Actor, StageCore as Stage } from './actor.js';
import { CodedError } from './coded-error.js';

export type Rapier = typeof RapierModule;
export type RapierWorld = RapierModule.World;
export type RapierBody = RapierModule.RigidBody;
export type RapierCollider = RapierModule.Collider;

/** Something that runs with every fixed physics step (ragdolls, character controllers). */
export interface PhysicsListener {
  /** Before the world steps by `h` seconds: push kinematic bodies, apply forces. */
  beforeStep?(h: number): void;
  /** After the world stepped: read bodies back, detect rest. */
  afterStep?(h: number): void;
}

/** A ray hit: distance along the (unit) direction and the collider hit. */
export interface RayHit {
  distance: number;
  collider: RapierCollider;
}

const RAPIER_PACKAGE = '@dimforge/rapier3d-compat';
const importRapier = (): Promise<unknown> => import('@dimforge/rapier3d-compat');
let importer: () => Promise<unknown> = importRapier;
let rapier: Promise<Rapier> | undefined;

/** For tests: how Rapier's module is imported (a failing importer stands for a page without the package). */
export function setRapierImporter(next: (() => Promise<unknown>) | undefined): void {
  importer = next ?? importRapier;
  rapier = undefined;
}

/**
 * Loads and initializes Rapier's WebAssembly once per page. A failure is not kept: the next request tries
 * again (the network may be back). Rejects with `physics-unavailable` when the optional package cannot be
 * imported, `physics-failed` when it was imported but could not start (a page whose CSP forbids WebAssembly).
 */
export function loadRapier(): Promise<Rapier> {
  rapier ??= importer().then(
    async (module) => {
      const loaded = ((module as { default?: Rapier }).default ?? module) as Rapier;
      try {
        await loaded.init();
      } catch (error) {
        throw new CodedError('physics-failed', `Rapier could not start: ${String(error)}`, { cause: error });
      }
      return loaded;
    },
    (error: unknown) => {
      throw new CodedError(
        'physics-unavailable',
        `physics needs the optional package ${RAPIER_PACKAGE} (npm install ${RAPIER_PACKAGE}); importing it failed: ${String(error)}`,
        { cause: error },
      );
    },
  );
  rapier.catch(() => {
    rapier = undefined;
  });
  return rapier;
}

/**
 * A Rapier world for one stage: gravity, a ground plane at y = 0 (200 m across), a fixed step (default 1/60 s, at most
 * `maxSteps` per frame: a stalled tab drops time rather than spiralling), and listeners that run around
 * each step. An Actor of its stage; free of any one user, so ragdolls and character controllers share it.
 */
export class PhysicsWorld implements Actor {
  readonly rapier: Rapier;
  readonly world: RapierWorld;
  /** The ground plane's collider (y = 0, facing up). */
  readonly ground: RapierCollider;
  fixedStep = 1 / 60;
  maxSteps = 4;
  /** Whether time passes (the stage's `paused` already stops dt; this pauses physics alone). */
  paused = false;
  /** Milliseconds the last `update` spent stepping the world (0 when it took no step): for `debug="stats"`. */
  lastStepMs = 0;
  /** Gravity as set (m/s²): what the frame reads, where Rapier's getter would make an object per read. */
  readonly gravity = new Float64Array(3);
  #accumulator = 0;
  readonly #listeners = new Set<PhysicsListener>();
  /** The step being taken, for the listeners' calls (bound once: no closure per frame). */
  #h = 0;
  readonly #before = (listener: PhysicsListener) => listener.beforeStep?.(this.#h);
  readonly #after = (listener: PhysicsListener) => listener.afterStep?.(this.#h);
  readonly #content: Group | null;
  /** Scenery with colliders: the object, its colliders, and what it looked like when they were made. */
  readonly #scenery: { object: Object3D; colliders: RapierCollider[]; key: Float64Array }[] = [];
  #disposed = false;
  #ray: RapierModule.Ray | null = null;

  /**
   * @param content the stage's content group: its children marked `userData.collider` (`<anim-model
   * collider>`) get static colliders, rebuilt when they move or change, removed when they go.
   */
  constructor(
    module: Rapier,
    gravity: readonly [number, number, number] = [0, -9.81, 0],
    content: Group | null = null,
  ) {
    this.rapier = module;
    this.#content = content;
    this.world = new module.World({ x: gravity[0], y: gravity[1], z: gravity[2] });
    this.gravity.set(gravity);
    // twice Rapier's default: with four, a ragdoll's head could jitter against its neck limit and the ground
    // for as long as the body lay (one fall in eight never settled); with eight, all of them settle
    this.world.numSolverIterations = 8;
    // a thick slab whose top is y = 0: thick, so nothing fast tunnels through it
    const body = this.world.createRigidBody(module.RigidBodyDesc.fixed().setTranslation(0, -5, 0));
    // 100 m each way: Rapier's character controller sinks into (and sticks in) far larger cuboids
    this.ground = this.world.createCollider(module.ColliderDesc.cuboid(100, 5, 100), body);
    this.ground.setFriction(0.9);
  }

  setGravity(x: number, y: number, z: number): void {
    this.world.gravity = { x, y, z };
    this.gravity[0] = x;
    this.gravity[1] = y;
    this.gravity[2] = z;
  }

  addListener(listener: PhysicsListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Advances by whole fixed steps, carrying the remainder; `dt` 0 (a redraw) does nothing. */
  update(dt: number): void {
    if (this.#disposed) return;
    this.lastStepMs = 0;
    this.syncScenery();
    if (this.paused || !(dt > 0) || !Number.isFinite(dt)) return;
    this.#accumulator += dt;
    let steps = Math.floor(this.#accumulator / this.fixedStep + 1e-9);
    this.#accumulator -= steps * this.fixedStep;
    if (steps > this.maxSteps) steps = this.maxSteps;
    if (steps === 0) return;
    const start = performance.now();
    for (let i = 0; i < steps; i++) this.step();
    this.lastStepMs = performance.now() - start;
  }

  /** Brings the scenery colliders up to date with the content's marked children (done every frame). */
  syncScenery(): void {
    const content = this.#content;
    if (!content) return;
    const scenery = this.#scenery;
    for (let i = scenery.length - 1; i >= 0; i--) {
      const entry = scenery[i];
      const object = entry.object;
      if (object.parent === content && object.userData.collider === true && !changed(entry.key, object)) continue;
      this.removeColliders(entry.colliders);
      scenery.splice(i, 1);
    }
    const children = content.children;
    for (let i = 0; i < children.length; i++) {
      const object = children[i];
      if (object.userData.collider !== true || hasScenery(scenery, object)) continue;
      const key = new Float64Array(17);
      changed(key, object);
      scenery.push({ object, colliders: this.addStaticMeshes(object), key });
    }
  }

  /** One fixed step, listeners around it. */
  step(): void {
    this.#h = this.fixedStep;
    this.world.timestep = this.#h;
    this.#listeners.forEach(this.#before);
    this.world.step();
    this.#listeners.forEach(this.#after);
  }

  /** The first collider along a ray from `origin` in unit direction `direction`, within `maxDistance`. */
  castRay(
    origin: readonly [number, number, number],
    direction: readonly [number, number, number],
    maxDistance: number,
  ): RayHit | null {
    const ray = (this.#ray ??= new this.rapier.Ray({ x: 0, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }));
    ray.origin.x = origin[0];
    ray.origin.y = origin[1];
    ray.origin.z = origin[2];
    ray.dir.x = direction[0];
    ray.dir.y = direction[1];
    ray.dir.z = direction[2];
    // Rapier's castRay itself still makes its query's wrappers (and the hit) per call
    const hit = this.world.castRay(ray, maxDistance, true);
    return hit ? { distance: hit.timeOfImpact, collider: hit.collider } : null;
  }

  /**
   * Static triangle-mesh colliders for every mesh under `object` (scenery), in world space as it stands now.
   * Returns them, to pass to `removeColliders` when the scenery goes.
   */
  addStaticMeshes(object: Object3D): RapierCollider[] {
    object.updateWorldMatrix(true, true);
    const colliders: RapierCollider[] = [];
    const v = new Vector3();
    object.traverse((child) => {
      const mesh = child as Mesh;
      if (!mesh.isMesh) return;
      const geometry = mesh.geometry as BufferGeometry;
      const position = geometry.getAttribute('position');
      if (!position) return;
      const vertices = new Float32Array(position.count * 3);
      for (let i = 0; i < position.count; i++) {
        v.fromBufferAttribute(position, i).applyMatrix4(mesh.matrixWorld);
        vertices.set([v.x, v.y, v.z], i * 3);
      }
      const indices = geometry.index
        ? Uint32Array.from(geometry.index.array)
        : Uint32Array.from({ length: position.count }, (_, i) => i);
      const body = this.world.createRigidBody(this.rapier.RigidBodyDesc.fixed());
      const desc = this.rapier.ColliderDesc.trimesh(vertices, indices);
      if (desc) colliders.push(this.world.createCollider(desc, body));
    });
    this.#refreshQueries();
    return colliders;
  }

  removeColliders(colliders: readonly RapierCollider[]): void {
    for (const collider of colliders) {
      const body = collider.parent();
      if (body) this.world.removeRigidBody(body);
      else this.world.removeCollider(collider, false);
    }
    this.#refreshQueries();
  }

  /** Ray queries see colliders once a step has indexed them: a step of zero time does that, moving nothing. */
  #refreshQueries(): void {
    this.world.timestep = 0;
    this.world.step();
    this.world.timestep = this.fixedStep;
  }

  /**
   * Every collider's outline as line segments, as the world stands: Rapier's debug render. `vertices` holds
   * two end points (x, y, z) per segment, `colors` an RGBA colour per end point in Rapier's default style
   * (`debugLineBody` tells what each segment belongs to). Rapier copies both out of its memory on each call.
   * The ground slab is left out: its top is the plane y = 0, and its edges 100 m away would streak the horizon.
   */
  debugLines(): { vertices: Float32Array; colors: Float32Array } {
    return this.world.debugRender(undefined, this.#notGround);
  }

  readonly #notGround = (collider: RapierCollider): boolean => collider.handle !== this.ground.handle;

  /** Whether the world was disposed (its stage went away). */
  get disposed(): boolean {
    return this.#disposed;
  }

  /**
   * Stops stepping and frees the world's WebAssembly memory on the next task: the elements leaving the page
   * with the stage (a controller, a ragdoll) still release their bodies in this one.
   */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#listeners.clear();
    setTimeout(() => this.world.free(), 0);
  }
}

/** What a debug line outlines: a collider of a fixed, kinematic or dynamic body (`debugLineBody`). */
export const DEBUG_FIXED = 0;
export const DEBUG_KINEMATIC = 1;
export const DEBUG_DYNAMIC = 2;
/** Not a collider: a body's axes or a joint's anchors. */
export const DEBUG_OTHER = -1;

/** Hues (degrees) of Rapier's default debug style: fixed 30, kinematic 20, dynamic 340 (joints 0 and 240). */
const FIXED_HUE = 30;
const KINEMATIC_HUE = 20;
const DYNAMIC_HUE = 340;
const HUE_TOLERANCE = 4;

/**
 * What the debug line through point `point` of `debugLines().colors` belongs to: `DEBUG_FIXED`,
 * `DEBUG_KINEMATIC`, `DEBUG_DYNAMIC` or `DEBUG_OTHER` (body axes: pure red, green, blue; joints), told by
 * the colour's hue, which Rapier keeps when it darkens sleeping bodies.
 */
export function debugLineBody(colors: Float32Array, point: number): number {
  const r = colors[point * 4];
  const g = colors[point * 4 + 1];
  const b = colors[point * 4 + 2];
  const max = Math.max(r, g, b);
  const span = max - Math.min(r, g, b);
  if (!(span > 1e-6)) return DEBUG_OTHER;
  let hue = max === r ? (60 * (g - b)) / span : max === g ? 60 * ((b - r) / span + 2) : 60 * ((r - g) / span + 4);
  if (hue < 0) hue += 360;
  if (Math.abs(hue - FIXED_HUE) <= HUE_TOLERANCE) return DEBUG_FIXED;
  if (Math.abs(hue - KINEMATIC_HUE) <= HUE_TOLERANCE) return DEBUG_KINEMATIC;
  if (Math.abs(hue - DYNAMIC_HUE) <= HUE_TOLERANCE) return DEBUG_DYNAMIC;
  return DEBUG_OTHER;
}

function hasScenery(scenery: readonly { object: Object3D }[], object: Object3D): boolean {
  for (let i = 0; i < scenery.length; i++) if (scenery[i].object === object) return true;
  return false;
}

/** Whether `object` moved or changed its children since `key` was taken; updates `key`. */
function changed(key: Float64Array, object: Object3D): boolean {
  object.updateWorldMatrix(true, false);
  const m = object.matrixWorld.elements;
  let different = key[16] !== object.children.length;
  key[16] = object.children.length;
  for (let i = 0; i < 16; i++) {
    if (key[i] !== m[i]) different = true;
    key[i] = m[i];
  }
  return different;
}

const worlds = new WeakMap<Stage, Promise<PhysicsWorld>>();
/** The worlds that have started, for per-frame readers that must not wait (debug overlays). */
const running = new WeakMap<Stage, PhysicsWorld>();

/** The stage's physics world if it runs now; undefined before it started (or when none was asked for). */
export function runningPhysics(stage: Stage): PhysicsWorld | undefined {
  return running.get(stage);
}

/** A stage's physics settings (from `<anim-scene gravity fixed-step>`), kept for a world started later. */
export interface PhysicsSettings {
  gravity: readonly [number, number, number];
  fixedStep: number;
}

const settings = new WeakMap<Stage, PhysicsSettings>();

/**
 * Sets a stage's gravity and fixed step: applied to its world now if it runs, else when one starts (by
 * `physics` on the scene, a ragdoll or a controller). With `start`, starts the world (Rapier loads once).
 */
export function configurePhysics(stage: Stage, value: PhysicsSettings, start: boolean): Promise<PhysicsWorld> | null {
  settings.set(stage, value);
  const running = worlds.get(stage);
  void running?.then(
    (world) => applySettings(world, value),
    () => undefined,
  );
  return start ? startPhysics(stage) : null;
}

function applySettings(world: PhysicsWorld, value: PhysicsSettings): void {
  world.setGravity(value.gravity[0], value.gravity[1], value.gravity[2]);
  world.fixedStep = value.fixedStep;
}

/**
 * The stage's physics world, started on first use: Rapier loads (once per page), the world is made and joins
 * the stage's frame loop. Later calls return the same world.
 * @throws CodedError `physics-unavailable` or `physics-failed` (as the rejection), see {@link loadRapier}; the
 * next call tries again.
 */
export function startPhysics(stage: Stage): Promise<PhysicsWorld> {
  let started = worlds.get(stage);
  if (!started) {
    started = loadRapier().then(
      (module) => {
        const physics = new PhysicsWorld(module, undefined, stage.content);
        const chosen = settings.get(stage);
        if (chosen) applySettings(physics, chosen);
        // stepped first in each frame, so characters pose from this frame's bodies
        stage.addEarlyActor(physics);
        running.set(stage, physics);
        stage.onDispose(() => {
          worlds.delete(stage);
          running.delete(stage);
          physics.dispose();
        });
        return physics;
      },
      (error: unknown) => {
        worlds.delete(stage);
        throw error instanceof CodedError
          ? error
          : new CodedError('physics-failed', `Rapier could not start: ${String(error)}`, { cause: error });
      },
    );
    worlds.set(stage, started);
  }
  return started;
}

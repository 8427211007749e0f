// A stage's Rapier world. Loaded with Rapier itself, on first use (physics.ts starts it): a page without
// physics never loads this module.
import type * as RapierModule from '@dimforge/rapier3d-compat';
import type { BufferGeometry, Group, Mesh, Object3D } from 'three';
import { Vector3 } from 'three';
import type { Actor } from './actor.js';

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

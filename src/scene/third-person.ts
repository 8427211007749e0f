import { MathUtils, Vector3 } from 'three';
import { MANNEQUIN_RUN_SPEED, MANNEQUIN_WALK_SPEED } from '../graph/index.js';
import { wrapAngle } from '../runtime/core.js';
import { length2 } from '../runtime/length.js';
import { CharacterController } from './character-controller.js';
import type { CharacterRig } from './character-rig.js';
import type { ClipLibrary } from './clip-library.js';
import type { GraphSource } from './graph-source.js';
import { orbitPosition } from './orbit.js';
import type { PhysicsWorld } from './physics.js';
import type { Actor, Stage } from './stage.js';

/** What the player asks for this frame: a move on the ground plane of the camera, a run, a jump. */
export interface ControlInput {
  /** −1 (back) … 1 (forward), along the camera's view. */
  forward: number;
  /** −1 (left) … 1 (right), across the camera's view. */
  right: number;
  run: boolean;
  /** A jump, consumed by the next frame on the ground. */
  jump: boolean;
}

export interface ThirdPersonSettings {
  walkSpeed: number;
  runSpeed: number;
  /** Radians per second. */
  turnSpeed: number;
  /** Height of a jump, metres. */
  jumpHeight: number;
  /** Follow with the spring-arm camera. */
  camera: boolean;
}

export const DEFAULT_THIRD_PERSON: ThirdPersonSettings = {
  walkSpeed: MANNEQUIN_WALK_SPEED,
  runSpeed: MANNEQUIN_RUN_SPEED,
  turnSpeed: MathUtils.degToRad(540),
  jumpHeight: 0.9,
  camera: true,
};

/** How fast the ground speed follows the input, m/s². */
const ACCELERATION = 10;
/** Where the spring arm is fixed on the character (above the feet) and how close a wall may bring it. */
const ARM_HEIGHT = 1.45;
const ARM_MARGIN = 0.2;
/** Pitch limits of the orbit camera, degrees. */
const MIN_PITCH = -20;
const MAX_PITCH = 70;

/**
 * The third-person starter, scene side: a capsule in the physics world moved by the character's root
 * motion (`expose planar`: the clip's horizontal motion goes through `moveAndSlide`, so walls, slopes and
 * steps shape it and feet keep pace), camera-relative input turned into a heading (turning at `turnSpeed`)
 * and a ground speed (walk or run, eased), a physics jump with the vertical handed off, gravity and
 * landing, the locomotion graph's params (`speed`, `grounded`, `jump`, `fall`), and a spring-arm orbit
 * camera that a ray keeps in front of walls.
 *
 * The character's rig is asked for each frame (it may be replaced by a new model). A rig with no state
 * graph gets the built-in locomotion graph over its clips. Runs before the rig in the frame (it moves the
 * root, then the rig poses there); a warp in progress places the character itself, the capsule follows.
 */
export class ThirdPersonController implements Actor {
  readonly input: ControlInput = { forward: 0, right: 0, run: false, jump: false };
  settings: ThirdPersonSettings = { ...DEFAULT_THIRD_PERSON };
  /** Orbit of the camera around the character: degrees and metres. */
  readonly orbit = { yaw: 0, pitch: 20, distance: 5 };
  readonly capsule: CharacterController;
  /** Ground speed now (the `speed` param), m/s. */
  speed = 0;
  /** Vertical speed, m/s (physics owns it while airborne). */
  verticalSpeed = 0;
  /** Downward speed at the last touchdown (the `fall` param), m/s. */
  fallSpeed = 0;

  readonly #stage: Stage;
  readonly #physics: PhysicsWorld;
  readonly #getRig: () => CharacterRig | undefined;
  #rig: CharacterRig | undefined;
  #graphFor: ClipLibrary | null = null;
  #graph: GraphSource | null = null;
  /** Horizontal velocity carried through the air (from the ground's last frame), m/s. */
  #airX = 0;
  #airZ = 0;
  readonly #target = new Vector3();
  /** Where this controller last put the character: a root found elsewhere was moved by someone else. */
  readonly #placed = new Vector3();
  readonly #camera = new Vector3();
  readonly #ray = { origin: { x: 0, y: 0, z: 0 }, dir: { x: 0, y: 0, z: 0 } };
  #rayObject: InstanceType<PhysicsWorld['rapier']['Ray']> | null = null;

  /**
   * `locomotion` makes the built-in locomotion graph over a rig's clips (scene/locomotion-source.ts, which
   * the page fetches with the posing code); asked only while a rig exists.
   */
  constructor(
    stage: Stage,
    physics: PhysicsWorld,
    rig: () => CharacterRig | undefined,
    readonly locomotion: (rig: CharacterRig) => GraphSource,
  ) {
    this.#stage = stage;
    this.#physics = physics;
    this.#getRig = rig;
    const place = rig()?.root.position;
    this.capsule = new CharacterController(physics, place?.x ?? 0, place?.y ?? 0, place?.z ?? 0);
    this.capsule.grounded = true;
  }

  get grounded(): boolean {
    return this.capsule.grounded;
  }

  /** Turns the orbit camera by degrees (a drag). */
  turnCamera(yaw: number, pitch: number): void {
    this.orbit.yaw += yaw;
    this.orbit.pitch = MathUtils.clamp(this.orbit.pitch + pitch, MIN_PITCH, MAX_PITCH);
    this.#stage.loop.requestRedraw();
  }

  /** Puts the character (and capsule) at x y z, e.g. a respawn. */
  teleport(x: number, y: number, z: number): void {
    this.capsule.teleport(x, y, z);
    // the character now, even one this controller has not run on yet (its first frame adopts it where it stands)
    this.#getRig()?.root.position.set(x, y, z);
    this.#placed.set(x, y, z);
    this.verticalSpeed = 0;
  }

  update(dt: number): void {
    const rig = this.#getRig();
    if (rig !== this.#rig) this.#adopt(rig);
    if (!rig) return;
    if (!(dt > 0)) {
      this.#placeCamera(rig);
      return;
    }
    const root = rig.root;
    // the page set the character's position: the capsule goes there
    if (!rig.warping && root.position.distanceToSquared(this.#placed) > 1e-12) {
      const { x, y, z } = root.position;
      this.teleport(x, y, z);
    }
    if (rig.warping) {
      // the warp places the character; the capsule follows and the character counts as on the ground
      this.capsule.teleport(root.position.x, root.position.y, root.position.z);
      this.#placed.copy(root.position);
      this.capsule.grounded = true;
      this.verticalSpeed = 0;
      this.#placeCamera(rig);
      return;
    }
    const graph = this.#ensureGraph(rig);
    const s = this.settings;
    const input = this.input;

    // camera-relative direction on the ground
    const yaw = MathUtils.degToRad(this.orbit.yaw);
    const fx = -Math.sin(yaw);
    const fz = -Math.cos(yaw);
    let mx = fx * input.forward - fz * input.right;
    let mz = fz * input.forward + fx * input.right;
    const amount = Math.min(1, length2(mx, mz));
    if (amount > 1e-3) {
      const n = length2(mx, mz);
      mx /= n;
      mz /= n;
      const wanted = Math.atan2(mx, mz);
      const turn = wrapAngle(wanted - root.rotation.y);
      const step = s.turnSpeed * dt;
      root.rotation.y = wrapAngle(root.rotation.y + MathUtils.clamp(turn, -step, step));
    }
    const targetSpeed = amount > 1e-3 ? (input.run ? s.runSpeed : s.walkSpeed) * amount : 0;
    const change = ACCELERATION * dt;
    this.speed += MathUtils.clamp(targetSpeed - this.speed, -change, change);

    // horizontal: the clip's root motion on the ground (last frame's, in the character's frame), momentum in the air
    rig.rootMotion.configure('expose', true, false);
    const wasGrounded = this.capsule.grounded;
    let dx: number;
    let dz: number;
    if (wasGrounded) {
      const d = rig.rootMotion.delta;
      const h = root.rotation.y;
      const c = Math.cos(h);
      const sn = Math.sin(h);
      dx = c * d[0] + sn * d[2];
      dz = -sn * d[0] + c * d[2];
      this.#airX = dx / dt;
      this.#airZ = dz / dt;
    } else {
      dx = this.#airX * dt;
      dz = this.#airZ * dt;
    }

    // vertical: physics owns it in the air
    const gravity = -this.#physics.gravity[1];
    let jumped = false;
    if (wasGrounded && input.jump) {
      this.verticalSpeed = Math.sqrt(2 * gravity * s.jumpHeight);
      jumped = true;
    }
    input.jump = false;
    if (!wasGrounded || jumped) this.verticalSpeed -= gravity * dt;
    else this.verticalSpeed = 0;
    // on the ground no downward push: snap-to-ground keeps the feet down, and autostep climbs only level moves
    const dy = wasGrounded && !jumped ? 0 : this.verticalSpeed * dt;

    const grounded = this.capsule.moveAndSlide(dx, dy, dz) && !(jumped || this.verticalSpeed > 0.5);
    this.capsule.grounded = grounded;
    if (!grounded) this.fallSpeed = Math.max(0, -this.verticalSpeed);
    if (grounded && !wasGrounded) this.verticalSpeed = 0;
    const p = this.capsule.position;
    root.position.set(p[0], p[1], p[2]);
    this.#placed.copy(root.position);
    rig.airborne = !grounded;
    rig.verticalHandoff = !grounded || jumped;

    if (graph) {
      graph.setParam('speed', this.speed);
      // the jump leaves from the ground: grounded this frame, so the graph's `jump && grounded` takes the
      // trigger now (left set, it would fire on landing and play the take-off again instead of the landing)
      graph.setParam('grounded', grounded || jumped);
      graph.setParam('fall', this.fallSpeed);
      if (jumped) graph.setParam('jump', true);
    }
    this.#placeCamera(rig);
  }

  dispose(): void {
    this.capsule.dispose();
    if (this.#rig && this.#graph && this.#rig.source === this.#graph) this.#rig.source = this.#rig.playback;
    this.#graph = null;
  }

  /** A new rig (a new model, or the first): the capsule goes where it stands. */
  #adopt(rig: CharacterRig | undefined): void {
    this.#rig = rig;
    this.#graph = null;
    this.#graphFor = null;
    if (rig) this.teleport(rig.root.position.x, rig.root.position.y, rig.root.position.z);
  }

  /** The rig's own graph when it has one; else the built-in locomotion graph over its clips. */
  #ensureGraph(rig: CharacterRig): { setParam(name: string, value: number | boolean): boolean } | null {
    const source = rig.source as Partial<GraphSource>;
    if (source !== this.#graph && typeof source.setParam === 'function') return source as GraphSource;
    if (rig.source !== rig.playback && rig.source !== this.#graph) return null;
    if (this.#graph === null || this.#graphFor !== rig.library) {
      this.#graph = this.locomotion(rig);
      this.#graphFor = rig.library;
    }
    rig.source = this.#graph;
    return this.#graph;
  }

  /** The spring arm: an orbit around the character's head, shortened by the first wall behind it. */
  #placeCamera(rig: CharacterRig): void {
    if (!this.settings.camera) return;
    const camera = this.#stage.camera;
    const target = this.#target.copy(rig.root.position);
    target.y += ARM_HEIGHT;
    const wanted = orbitPosition(target, this.orbit.yaw, this.orbit.pitch, this.orbit.distance, this.#camera);
    const distance = this.orbit.distance;
    const R = this.#physics.rapier;
    const { origin, dir } = this.#ray;
    origin.x = target.x;
    origin.y = target.y;
    origin.z = target.z;
    dir.x = (wanted.x - target.x) / distance;
    dir.y = (wanted.y - target.y) / distance;
    dir.z = (wanted.z - target.z) / distance;
    this.#rayObject ??= new R.Ray(origin, dir);
    this.#rayObject.origin = origin;
    this.#rayObject.dir = dir;
    const hit = this.#physics.world.castRay(
      this.#rayObject,
      distance + ARM_MARGIN,
      true,
      undefined,
      undefined,
      undefined,
      this.capsule.body,
    );
    const arm = hit ? Math.max(0.3, Math.min(distance, hit.timeOfImpact - ARM_MARGIN)) : distance;
    camera.position.set(target.x + dir.x * arm, target.y + dir.y * arm, target.z + dir.z * arm);
    camera.lookAt(target);
  }
}

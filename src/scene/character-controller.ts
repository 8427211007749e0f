import type { PhysicsWorld, RapierBody, RapierCollider, RapierWorld } from './physics.js';

type KinematicMover = ReturnType<RapierWorld['createCharacterController']>;

export interface CapsuleOptions {
  /** Capsule radius, metres. Default 0.3. */
  radius?: number;
  /** Full height, feet to crown, metres. Default 1.8. */
  height?: number;
  /** Highest step climbed without a jump, metres. Default 0.35. */
  stepHeight?: number;
  /** Steepest slope walked up, radians. Default 45°. */
  maxSlope?: number;
  /** How far below the feet the ground is still found (snapped to) when walking down, metres. Default 0.3. */
  snap?: number;
}

/** The gap Rapier keeps between the capsule and what it touches, metres. */
const SKIN = 0.01;

/**
 * A character's capsule in a physics world, moved by Rapier's kinematic character controller:
 * `moveAndSlide(dx, dy, dz)` slides along walls, climbs slopes up to `maxSlope` and steps up to
 * `stepHeight` (autostep), snaps down to the ground within `snap`, and reports `grounded`. `position` is
 * the feet: the bottom of the capsule, where the character's root stands.
 */
export class CharacterController {
  /** The feet, x y z in metres, after the last move. */
  readonly position = new Float64Array(3);
  /** Whether the last move ended on the ground. */
  grounded = false;
  readonly body: RapierBody;
  readonly collider: RapierCollider;
  readonly #physics: PhysicsWorld;
  readonly #mover: KinematicMover;
  /** From the capsule's centre down to the feet. */
  readonly #centreHeight: number;
  readonly #wanted = { x: 0, y: 0, z: 0 };
  readonly #centre = { x: 0, y: 0, z: 0 };
  readonly #moved = { x: 0, y: 0, z: 0 };
  #disposed = false;

  constructor(physics: PhysicsWorld, x: number, y: number, z: number, options: CapsuleOptions = {}) {
    const R = physics.rapier;
    const radius = options.radius ?? 0.3;
    const height = Math.max(options.height ?? 1.8, 2 * radius + 0.01);
    const halfHeight = height / 2 - radius;
    this.#physics = physics;
    this.#centreHeight = halfHeight + radius + SKIN;
    this.body = physics.world.createRigidBody(R.RigidBodyDesc.kinematicPositionBased());
    this.collider = physics.world.createCollider(R.ColliderDesc.capsule(halfHeight, radius), this.body);
    const mover = physics.world.createCharacterController(SKIN);
    mover.setUp({ x: 0, y: 1, z: 0 });
    mover.enableAutostep(options.stepHeight ?? 0.35, radius * 0.5, false);
    mover.enableSnapToGround(options.snap ?? 0.3);
    mover.setMaxSlopeClimbAngle(options.maxSlope ?? Math.PI / 4);
    mover.setMinSlopeSlideAngle((options.maxSlope ?? Math.PI / 4) + 0.05);
    mover.setSlideEnabled(true);
    this.#mover = mover;
    this.teleport(x, y, z);
  }

  /** Places the feet at x y z without sweeping (a warp or a respawn moved the character). */
  teleport(x: number, y: number, z: number): void {
    if (this.#disposed) return;
    this.position[0] = x;
    this.position[1] = y;
    this.position[2] = z;
    this.#place();
  }

  /**
   * Moves the capsule by (dx, dy, dz) metres as far as the world allows: sliding along walls, up slopes
   * and steps, snapping down onto the ground. Returns whether it ended on the ground. Never throws.
   */
  moveAndSlide(dx: number, dy: number, dz: number): boolean {
    if (this.#disposed) return false;
    const w = this.#wanted;
    w.x = Number.isFinite(dx) ? dx : 0;
    w.y = Number.isFinite(dy) ? dy : 0;
    w.z = Number.isFinite(dz) ? dz : 0;
    this.#mover.computeColliderMovement(this.collider, w);
    const moved = this.#mover.computedMovement(this.#moved);
    this.position[0] += moved.x;
    this.position[1] += moved.y;
    this.position[2] += moved.z;
    this.grounded = this.#mover.computedGrounded();
    this.#place();
    return this.grounded;
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#physics.world.removeCharacterController(this.#mover);
    this.#physics.world.removeRigidBody(this.body);
  }

  #place(): void {
    const c = this.#centre;
    c.x = this.position[0];
    c.y = this.position[1] + this.#centreHeight;
    c.z = this.position[2];
    this.body.setTranslation(c, true);
    this.#physics.world.propagateModifiedBodyPositionsToColliders();
  }
}

import { copyPose, createPose, type Pose, poseSize } from './pose.js';

/**
 * Inertialization: a transition that switches to its target at once and hides the switch by laying over
 * the target the difference from the pose shown before, decayed to nothing over the blend time (after
 * Bollo, "Inertialization: High-Performance Animation Transitions in Gears of War", GDC 2018). Only the
 * target is evaluated: a blend costs one clip's sampling plus this decay, where a crossfade samples both.
 *
 * Each channel (a translation, scale or morph-weight component, a component of a rotation's offset as a
 * rotation vector, composed on the left of the target's rotation) decays on the quintic
 *
 *   x(t) = x0·(1 − 10s³ + 15s⁴ − 6s⁵) + v0·T·(s − 6s³ + 8s⁴ − 3s⁵),  s = t / T
 *
 * which starts at the offset x0 with its velocity v0 and no added acceleration, and ends at 0 with zero
 * velocity and acceleration at t = T. An offset already heading to 0 fast enough to overshoot ends sooner,
 * at T = 2.5·|x0 / v0| (the longest time that curve stays on its side of 0).
 *
 * The source's velocity comes from the last two frames shown, the target's from its first two, so the
 * first frame of a blend shows the source carried on (extrapolated by its velocity) and the offsets are
 * taken on the next: the pose and its velocity run on without a step. Nothing is allocated after
 * construction but the first blend's state (most playbacks never start one; theirs is 28 kB for a 65-joint
 * skeleton).
 */
export class Inertializer {
  /** The last pose shown and the one before it (swapped, never copied twice). */
  private last: Pose;
  private before: Pose;
  private lastDt = 0;
  /** What a running blend keeps (most playbacks never start one): made by the first `start`. */
  private blend: BlendState | null = null;
  private movingLinearCount = 0;
  private movingJointCount = 0;
  private readonly jointCount: number;
  private readonly weightCount: number;
  /** 0 idle, 1 the first frame (source carried on), 2 the second (offsets taken), 3 decaying. */
  private phase = 0;
  private duration = 0;
  private elapsed = 0;
  private firstDt = 0;
  /** Root motion: the last frame's velocity shown, and the source's minus the target's at the blend's start. */
  private readonly motionVelocity = new Float64Array(4);
  private readonly motionOffset = new Float64Array(4);

  constructor(jointCount: number, weightCount = 0) {
    this.jointCount = jointCount;
    this.weightCount = weightCount;
    const size = poseSize(jointCount, weightCount);
    const block = new Float32Array(size * 2);
    this.last = createPose(jointCount, weightCount, block, 0);
    this.before = createPose(jointCount, weightCount, block, size);
  }

  /** Whether a blend is running. */
  get active(): boolean {
    return this.phase !== 0;
  }

  /** Seconds into the running blend (0 when none). */
  get time(): number {
    return this.phase === 0 ? 0 : this.elapsed;
  }

  /** Starts the history from `pose` (the first pose shown), so a blend right after has no velocity. */
  reset(pose: Pose): void {
    copyPose(pose, this.last);
    copyPose(pose, this.before);
    this.lastDt = 0;
    this.phase = 0;
  }

  /**
   * Starts a blend of `duration` seconds from the pose shown last; the next `apply` carries the source on.
   * A blend started during another starts from what is shown, so the offset left over blends out too.
   */
  start(duration: number): void {
    if (!(duration > 0)) {
      this.phase = 0;
      return;
    }
    this.blend ??= blendState(this.jointCount, this.weightCount);
    this.phase = 1;
    this.duration = duration;
    this.elapsed = 0;
  }

  /**
   * Root motion through a blend (call before `apply`, with the target's `delta` of this frame: dx dy dz dyaw):
   * the blend's first frame carries the source's velocity on; after it, the difference of the source's
   * velocity from the target's decays to nothing (1 − 10s³ + 15s⁴ − 6s⁵) over the blend time.
   */
  applyMotion(delta: Float64Array, dt: number): void {
    dt = Number.isFinite(dt) ? Math.abs(dt) : 0;
    if (!(dt > 0)) return;
    const v = this.motionVelocity;
    const u = this.motionOffset;
    if (this.phase === 1) {
      for (let i = 0; i < 4; i++) {
        u[i] = v[i] - delta[i] / dt;
        delta[i] = v[i] * dt;
      }
    } else if (this.phase !== 0) {
      const s = Math.min(1, (this.elapsed + dt) / this.duration);
      const g = 1 - s * s * s * (10 - 15 * s + 6 * s * s);
      for (let i = 0; i < 4; i++) delta[i] += u[i] * g * dt;
    }
    for (let i = 0; i < 4; i++) v[i] = delta[i] / dt;
  }

  /**
   * Turns the target `pose`, just evaluated `dt` seconds after the last, into the pose to show (in place),
   * and remembers it. dt = 0 re-poses without moving the blend.
   */
  apply(pose: Pose, dt: number): void {
    dt = Number.isFinite(dt) ? Math.abs(dt) : 0;
    if (this.phase === 1) {
      if (dt > 0) this.carryOn(pose, dt);
      else copyPose(this.last, pose);
    } else if (this.phase === 2 && !(dt > 0)) copyPose(this.blend!.carried, pose);
    else if (this.phase !== 0) {
      if (this.phase === 2) this.takeOffsets(pose, dt);
      this.elapsed += dt;
      if (this.elapsed >= this.duration) this.phase = 0;
      else this.decay(pose);
    }
    this.remember(pose, dt);
  }

  private remember(pose: Pose, dt: number): void {
    if (!(dt > 0)) {
      copyPose(pose, this.last);
      return;
    }
    const older = this.before;
    this.before = this.last;
    this.last = older;
    copyPose(pose, this.last);
    this.lastDt = dt;
  }

  /** The blend's first frame: the target is kept aside and the source carried on by its last velocity. */
  private carryOn(pose: Pose, dt: number): void {
    const { target, carried } = this.blend!;
    copyPose(pose, target);
    const k = this.lastDt > 0 ? dt / this.lastDt : 0;
    const p1 = this.last.data;
    const p2 = this.before.data;
    const out = pose.data;
    const r0 = this.jointCount * 3;
    const r1 = this.jointCount * 7;
    for (let i = 0; i < out.length; i++) if (i < r0 || i >= r1) out[i] = p1[i] + (p1[i] - p2[i]) * k;
    const a = this.last.rotations;
    const b = this.before.rotations;
    const o = pose.rotations;
    for (let j = 0; j < this.jointCount; j++) {
      // the last frame's turn (a · b⁻¹) as a rotation vector, scaled to this frame and applied again
      relative(a, b, j * 4);
      scaleRotation(k);
      compose(o, j * 4, a, j * 4);
    }
    copyPose(pose, carried);
    this.firstDt = dt;
    this.phase = 2;
  }

  /**
   * The second frame: the offsets at the first frame (carried source minus the target shown then) and
   * their velocities (the source's minus the target's, the target's measured from its first two frames).
   */
  private takeOffsets(pose: Pose, dt: number): void {
    const T = this.duration;
    const { carried, target, linear: lin, angular: ang, movingLinear, movingJoints } = this.blend!;
    const s = carried.data;
    const t0 = target.data;
    const t1 = pose.data;
    // the pose shown before the first frame (remember() has moved it to `before` since)
    const p1 = this.before.data;
    const r0 = this.jointCount * 3;
    const r1 = this.jointCount * 7;
    const h = this.firstDt;
    let moving = 0;
    for (let i = 0; i < s.length; i++) {
      if (i >= r0 && i < r1) continue;
      const x0 = s[i] - t0[i];
      // the offset a frame earlier: the source shown then against the target moved back by its velocity
      const targetBack = t0[i] - ((t1[i] - t0[i]) * h) / dt;
      decayChannel(lin, i * 3, x0, (x0 - (p1[i] - targetBack)) / h, T);
      if (lin[i * 3] !== 0 || lin[i * 3 + 1] !== 0) movingLinear[moving++] = i;
    }
    this.movingLinearCount = moving;
    moving = 0;
    const cr = carried.rotations;
    const tr = target.rotations;
    const nr = pose.rotations;
    const pr = this.before.rotations;
    for (let j = 0; j < this.jointCount; j++) {
      const q = j * 4;
      relative(cr, tr, q);
      const rx = Q[0];
      const ry = Q[1];
      const rz = Q[2];
      // the target a frame earlier: its first turn undone over the first frame's time
      relative(nr, tr, q);
      scaleRotation(-h / dt);
      compose(BACK, 0, tr, q);
      relative(pr, BACK, q, 0);
      decayChannel(ang, j * 9, rx, (rx - Q[0]) / h, T);
      decayChannel(ang, j * 9 + 3, ry, (ry - Q[1]) / h, T);
      decayChannel(ang, j * 9 + 6, rz, (rz - Q[2]) / h, T);
      const a = j * 9;
      if (
        ang[a] !== 0 ||
        ang[a + 1] !== 0 ||
        ang[a + 3] !== 0 ||
        ang[a + 4] !== 0 ||
        ang[a + 6] !== 0 ||
        ang[a + 7] !== 0
      )
        movingJoints[moving++] = j;
    }
    this.movingJointCount = moving;
    this.phase = 3;
  }

  /** Lays the decayed offsets over the target `pose`. */
  private decay(pose: Pose): void {
    const t = this.elapsed;
    const d = pose.data;
    const { linear: lin, angular: ang, movingLinear, movingJoints } = this.blend!;
    for (let k = 0; k < this.movingLinearCount; k++) {
      const i = movingLinear[k];
      d[i] += offsetAt(lin, i * 3, t);
    }
    const o = pose.rotations;
    for (let k = 0; k < this.movingJointCount; k++) {
      const j = movingJoints[k];
      Q[0] = offsetAt(ang, j * 9, t);
      Q[1] = offsetAt(ang, j * 9 + 3, t);
      Q[2] = offsetAt(ang, j * 9 + 6, t);
      compose(o, j * 4, o, j * 4);
    }
  }
}

/** What a running blend keeps between frames. */
interface BlendState {
  /** The source carried on over the blend's first frame, and the target shown under it. */
  readonly carried: Pose;
  readonly target: Pose;
  /** Per channel: x0, v0, T. Linear channels index the pose's data; rotations by joint × 3. */
  readonly linear: Float64Array;
  readonly angular: Float64Array;
  /** The channels (and joints) whose offset or velocity is not zero: only those decay (most never move). */
  readonly movingLinear: Int32Array;
  readonly movingJoints: Int32Array;
}

function blendState(jointCount: number, weightCount: number): BlendState {
  const size = poseSize(jointCount, weightCount);
  const block = new Float32Array(size * 2);
  return {
    carried: createPose(jointCount, weightCount, block, 0),
    target: createPose(jointCount, weightCount, block, size),
    linear: new Float64Array(size * 3),
    angular: new Float64Array(jointCount * 9),
    movingLinear: new Int32Array(size),
    movingJoints: new Int32Array(jointCount),
  };
}

/** Scratch: a rotation vector in Q[0..2] (and a quaternion in Q[3..6]); BACK a quaternion. */
const Q = new Float64Array(7);
const BACK = new Float64Array(4);

/** Q[0..2] = log(a · b⁻¹) as a rotation vector (the shortest way), for quaternions at a[ao], b[bo]. */
function relative(a: ArrayLike<number>, b: ArrayLike<number>, ao: number, bo = ao): void {
  const ax = a[ao];
  const ay = a[ao + 1];
  const az = a[ao + 2];
  const aw = a[ao + 3];
  const bx = -b[bo];
  const by = -b[bo + 1];
  const bz = -b[bo + 2];
  const bw = b[bo + 3];
  let x = aw * bx + ax * bw + ay * bz - az * by;
  let y = aw * by - ax * bz + ay * bw + az * bx;
  let z = aw * bz + ax * by - ay * bx + az * bw;
  let w = aw * bw - ax * bx - ay * by - az * bz;
  if (w < 0) {
    x = -x;
    y = -y;
    z = -z;
    w = -w;
  }
  const sin = Math.sqrt(x * x + y * y + z * z);
  const k = sin < 1e-9 ? 2 : (2 * Math.atan2(sin, w)) / sin;
  Q[0] = x * k;
  Q[1] = y * k;
  Q[2] = z * k;
}

function scaleRotation(k: number): void {
  Q[0] *= k;
  Q[1] *= k;
  Q[2] *= k;
}

/** out[oo] = exp(Q[0..2]) · q[qo] (out may alias q). */
function compose(out: { [i: number]: number }, oo: number, q: ArrayLike<number>, qo: number): void {
  const angle = Math.sqrt(Q[0] * Q[0] + Q[1] * Q[1] + Q[2] * Q[2]);
  const s = angle < 1e-9 ? 0.5 : Math.sin(angle / 2) / angle;
  const ex = Q[0] * s;
  const ey = Q[1] * s;
  const ez = Q[2] * s;
  const ew = Math.cos(angle / 2);
  const bx = q[qo];
  const by = q[qo + 1];
  const bz = q[qo + 2];
  const bw = q[qo + 3];
  out[oo] = ew * bx + ex * bw + ey * bz - ez * by;
  out[oo + 1] = ew * by - ex * bz + ey * bw + ez * bx;
  out[oo + 2] = ew * bz + ex * by - ey * bx + ez * bw;
  out[oo + 3] = ew * bw - ex * bx - ey * by - ez * bz;
}

/** Stores a channel's offset, velocity and decay time (shortened where the full time would overshoot 0). */
function decayChannel(out: Float64Array, o: number, x0: number, v0: number, T: number): void {
  out[o] = x0;
  out[o + 1] = Number.isFinite(v0) ? v0 : 0;
  out[o + 2] = x0 * v0 < 0 ? Math.min(T, (-2.5 * x0) / v0) : T;
}

/** The quintic of the class doc at t seconds. */
function offsetAt(c: Float64Array, o: number, t: number): number {
  const T = c[o + 2];
  if (!(t < T)) return 0;
  const s = t / T;
  const s3 = s * s * s;
  const s4 = s3 * s;
  const s5 = s4 * s;
  return c[o] * (1 - 10 * s3 + 15 * s4 - 6 * s5) + c[o + 1] * T * (s - 6 * s3 + 8 * s4 - 3 * s5);
}

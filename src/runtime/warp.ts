import { type ClipTime, resolveClipTime } from './clip-time.js';
import { length3 } from './length.js';
import type { RootMotion } from './root-motion.js';

/**
 * A warp window: a span of the clip whose root motion is bent onto a target, its bounds seconds into the
 * clip or shares of its length (resolved against the clip's duration, within it).
 */
export interface WarpWindow {
  start: ClipTime;
  end: ClipTime;
  /** Play-rate clamp inside the window. */
  minRate: number;
  maxRate: number;
}

/**
 * Where a window must end: a position (metres) and optionally a heading about +Y. The one shape of a warp
 * target in every layer; the angles are radians here and degrees on the element API (`warp()`).
 */
export interface WarpTarget {
  x: number;
  y: number;
  z: number;
  yaw?: number;
  /** An offset in the target's own frame (turned by its yaw), metres. */
  offset?: { x?: number; y?: number; z?: number };
  /** Added to the target's yaw. */
  yawOffset?: number;
}

/** Below this authored motion along an axis (metres) the axis eases by the window's normalized time. */
const STILL_AXIS = 0.01;

/**
 * Motion warping for one clip played with root motion. Inside each window the character's place is
 *   P(τ) = P₀ + R(yaw₀)·[ a(τ) + d ⊙ α(τ) ]
 * where a(τ) is the authored root motion since the window began, d the correction that makes the window
 * end on its target, and α per axis the authored motion so far over the window's total (the normalized
 * time on an axis the clip does not move along). The heading turns to the target's by normalized time,
 * and the play rate scales by authored over desired distance, clamped. Outside windows the authored
 * motion moves the character unchanged. Computed in closed form from clip time, so the result does not
 * depend on the frame rate. No allocation per update.
 */
export class MotionWarp {
  /** World position x, y, z and heading after the last update. */
  readonly position = new Float64Array(3);
  yaw = 0;
  /** The play rate to use now (1 outside windows). */
  rate = 1;
  /** Each window's start and end in seconds of the clip, resolved once. */
  readonly starts: Float64Array;
  readonly ends: Float64Array;
  /** Index of the window in progress or next, windows.length when all are done. */
  windowIndex = 0;
  active = false;

  /** Whether the current window's start place and correction are set. */
  private entered = false;
  private readonly targets: Float64Array;
  private readonly hasYaw: Uint8Array;
  private readonly startPlace = new Float64Array(4);
  private readonly correction = new Float64Array(3);
  private readonly total = new Float64Array(3);
  private readonly a = new Float64Array(3);
  private readonly b = new Float64Array(3);

  constructor(
    readonly rootMotion: RootMotion,
    readonly clip: number,
    readonly duration: number,
    readonly windows: readonly WarpWindow[],
  ) {
    this.targets = new Float64Array(windows.length * 4);
    this.hasYaw = new Uint8Array(windows.length);
    const within = (time: ClipTime) => Math.min(Math.max(0, resolveClipTime(time, duration)), duration);
    this.starts = Float64Array.from(windows, (w) => within(w.start));
    this.ends = Float64Array.from(windows, (w, i) => Math.max(this.starts[i], within(w.end)));
  }

  /**
   * Starts warping from the character's place (x, y, z, yaw) with one target per window. Returns false
   * (and stays inactive) when the targets don't match the windows or hold a non-finite number.
   */
  begin(x: number, y: number, z: number, yaw: number, targets: readonly WarpTarget[]): boolean {
    if (targets.length !== this.windows.length) return false;
    for (let i = 0; i < targets.length; i++) {
      const t = targets[i];
      const tYaw = (t.yaw ?? 0) + (t.yawOffset ?? 0);
      const o = t.offset ?? {};
      const ox = o.x ?? 0;
      const oy = o.y ?? 0;
      const oz = o.z ?? 0;
      const c = Math.cos(tYaw);
      const s = Math.sin(tYaw);
      const values = [t.x + c * ox + s * oz, t.y + oy, t.z - s * ox + c * oz, tYaw];
      if (!values.every(Number.isFinite)) return false;
      this.targets.set(values, i * 4);
      this.hasYaw[i] = t.yaw !== undefined || t.yawOffset !== undefined ? 1 : 0;
    }
    this.position[0] = x;
    this.position[1] = y;
    this.position[2] = z;
    this.yaw = yaw;
    this.windowIndex = 0;
    this.entered = false;
    this.rate = 1;
    this.active = true;
    return true;
  }

  /** Moves the character along the clip from clip time `from` to `to` (forward), window by window. */
  update(from: number, to: number): void {
    if (!this.active || !(to > from)) return;
    let t = from;
    while (t < to) {
      const i = this.windowIndex;
      const w0 = i < this.starts.length ? this.starts[i] : Number.POSITIVE_INFINITY;
      const w1 = i < this.ends.length ? this.ends[i] : Number.POSITIVE_INFINITY;
      if (t < w0) {
        const next = Math.min(to, w0);
        this.followAuthored(t, next);
        t = next;
        continue;
      }
      if (!this.entered) {
        this.enterWindow(this.windowIndex, w0, w1);
        this.entered = true;
      }
      const next = Math.min(to, w1);
      this.warpInside(w0, w1, next);
      t = next;
      if (t === w1) {
        this.windowIndex++;
        this.entered = false;
        this.rate = 1;
      }
    }
  }

  /** Whether every window has been passed (the clip's authored motion carries on until the caller ends). */
  get windowsDone(): boolean {
    return this.windowIndex >= this.windows.length;
  }

  /** Stops warping (the clip ended or was interrupted). */
  end(): void {
    this.active = false;
    this.rate = 1;
  }

  /** Authored motion, turned by the current heading. */
  private followAuthored(t0: number, t1: number): void {
    const rm = this.rootMotion;
    if (rm.authoredPosition(this.clip, t0, this.a) && rm.authoredPosition(this.clip, t1, this.b)) {
      this.moveLocal(this.b[0] - this.a[0], this.b[1] - this.a[1], this.b[2] - this.a[2], this.yaw);
    }
    this.yaw += rm.authoredYaw(this.clip, t1) - rm.authoredYaw(this.clip, t0);
  }

  private moveLocal(dx: number, dy: number, dz: number, heading: number): void {
    const c = Math.cos(heading);
    const s = Math.sin(heading);
    this.position[0] += c * dx + s * dz;
    this.position[1] += dy;
    this.position[2] += -s * dx + c * dz;
  }

  /** At a window's start: its authored total, the correction onto its target, its play rate. */
  private enterWindow(i: number, w0: number, w1: number): void {
    const rm = this.rootMotion;
    const p = this.position;
    this.startPlace[0] = p[0];
    this.startPlace[1] = p[1];
    this.startPlace[2] = p[2];
    this.startPlace[3] = this.yaw;
    this.total.fill(0);
    if (rm.authoredPosition(this.clip, w0, this.a) && rm.authoredPosition(this.clip, w1, this.b)) {
      for (let k = 0; k < 3; k++) this.total[k] = this.b[k] - this.a[k];
    }
    // the target in the frame of the character at the window's start
    const o = i * 4;
    const dx = this.targets[o] - p[0];
    const dy = this.targets[o + 1] - p[1];
    const dz = this.targets[o + 2] - p[2];
    const c = Math.cos(this.yaw);
    const s = Math.sin(this.yaw);
    const lx = c * dx - s * dz;
    const lz = s * dx + c * dz;
    this.correction[0] = lx - this.total[0];
    this.correction[1] = dy - this.total[1];
    this.correction[2] = lz - this.total[2];
    const authored = length3(this.total[0], this.total[1], this.total[2]);
    const desired = length3(lx, dy, lz);
    const w = this.windows[i];
    const raw = desired > 1e-6 && authored > 1e-6 ? authored / desired : 1;
    this.rate = Math.min(w.maxRate, Math.max(w.minRate, raw));
  }

  /** The closed form inside window [w0, w1] at clip time t. */
  private warpInside(w0: number, w1: number, t: number): void {
    const rm = this.rootMotion;
    const u = w1 > w0 ? (t - w0) / (w1 - w0) : 1;
    const moved = rm.authoredPosition(this.clip, w0, this.a) && rm.authoredPosition(this.clip, t, this.b);
    let lx = 0;
    let ly = 0;
    let lz = 0;
    for (let k = 0; k < 3; k++) {
      const so = moved ? this.b[k] - this.a[k] : 0;
      const total = this.total[k];
      const alpha = Math.abs(total) < STILL_AXIS ? u : so / total;
      const v = so + this.correction[k] * alpha;
      if (k === 0) lx = v;
      else if (k === 1) ly = v;
      else lz = v;
    }
    const sp = this.startPlace;
    const c = Math.cos(sp[3]);
    const s = Math.sin(sp[3]);
    this.position[0] = sp[0] + c * lx + s * lz;
    this.position[1] = sp[1] + ly;
    this.position[2] = sp[2] - s * lx + c * lz;
    const i = this.windowIndex;
    if (this.hasYaw[i]) {
      const target = this.targets[i * 4 + 3];
      const turn = target - sp[3];
      this.yaw = sp[3] + (turn - 2 * Math.PI * Math.round(turn / (2 * Math.PI))) * u;
    } else this.yaw = sp[3] + rm.authoredYaw(this.clip, t) - rm.authoredYaw(this.clip, w0);
  }
}

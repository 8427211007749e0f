import { wrapAngle } from './angle.js';
import type { ClipBinding } from './clip.js';
import type { Clock } from './clock.js';
import { localToModel } from './fk.js';
import { invert3 } from './mat3.js';
import { createPose, type Pose, setRestPose } from './pose.js';
import { conjugateMultiply, fromMatrix, multiply } from './quat.js';
import { sampleTrackAt } from './sample.js';
import type { Skeleton } from './skeleton.js';

/** Memo slots of a clip's root samples (see RootMotion.memoTime). */
const LAST = 0;
const START = 1;

export interface RootMotionOptions {
  /** The joint whose motion moves the character (the hips, or the skeleton's root). */
  joint: number;
  /** Extract turning about the vertical too. */
  yaw?: boolean;
  /** Leave the vertical in the skeleton: only horizontal motion is extracted. */
  planar?: boolean;
}

/**
 * Extracts root motion from clip playback. For each live clip it measures the root joint's motion over
 * the time segments its clock swept this frame (so a loop seam adds [previous → end] + [start → now],
 * never a jump back), weights it like the pose, and removes it from the clip's pose (the root is held at
 * its place at the play window's start) so it is not applied twice. Deltas are in the character's frame
 * (the skeleton's model space): `delta` = dx, dy, dz (metres), dyaw (radians, about +Y).
 */
export class RootMotion {
  /** The last frame's motion: dx, dy, dz, dyaw. */
  readonly delta = new Float64Array(4);
  readonly joint: number;
  yaw: boolean;
  planar: boolean;

  /** Root translation/rotation track per clip (-1 when the clip does not key it). */
  private readonly translationTracks: Int32Array;
  private readonly rotationTracks: Int32Array;
  /** The root's parent, at rest, in model space: linear part (column-major 3×3), its inverse, translation. */
  private readonly parentLinear: Float64Array;
  private readonly parentInverse: Float64Array;
  private readonly parentTranslation: Float64Array;
  private readonly parentRotation: Float64Array;
  private readonly scratch = new Float32Array(8);
  private readonly a = new Float64Array(4);
  private readonly b = new Float64Array(4);
  /**
   * Per clip, the root's place and heading at the last two times they were sampled: the end of the last
   * span (where the next frame's span starts) and the play window's start (where the root is held). Each
   * frame then samples each track once, not three times. Slots: [place last, place start, yaw last, yaw
   * start]; `memoPlace` holds x y z per slot.
   */
  private readonly memoTime: Float64Array;
  private readonly memoPlace: Float64Array;
  private readonly memoYaw: Float64Array;

  constructor(
    readonly skeleton: Skeleton,
    readonly bindings: readonly ClipBinding[],
    options: RootMotionOptions,
  ) {
    this.joint = options.joint;
    this.yaw = options.yaw ?? false;
    this.planar = options.planar ?? false;
    this.translationTracks = Int32Array.from(bindings, (b) => trackOf(b, options.joint, 'translation'));
    this.rotationTracks = Int32Array.from(bindings, (b) => trackOf(b, options.joint, 'rotation'));
    const parent = restParentFrame(skeleton, options.joint);
    this.parentLinear = parent.linear;
    this.parentInverse = parent.inverse;
    this.parentTranslation = parent.translation;
    this.parentRotation = parent.rotation;
    this.memoTime = new Float64Array(bindings.length * 4).fill(Number.NaN);
    this.memoPlace = new Float64Array(bindings.length * 6);
    this.memoYaw = new Float64Array(bindings.length * 2);
  }

  /** Clears the frame's delta; call before the clips accumulate. */
  beginFrame(): void {
    this.delta.fill(0);
  }

  /**
   * Adds `weight` × the motion of clip `clip` over its clock's last segments to `delta`, then holds the
   * root of `pose` (that clip's sampled pose) at its window-start place. The delta never reads the pose:
   * `pose` is null for a frame that advances without posing (a culled or held character).
   */
  accumulate(clip: number, clock: Clock, weight: number, pose: Pose | null): void {
    const tt = this.translationTracks[clip];
    const rt = this.rotationTracks[clip];
    if (tt < 0 && rt < 0) return;
    const seg = clock.segments;
    for (let i = 0; i < clock.segmentCount; i++) {
      const from = seg[i * 4];
      const to = seg[i * 4 + 1];
      if (tt >= 0) {
        this.positionAt(tt, clip, from, this.a, LAST);
        this.positionAt(tt, clip, to, this.b, LAST);
        this.delta[0] += (this.b[0] - this.a[0]) * weight;
        this.delta[2] += (this.b[2] - this.a[2]) * weight;
        if (!this.planar) this.delta[1] += (this.b[1] - this.a[1]) * weight;
      }
      if (rt >= 0 && this.yaw)
        this.delta[3] += wrapAngle(-this.yawAt(rt, clip, from, LAST) + this.yawAt(rt, clip, to, LAST)) * weight;
    }
    if (pose !== null) this.holdRoot(clip, clock.start, pose);
  }

  /**
   * Where the clip puts the root at clip time t, in model space (x, y, z into `out`); false when the
   * clip does not move the root.
   */
  authoredPosition(clip: number, t: number, out: Float64Array): boolean {
    const tt = this.translationTracks[clip];
    if (tt < 0) return false;
    this.positionAt(tt, clip, t, out, LAST);
    return true;
  }

  /** The root's heading at clip time t about model +Y (radians), 0 when the clip does not turn it. */
  authoredYaw(clip: number, t: number): number {
    const rt = this.rotationTracks[clip];
    return rt < 0 ? 0 : this.yawAt(rt, clip, t, LAST);
  }

  /** The root's position in model space at clip time t (translation track only), remembered in `slot`. */
  private positionAt(track: number, clip: number, t: number, out: Float64Array, slot: number): void {
    const m = clip * 4 + slot;
    const p = (clip * 2 + slot) * 3;
    const place = this.memoPlace;
    if (this.memoTime[m] !== t) {
      const tracks = this.bindings[clip].clip.tracks;
      sampleTrackAt(tracks[track], t, this.scratch, 0);
      const L = this.parentLinear;
      const x = this.scratch[0];
      const y = this.scratch[1];
      const z = this.scratch[2];
      place[p] = L[0] * x + L[3] * y + L[6] * z + this.parentTranslation[0];
      place[p + 1] = L[1] * x + L[4] * y + L[7] * z + this.parentTranslation[1];
      place[p + 2] = L[2] * x + L[5] * y + L[8] * z + this.parentTranslation[2];
      this.memoTime[m] = t;
    }
    out[0] = place[p];
    out[1] = place[p + 1];
    out[2] = place[p + 2];
  }

  /** Heading of the root at clip time t, about model +Y, relative to its rest (continuous over one call). */
  private yawAt(track: number, clip: number, t: number, slot: number): number {
    const m = clip * 4 + 2 + slot;
    if (this.memoTime[m] !== t) {
      sampleTrackAt(this.bindings[clip].clip.tracks[track], t, this.scratch, 4);
      multiply(this.a, 0, this.parentRotation, 0, this.scratch, 4);
      this.memoYaw[clip * 2 + slot] = yawOf(this.a);
      this.memoTime[m] = t;
    }
    return this.memoYaw[clip * 2 + slot];
  }

  /** Holds the root at its window-start place (and heading, with yaw) so the pose carries no motion. */
  private holdRoot(clip: number, start: number, pose: Pose): void {
    const tt = this.translationTracks[clip];
    const j = this.joint;
    if (tt >= 0) {
      this.positionAt(tt, clip, start, this.a, START);
      const t = pose.translations;
      const L = this.parentLinear;
      const x = t[j * 3];
      const y = t[j * 3 + 1];
      const z = t[j * 3 + 2];
      // current place in model space, with the extracted axes replaced by the start's
      const mx = this.a[0];
      const my = this.planar ? L[1] * x + L[4] * y + L[7] * z + this.parentTranslation[1] : this.a[1];
      const mz = this.a[2];
      const I = this.parentInverse;
      const px = mx - this.parentTranslation[0];
      const py = my - this.parentTranslation[1];
      const pz = mz - this.parentTranslation[2];
      t[j * 3] = I[0] * px + I[3] * py + I[6] * pz;
      t[j * 3 + 1] = I[1] * px + I[4] * py + I[7] * pz;
      t[j * 3 + 2] = I[2] * px + I[5] * py + I[8] * pz;
    }
    const rt = this.rotationTracks[clip];
    if (rt >= 0 && this.yaw) {
      const startYaw = this.yawAt(rt, clip, start, START);
      multiply(this.a, 0, this.parentRotation, 0, pose.rotations, j * 4);
      const turn = wrapAngle(yawOf(this.a) - startYaw);
      // model rotation without the turn: Ry(−turn) × q, then back into the parent's frame
      const s = Math.sin(-turn / 2);
      const c = Math.cos(-turn / 2);
      const qx = this.a[0];
      const qy = this.a[1];
      const qz = this.a[2];
      const qw = this.a[3];
      this.b[0] = c * qx + s * qz;
      this.b[1] = c * qy + s * qw;
      this.b[2] = c * qz - s * qx;
      this.b[3] = c * qw - s * qy;
      const p = this.parentRotation;
      conjugateMultiply(pose.rotations, j * 4, p, 0, this.b, 0);
    }
  }
}

/** A joint's parent at rest, in model space: the frame root motion is measured in. */
export interface RestParentFrame {
  /** Linear part, column-major 3×3 (identity for a root joint). */
  readonly linear: Float64Array;
  /** Its inverse. */
  readonly inverse: Float64Array;
  readonly translation: Float64Array;
  /** Its rotation without its scale, x y z w. */
  readonly rotation: Float64Array;
}

/** The rest-pose model-space frame of `joint`'s parent (identity for a root joint). Allocates: call at bind time. */
export function restParentFrame(skeleton: Skeleton, joint: number): RestParentFrame {
  const frame = {
    linear: new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]),
    inverse: new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]),
    translation: new Float64Array(3),
    rotation: new Float64Array([0, 0, 0, 1]),
  };
  const parent = skeleton.parents[joint];
  if (parent < 0) return frame;
  const rest = createPose(skeleton.jointCount);
  setRestPose(skeleton, rest);
  const model = new Float32Array(skeleton.jointCount * 16);
  localToModel(skeleton, rest, null, model);
  const m = model.subarray(parent * 16, parent * 16 + 16);
  frame.linear.set([m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]]);
  frame.translation.set([m[12], m[13], m[14]]);
  invert3(frame.linear, frame.inverse);
  fromMatrix(frame.rotation, 0, m, 0);
  return frame;
}

/**
 * The joint's rest height, measured along model +Y through its parent's rest frame without the parent's
 * translation (which cancels out of the height differences `flattenRise` takes).
 */
export function restHeightOf(skeleton: Skeleton, joint: number, parent: RestParentFrame): number {
  const L = parent.linear;
  const t = skeleton.restTranslations;
  return L[1] * t[joint * 3] + L[4] * t[joint * 3 + 1] + L[7] * t[joint * 3 + 2];
}

/**
 * Lowers `joint` of `pose` back to `restHeight` where the clip lifts it higher (a jump's pelvis rise, when
 * physics owns the vertical), keeping its ground position; a crouch (lower than rest) stays.
 */
export function flattenRise(pose: Pose, joint: number, parent: RestParentFrame, restHeight: number): void {
  const t = pose.translations;
  const L = parent.linear;
  const x = t[joint * 3];
  const y = t[joint * 3 + 1];
  const z = t[joint * 3 + 2];
  const rise = L[1] * x + L[4] * y + L[7] * z - restHeight;
  if (!(rise > 0)) return;
  const I = parent.inverse;
  t[joint * 3] = x - I[3] * rise;
  t[joint * 3 + 1] = y - I[4] * rise;
  t[joint * 3 + 2] = z - I[5] * rise;
}

/**
 * The joint whose motion moves a character: `hips` (the humanoid map's, when the caller has one), else a
 * joint named `Hips` / `hips`, else the first root joint that has children (else joint 0).
 */
export function defaultRootJoint(skeleton: Skeleton, hips = -1): number {
  if (hips >= 0 && hips < skeleton.jointCount) return hips;
  const named = skeleton.indexByName.get('Hips') ?? skeleton.indexByName.get('hips');
  if (named !== undefined) return named;
  for (let j = 0; j < skeleton.jointCount; j++) {
    if (skeleton.parents[j] >= 0) continue;
    for (let k = j + 1; k < skeleton.jointCount; k++) if (skeleton.parents[k] === j) return j;
  }
  return 0;
}

function trackOf(binding: ClipBinding, joint: number, path: 'translation' | 'rotation'): number {
  const tracks = binding.clip.tracks;
  for (let i = 0; i < tracks.length; i++) if (binding.joints[i] === joint && tracks[i].path === path) return i;
  return -1;
}

/** The rotation's heading: the angle its +Z axis turns about +Y, projected on the ground. */
function yawOf(q: Float64Array): number {
  const x = q[0];
  const y = q[1];
  const z = q[2];
  const w = q[3];
  // rotated +Z: (2(xz + wy), 2(yz − wx), 1 − 2(x² + y²))
  return Math.atan2(2 * (x * z + w * y), 1 - 2 * (x * x + y * y));
}

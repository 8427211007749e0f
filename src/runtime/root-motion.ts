import { wrapAngle } from './angle.js';
import type { ClipBinding } from './clip.js';
import type { Clock } from './clock.js';
import { localToModel } from './fk.js';
import { invert3 } from './mat3.js';
import { createPose, type Pose, setRestPose } from './pose.js';
import { conjugateMultiply, fromMatrix, multiply } from './quat.js';
import { sampleTrackAt } from './sample.js';
import { sharedTable } from './shared-tables.js';
import type { Skeleton } from './skeleton.js';

/** Memo slots of a clip's root samples (see RootMotion.state). */
const LAST = 0;
const START = 1;

/** Scratch of one call (every extractor's: nothing of it outlives the call that fills it). */
const A = new Float64Array(4);
const B = new Float64Array(4);
const SAMPLE = new Float32Array(8);

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
  /** The last frame's motion: dx, dy, dz, dyaw (a view of the first four numbers of `state`). */
  readonly delta: Float64Array;
  readonly joint: number;
  yaw: boolean;
  planar: boolean;

  /**
   * Per clip, the root's translation track at [clip] and rotation track at [clips + clip] (-1 when the
   * clip does not key it).
   */
  private readonly tracks: Int32Array;
  /** The root's parent at rest, in model space: shared by every extractor on this skeleton and joint. */
  private readonly parent: RestParentFrame;
  /**
   * All the extractor's own numbers, one array (a crowd's frame touches each character's once): `delta`,
   * then per clip the root's place and heading at the last two times they were sampled, the end of the
   * last span (where the next frame's span starts) and the play window's start (where the root is held),
   * so each frame samples each track once, not three times. From `memoTime`: the times of each clip's
   * slots [place last, place start, yaw last, yaw start]; from `memoPlace`: x y z per place slot; from
   * `memoYaw`: the yaw per yaw slot.
   */
  private readonly state: Float64Array;
  private readonly memoTime: number;
  private readonly memoPlace: number;
  private readonly memoYaw: number;

  constructor(
    readonly skeleton: Skeleton,
    readonly bindings: readonly ClipBinding[],
    options: RootMotionOptions,
  ) {
    this.joint = options.joint;
    this.yaw = options.yaw ?? false;
    this.planar = options.planar ?? false;
    const n = bindings.length;
    const tracks = new Int32Array(n * 2);
    bindings.forEach((b, c) => {
      tracks[c] = trackOf(b, options.joint, 'translation');
      tracks[n + c] = trackOf(b, options.joint, 'rotation');
    });
    this.tracks = sharedTable(tracks);
    this.parent = restParentFrame(skeleton, options.joint);
    this.memoTime = 4;
    this.memoPlace = this.memoTime + n * 4;
    this.memoYaw = this.memoPlace + n * 6;
    this.state = new Float64Array(this.memoYaw + n * 2);
    this.state.fill(Number.NaN, this.memoTime, this.memoPlace);
    this.delta = this.state.subarray(0, 4);
  }

  /** Clears the frame's delta; call before the clips accumulate. */
  beginFrame(): void {
    // four stores, not fill(): a call into the runtime per character per frame costs more than the zeros
    const d = this.state;
    d[0] = 0;
    d[1] = 0;
    d[2] = 0;
    d[3] = 0;
  }

  /**
   * Adds `weight` × the motion of clip `clip` over its clock's last segments to `delta`, then holds the
   * root of `pose` (that clip's sampled pose) at its window-start place. The delta never reads the pose:
   * `pose` is null for a frame that advances without posing (a culled or held character).
   */
  accumulate(clip: number, clock: Clock, weight: number, pose: Pose | null): void {
    const tt = this.tracks[clip];
    const rt = this.rotationTrack(clip);
    if (tt < 0 && rt < 0) return;
    const seg = clock.segments;
    const d = this.state;
    for (let i = 0; i < clock.segmentCount; i++) {
      const from = seg[i * 4];
      const to = seg[i * 4 + 1];
      if (tt >= 0) {
        this.positionAt(tt, clip, from, A, LAST);
        this.positionAt(tt, clip, to, B, LAST);
        d[0] += (B[0] - A[0]) * weight;
        d[2] += (B[2] - A[2]) * weight;
        if (!this.planar) d[1] += (B[1] - A[1]) * weight;
      }
      if (rt >= 0 && this.yaw)
        d[3] += wrapAngle(-this.yawAt(rt, clip, from, LAST) + this.yawAt(rt, clip, to, LAST)) * weight;
    }
    if (pose !== null) this.holdRoot(clip, clock.start, pose);
  }

  /**
   * Where the clip puts the root at clip time t, in model space (x, y, z into `out`); false when the
   * clip does not move the root.
   */
  authoredPosition(clip: number, t: number, out: Float64Array): boolean {
    const tt = this.tracks[clip];
    if (tt < 0) return false;
    this.positionAt(tt, clip, t, out, LAST);
    return true;
  }

  /** The root's heading at clip time t about model +Y (radians), 0 when the clip does not turn it. */
  authoredYaw(clip: number, t: number): number {
    const rt = this.rotationTrack(clip);
    return rt < 0 ? 0 : this.yawAt(rt, clip, t, LAST);
  }

  /** The clip's track keying the root's rotation, -1 when it has none. */
  private rotationTrack(clip: number): number {
    return this.tracks[this.bindings.length + clip];
  }

  /** The root's position in model space at clip time t (translation track only), remembered in `slot`. */
  private positionAt(track: number, clip: number, t: number, out: Float64Array, slot: number): void {
    const m = this.memoTime + clip * 4 + slot;
    const p = this.memoPlace + (clip * 2 + slot) * 3;
    const state = this.state;
    if (state[m] !== t) {
      const tracks = this.bindings[clip].clip.tracks;
      sampleTrackAt(tracks[track], t, SAMPLE, 0);
      const { linear: L, translation } = this.parent;
      const x = SAMPLE[0];
      const y = SAMPLE[1];
      const z = SAMPLE[2];
      state[p] = L[0] * x + L[3] * y + L[6] * z + translation[0];
      state[p + 1] = L[1] * x + L[4] * y + L[7] * z + translation[1];
      state[p + 2] = L[2] * x + L[5] * y + L[8] * z + translation[2];
      state[m] = t;
    }
    out[0] = state[p];
    out[1] = state[p + 1];
    out[2] = state[p + 2];
  }

  /** Heading of the root at clip time t, about model +Y, relative to its rest (continuous over one call). */
  private yawAt(track: number, clip: number, t: number, slot: number): number {
    const m = this.memoTime + clip * 4 + 2 + slot;
    const y = this.memoYaw + clip * 2 + slot;
    const state = this.state;
    if (state[m] !== t) {
      sampleTrackAt(this.bindings[clip].clip.tracks[track], t, SAMPLE, 4);
      multiply(A, 0, this.parent.rotation, 0, SAMPLE, 4);
      state[y] = yawOf(A);
      state[m] = t;
    }
    return state[y];
  }

  /**
   * Holds the root at its window-start place (and heading, with yaw) so the pose carries no motion. A still
   * (one-key) track is left alone: it carries none, and the pose keeps it between frames (ScratchPoses).
   */
  private holdRoot(clip: number, start: number, pose: Pose): void {
    const tt = this.tracks[clip];
    const j = this.joint;
    const { linear: L, inverse: I, translation: T, rotation: R } = this.parent;
    const tracks = this.bindings[clip].clip.tracks;
    if (tt >= 0 && tracks[tt].times.length > 1) {
      this.positionAt(tt, clip, start, A, START);
      const t = pose.translations;
      const x = t[j * 3];
      const y = t[j * 3 + 1];
      const z = t[j * 3 + 2];
      // current place in model space, with the extracted axes replaced by the start's
      const mx = A[0];
      const my = this.planar ? L[1] * x + L[4] * y + L[7] * z + T[1] : A[1];
      const mz = A[2];
      const px = mx - T[0];
      const py = my - T[1];
      const pz = mz - T[2];
      t[j * 3] = I[0] * px + I[3] * py + I[6] * pz;
      t[j * 3 + 1] = I[1] * px + I[4] * py + I[7] * pz;
      t[j * 3 + 2] = I[2] * px + I[5] * py + I[8] * pz;
    }
    const rt = this.rotationTrack(clip);
    if (rt >= 0 && this.yaw && tracks[rt].times.length > 1) {
      const startYaw = this.yawAt(rt, clip, start, START);
      multiply(A, 0, R, 0, pose.rotations, j * 4);
      const turn = wrapAngle(yawOf(A) - startYaw);
      // model rotation without the turn: Ry(−turn) × q, then back into the parent's frame
      const s = Math.sin(-turn / 2);
      const c = Math.cos(-turn / 2);
      const qx = A[0];
      const qy = A[1];
      const qz = A[2];
      const qw = A[3];
      B[0] = c * qx + s * qz;
      B[1] = c * qy + s * qw;
      B[2] = c * qz - s * qx;
      B[3] = c * qw - s * qy;
      conjugateMultiply(pose.rotations, j * 4, R, 0, B, 0);
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

const parentFrames = new WeakMap<Skeleton, Map<number, RestParentFrame>>();

/**
 * The rest-pose model-space frame of `joint`'s parent (identity for a root joint), made once per skeleton
 * and joint and shared (read it, never write it): a crowd's extractors then read one frame that stays in cache.
 */
export function restParentFrame(skeleton: Skeleton, joint: number): RestParentFrame {
  let frames = parentFrames.get(skeleton);
  if (!frames) parentFrames.set(skeleton, (frames = new Map()));
  let frame = frames.get(joint);
  if (!frame) frames.set(joint, (frame = parentFrameOf(skeleton, joint)));
  return frame;
}

function parentFrameOf(skeleton: Skeleton, joint: number): RestParentFrame {
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

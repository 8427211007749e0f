import { type ClipBinding, OP_SIZE, STILL_TOLERANCE, translationExtent } from './clip.js';
import { copyPose, createPose, type Pose } from './pose.js';
import { sampleStill } from './sample.js';

/**
 * The floats a crossfade between two clips has to blend: those either clip moves, and those the two hold at
 * different still values (beyond float noise: nearlyEqual). Every other float is equal in both sampled poses
 * (the rest pose where neither clip has a track, or equal one-key tracks), so the blend copies it. A humanoid
 * clip usually moves its joints' rotations and the hips' translation only: its other translations and its
 * scales are one-key tracks equal across the clips of one rig, and about a third of the pose is left to blend
 * (211 of the Soldier's 680 floats for Walk and Run, 67 of the mannequin's 240 for walk and run).
 */
export interface CrossfadePlan {
  /** Offsets in a pose's `data` of the floats blended linearly (translations, scales, morph weights). */
  readonly linear: Int32Array;
  /** Offsets in a pose's `data` of the rotations (4 floats each) blended as quaternions. */
  readonly rotations: Int32Array;
}

/**
 * Still values this close are taken as equal, by the measure that makes a track of nearly equal keys one key
 * (STILL_TOLERANCE): exporters write one rig's constant channels with float noise in each clip (scales of
 * 0.9999998 against 0.9999997, bone offsets a few hundred-thousandths of a centimetre apart). Copying one
 * instead of blending the two is off by at most a millionth of the value, or of the clips' largest translation
 * for a translation.
 */
function nearlyEqual(a: number, b: number, unit: number): boolean {
  return Math.abs(a - b) <= STILL_TOLERANCE * Math.max(unit, Math.abs(a), Math.abs(b));
}

/**
 * Above this share of the pose left to blend, the plain blend of every float is taken instead of copying the
 * pose and then blending the plan's floats (an index read each). Chosen, not measured at the boundary: a plan
 * that saves little is not worth its copy.
 */
const DENSE_SHARE = 0.7;

/**
 * The plan for poses sampled from `a` and `b` over `rest` (each pose the rest pose, the clip's one-key tracks,
 * then its moving tracks as sampled), or null when most of the pose would be blended anyway. Made once per pair
 * (it allocates); poses whose floats were changed otherwise since they were sampled (an additive difference)
 * must not be blended by it.
 */
export function crossfadePlan(a: ClipBinding, b: ClipBinding, rest: Pose): CrossfadePlan | null {
  const size = rest.data.length;
  const varies = new Uint8Array(size);
  const stillA = stillPose(a, rest, varies);
  const stillB = stillPose(b, rest, varies);
  const r0 = rest.translations.length;
  const reach = Math.max(translationExtent(a.clip.tracks), translationExtent(b.clip.tracks));
  for (let f = 0; f < size; f++) {
    if (!nearlyEqual(stillA.data[f], stillB.data[f], f < r0 ? reach : 1)) varies[f] = 1;
  }
  const r1 = r0 + rest.rotations.length;
  const linear: number[] = [];
  const rotations: number[] = [];
  for (let f = 0; f < size; f++) if (varies[f] && (f < r0 || f >= r1)) linear.push(f);
  for (let r = r0; r < r1; r += 4) if (varies[r] || varies[r + 1] || varies[r + 2] || varies[r + 3]) rotations.push(r);
  if (linear.length + rotations.length * 4 > DENSE_SHARE * size) return null;
  return { linear: Int32Array.from(linear), rotations: Int32Array.from(rotations) };
}

/** The rest pose with the binding's one-key tracks; marks in `moving` the floats its other tracks write. */
function stillPose(binding: ClipBinding, rest: Pose, moving: Uint8Array): Pose {
  const pose = createPose(rest.translations.length / 3, rest.weights.length);
  copyPose(rest, pose);
  sampleStill(binding, pose);
  const { ops, clip } = binding;
  for (let i = binding.moving; i < ops.length; i += OP_SIZE) {
    const at = ops[i + 3];
    moving.fill(1, at, at + clip.tracks[ops[i + 4]].width);
  }
  return pose;
}

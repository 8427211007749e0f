import type { Pose } from './pose.js';
import type { Skeleton } from './skeleton.js';

/**
 * Forward kinematics: local translation/rotation/scale to model matrices (column-major, 16 per joint) in
 * one parent-first pass. Roots are placed by `root` when given (a character's world matrix, say), so the
 * output can be world space directly. Matrices are affine: the bottom row is always 0 0 0 1.
 * `first`..`end` refreshes only that joint range, whose parents outside it must already be in `out`: joints
 * are depth-first, so a joint's subtree is one range (IK re-poses a chain and everything below it).
 */
export function localToModel(
  skeleton: Skeleton,
  pose: Pose,
  root: Float32Array | null,
  out: Float32Array,
  first = 0,
  end = skeleton.jointCount,
): void {
  const parents = skeleton.parents;
  const t = pose.translations;
  const r = pose.rotations;
  const s = pose.scales;
  for (let j = first; j < end; j++) {
    const j3 = j * 3;
    const j4 = j * 4;
    // local rotation × scale, column by column (three's Matrix4.compose)
    const x = r[j4];
    const y = r[j4 + 1];
    const z = r[j4 + 2];
    const w = r[j4 + 3];
    const x2 = x + x;
    const y2 = y + y;
    const z2 = z + z;
    const xx = x * x2;
    const xy = x * y2;
    const xz = x * z2;
    const yy = y * y2;
    const yz = y * z2;
    const zz = z * z2;
    const wx = w * x2;
    const wy = w * y2;
    const wz = w * z2;
    const sx = s[j3];
    const sy = s[j3 + 1];
    const sz = s[j3 + 2];
    const l0 = (1 - (yy + zz)) * sx;
    const l1 = (xy + wz) * sx;
    const l2 = (xz - wy) * sx;
    const l4 = (xy - wz) * sy;
    const l5 = (1 - (xx + zz)) * sy;
    const l6 = (yz + wx) * sy;
    const l8 = (xz + wy) * sz;
    const l9 = (yz - wx) * sz;
    const l10 = (1 - (xx + yy)) * sz;
    const l12 = t[j3];
    const l13 = t[j3 + 1];
    const l14 = t[j3 + 2];
    const o = j * 16;
    const p = parents[j];
    const m = p < 0 ? root : out;
    if (m === null) {
      out[o] = l0;
      out[o + 1] = l1;
      out[o + 2] = l2;
      out[o + 4] = l4;
      out[o + 5] = l5;
      out[o + 6] = l6;
      out[o + 8] = l8;
      out[o + 9] = l9;
      out[o + 10] = l10;
      out[o + 12] = l12;
      out[o + 13] = l13;
      out[o + 14] = l14;
    } else {
      const q = p < 0 ? 0 : p * 16;
      const m0 = m[q];
      const m1 = m[q + 1];
      const m2 = m[q + 2];
      const m4 = m[q + 4];
      const m5 = m[q + 5];
      const m6 = m[q + 6];
      const m8 = m[q + 8];
      const m9 = m[q + 9];
      const m10 = m[q + 10];
      out[o] = m0 * l0 + m4 * l1 + m8 * l2;
      out[o + 1] = m1 * l0 + m5 * l1 + m9 * l2;
      out[o + 2] = m2 * l0 + m6 * l1 + m10 * l2;
      out[o + 4] = m0 * l4 + m4 * l5 + m8 * l6;
      out[o + 5] = m1 * l4 + m5 * l5 + m9 * l6;
      out[o + 6] = m2 * l4 + m6 * l5 + m10 * l6;
      out[o + 8] = m0 * l8 + m4 * l9 + m8 * l10;
      out[o + 9] = m1 * l8 + m5 * l9 + m9 * l10;
      out[o + 10] = m2 * l8 + m6 * l9 + m10 * l10;
      out[o + 12] = m0 * l12 + m4 * l13 + m8 * l14 + m[q + 12];
      out[o + 13] = m1 * l12 + m5 * l13 + m9 * l14 + m[q + 13];
      out[o + 14] = m2 * l12 + m6 * l13 + m10 * l14 + m[q + 14];
    }
    out[o + 3] = 0;
    out[o + 7] = 0;
    out[o + 11] = 0;
    out[o + 15] = 1;
  }
}

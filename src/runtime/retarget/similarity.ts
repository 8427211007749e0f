/**
 * Rigid transforms with a uniform scale (position, rotation x y z w, scale), 8 floats each: a rig's
 * joints in model space while its humanoid map and retargeted clips are built. Bind-time helpers: a
 * rig whose joints scale unevenly is treated by its mean scale.
 */

import { conjugateMultiply, fromMatrix, multiply, rotateVector, unrotateVector } from '../quat.js';

export const SIM = 8;

type Vec = Float64Array;

/** out[o] = a[ao] ∘ b[bo]: b's transform, then a's. out may alias b but not a. */
export function composeSim(out: Vec, o: number, a: Vec, ao: number, b: Vec, bo: number): void {
  const s = a[ao + 7];
  const bx = b[bo] * s;
  const by = b[bo + 1] * s;
  const bz = b[bo + 2] * s;
  const bs = b[bo + 7];
  rotateVector(out, o, a, ao + 3, bx, by, bz);
  out[o] += a[ao];
  out[o + 1] += a[ao + 1];
  out[o + 2] += a[ao + 2];
  multiply(out, o + 3, a, ao + 3, b, bo + 3);
  out[o + 7] = s * bs;
}

/** out[o] = a[ao]⁻¹ ∘ b[bo]: b expressed in a's frame. out may alias b but not a. */
export function relativeSim(out: Vec, o: number, a: Vec, ao: number, b: Vec, bo: number): void {
  const inv = 1 / a[ao + 7];
  const dx = (b[bo] - a[ao]) * inv;
  const dy = (b[bo + 1] - a[ao + 1]) * inv;
  const dz = (b[bo + 2] - a[ao + 2]) * inv;
  const bs = b[bo + 7];
  unrotateVector(out, o, a, ao + 3, dx, dy, dz);
  conjugateMultiply(out, o + 3, a, ao + 3, b, bo + 3);
  out[o + 7] = bs * inv;
}

/** Rest model transforms of every joint, parent-first, from local translations, rotations and scales. */
export function modelSims(
  parents: Int16Array,
  translations: ArrayLike<number>,
  rotations: ArrayLike<number>,
  scales: ArrayLike<number>,
  out: Vec,
): void {
  for (let j = 0; j < parents.length; j++) {
    const o = j * SIM;
    out[o] = translations[j * 3];
    out[o + 1] = translations[j * 3 + 1];
    out[o + 2] = translations[j * 3 + 2];
    out[o + 3] = rotations[j * 4];
    out[o + 4] = rotations[j * 4 + 1];
    out[o + 5] = rotations[j * 4 + 2];
    out[o + 6] = rotations[j * 4 + 3];
    out[o + 7] = (scales[j * 3] + scales[j * 3 + 1] + scales[j * 3 + 2]) / 3;
    const p = parents[j];
    if (p >= 0) composeSim(out, o, out, p * SIM, out, o);
  }
}

/**
 * out[o] = the transform whose matrix inverts the affine matrix m[mo] (column-major, uniform scale): a
 * joint's bind-pose model transform from its inverse bind matrix.
 */
export function invertMatrixToSim(out: Vec, o: number, m: ArrayLike<number>, mo: number): void {
  const s = Math.cbrt(
    m[mo] * (m[mo + 5] * m[mo + 10] - m[mo + 6] * m[mo + 9]) -
      m[mo + 4] * (m[mo + 1] * m[mo + 10] - m[mo + 2] * m[mo + 9]) +
      m[mo + 8] * (m[mo + 1] * m[mo + 6] - m[mo + 2] * m[mo + 5]),
  );
  const inv = 1 / s;
  // rotation R = m3x3 / s (columns); the inverse turns by Rᵀ
  const r00 = m[mo] * inv;
  const r10 = m[mo + 1] * inv;
  const r20 = m[mo + 2] * inv;
  const r01 = m[mo + 4] * inv;
  const r11 = m[mo + 5] * inv;
  const r21 = m[mo + 6] * inv;
  const r02 = m[mo + 8] * inv;
  const r12 = m[mo + 9] * inv;
  const r22 = m[mo + 10] * inv;
  // R's quaternion, conjugated: the inverse's
  fromMatrix(out, o + 3, m, mo);
  out[o + 3] = -out[o + 3];
  out[o + 4] = -out[o + 4];
  out[o + 5] = -out[o + 5];
  out[o + 7] = inv;
  // position = -Rᵀ t / s
  const tx = m[mo + 12];
  const ty = m[mo + 13];
  const tz = m[mo + 14];
  out[o] = -(r00 * tx + r10 * ty + r20 * tz) * inv;
  out[o + 1] = -(r01 * tx + r11 * ty + r21 * tz) * inv;
  out[o + 2] = -(r02 * tx + r12 * ty + r22 * tz) * inv;
}

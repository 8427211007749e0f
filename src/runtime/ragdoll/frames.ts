/** Rigid-frame helpers for the ragdoll: position + unit quaternion pulled from affine matrices. No allocation. */

type Vec = Float32Array | Float64Array | number[];

/** Length of column `c` of the matrix at `o`: the scale along that axis. */
export function columnLength(m: Vec, o: number, c: number): number {
  return Math.hypot(m[o + c * 4], m[o + c * 4 + 1], m[o + c * 4 + 2]);
}

/** The rotation of an affine matrix (its columns normalized) as a quaternion x y z w into out[oo]. */
export function quatFromMatrix(out: Vec, oo: number, m: Vec, o: number): void {
  const sx = 1 / (columnLength(m, o, 0) || 1);
  const sy = 1 / (columnLength(m, o, 1) || 1);
  const sz = 1 / (columnLength(m, o, 2) || 1);
  const m11 = m[o] * sx;
  const m21 = m[o + 1] * sx;
  const m31 = m[o + 2] * sx;
  const m12 = m[o + 4] * sy;
  const m22 = m[o + 5] * sy;
  const m32 = m[o + 6] * sy;
  const m13 = m[o + 8] * sz;
  const m23 = m[o + 9] * sz;
  const m33 = m[o + 10] * sz;
  const trace = m11 + m22 + m33;
  let x: number;
  let y: number;
  let z: number;
  let w: number;
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    w = 0.25 / s;
    x = (m32 - m23) * s;
    y = (m13 - m31) * s;
    z = (m21 - m12) * s;
  } else if (m11 > m22 && m11 > m33) {
    const s = 2 * Math.sqrt(1 + m11 - m22 - m33);
    w = (m32 - m23) / s;
    x = 0.25 * s;
    y = (m12 + m21) / s;
    z = (m13 + m31) / s;
  } else if (m22 > m33) {
    const s = 2 * Math.sqrt(1 + m22 - m11 - m33);
    w = (m13 - m31) / s;
    x = (m12 + m21) / s;
    y = 0.25 * s;
    z = (m23 + m32) / s;
  } else {
    const s = 2 * Math.sqrt(1 + m33 - m11 - m22);
    w = (m21 - m12) / s;
    x = (m13 + m31) / s;
    y = (m23 + m32) / s;
    z = 0.25 * s;
  }
  const inv = 1 / Math.hypot(x, y, z, w);
  out[oo] = x * inv;
  out[oo + 1] = y * inv;
  out[oo + 2] = z * inv;
  out[oo + 3] = w * inv;
}

/** out = q ⊗ v (v rotated by the unit quaternion q). out may alias v. */
export function rotateVector(out: Vec, o: number, q: Vec, qo: number, v: Vec, vo: number): void {
  const qx = q[qo];
  const qy = q[qo + 1];
  const qz = q[qo + 2];
  const qw = q[qo + 3];
  const vx = v[vo];
  const vy = v[vo + 1];
  const vz = v[vo + 2];
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  out[o] = vx + qw * tx + (qy * tz - qz * ty);
  out[o + 1] = vy + qw * ty + (qz * tx - qx * tz);
  out[o + 2] = vz + qw * tz + (qx * ty - qy * tx);
}

/** out = conj(a) ⊗ b: b expressed in a's frame. */
export function multiplyConjugate(out: Vec, oo: number, a: Vec, ao: number, b: Vec, bo: number): void {
  const ax = -a[ao];
  const ay = -a[ao + 1];
  const az = -a[ao + 2];
  const aw = a[ao + 3];
  const bx = b[bo];
  const by = b[bo + 1];
  const bz = b[bo + 2];
  const bw = b[bo + 3];
  out[oo] = ax * bw + aw * bx + ay * bz - az * by;
  out[oo + 1] = ay * bw + aw * by + az * bx - ax * bz;
  out[oo + 2] = az * bw + aw * bz + ax * by - ay * bx;
  out[oo + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/** The quaternion whose frame has the given orthonormal x, y, z axes as columns. */
export function quatFromAxes(out: Vec, o: number, x: Vec, y: Vec, z: Vec): void {
  const m = [x[0], x[1], x[2], 0, y[0], y[1], y[2], 0, z[0], z[1], z[2], 0, 0, 0, 0, 1];
  quatFromMatrix(out, o, m, 0);
}

/**
 * Rotation helpers the IK solvers share, over flat arrays at an offset, taking scalars where a caller would
 * otherwise need a temporary vector. No allocation.
 */

type Vec = Float32Array | Float64Array | number[];

/** Scales a unit quaternion's angle by t in place (identity at 0, unchanged at 1), taking the short way. */
export function scaleAngle(q: Vec, o: number, t: number): void {
  let w = q[o + 3];
  const sign = w < 0 ? -1 : 1;
  w *= sign;
  const x = q[o] * sign;
  const y = q[o + 1] * sign;
  const z = q[o + 2] * sign;
  const s = Math.sqrt(x * x + y * y + z * z);
  if (s < 1e-12) {
    q[o] = q[o + 1] = q[o + 2] = 0;
    q[o + 3] = 1;
    return;
  }
  const half = Math.atan2(s, w) * t;
  const k = Math.sin(half) / s;
  q[o] = x * k;
  q[o + 1] = y * k;
  q[o + 2] = z * k;
  q[o + 3] = Math.cos(half);
}

/**
 * Solves the upper 3×3 of an affine matrix for a direction: out = M⁻¹ v (a world offset seen in the
 * matrix's space). A singular matrix leaves v as it is.
 */
export function inverseTransformDirection(
  out: Vec,
  oo: number,
  m: Vec,
  mo: number,
  vx: number,
  vy: number,
  vz: number,
): void {
  const a = m[mo];
  const b = m[mo + 4];
  const c = m[mo + 8];
  const d = m[mo + 1];
  const e = m[mo + 5];
  const f = m[mo + 9];
  const g = m[mo + 2];
  const h = m[mo + 6];
  const i = m[mo + 10];
  const A = e * i - f * h;
  const B = f * g - d * i;
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-20) {
    out[oo] = vx;
    out[oo + 1] = vy;
    out[oo + 2] = vz;
    return;
  }
  const inv = 1 / det;
  out[oo] = (A * vx + (c * h - b * i) * vy + (b * f - c * e) * vz) * inv;
  out[oo + 1] = (B * vx + (a * i - c * g) * vy + (c * d - a * f) * vz) * inv;
  out[oo + 2] = (C * vx + (b * g - a * h) * vy + (a * e - b * d) * vz) * inv;
}

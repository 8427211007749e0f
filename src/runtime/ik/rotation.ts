/**
 * Rotation helpers the IK solvers share, over flat arrays at an offset, taking scalars where a caller would
 * otherwise need a temporary vector. No allocation.
 */

type Vec = Float32Array | Float64Array | number[];

/** v' = q v q⁻¹ for a unit quaternion q (at qo), written to out[oo]. out may alias v. */
export function rotateVector(out: Vec, oo: number, q: Vec, qo: number, vx: number, vy: number, vz: number): void {
  const x = q[qo];
  const y = q[qo + 1];
  const z = q[qo + 2];
  const w = q[qo + 3];
  // t = 2 (q.xyz × v); v' = v + w t + q.xyz × t
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  out[oo] = vx + w * tx + (y * tz - z * ty);
  out[oo + 1] = vy + w * ty + (z * tx - x * tz);
  out[oo + 2] = vz + w * tz + (x * ty - y * tx);
}

/** v' = q⁻¹ v q: the same as rotateVector by the conjugate. */
export function unrotateVector(out: Vec, oo: number, q: Vec, qo: number, vx: number, vy: number, vz: number): void {
  const x = -q[qo];
  const y = -q[qo + 1];
  const z = -q[qo + 2];
  const w = q[qo + 3];
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  out[oo] = vx + w * tx + (y * tz - z * ty);
  out[oo + 1] = vy + w * ty + (z * tx - x * tz);
  out[oo + 2] = vz + w * tz + (x * ty - y * tx);
}

/**
 * The shortest rotation taking direction a to direction b (neither need be unit length), as three's
 * Quaternion.setFromUnitVectors. Opposite directions turn about an axis perpendicular to a; a zero vector
 * gives the identity.
 */
export function rotationBetween(
  out: Vec,
  o: number,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
): void {
  const la = Math.sqrt(ax * ax + ay * ay + az * az);
  const lb = Math.sqrt(bx * bx + by * by + bz * bz);
  if (la < 1e-12 || lb < 1e-12) {
    out[o] = out[o + 1] = out[o + 2] = 0;
    out[o + 3] = 1;
    return;
  }
  const dot = (ax * bx + ay * by + az * bz) / (la * lb);
  let x: number;
  let y: number;
  let z: number;
  let w = dot + 1;
  if (w < 1e-9) {
    w = 0;
    if (Math.abs(ax) > Math.abs(az)) {
      x = -ay;
      y = ax;
      z = 0;
    } else {
      x = 0;
      y = -az;
      z = ay;
    }
  } else {
    const s = 1 / (la * lb);
    x = (ay * bz - az * by) * s;
    y = (az * bx - ax * bz) * s;
    z = (ax * by - ay * bx) * s;
  }
  const inv = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
  out[o] = x * inv;
  out[o + 1] = y * inv;
  out[o + 2] = z * inv;
  out[o + 3] = w * inv;
}

/** out = conj(a) × b: b seen from a's frame. out may alias b but not a. */
export function conjugateMultiply(out: Vec, oo: number, a: Vec, ao: number, b: Vec, bo: number): void {
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

/** Rotation by `angle` radians about the unit axis (x, y, z). */
export function axisAngle(out: Vec, o: number, x: number, y: number, z: number, angle: number): void {
  const s = Math.sin(angle / 2);
  out[o] = x * s;
  out[o + 1] = y * s;
  out[o + 2] = z * s;
  out[o + 3] = Math.cos(angle / 2);
}

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
 * The rotation of an affine matrix's upper 3×3 (columns normalized, so uniform or per-axis scale drops out),
 * as a unit quaternion. Shear is not undone: skeletons with it get an approximation.
 */
export function matrixRotation(out: Vec, o: number, m: Vec, mo: number): void {
  const sx = 1 / (Math.sqrt(m[mo] * m[mo] + m[mo + 1] * m[mo + 1] + m[mo + 2] * m[mo + 2]) || 1);
  const sy = 1 / (Math.sqrt(m[mo + 4] * m[mo + 4] + m[mo + 5] * m[mo + 5] + m[mo + 6] * m[mo + 6]) || 1);
  const sz = 1 / (Math.sqrt(m[mo + 8] * m[mo + 8] + m[mo + 9] * m[mo + 9] + m[mo + 10] * m[mo + 10]) || 1);
  const m11 = m[mo] * sx;
  const m21 = m[mo + 1] * sx;
  const m31 = m[mo + 2] * sx;
  const m12 = m[mo + 4] * sy;
  const m22 = m[mo + 5] * sy;
  const m32 = m[mo + 6] * sy;
  const m13 = m[mo + 8] * sz;
  const m23 = m[mo + 9] * sz;
  const m33 = m[mo + 10] * sz;
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
  const inv = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
  out[o] = x * inv;
  out[o + 1] = y * inv;
  out[o + 2] = z * inv;
  out[o + 3] = w * inv;
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

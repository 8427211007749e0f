/** Quaternion helpers over flat arrays (x y z w at an offset). No allocation. */

type Vec = Float32Array | Float64Array | number[];

/**
 * Shortest-arc spherical interpolation from a[ao] to b[bo] by t, written to out[oo]. Falls back to a
 * normalized lerp when the two are nearly parallel, where slerp's division loses precision.
 */
export function slerp(out: Vec, oo: number, a: Vec, ao: number, b: Vec, bo: number, t: number): void {
  const ax = a[ao];
  const ay = a[ao + 1];
  const az = a[ao + 2];
  const aw = a[ao + 3];
  let bx = b[bo];
  let by = b[bo + 1];
  let bz = b[bo + 2];
  let bw = b[bo + 3];
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) {
    cos = -cos;
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
  }
  let s0 = 1 - t;
  let s1 = t;
  const sqrSin = 1 - cos * cos;
  if (sqrSin > Number.EPSILON) {
    const sin = Math.sqrt(sqrSin);
    const angle = Math.atan2(sin, cos);
    s0 = Math.sin(s0 * angle) / sin;
    s1 = Math.sin(s1 * angle) / sin;
  }
  let x = ax * s0 + bx * s1;
  let y = ay * s0 + by * s1;
  let z = az * s0 + bz * s1;
  let w = aw * s0 + bw * s1;
  if (sqrSin <= Number.EPSILON) {
    const inv = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
    x *= inv;
    y *= inv;
    z *= inv;
    w *= inv;
  }
  out[oo] = x;
  out[oo + 1] = y;
  out[oo + 2] = z;
  out[oo + 3] = w;
}

/** out = a * b (apply b first, then a). */
export function multiply(out: Vec, oo: number, a: Vec, ao: number, b: Vec, bo: number): void {
  product(out, oo, a[ao], a[ao + 1], a[ao + 2], a[ao + 3], b[bo], b[bo + 1], b[bo + 2], b[bo + 3]);
}

/** Normalizes in place; a zero quaternion becomes identity. */
export function normalize(q: Vec, o: number): void {
  const len = Math.sqrt(q[o] * q[o] + q[o + 1] * q[o + 1] + q[o + 2] * q[o + 2] + q[o + 3] * q[o + 3]);
  if (len === 0) {
    q[o] = q[o + 1] = q[o + 2] = 0;
    q[o + 3] = 1;
    return;
  }
  const inv = 1 / len;
  q[o] *= inv;
  q[o + 1] *= inv;
  q[o + 2] *= inv;
  q[o + 3] *= inv;
}

/** Scratch for the forms that take numbers: they hand them to the array forms. */
const given = new Float64Array(6);

/** v' = q v q⁻¹ for a unit quaternion q (at qo), written to out[oo]. */
export function rotateVector(out: Vec, oo: number, q: Vec, qo: number, vx: number, vy: number, vz: number): void {
  given[0] = vx;
  given[1] = vy;
  given[2] = vz;
  rotateVectorAt(out, oo, q, qo, given, 0);
}

/**
 * rotateVector with v read from v[vo..vo+2]: no number crosses the call, so V8 boxes none where it does not
 * inline it (the per-frame solvers call it so). out may alias v.
 */
export function rotateVectorAt(out: Vec, oo: number, q: Vec, qo: number, v: Vec, vo: number): void {
  const x = q[qo];
  const y = q[qo + 1];
  const z = q[qo + 2];
  const w = q[qo + 3];
  const vx = v[vo];
  const vy = v[vo + 1];
  const vz = v[vo + 2];
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
  given[0] = ax;
  given[1] = ay;
  given[2] = az;
  given[3] = bx;
  given[4] = by;
  given[5] = bz;
  rotationBetweenAt(out, o, given, 0, given, 3);
}

/** rotationBetween with a read from va[a..a+2] and b from vb[b..b+2]: no number crosses the call. */
export function rotationBetweenAt(out: Vec, o: number, va: Vec, a: number, vb: Vec, b: number): void {
  const ax = va[a];
  const ay = va[a + 1];
  const az = va[a + 2];
  const bx = vb[b];
  const by = vb[b + 1];
  const bz = vb[b + 2];
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
  product(out, oo, -a[ao], -a[ao + 1], -a[ao + 2], a[ao + 3], b[bo], b[bo + 1], b[bo + 2], b[bo + 3]);
}

/** Rotation by `angle` radians about the unit axis (x, y, z). */
export function axisAngle(out: Vec, o: number, x: number, y: number, z: number, angle: number): void {
  const s = Math.sin(angle / 2);
  out[o] = x * s;
  out[o + 1] = y * s;
  out[o + 2] = z * s;
  out[o + 3] = Math.cos(angle / 2);
}

/**
 * The rotation of an affine matrix's upper 3×3 (columns normalized, so uniform or per-axis scale drops out),
 * as a unit quaternion. Shear is not undone: skeletons with it get an approximation.
 */
export function fromMatrix(out: Vec, o: number, m: ArrayLike<number>, mo: number): void {
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

/** out = a × conjugate(b) (a in b's frame, from the other side). out may alias either. */
export function multiplyConjugate(out: Vec, oo: number, a: Vec, ao: number, b: Vec, bo: number): void {
  product(out, oo, a[ao], a[ao + 1], a[ao + 2], a[ao + 3], -b[bo], -b[bo + 1], -b[bo + 2], b[bo + 3]);
}

/** out = (ax ay az aw) × (bx by bz bw): the one quaternion product the helpers above share. */
function product(
  out: Vec,
  oo: number,
  ax: number,
  ay: number,
  az: number,
  aw: number,
  bx: number,
  by: number,
  bz: number,
  bw: number,
): void {
  out[oo] = ax * bw + aw * bx + ay * bz - az * by;
  out[oo + 1] = ay * bw + aw * by + az * bx - ax * bz;
  out[oo + 2] = az * bw + aw * bz + ax * by - ay * bx;
  out[oo + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

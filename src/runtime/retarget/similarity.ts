/**
 * Rigid transforms with a uniform scale (position, rotation x y z w, scale), 8 floats each: a rig's
 * joints in model space while its humanoid map and retargeted clips are built. Bind-time helpers: a
 * rig whose joints scale unevenly is treated by its mean scale.
 */

export const SIM = 8;

type Vec = Float64Array;

/** out[o] = a[ao] ∘ b[bo]: b's transform, then a's. out may alias b but not a. */
export function composeSim(out: Vec, o: number, a: Vec, ao: number, b: Vec, bo: number): void {
  const s = a[ao + 7];
  const bx = b[bo] * s;
  const by = b[bo + 1] * s;
  const bz = b[bo + 2] * s;
  const bs = b[bo + 7];
  rotateInto(out, o, a, ao + 3, bx, by, bz);
  out[o] += a[ao];
  out[o + 1] += a[ao + 1];
  out[o + 2] += a[ao + 2];
  mulQuat(out, o + 3, a, ao + 3, b, bo + 3);
  out[o + 7] = s * bs;
}

/** out[o] = a[ao]⁻¹ ∘ b[bo]: b expressed in a's frame. out may alias b but not a. */
export function relativeSim(out: Vec, o: number, a: Vec, ao: number, b: Vec, bo: number): void {
  const inv = 1 / a[ao + 7];
  const dx = (b[bo] - a[ao]) * inv;
  const dy = (b[bo + 1] - a[ao + 1]) * inv;
  const dz = (b[bo + 2] - a[ao + 2]) * inv;
  const bs = b[bo + 7];
  const qx = -a[ao + 3];
  const qy = -a[ao + 4];
  const qz = -a[ao + 5];
  const qw = a[ao + 6];
  rotateBy(out, o, qx, qy, qz, qw, dx, dy, dz);
  mulParts(out, o + 3, qx, qy, qz, qw, b[bo + 3], b[bo + 4], b[bo + 5], b[bo + 6]);
  out[o + 7] = bs * inv;
}

/** out[o..o+2] = q[qo] applied to (x, y, z). */
export function rotateInto(out: Vec, o: number, q: Vec, qo: number, x: number, y: number, z: number): void {
  rotateBy(out, o, q[qo], q[qo + 1], q[qo + 2], q[qo + 3], x, y, z);
}

function rotateBy(
  out: Vec,
  o: number,
  qx: number,
  qy: number,
  qz: number,
  qw: number,
  x: number,
  y: number,
  z: number,
) {
  // v + 2w(q×v) + 2q×(q×v)
  const tx = 2 * (qy * z - qz * y);
  const ty = 2 * (qz * x - qx * z);
  const tz = 2 * (qx * y - qy * x);
  out[o] = x + qw * tx + (qy * tz - qz * ty);
  out[o + 1] = y + qw * ty + (qz * tx - qx * tz);
  out[o + 2] = z + qw * tz + (qx * ty - qy * tx);
}

/** out[o] = a[ao] · b[bo] (b first). out may alias either. */
export function mulQuat(out: Vec, o: number, a: Vec, ao: number, b: Vec, bo: number): void {
  mulParts(out, o, a[ao], a[ao + 1], a[ao + 2], a[ao + 3], b[bo], b[bo + 1], b[bo + 2], b[bo + 3]);
}

/** out[o] = conjugate(a[ao]) · b[bo]: b in a's frame. out may alias either. */
export function mulConjQuat(out: Vec, o: number, a: Vec, ao: number, b: Vec, bo: number): void {
  mulParts(out, o, -a[ao], -a[ao + 1], -a[ao + 2], a[ao + 3], b[bo], b[bo + 1], b[bo + 2], b[bo + 3]);
}

/** out[o] = a[ao] · conjugate(b[bo]). out may alias either. */
export function mulQuatConj(out: Vec, o: number, a: Vec, ao: number, b: Vec, bo: number): void {
  mulParts(out, o, a[ao], a[ao + 1], a[ao + 2], a[ao + 3], -b[bo], -b[bo + 1], -b[bo + 2], b[bo + 3]);
}

function mulParts(
  out: Vec,
  o: number,
  ax: number,
  ay: number,
  az: number,
  aw: number,
  bx: number,
  by: number,
  bz: number,
  bw: number,
): void {
  out[o] = ax * bw + aw * bx + ay * bz - az * by;
  out[o + 1] = ay * bw + aw * by + az * bx - ax * bz;
  out[o + 2] = az * bw + aw * bz + ax * by - ay * bx;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/**
 * out[o] = the shortest rotation taking direction (ax, ay, az) onto (bx, by, bz) (neither need be unit).
 * Opposite directions turn half a turn about an axis perpendicular to both.
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
  const la = Math.hypot(ax, ay, az);
  const lb = Math.hypot(bx, by, bz);
  ax /= la;
  ay /= la;
  az /= la;
  bx /= lb;
  by /= lb;
  bz /= lb;
  const dot = ax * bx + ay * by + az * bz;
  let x = ay * bz - az * by;
  let y = az * bx - ax * bz;
  let z = ax * by - ay * bx;
  let w = 1 + dot;
  if (w < 1e-9) {
    // opposite: any axis perpendicular to a
    if (Math.abs(ax) < 0.9) {
      x = 0;
      y = -az;
      z = ay;
    } else {
      x = az;
      y = 0;
      z = -ax;
    }
    w = 0;
  }
  const n = Math.hypot(x, y, z, w);
  out[o] = x / n;
  out[o + 1] = y / n;
  out[o + 2] = z / n;
  out[o + 3] = w / n;
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
  // quaternion of Rᵀ (three's Quaternion.setFromRotationMatrix on the transpose)
  const trace = r00 + r11 + r22;
  let x: number;
  let y: number;
  let z: number;
  let w: number;
  if (trace > 0) {
    const k = 0.5 / Math.sqrt(trace + 1);
    w = 0.25 / k;
    x = (r21 - r12) * k;
    y = (r02 - r20) * k;
    z = (r10 - r01) * k;
  } else if (r00 > r11 && r00 > r22) {
    const k = 2 * Math.sqrt(1 + r00 - r11 - r22);
    w = (r21 - r12) / k;
    x = 0.25 * k;
    y = (r01 + r10) / k;
    z = (r02 + r20) / k;
  } else if (r11 > r22) {
    const k = 2 * Math.sqrt(1 + r11 - r00 - r22);
    w = (r02 - r20) / k;
    x = (r01 + r10) / k;
    y = 0.25 * k;
    z = (r12 + r21) / k;
  } else {
    const k = 2 * Math.sqrt(1 + r22 - r00 - r11);
    w = (r10 - r01) / k;
    x = (r02 + r20) / k;
    y = (r12 + r21) / k;
    z = 0.25 * k;
  }
  // that is R's quaternion; the inverse's is its conjugate
  const n = Math.hypot(x, y, z, w);
  out[o + 3] = -x / n;
  out[o + 4] = -y / n;
  out[o + 5] = -z / n;
  out[o + 6] = w / n;
  out[o + 7] = inv;
  // position = -Rᵀ t / s
  const tx = m[mo + 12];
  const ty = m[mo + 13];
  const tz = m[mo + 14];
  out[o] = -(r00 * tx + r10 * ty + r20 * tz) * inv;
  out[o + 1] = -(r01 * tx + r11 * ty + r21 * tz) * inv;
  out[o + 2] = -(r02 * tx + r12 * ty + r22 * tz) * inv;
}

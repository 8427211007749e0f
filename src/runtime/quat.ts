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
  const ax = a[ao];
  const ay = a[ao + 1];
  const az = a[ao + 2];
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

/** Column-major 4x4 matrix helpers over flat arrays at an offset (three.js's element order). No allocation. */

type Vec = Float32Array | Float64Array | number[];

/** out = translation × rotation × scale, as three's Matrix4.compose. */
export function compose(out: Vec, o: number, t: Vec, to: number, q: Vec, qo: number, s: Vec, so: number): void {
  const x = q[qo];
  const y = q[qo + 1];
  const z = q[qo + 2];
  const w = q[qo + 3];
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
  const sx = s[so];
  const sy = s[so + 1];
  const sz = s[so + 2];
  out[o] = (1 - (yy + zz)) * sx;
  out[o + 1] = (xy + wz) * sx;
  out[o + 2] = (xz - wy) * sx;
  out[o + 3] = 0;
  out[o + 4] = (xy - wz) * sy;
  out[o + 5] = (1 - (xx + zz)) * sy;
  out[o + 6] = (yz + wx) * sy;
  out[o + 7] = 0;
  out[o + 8] = (xz + wy) * sz;
  out[o + 9] = (yz - wx) * sz;
  out[o + 10] = (1 - (xx + yy)) * sz;
  out[o + 11] = 0;
  out[o + 12] = t[to];
  out[o + 13] = t[to + 1];
  out[o + 14] = t[to + 2];
  out[o + 15] = 1;
}

/** out = a × b. out may alias b but not a. */
export function multiply(out: Vec, o: number, a: Vec, ao: number, b: Vec, bo: number): void {
  const a00 = a[ao];
  const a01 = a[ao + 1];
  const a02 = a[ao + 2];
  const a03 = a[ao + 3];
  const a10 = a[ao + 4];
  const a11 = a[ao + 5];
  const a12 = a[ao + 6];
  const a13 = a[ao + 7];
  const a20 = a[ao + 8];
  const a21 = a[ao + 9];
  const a22 = a[ao + 10];
  const a23 = a[ao + 11];
  const a30 = a[ao + 12];
  const a31 = a[ao + 13];
  const a32 = a[ao + 14];
  const a33 = a[ao + 15];
  for (let c = 0; c < 4; c++) {
    const b0 = b[bo + c * 4];
    const b1 = b[bo + c * 4 + 1];
    const b2 = b[bo + c * 4 + 2];
    const b3 = b[bo + c * 4 + 3];
    out[o + c * 4] = a00 * b0 + a10 * b1 + a20 * b2 + a30 * b3;
    out[o + c * 4 + 1] = a01 * b0 + a11 * b1 + a21 * b2 + a31 * b3;
    out[o + c * 4 + 2] = a02 * b0 + a12 * b1 + a22 * b2 + a32 * b3;
    out[o + c * 4 + 3] = a03 * b0 + a13 * b1 + a23 * b2 + a33 * b3;
  }
}

export function identity(out: Vec, o: number): void {
  for (let i = 0; i < 16; i++) out[o + i] = i % 5 === 0 ? 1 : 0;
}

/** out = a × b for affine matrices (bottom rows 0 0 0 1): 36 multiplies instead of 64. out may alias b. */
export function multiplyAffine(out: Vec, o: number, a: Vec, ao: number, b: Vec, bo: number): void {
  const a0 = a[ao];
  const a1 = a[ao + 1];
  const a2 = a[ao + 2];
  const a4 = a[ao + 4];
  const a5 = a[ao + 5];
  const a6 = a[ao + 6];
  const a8 = a[ao + 8];
  const a9 = a[ao + 9];
  const a10 = a[ao + 10];
  const a12 = a[ao + 12];
  const a13 = a[ao + 13];
  const a14 = a[ao + 14];
  for (let c = 0; c < 16; c += 4) {
    const b0 = b[bo + c];
    const b1 = b[bo + c + 1];
    const b2 = b[bo + c + 2];
    const w = c === 12 ? 1 : 0;
    out[o + c] = a0 * b0 + a4 * b1 + a8 * b2 + a12 * w;
    out[o + c + 1] = a1 * b0 + a5 * b1 + a9 * b2 + a13 * w;
    out[o + c + 2] = a2 * b0 + a6 * b1 + a10 * b2 + a14 * w;
    out[o + c + 3] = w;
  }
}

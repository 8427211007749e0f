/** Rigid-frame helpers for the ragdoll: position + unit quaternion pulled from affine matrices. No allocation. */

import { length3 } from '../length.js';
import { fromMatrix } from '../quat.js';

type Vec = Float32Array | Float64Array | number[];

/** Length of column `c` of the matrix at `o`: the scale along that axis. */
export function columnLength(m: Vec, o: number, c: number): number {
  return length3(m[o + c * 4], m[o + c * 4 + 1], m[o + c * 4 + 2]);
}

/** The quaternion whose frame has the given orthonormal x, y, z axes as columns. */
export function quatFromAxes(out: Vec, o: number, x: Vec, y: Vec, z: Vec): void {
  const m = [x[0], x[1], x[2], 0, y[0], y[1], y[2], 0, z[0], z[1], z[2], 0, 0, 0, 0, 1];
  fromMatrix(out, o, m, 0);
}

import { wrapAngle } from '../runtime/core.js';
import { length2 } from '../runtime/length.js';

/**
 * Blend-space weights. Each kind gives weights that sum to 1 and are exact (one-hot) at the sample
 * points. 1D interpolates between the two neighbouring thresholds. The 2D kinds are gradient-band
 * interpolation (Johansen, 2008, as Mecanim's freeform blend trees): each point's weight is its smallest
 * "band" value against every other point, then weights are normalized. Cartesian bands lie in the plain
 * (x, y) plane; directional bands lie in polar space (angle × 2, magnitude relative to the pair's mean),
 * so points in one direction at different speeds (walk and run forward) blend by speed and points at
 * different angles blend by angle. Everything a pair of points needs is computed when the space is built;
 * evaluating allocates nothing.
 */

export const ONE_D = 0;
export const DIRECTIONAL = 1;
export const CARTESIAN = 2;

export interface BlendSpace {
  readonly kind: number;
  readonly count: number;
  /** Logical clip index per point (1D: sorted by x). */
  readonly clips: Int32Array;
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  /** Per ordered pair i·count + j: cartesian dx, dy, 1/|d|²; directional angle, cross sign, mean magnitude. */
  readonly pairA: Float64Array;
  readonly pairB: Float64Array;
  readonly pairC: Float64Array;
  /** Directional: magnitude and angle of each point. */
  readonly magnitudes: Float64Array;
  readonly angles: Float64Array;
}

/** Builds a blend space from its points. 1D points are sorted by x. Coincident points are the caller's to reject. */
export function buildBlendSpace(kind: number, clips: number[], xs: number[], ys: number[]): BlendSpace {
  const n = clips.length;
  const order = clips.map((_, i) => i);
  if (kind === ONE_D) order.sort((a, b) => xs[a] - xs[b]);
  const space: BlendSpace = {
    kind,
    count: n,
    clips: Int32Array.from(order, (i) => clips[i]),
    xs: Float64Array.from(order, (i) => xs[i]),
    ys: Float64Array.from(order, (i) => ys[i] ?? 0),
    pairA: new Float64Array(n * n),
    pairB: new Float64Array(n * n),
    pairC: new Float64Array(n * n),
    magnitudes: new Float64Array(n),
    angles: new Float64Array(n),
  };
  const { pairA, pairB, pairC, magnitudes, angles } = space;
  for (let i = 0; i < n; i++) {
    magnitudes[i] = length2(space.xs[i], space.ys[i]);
    angles[i] = Math.atan2(space.ys[i], space.xs[i]);
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const ij = i * n + j;
      if (kind === CARTESIAN) {
        const dx = space.xs[j] - space.xs[i];
        const dy = space.ys[j] - space.ys[i];
        pairA[ij] = dx;
        pairB[ij] = dy;
        pairC[ij] = 1 / (dx * dx + dy * dy);
      } else if (kind === DIRECTIONAL) {
        pairA[ij] = angleBetween(angles[i], angles[j]);
        pairB[ij] = Math.sign(space.xs[i] * space.ys[j] - space.ys[i] * space.xs[j]);
        pairC[ij] = (magnitudes[i] + magnitudes[j]) / 2;
      }
    }
  }
  return space;
}

/** Unsigned angle between two directions given by their atan2 angles, in [0, π]. */
function angleBetween(a: number, b: number): number {
  let d = Math.abs(a - b) % (2 * Math.PI);
  if (d > Math.PI) d = 2 * Math.PI - d;
  return d;
}

const EXACT = 1e-9;
const OPPOSITE = Math.PI * 0.99;

/** Writes the weight of each point at (x, y) into out[offset…offset+count). They sum to 1. */
export function blendWeights(space: BlendSpace, x: number, y: number, out: Float64Array, offset: number): void {
  const n = space.count;
  for (let i = 0; i < n; i++) out[offset + i] = 0;
  if (n === 0) return;
  if (space.kind === ONE_D) {
    weights1d(space.xs, n, x, out, offset);
    return;
  }
  if (!Number.isFinite(x)) x = 0;
  if (!Number.isFinite(y)) y = 0;
  let nearest = 0;
  let nearestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const d = length2(x - space.xs[i], y - space.ys[i]);
    if (d < nearestDistance) {
      nearestDistance = d;
      nearest = i;
    }
  }
  if (nearestDistance > EXACT) {
    if (space.kind === CARTESIAN) cartesian(space, x, y, out, offset);
    else directional(space, x, y, out, offset);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += out[offset + i];
    if (sum > 0) {
      const inv = 1 / sum;
      for (let i = 0; i < n; i++) out[offset + i] *= inv;
      return;
    }
    for (let i = 0; i < n; i++) out[offset + i] = 0;
  }
  // on a sample point (or outside every band): that point alone
  out[offset + nearest] = 1;
}

function weights1d(xs: Float64Array, n: number, x: number, out: Float64Array, offset: number): void {
  if (!(x > xs[0])) {
    out[offset] = 1;
    return;
  }
  if (x >= xs[n - 1]) {
    out[offset + n - 1] = 1;
    return;
  }
  let k = 0;
  while (x >= xs[k + 1]) k++;
  const t = (x - xs[k]) / (xs[k + 1] - xs[k]);
  out[offset + k] = 1 - t;
  out[offset + k + 1] = t;
}

function cartesian(space: BlendSpace, x: number, y: number, out: Float64Array, offset: number): void {
  const n = space.count;
  const { xs, ys, pairA, pairB, pairC } = space;
  for (let i = 0; i < n; i++) {
    const ox = x - xs[i];
    const oy = y - ys[i];
    let value = 1;
    for (let j = 0; j < n && value > 0; j++) {
      if (j === i) continue;
      const ij = i * n + j;
      const v = 1 - (ox * pairA[ij] + oy * pairB[ij]) * pairC[ij];
      if (v < value) value = v;
    }
    out[offset + i] = Math.max(0, value);
  }
}

function directional(space: BlendSpace, x: number, y: number, out: Float64Array, offset: number): void {
  const n = space.count;
  const { magnitudes, angles, pairA, pairB, pairC } = space;
  const mo = length2(x, y);
  const ao = Math.atan2(y, x);
  for (let i = 0; i < n; i++) {
    const mi = magnitudes[i];
    let value = 1;
    for (let j = 0; j < n && value > 0; j++) {
      if (j === i) continue;
      const ij = i * n + j;
      const mj = magnitudes[j];
      let ijAngle: number;
      let ioAngle: number;
      let scale = 2;
      if (mi === 0) {
        // the centre point: bands run out along each other point's direction
        ijAngle = mo === 0 ? 0 : angleBetween(ao, angles[j]);
        ioAngle = 0;
        scale = 1;
      } else if (mj === 0) {
        ijAngle = mo === 0 ? 0 : angleBetween(ao, angles[i]);
        ioAngle = ijAngle;
        scale = 1;
      } else {
        ijAngle = pairA[ij];
        ioAngle = 0;
        if (ijAngle > 0) {
          if (mo === 0) ioAngle = ijAngle;
          else {
            ioAngle = angleBetween(angles[i], ao);
            // the output on the far side of i from j counts negative (except for opposite points)
            if (ijAngle < OPPOSITE && Math.sign(wrapAngle(ao - angles[i])) * pairB[ij] < 0) ioAngle = -ioAngle;
          }
        }
      }
      const mean = pairC[ij];
      const ijx = ijAngle * scale;
      const ijy = (mj - mi) / mean;
      const iox = ioAngle * scale;
      const ioy = (mo - mi) / mean;
      const v = 1 - (ijx * iox + ijy * ioy) / (ijx * ijx + ijy * ijy);
      if (v < value) value = v;
    }
    out[offset + i] = Math.max(0, value);
  }
}

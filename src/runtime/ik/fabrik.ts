import type { Pose } from '../pose.js';
import { rotationBetween } from '../quat.js';
import { commitChain, finiteTarget, gatherChain, type IkChain, POLE_NONE, POLE_POINT, turnJoint } from './chain.js';

const DQ = 4;
const FP = 8;

function tipDistance(chain: IkChain, tx: number, ty: number, tz: number): number {
  const t = (chain.joints.length - 1) * 3;
  const p = chain.positions;
  return Math.sqrt((p[t] - tx) ** 2 + (p[t + 1] - ty) ** 2 + (p[t + 2] - tz) ** 2);
}

/** Turns each bone, root first, so that it points from its joint at the point (x, y, z) given per joint. */
function aimBonesAt(chain: IkChain, points: Float64Array, offset: number, stride: number): void {
  const p = chain.positions;
  const w = chain.work;
  for (let i = 0; i < chain.joints.length - 1; i++) {
    const q = offset + (i + 1) * stride;
    const i3 = i * 3;
    rotationBetween(
      w,
      DQ,
      p[i3 + 3] - p[i3],
      p[i3 + 4] - p[i3 + 1],
      p[i3 + 5] - p[i3 + 2],
      points[q] - p[i3],
      points[q + 1] - p[i3 + 1],
      points[q + 2] - p[i3 + 2],
    );
    turnJoint(chain, i, w, DQ);
  }
}

/**
 * Turns the chain's inner joints (of the points given per joint) together about the line from its root to
 * its tip until their bend faces the pole: a rigid turn about that line, so every bone keeps its length and
 * the root and tip stay where they are.
 */
function bendTowardPole(chain: IkChain, f: Float64Array, offset: number): void {
  const n = chain.joints.length;
  const rx = f[offset];
  const ry = f[offset + 1];
  const rz = f[offset + 2];
  const t = offset + (n - 1) * 3;
  let ux = f[t] - rx;
  let uy = f[t + 1] - ry;
  let uz = f[t + 2] - rz;
  const length = Math.sqrt(ux * ux + uy * uy + uz * uz);
  if (length < 1e-9) return;
  ux /= length;
  uy /= length;
  uz /= length;
  // the bend: the inner joints' offsets from the line, summed
  let bx = 0;
  let by = 0;
  let bz = 0;
  for (let i = 1; i < n - 1; i++) {
    const o = offset + i * 3;
    const vx = f[o] - rx;
    const vy = f[o + 1] - ry;
    const vz = f[o + 2] - rz;
    const along = vx * ux + vy * uy + vz * uz;
    bx += vx - ux * along;
    by += vy - uy * along;
    bz += vz - uz * along;
  }
  const pole = chain.pole;
  let px = chain.poleMode === POLE_POINT ? pole[0] - rx : pole[0];
  let py = chain.poleMode === POLE_POINT ? pole[1] - ry : pole[1];
  let pz = chain.poleMode === POLE_POINT ? pole[2] - rz : pole[2];
  const poleAlong = px * ux + py * uy + pz * uz;
  px -= ux * poleAlong;
  py -= uy * poleAlong;
  pz -= uz * poleAlong;
  const bl = Math.sqrt(bx * bx + by * by + bz * bz);
  const pl = Math.sqrt(px * px + py * py + pz * pz);
  if (bl < 1e-9 || pl < 1e-9) return;
  // the turn from the bend to the pole about the line (Rodrigues)
  const cos = (bx * px + by * py + bz * pz) / (bl * pl);
  const sin = (ux * (by * pz - bz * py) + uy * (bz * px - bx * pz) + uz * (bx * py - by * px)) / (bl * pl);
  for (let i = 1; i < n - 1; i++) {
    const o = offset + i * 3;
    const vx = f[o] - rx;
    const vy = f[o + 1] - ry;
    const vz = f[o + 2] - rz;
    const along = (vx * ux + vy * uy + vz * uz) * (1 - cos);
    const cx = uy * vz - uz * vy;
    const cy = uz * vx - ux * vz;
    const cz = ux * vy - uy * vx;
    f[o] = rx + vx * cos + cx * sin + ux * along;
    f[o + 1] = ry + vy * cos + cy * sin + uy * along;
    f[o + 2] = rz + vz * cos + cz * sin + uz * along;
  }
}

/**
 * FABRIK: forward-and-backward reaching over joint positions, then each bone turned (root first) toward its
 * new place, with limits applied, so the next pass starts from a pose the joints can take. With a pole each
 * pass also turns the chain's bend to face it (a two-bone chain then bends as the analytic solver bends it).
 * Stops after `chain.iterations` passes or once the tip is within `chain.tolerance`. A target out of reach
 * straightens the chain toward it. Returns whether it reached; weight ≤ 0 or a non-finite target leave the
 * pose alone.
 */
export function solveFabrik(
  chain: IkChain,
  pose: Pose,
  model: Float32Array,
  root: Float32Array | null,
  target: ArrayLike<number>,
  weight: number,
): boolean {
  if (!(weight > 0) || !finiteTarget(target, 0)) return false;
  gatherChain(chain, pose, model, root);
  const n = chain.joints.length;
  const p = chain.positions;
  const len = chain.lengths;
  const f = chain.work;
  const tx = target[0];
  const ty = target[1];
  const tz = target[2];
  let total = 0;
  for (let i = 0; i < n - 1; i++) total += len[i];
  const reach = Math.sqrt((tx - p[0]) ** 2 + (ty - p[1]) ** 2 + (tz - p[2]) ** 2);
  if (reach >= total) {
    // every bone toward the target: the straight line the chain can get closest along
    for (let i = 0; i < n; i++) {
      f[FP + i * 3] = tx;
      f[FP + i * 3 + 1] = ty;
      f[FP + i * 3 + 2] = tz;
    }
    aimBonesAt(chain, f, FP, 3);
  } else {
    const poled = chain.poleMode !== POLE_NONE;
    for (let iter = 0; iter < chain.iterations; iter++) {
      if (tipDistance(chain, tx, ty, tz) <= chain.tolerance && !(poled && iter === 0)) break;
      for (let k = 0; k < n * 3; k++) f[FP + k] = p[k];
      if (poled) bendTowardPole(chain, f, FP);
      // backward: the tip onto the target, each joint pulled toward its child
      let o = FP + (n - 1) * 3;
      f[o] = tx;
      f[o + 1] = ty;
      f[o + 2] = tz;
      for (let i = n - 2; i >= 0; i--) {
        o = FP + i * 3;
        const dx = f[o] - f[o + 3];
        const dy = f[o + 1] - f[o + 4];
        const dz = f[o + 2] - f[o + 5];
        const l = Math.sqrt(dx * dx + dy * dy + dz * dz) || 1;
        const s = len[i] / l;
        f[o] = f[o + 3] + dx * s;
        f[o + 1] = f[o + 4] + dy * s;
        f[o + 2] = f[o + 5] + dz * s;
      }
      // forward: the root back in place, each child pulled toward its parent
      f[FP] = p[0];
      f[FP + 1] = p[1];
      f[FP + 2] = p[2];
      for (let i = 0; i < n - 1; i++) {
        o = FP + i * 3;
        const dx = f[o + 3] - f[o];
        const dy = f[o + 4] - f[o + 1];
        const dz = f[o + 5] - f[o + 2];
        const l = Math.sqrt(dx * dx + dy * dy + dz * dz) || 1;
        const s = len[i] / l;
        f[o + 3] = f[o] + dx * s;
        f[o + 4] = f[o + 1] + dy * s;
        f[o + 5] = f[o + 2] + dz * s;
      }
      if (poled) bendTowardPole(chain, f, FP);
      aimBonesAt(chain, f, FP, 3);
    }
  }
  commitChain(chain, pose, model, root, weight);
  return tipDistance(chain, tx, ty, tz) <= chain.tolerance;
}

// Placing a chain on given joint points, and turning its bend toward a pole: shared by FABRIK and CCD.
import { rotationBetween } from '../quat.js';
import { type IkChain, POLE_POINT, turnJoint } from './chain.js';

const DQ = 4;
/** Where the joint points a solver places start in the chain's work array (after the rotation scratch). */
export const POINTS = 8;

/** Turns each bone, root first, so that it points from its joint at the point (x, y, z) given per joint. */
export function aimBonesAt(chain: IkChain, points: Float64Array, offset: number, stride: number): void {
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
export function bendTowardPole(chain: IkChain, f: Float64Array, offset: number): void {
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

/** Turns the chain as it stands so that its bend faces the pole (CCD's step; FABRIK bends its own points). */
export function bendChain(chain: IkChain): void {
  const w = chain.work;
  const p = chain.positions;
  for (let k = 0; k < chain.joints.length * 3; k++) w[POINTS + k] = p[k];
  bendTowardPole(chain, w, POINTS);
  aimBonesAt(chain, w, POINTS, 3);
}

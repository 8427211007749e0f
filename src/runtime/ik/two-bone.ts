import { rotationBetweenAt } from '../quat.js';
import { beginSolve, commitChain, POLE_DIRECTION, POLE_POINT, type SolveFunction, turnJoint } from './chain.js';

const DQ = 4;
/** Scratch in chain.work after the rotation: the bone's direction now (FROM) and the one wanted (TO). */
const FROM = 8;
const TO = 11;

/**
 * Analytic two-bone IK (hip–knee–ankle, shoulder–elbow–wrist). The middle joint bends in the plane through
 * the root, the target and the pole (a point, or a direction from the root); without a pole, the animated
 * bend plane is kept. A target out of reach straightens the limb toward it; `chain.soft` metres before full
 * reach the extension is eased (an exponential approach), so the limb never snaps straight. Limits apply.
 * Returns whether the tip ended within `chain.tolerance` of the target. Weight ≤ 0, a non-finite target
 * or a target on the root leave the pose untouched (and report false).
 */
export const solveTwoBone: SolveFunction = (chain, pose, model, root, target, weight) => {
  if (!beginSolve(chain, pose, model, root, target, weight)) return false;
  const p = chain.positions;
  const tx = target[0];
  const ty = target[1];
  const tz = target[2];
  let ux = tx - p[0];
  let uy = ty - p[1];
  let uz = tz - p[2];
  const dist = Math.sqrt(ux * ux + uy * uy + uz * uz);
  const a = chain.lengths[0];
  const b = chain.lengths[1];
  if (dist < 1e-9 || a < 1e-9 || b < 1e-9) return false;
  ux /= dist;
  uy /= dist;
  uz /= dist;

  const reach = a + b;
  let d = dist;
  const soft = Math.min(chain.soft, reach);
  if (soft > 0 && d > reach - soft) d = reach - soft + soft * (1 - Math.exp(-(d - (reach - soft)) / soft));
  d = Math.min(Math.max(d, Math.abs(a - b) + 1e-9), reach);

  // The bend direction: the pole (or the animated knee) with its part along the root→target line removed.
  let vx: number;
  let vy: number;
  let vz: number;
  if (chain.poleMode === POLE_POINT) {
    vx = chain.pole[0] - p[0];
    vy = chain.pole[1] - p[1];
    vz = chain.pole[2] - p[2];
  } else if (chain.poleMode === POLE_DIRECTION) {
    vx = chain.pole[0];
    vy = chain.pole[1];
    vz = chain.pole[2];
  } else {
    vx = p[3] - p[0];
    vy = p[4] - p[1];
    vz = p[5] - p[2];
  }
  let along = vx * ux + vy * uy + vz * uz;
  vx -= ux * along;
  vy -= uy * along;
  vz -= uz * along;
  let vlen = Math.sqrt(vx * vx + vy * vy + vz * vz);
  if (vlen < 1e-6) {
    // pole on the line: fall back to the animated knee, then to any perpendicular
    vx = p[3] - p[0];
    vy = p[4] - p[1];
    vz = p[5] - p[2];
    along = vx * ux + vy * uy + vz * uz;
    vx -= ux * along;
    vy -= uy * along;
    vz -= uz * along;
    vlen = Math.sqrt(vx * vx + vy * vy + vz * vz);
    if (vlen < 1e-6) {
      if (Math.abs(ux) < 0.9) {
        vx = 0;
        vy = uz;
        vz = -uy;
      } else {
        vx = -uz;
        vy = 0;
        vz = ux;
      }
      vlen = Math.sqrt(vx * vx + vy * vy + vz * vz);
    }
  }
  vx /= vlen;
  vy /= vlen;
  vz /= vlen;

  const cos = Math.min(1, Math.max(-1, (a * a + d * d - b * b) / (2 * a * d)));
  const sin = Math.sqrt(1 - cos * cos);
  const mx = p[0] + a * (cos * ux + sin * vx);
  const my = p[1] + a * (cos * uy + sin * vy);
  const mz = p[2] + a * (cos * uz + sin * vz);
  const w = chain.work;
  // the directions go through chain.work: numbers handed to a call V8 does not inline would be boxed (written out
  // for each joint: one helper for both made the busy scene's frame 1.3 kB more garbage, test/allocation)
  w[FROM] = p[3] - p[0];
  w[FROM + 1] = p[4] - p[1];
  w[FROM + 2] = p[5] - p[2];
  w[TO] = mx - p[0];
  w[TO + 1] = my - p[1];
  w[TO + 2] = mz - p[2];
  rotationBetweenAt(w, DQ, w, FROM, w, TO);
  turnJoint(chain, 0, w, DQ);
  // the tip's goal: d along the line (short of the target when softened or out of reach)
  const ex = p[0] + d * ux;
  const ey = p[1] + d * uy;
  const ez = p[2] + d * uz;
  w[FROM] = p[6] - p[3];
  w[FROM + 1] = p[7] - p[4];
  w[FROM + 2] = p[8] - p[5];
  w[TO] = ex - p[3];
  w[TO + 1] = ey - p[4];
  w[TO + 2] = ez - p[5];
  rotationBetweenAt(w, DQ, w, FROM, w, TO);
  turnJoint(chain, 1, w, DQ);
  commitChain(chain, pose, model, root, weight);
  const rx = p[6] - tx;
  const ry = p[7] - ty;
  const rz = p[8] - tz;
  return Math.sqrt(rx * rx + ry * ry + rz * rz) <= chain.tolerance;
};

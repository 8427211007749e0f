import { rotateVector, rotationBetween } from '../quat.js';
import { beginSolve, commitChain, type IkChain, type SolveFunction, turnJoint } from './chain.js';
import { scaleAngle } from './rotation.js';

// scratch slots in chain.work
const AIM = 0;
const DQ = 4;
const FK_AIM = 8;
const GOAL = 11;

/** The tip's aim axis in world space, into w[o..o+2]. */
function currentAim(chain: IkChain, o: number): void {
  const tip = (chain.joints.length - 1) * 4;
  const a = chain.aimAxis;
  rotateVector(chain.work, o, chain.world, tip, a[0], a[1], a[2]);
}

/**
 * The direction from the tip to the target, turned back toward the animated aim when it lies more than
 * `chain.maxAngle` from it, into w[GOAL..]. Returns whether it was clamped.
 */
function goalDirection(chain: IkChain, tx: number, ty: number, tz: number): boolean {
  const w = chain.work;
  const e = (chain.joints.length - 1) * 3;
  const p = chain.positions;
  let gx = tx - p[e];
  let gy = ty - p[e + 1];
  let gz = tz - p[e + 2];
  const len = Math.sqrt(gx * gx + gy * gy + gz * gz) || 1;
  gx /= len;
  gy /= len;
  gz /= len;
  const fx = w[FK_AIM];
  const fy = w[FK_AIM + 1];
  const fz = w[FK_AIM + 2];
  const angle = Math.acos(Math.min(1, Math.max(-1, fx * gx + fy * gy + fz * gz)));
  let clamped = false;
  if (angle > chain.maxAngle) {
    rotationBetween(w, DQ, fx, fy, fz, gx, gy, gz);
    scaleAngle(w, DQ, chain.maxAngle / angle);
    rotateVector(w, GOAL, w, DQ, fx, fy, fz);
    clamped = true;
  } else {
    w[GOAL] = gx;
    w[GOAL + 1] = gy;
    w[GOAL + 2] = gz;
  }
  return clamped;
}

/**
 * Look-at / aim: turns the chain (a head alone, or spine → chest → neck → head) so that the tip's `aimAxis`
 * points from the tip at the target. Each joint, root first, takes its `boneWeights` share of the turn still
 * left (by default an even spread, the tip finishing it); the aim turns at most `chain.maxAngle` from the
 * animated one. Limits apply. Returns whether the aim ended within `chain.tolerance` radians of the target
 * (false when clamped). Weight ≤ 0 or a non-finite target leave the pose alone.
 */
export const solveLookAt: SolveFunction = (chain, pose, model, root, target, weight) => {
  if (!beginSolve(chain, pose, model, root, target, weight)) return false;
  const w = chain.work;
  const n = chain.joints.length;
  const tx = target[0];
  const ty = target[1];
  const tz = target[2];
  currentAim(chain, FK_AIM);
  let clamped = false;
  for (let i = 0; i < n; i++) {
    clamped = goalDirection(chain, tx, ty, tz);
    currentAim(chain, AIM);
    rotationBetween(w, DQ, w[AIM], w[AIM + 1], w[AIM + 2], w[GOAL], w[GOAL + 1], w[GOAL + 2]);
    const share = chain.boneWeights[i];
    if (share <= 0) continue;
    if (share < 1) scaleAngle(w, DQ, share);
    turnJoint(chain, i, w, DQ);
  }
  commitChain(chain, pose, model, root, weight);
  goalDirection(chain, tx, ty, tz);
  currentAim(chain, AIM);
  const dot = w[AIM] * w[GOAL] + w[AIM + 1] * w[GOAL + 1] + w[AIM + 2] * w[GOAL + 2];
  return !clamped && Math.acos(Math.min(1, dot)) <= chain.tolerance;
};

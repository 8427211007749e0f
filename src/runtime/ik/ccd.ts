import { rotationBetween } from '../quat.js';
import { bendChain } from './bend.js';
import { beginSolve, commitChain, POLE_NONE, type SolveFunction, turnJoint } from './chain.js';

const DQ = 4;

/**
 * Cyclic coordinate descent: each pass turns every joint, tip first, so the tip points at the target from
 * it, inside the joint's limit; with a pole the chain's bend is then turned to face it (about the line from
 * root to tip, which leaves the tip in place). Stops after `chain.iterations` passes or within
 * `chain.tolerance`. Returns whether it reached; weight ≤ 0 or a non-finite target leave the pose alone.
 */
export const solveCcd: SolveFunction = (chain, pose, model, root, target, weight) => {
  if (!beginSolve(chain, pose, model, root, target, weight)) return false;
  const n = chain.joints.length;
  const p = chain.positions;
  const w = chain.work;
  const tx = target[0];
  const ty = target[1];
  const tz = target[2];
  const e = (n - 1) * 3;
  const poled = chain.poleMode !== POLE_NONE;
  if (poled) bendChain(chain);
  let dist = Math.sqrt((p[e] - tx) ** 2 + (p[e + 1] - ty) ** 2 + (p[e + 2] - tz) ** 2);
  for (let iter = 0; iter < chain.iterations && dist > chain.tolerance; iter++) {
    for (let i = n - 2; i >= 0; i--) {
      const i3 = i * 3;
      rotationBetween(
        w,
        DQ,
        p[e] - p[i3],
        p[e + 1] - p[i3 + 1],
        p[e + 2] - p[i3 + 2],
        tx - p[i3],
        ty - p[i3 + 1],
        tz - p[i3 + 2],
      );
      turnJoint(chain, i, w, DQ);
    }
    if (poled) bendChain(chain);
    dist = Math.sqrt((p[e] - tx) ** 2 + (p[e + 1] - ty) ** 2 + (p[e + 2] - tz) ** 2);
  }
  commitChain(chain, pose, model, root, weight);
  return dist <= chain.tolerance;
};

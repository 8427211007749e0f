/**
 * Inverse kinematics over the runtime's data (a skeleton, a local pose, model matrices): chains bound at
 * build time, two-bone / FABRIK / CCD / look-at solvers with joint limits and FK/IK weights, and foot IK.
 * Solvers never throw and allocate nothing; builders throw AnimError (`unknown-bone`, `bad-chain`,
 * `bad-constraint`).
 */
import { solveCcd } from './ccd.js';
import type { SolveFunction } from './chain.js';

export { IK_SOLVERS, type IkSolver } from './solvers.js';

import { solveFabrik } from './fabrik.js';
import { solveLookAt } from './look-at.js';
import { solveTwoBone } from './two-bone.js';

export {
  buildChain,
  type ChainOptions,
  chainJoints,
  type IkChain,
  ikWeight,
  POLE_DIRECTION,
  POLE_NONE,
  POLE_POINT,
  type SolveFunction,
} from './chain.js';
export { constraintViolation, type RawConstraint } from './constraints.js';
export {
  buildFootIk,
  type FootIk,
  type FootIkOptions,
  footProbes,
  PROBE_STRIDE,
  PROBES_PER_LEG,
  type SolePoints,
  solveFootIk,
} from './foot-ik.js';
export { naturalLimits, restForwardAxis } from './humanoid-defaults.js';
export { findHumanoidLegs, type LegNames, legsFromHumanoid } from './humanoid-legs.js';
export { solveCcd, solveFabrik, solveLookAt, solveTwoBone };

/** Solves a chain with its own solver. Returns whether it reached the target. */
export const solveChain: SolveFunction = (chain, pose, model, root, target, weight) => {
  switch (chain.solver) {
    case 'two-bone':
      return solveTwoBone(chain, pose, model, root, target, weight);
    case 'fabrik':
      return solveFabrik(chain, pose, model, root, target, weight);
    case 'ccd':
      return solveCcd(chain, pose, model, root, target, weight);
    default:
      return solveLookAt(chain, pose, model, root, target, weight);
  }
};

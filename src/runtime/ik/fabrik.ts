import { aimBonesAt, bendTowardPole, POINTS } from './bend.js';
import { beginSolve, commitChain, type IkChain, POLE_NONE, type SolveFunction } from './chain.js';

const FP = POINTS;

function tipDistance(chain: IkChain, tx: number, ty: number, tz: number): number {
  const t = (chain.joints.length - 1) * 3;
  const p = chain.positions;
  return Math.sqrt((p[t] - tx) ** 2 + (p[t + 1] - ty) ** 2 + (p[t + 2] - tz) ** 2);
}

/**
 * FABRIK: forward-and-backward reaching over joint positions, then each bone turned (root first) toward its
 * new place, with limits applied, so the next pass starts from a pose the joints can take. With a pole each
 * pass also turns the chain's bend to face it (a two-bone chain then bends as the analytic solver bends it).
 * Stops after `chain.iterations` passes or once the tip is within `chain.tolerance`. A target out of reach
 * straightens the chain toward it. Returns whether it reached; weight ≤ 0 or a non-finite target leave the
 * pose alone.
 */
export const solveFabrik: SolveFunction = (chain, pose, model, root, target, weight) => {
  if (!beginSolve(chain, pose, model, root, target, weight)) return false;
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
};

import { compose, multiply } from './mat4.js';
import type { Pose } from './pose.js';
import type { Skeleton } from './skeleton.js';

const LOCAL = new Float64Array(16);

/**
 * Forward kinematics: local translation/rotation/scale to model matrices (column-major, 16 per joint) in
 * one parent-first pass. Roots are placed by `root` when given (a character's world matrix, say), so the
 * output can be world space directly.
 */
export function localToModel(skeleton: Skeleton, pose: Pose, root: Float32Array | null, out: Float32Array): void {
  const parents = skeleton.parents;
  const t = pose.translations;
  const r = pose.rotations;
  const s = pose.scales;
  for (let j = 0; j < skeleton.jointCount; j++) {
    const p = parents[j];
    if (p < 0 && root === null) {
      compose(out, j * 16, t, j * 3, r, j * 4, s, j * 3);
      continue;
    }
    compose(LOCAL, 0, t, j * 3, r, j * 4, s, j * 3);
    if (p < 0) multiply(out, j * 16, root!, 0, LOCAL, 0);
    else multiply(out, j * 16, out, p * 16, LOCAL, 0);
  }
}

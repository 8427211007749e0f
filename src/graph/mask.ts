import type { Skeleton } from '../runtime/core.js';

export const UPPER_BODY = 'upper-body';
export const LOWER_BODY = 'lower-body';

/** The joint the upper body hangs from: the first spine joint (parents come first), else a chest or torso. */
function upperBodyRoot(skeleton: Skeleton): number {
  const spine = skeleton.names.findIndex((n) => /spine/i.test(n));
  return spine >= 0 ? spine : skeleton.names.findIndex((n) => /chest|torso/i.test(n));
}

/** Marks `root` and every joint below it (joints are parent-first, so one pass does it). */
function markSubtree(skeleton: Skeleton, root: number, mask: Float32Array): void {
  const inside = new Uint8Array(skeleton.jointCount);
  for (let j = root; j < skeleton.jointCount; j++) {
    const p = skeleton.parents[j];
    if (j === root || (p >= 0 && inside[p])) {
      inside[j] = 1;
      mask[j] = 1;
    }
  }
}

/**
 * A per-joint weight mask (1 inside, 0 outside) from mask words: `upper-body` (the first spine joint and
 * everything below it: chest, arms, head), `lower-body` (the rest: hips and legs), or joint names, each
 * bringing its subtree. Words that name nothing in this skeleton are returned in `unknown`.
 */
export function resolveMask(words: readonly string[], skeleton: Skeleton): { mask: Float32Array; unknown: string[] } {
  const mask = new Float32Array(skeleton.jointCount);
  const unknown: string[] = [];
  for (const word of words) {
    if (word === UPPER_BODY || word === LOWER_BODY) {
      const root = upperBodyRoot(skeleton);
      if (root < 0) {
        unknown.push(word);
        continue;
      }
      const upper = new Float32Array(skeleton.jointCount);
      markSubtree(skeleton, root, upper);
      for (let j = 0; j < mask.length; j++) if ((word === UPPER_BODY) === (upper[j] === 1)) mask[j] = 1;
      continue;
    }
    const joint = skeleton.indexByName.get(word);
    if (joint === undefined) unknown.push(word);
    else markSubtree(skeleton, joint, mask);
  }
  return { mask, unknown };
}

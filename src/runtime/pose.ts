import type { Skeleton } from './skeleton.js';

/** A local pose, struct-of-arrays: one entry per joint, plus morph-target weights. */
export interface Pose {
  /** The whole pose in one array: translations, rotations, scales, then weights (the views below). */
  readonly data: Float32Array;
  readonly translations: Float32Array;
  /** x y z w per joint. */
  readonly rotations: Float32Array;
  readonly scales: Float32Array;
  readonly weights: Float32Array;
}

/** Floats one pose takes. */
export function poseSize(jointCount: number, weightCount = 0): number {
  return jointCount * 10 + weightCount;
}

/** Where each path's values start in a pose's `data`. */
export function posePathOffsets(jointCount: number): Record<'translation' | 'rotation' | 'scale' | 'weights', number> {
  return { translation: 0, rotation: jointCount * 3, scale: jointCount * 7, weights: jointCount * 10 };
}

/**
 * A pose, in its own memory or as views into `storage` from `offset` (poseSize floats): poses a
 * character uses together can share one block, which keeps a crowd's per-frame data close in memory.
 */
export function createPose(jointCount: number, weightCount = 0, storage?: Float32Array, offset = 0): Pose {
  const block = storage ?? new Float32Array(poseSize(jointCount, weightCount));
  const at = posePathOffsets(jointCount);
  const r = offset + at.rotation;
  const s = offset + at.scale;
  const w = offset + at.weights;
  return {
    data: block.subarray(offset, w + weightCount),
    translations: block.subarray(offset, r),
    rotations: block.subarray(r, s),
    scales: block.subarray(s, w),
    weights: block.subarray(w, w + weightCount),
  };
}

/** Writes the skeleton's rest pose (and the given default morph weights, else zeros) into `out`. */
export function setRestPose(skeleton: Skeleton, out: Pose, defaultWeights?: Float32Array): void {
  out.translations.set(skeleton.restTranslations);
  out.rotations.set(skeleton.restRotations);
  out.scales.set(skeleton.restScales);
  if (defaultWeights) out.weights.set(defaultWeights);
  else out.weights.fill(0);
}

export function copyPose(from: Pose, to: Pose): void {
  // one copy of the whole block where the two match (always, between poses of one skeleton): a copy per
  // view costs four builtin calls and four more objects to touch, which a crowd pays a thousand times a frame
  if (from.data.length === to.data.length) {
    to.data.set(from.data);
    return;
  }
  to.translations.set(from.translations);
  to.rotations.set(from.rotations);
  to.scales.set(from.scales);
  to.weights.set(from.weights);
}

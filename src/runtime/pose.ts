import type { Skeleton } from './skeleton.js';

/** A local pose, struct-of-arrays: one entry per joint, plus morph-target weights. */
export interface Pose {
  readonly translations: Float32Array;
  /** x y z w per joint. */
  readonly rotations: Float32Array;
  readonly scales: Float32Array;
  readonly weights: Float32Array;
}

export function createPose(jointCount: number, weightCount = 0): Pose {
  return {
    translations: new Float32Array(jointCount * 3),
    rotations: new Float32Array(jointCount * 4),
    scales: new Float32Array(jointCount * 3),
    weights: new Float32Array(weightCount),
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
  to.translations.set(from.translations);
  to.rotations.set(from.rotations);
  to.scales.set(from.scales);
  to.weights.set(from.weights);
}

import type { BlendLayer } from './blend.js';
import type { ClipBinding } from './clip.js';
import { copyPose, createPose, type Pose, poseSize, setRestPose } from './pose.js';
import { type SampleCache, sampleMoving, sampleStill } from './sample.js';
import type { Skeleton } from './skeleton.js';

/**
 * The poses a Playback or a graph's GraphPose samples clips into and blends from, and the rest pose they
 * start from, shared by every one of them on one skeleton and morph-weight defaults. Characters are posed
 * one at a time and a pose sampled here is blended before the next character samples, so a crowd of a
 * thousand samples into the same few kilobytes, kept in cache, instead of each into its own (most of a
 * character's memory, fetched again every frame).
 */
export class ScratchPoses {
  readonly rest: Pose;
  readonly poses: Pose[] = [];
  /**
   * One blend input per pose, shared like the poses: a caller fills the ones it blends (pose, weight and
   * mask, every field: the last caller's are still there) and blends them before the next caller runs.
   */
  readonly inputs: BlendLayer[] = [];
  readonly #held: (ClipBinding | null)[] = [];

  private constructor(
    skeleton: Skeleton,
    readonly weightCount: number,
    readonly defaultWeights: Float32Array | undefined,
  ) {
    this.rest = createPose(skeleton.jointCount, weightCount);
    setRestPose(skeleton, this.rest, defaultWeights);
  }

  /** The shared set for this skeleton and defaults, with at least `count` poses. */
  static of(skeleton: Skeleton, weightCount: number, defaultWeights: Float32Array | undefined, count: number) {
    let sets = shared.get(skeleton);
    if (!sets) shared.set(skeleton, (sets = []));
    let set = sets.find((s) => s.weightCount === weightCount && s.defaultWeights === defaultWeights);
    if (!set) sets.push((set = new ScratchPoses(skeleton, weightCount, defaultWeights)));
    const size = poseSize(skeleton.jointCount, weightCount);
    if (set.poses.length < count) {
      const block = new Float32Array(size * (count - set.poses.length));
      for (let at = 0; at < block.length; at += size) {
        const pose = createPose(skeleton.jointCount, weightCount, block, at);
        set.poses.push(pose);
        set.inputs.push({ pose, weight: 0, mask: null });
        set.#held.push(null);
      }
    }
    return set;
  }

  /**
   * Pose e holding `binding`'s clip sampled at `time`. Unless e last held the same binding's channels, it
   * starts from the rest pose with the clip's still tracks; then only the moving tracks are sampled (the
   * rest are still the rest pose's or the still tracks' values).
   */
  sample(e: number, binding: ClipBinding, time: number, cache: SampleCache): Pose {
    const pose = this.poses[e];
    if (this.#held[e] !== binding) {
      copyPose(this.rest, pose);
      sampleStill(binding, pose);
      this.#held[e] = binding;
    }
    sampleMoving(binding, time, cache, pose);
    return pose;
  }

  /**
   * Pose e no longer holds a clip's channels as sampled (made a difference): the rest pose and still tracks
   * again before reuse.
   */
  spoil(e: number): void {
    this.#held[e] = null;
  }
}

const shared = new WeakMap<Skeleton, ScratchPoses[]>();

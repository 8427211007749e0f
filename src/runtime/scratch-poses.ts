import { type BlendLayer, blendPlanned, blendPoses } from './blend.js';
import type { ClipBinding } from './clip.js';
import { type CrossfadePlan, crossfadePlan } from './crossfade-plan.js';
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
  /** The binding whose channels each pose holds as sampled (null: none, or made a difference since). */
  readonly #held: (ClipBinding | null)[] = [];
  /** The pass (see begin) each pose was last taken in. */
  #takenIn = new Float64Array(0);
  #pass = 1;
  /** The pose each binding was last sampled into: taken again while it still holds the binding's channels. */
  readonly #poseOf = new WeakMap<ClipBinding, number>();
  /** Each pose's index in `poses`. */
  readonly #indexOf = new Map<Pose, number>();
  /** Crossfade plans made so far, by the pair of bindings (null: the pair blends every float). */
  readonly #plans = new WeakMap<ClipBinding, Map<ClipBinding, CrossfadePlan | null>>();
  /** The last pair's plan: a crowd blending the same two clips finds it without a lookup. */
  #planFrom: ClipBinding | null = null;
  #planTo: ClipBinding | null = null;
  #plan: CrossfadePlan | null = null;

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
        set.#indexOf.set(pose, set.poses.length);
        set.poses.push(pose);
        set.inputs.push({ pose, weight: 0, mask: null });
        set.#held.push(null);
      }
      const takenIn = new Float64Array(set.poses.length);
      takenIn.set(set.#takenIn);
      set.#takenIn = takenIn;
    }
    return set;
  }

  /**
   * Starts a set of samples blended together (a layer's, a playback's): every pose is free to take again.
   * A set takes at most as many poses as its caller asked `of` for.
   */
  begin(): void {
    this.#pass++;
  }

  /**
   * Samples `binding`'s clip at `time` into a pose not yet taken since `begin` and returns its index in
   * `poses`. The pose the binding was last sampled into is taken again when it still holds the binding's
   * channels: then only the moving tracks are sampled. Otherwise the pose taken longest ago starts from the
   * rest pose with the clip's still tracks. So a crowd blending the same few clips in any order samples each
   * into a pose of its own, character after character, and copies no rest pose.
   */
  sample(binding: ClipBinding, time: number, cache: SampleCache): number {
    const pass = this.#pass;
    const takenIn = this.#takenIn;
    let e = this.#poseOf.get(binding) ?? -1;
    const home = e >= 0 && this.#held[e] === binding;
    if (!home || takenIn[e] === pass) {
      e = 0;
      for (let i = 1; i < takenIn.length; i++) if (takenIn[i] < takenIn[e]) e = i;
      // a second sample of the binding in one set (a crossfade within one clip) leaves its home where it is
      if (!home) this.#poseOf.set(binding, e);
    }
    takenIn[e] = pass;
    const pose = this.poses[e];
    if (this.#held[e] !== binding) {
      copyPose(this.rest, pose);
      sampleStill(binding, pose);
      this.#held[e] = binding;
    }
    sampleMoving(binding, time, cache, pose);
    return e;
  }

  /**
   * blendPoses(a, b, w, out) for two poses of this set (out outside it): when both still hold their clips'
   * channels as sampled, only the floats the two clips can differ in are blended (crossfadePlan), the others
   * copied. Allocates only for a pair of clips not blended before.
   */
  blendTwo(a: Pose, b: Pose, w: number, out: Pose): void {
    const from = this.#held[this.#indexOf.get(a) ?? -1] ?? null;
    const to = this.#held[this.#indexOf.get(b) ?? -1] ?? null;
    const plan = from !== null && to !== null && out !== b ? this.#planOf(from, to) : null;
    if (plan !== null) blendPlanned(a, b, w, plan, out);
    else blendPoses(a, b, w, out);
  }

  #planOf(from: ClipBinding, to: ClipBinding): CrossfadePlan | null {
    if (from === this.#planFrom && to === this.#planTo) return this.#plan;
    let plans = this.#plans.get(from);
    if (!plans) this.#plans.set(from, (plans = new Map()));
    let plan = plans.get(to);
    if (plan === undefined) plans.set(to, (plan = crossfadePlan(from, to, this.rest)));
    this.#planFrom = from;
    this.#planTo = to;
    this.#plan = plan;
    return plan;
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

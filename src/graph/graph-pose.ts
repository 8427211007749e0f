import {
  applyAdditive,
  blendLayers,
  type ClipBinding,
  type Clock,
  copyPose,
  createClock,
  createPose,
  createSampleCache,
  Inertializer,
  MAX_SEGMENTS,
  makeAdditive,
  type Pose,
  poseSize,
  type RootMotion,
  type SampleCache,
  type Skeleton,
  sampleClip,
} from '../runtime/core.js';
import { ScratchPoses } from '../runtime/scratch-poses.js';
import { sharedTable } from '../runtime/shared-tables.js';
import type { CompiledGraph } from './compile.js';
import { MAX_LIVE_STATES, TRANSITION_START } from './event-kinds.js';
import type { GraphInstance } from './instance.js';
import { resolveMask } from './mask.js';

/**
 * Turns a graph instance's output into a local pose with the runtime's kernels: each layer's weighted
 * clips are sampled and blended (sampleClip, blendLayers); the base layer over the rest pose, each
 * override layer over what is below by its weight × mask, each additive layer laid on top (makeAdditive
 * against the clip's first frame, then applyAdditive). Masks and additive references are made here, when
 * bound; `sample` allocates nothing.
 *
 * With `rootMotion` set, each clip of the base layer has its root motion extracted over the span the
 * instance swept it this update (seamless across loop seams), weighted like its pose, before blending.
 */
export class GraphPose {
  readonly pose: Pose;
  /** Mask words that named no joint of this skeleton, per layer name. */
  readonly unknownMaskJoints: { layer: string; joints: string[] }[] = [];

  private readonly rest: Pose;
  private readonly scratch: ScratchPoses;
  private readonly masks: (Float32Array | null)[];
  private readonly caches: (SampleCache | null)[];
  private readonly references: (Pose | null)[];

  private readonly clipStarts: Float64Array;
  /** Root motion extraction for the base layer; `motionClips` maps a logical clip to the extractor's clip. */
  private rootMotion: RootMotion | null = null;
  private motionClips: Int32Array | null = null;
  /**
   * Inertial transitions: the whole pose's difference from the one shown before, decayed. Only a graph with an
   * inertial transition has one: it copies every pose shown into its history, a cost the others need not pay.
   */
  private readonly inertia: Inertializer | null = null;
  /** Seconds of the frames not posed since the last posed one (the next one decays over them too). */
  private skipped = 0;

  /**
   * `clips`: the character's binding of each logical clip (graph.clipNames order), null when it has none.
   * `clipStarts`: where each logical clip starts inside its bound clip, seconds (a slice of a long take).
   */
  constructor(
    readonly graph: CompiledGraph,
    readonly skeleton: Skeleton,
    readonly clips: readonly (ClipBinding | null)[],
    weightCount = 0,
    defaultWeights?: Float32Array,
    clipStarts?: ArrayLike<number>,
  ) {
    this.clipStarts = sharedTable(
      Float64Array.from({ length: graph.clipNames.length }, (_, c) => clipStarts?.[c] ?? 0),
    );
    const joints = skeleton.jointCount;
    const size = poseSize(joints, weightCount);
    const entries = MAX_LIVE_STATES * graph.maxPoints;
    // One buffer for what is the character's own each frame (key cursors, its pose): a crowd's graphs then
    // each read one stretch of memory; the poses it samples into are shared (ScratchPoses)
    let keys = 0;
    for (const c of clips) keys += c ? c.clip.timelines.length : 0;
    const posesAt = Math.ceil(keys / 2) * 8;
    const buffer = new ArrayBuffer(posesAt + size * 4);
    const cursors = new Int32Array(buffer, 0, keys);
    this.pose = createPose(joints, weightCount, new Float32Array(buffer, posesAt, size));
    this.scratch = ScratchPoses.of(skeleton, weightCount, defaultWeights, entries);
    this.rest = this.scratch.rest;
    copyPose(this.rest, this.pose);
    if (graph.transitionBlend.includes(1)) {
      this.inertia = new Inertializer(joints, weightCount);
      this.inertia.reset(this.pose);
    }
    let at = 0;
    this.caches = graph.clipNames.map((_, c) => {
      const n = clips[c]?.clip.timelines.length ?? -1;
      if (n < 0) return null;
      at += n;
      return { keys: cursors, at: at - n };
    });
    this.masks = graph.layers.map((layer) => {
      if (layer.mask === null) return null;
      const { mask, unknown } = resolveMask(layer.mask, skeleton);
      if (unknown.length > 0) this.unknownMaskJoints.push({ layer: layer.name, joints: unknown });
      return mask;
    });
    this.references = graph.clipNames.map(() => null);
    for (const layer of graph.layers) {
      if (!layer.additive) continue;
      for (const s of layer.states) {
        const st = graph.states[s];
        const used = st.blend ? Array.from(st.blend.clips) : st.clip >= 0 ? [st.clip] : [];
        for (const c of used) {
          const binding = clips[c];
          if (!binding || this.references[c]) continue;
          const reference = createPose(joints, weightCount);
          copyPose(this.rest, reference);
          sampleClip(binding, this.clipStarts[c], createSampleCache(binding), reference);
          this.references[c] = reference;
        }
      }
    }
  }

  /**
   * Extracts root motion from the base layer's clips into `rootMotion` (whose clip k is the logical clip c
   * with `clips[c] = k`; -1 for none), or stops when null.
   */
  setRootMotion(rootMotion: RootMotion | null, clips: Int32Array | null = null): void {
    this.rootMotion = rootMotion;
    this.motionClips = clips;
  }

  /**
   * Writes the instance's current output into `pose`, `dt` seconds after the last (an inertial transition
   * the instance started this update decays from the pose shown before over its fade; see Inertializer).
   * With `posed` false only the root motion is extracted (it never reads a pose) and `pose` holds what it
   * last was: a culled or reduced-rate frame; the next posed one decays over the time skipped too.
   */
  sample(instance: GraphInstance, dt = 0, posed = true): void {
    const g = this.graph;
    const inertia = this.inertia;
    for (let i = 0; i < instance.eventCount && inertia; i++) {
      const t = instance.eventTransition[i];
      if (instance.eventKind[i] === TRANSITION_START && g.transitionBlend[t] === 1) inertia.start(g.transitionFade[t]);
    }
    if (posed) this.samplePose(instance);
    else this.extractOnly(instance);
    if (this.rootMotion) inertia?.applyMotion(this.rootMotion.delta, dt);
    this.skipped += dt;
    if (!posed) return;
    inertia?.apply(this.pose, this.skipped);
    this.skipped = 0;
  }

  private samplePose(instance: GraphInstance): void {
    const layers = this.graph.layers;
    // `pose` holds a whole pose once a layer has written it (the rest pose, when none has yet)
    let written = false;
    this.rootMotion?.beginFrame();
    for (let l = 0; l < layers.length; l++) {
      const weight = l === 0 ? 1 : instance.layerWeightOf(l);
      if (!(weight > 0)) continue;
      const mask = this.masks[l];
      const count = instance.entryCount(l);
      if (layers[l].additive) {
        if (!written) copyPose(this.rest, this.pose);
        written = true;
        this.scratch.begin();
        for (let e = 0; e < count; e++) {
          const clip = instance.entryClip(l, e);
          const reference = this.references[clip];
          const s = reference === null ? -1 : this.sampleInto(clip, instance.entryTime(l, e));
          if (s < 0) continue;
          const scratch = this.scratch.poses[s];
          makeAdditive(scratch, reference!, scratch);
          this.scratch.spoil(s);
          applyAdditive(this.pose, scratch, weight * instance.entryWeight(l, e), mask, this.pose);
        }
        continue;
      }
      let n = 0;
      this.scratch.begin();
      for (let e = 0; e < count; e++) {
        const s = this.sampleInto(instance.entryClip(l, e), instance.entryTime(l, e));
        if (s < 0) continue;
        if (l === 0 && this.rootMotion !== null) this.extract(instance, e, this.scratch.poses[s]);
        const input = this.scratch.inputs[n++];
        input.pose = this.scratch.poses[s];
        input.weight = weight * instance.entryWeight(l, e);
        input.mask = mask;
      }
      if (n === 0) continue;
      if (written) {
        // Joint by joint, blendLayers reads the fallback before writing the same joint, so the pose below
        // can be both the fallback and the output: what the layer leaves uncovered shows through.
        blendLayers(this.scratch.inputs, n, this.pose, this.pose);
      } else this.writeFirst(n, mask);
      written = true;
    }
    if (!written) copyPose(this.rest, this.pose);
  }

  /**
   * The first layer to pose, over the rest pose: whole clips whose weights sum to 1 or more never show the
   * rest through, so one clip is a copy and two a plain two-pose blend (a blend space's usual frame).
   */
  private writeFirst(n: number, mask: Float32Array | null): void {
    const inputs = this.scratch.inputs;
    const a = inputs[0];
    const b = inputs[1];
    if (mask === null && n === 1 && a.weight >= 1) copyPose(a.pose, this.pose);
    else if (mask === null && n === 2 && a.weight + b.weight >= 1)
      this.scratch.blendTwo(a.pose, b.pose, b.weight / (a.weight + b.weight), this.pose);
    else blendLayers(inputs, n, this.rest, this.pose);
  }

  /** The base layer's root motion of this update, without sampling (the extractor's delta is all it writes). */
  private extractOnly(instance: GraphInstance): void {
    const motion = this.rootMotion;
    if (motion === null) return;
    motion.beginFrame();
    const count = instance.entryCount(0);
    for (let e = 0; e < count; e++) if (this.clips[instance.entryClip(0, e)]) this.extract(instance, e, null);
  }

  /** Root motion of the base layer's output entry `e` over the span it swept, into the extractor; holds the root of `pose` (if any). */
  private extract(instance: GraphInstance, e: number, pose: Pose | null): void {
    const clip = instance.entryClip(0, e);
    const target = this.motionClips![clip];
    if (target < 0) return;
    const offset = this.clipStarts[clip];
    const c = SWEEP;
    const start = offset + instance.entryWindowStart(0, e);
    const end = offset + instance.entryWindowEnd(0, e);
    const from = offset + instance.entryPrevTime(0, e);
    const to = offset + instance.entryTime(0, e);
    const wraps = instance.entryWraps(0, e);
    c.start = start;
    c.end = end;
    c.segmentCount = 0;
    if (wraps === 0) pushSpan(c, from, to);
    else if (wraps > 0) {
      pushSpan(c, from, end);
      for (let k = 1; k < wraps && c.segmentCount < MAX_SEGMENTS - 1; k++) pushSpan(c, start, end);
      pushSpan(c, start, to);
    } else {
      pushSpan(c, from, start);
      for (let k = -1; k > wraps && c.segmentCount < MAX_SEGMENTS - 1; k--) pushSpan(c, end, start);
      pushSpan(c, end, to);
    }
    this.rootMotion!.accumulate(target, c, instance.entryWeight(0, e), pose);
  }

  /** Samples a logical clip into a scratch pose of this layer's set; its index, -1 when the clip is not bound. */
  private sampleInto(clip: number, time: number): number {
    const binding = this.clips[clip];
    if (!binding) return -1;
    return this.scratch.sample(binding, this.clipStarts[clip] + time, this.caches[clip]!);
  }
}

/** The swept span of the entry being extracted, in the form the extractor reads (a clock's segments); one call's. */
const SWEEP: Clock = createClock();

function pushSpan(c: Clock, from: number, to: number): void {
  if (c.segmentCount >= MAX_SEGMENTS) return;
  const o = c.segmentCount++ * 4;
  c.segments[o] = from;
  c.segments[o + 1] = to;
}

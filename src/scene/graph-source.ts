import {
  bindGraphClips,
  type CompiledGraph,
  createParams,
  GraphInstance,
  GraphPose,
  getParam,
  setParam,
} from '../graph/index.js';
import { type ClipBinding, type Pose, RootMotion, type RootMotionOptions, type Skeleton } from '../runtime/core.js';
import { sharedTable } from '../runtime/shared-tables.js';
import type { CharacterRig } from './character-rig.js';
import type { TimedPoseSource } from './pose-pipeline.js';

/** A clip a character offers a graph: its name, binding and play window (seconds; default the whole clip). */
export interface GraphClip {
  readonly name: string;
  readonly binding: ClipBinding;
  readonly start?: number;
  readonly end?: number;
  /** Sync markers, seconds from `start`: states playing clips with markers of the same names keep in step. */
  readonly markers?: readonly { readonly name: string; readonly time: number }[] | null;
}

/**
 * A state graph as a character rig's pose source: the graph's logical clips bound to the character's
 * clips by name (the character's binding table, then the graph's `clips`, then the same name), a params
 * array, an instance and its pose sampler. `update(dt)` runs the graph and samples its pose; the graph's
 * events are then read from `instance` until the next update.
 */
export class GraphSource implements TimedPoseSource {
  readonly params: Float64Array;
  readonly instance: GraphInstance;
  /** Logical clips no character clip answered; their states play nothing. */
  readonly missingClips: readonly string[];
  readonly #sampler: GraphPose;
  readonly #skeleton: Skeleton;
  readonly #clips: readonly GraphClip[];
  readonly #indices: Int32Array;

  constructor(
    readonly graph: CompiledGraph,
    skeleton: Skeleton,
    clips: readonly GraphClip[],
    options: { binding?: Readonly<Record<string, string>>; weightCount?: number; defaultWeights?: Float32Array } = {},
  ) {
    const { indices, missing } = bindGraphClips(
      graph,
      clips.map((c) => c.name),
      options.binding,
    );
    this.missingClips = missing;
    this.#skeleton = skeleton;
    this.#clips = clips;
    this.#indices = sharedTable(Int32Array.from(indices));
    const bound = Array.from(indices, (i) => (i >= 0 ? clips[i] : null));
    const starts = bound.map((c) => c?.start ?? 0);
    const durations = bound.map((c) => (c ? (c.end ?? c.binding.clip.duration) - (c.start ?? 0) : 0));
    this.params = createParams(graph);
    this.instance = new GraphInstance(graph, durations);
    if (bound.some((c) => c?.markers)) this.instance.setSyncMarkers(bound.map((c) => c?.markers ?? null));
    this.#sampler = new GraphPose(
      graph,
      skeleton,
      bound.map((c) => c?.binding ?? null),
      options.weightCount ?? 0,
      options.defaultWeights,
      starts,
    );
  }

  get pose(): Pose {
    return this.#sampler.pose;
  }

  /** Mask words of the graph's layers that named no joint of this skeleton. */
  get unknownMaskJoints(): { layer: string; joints: string[] }[] {
    return this.#sampler.unknownMaskJoints;
  }

  /**
   * Extracts root motion from the base layer's clips with these options (the extractor is returned; its
   * `delta` holds each update's motion), or stops extracting when null.
   */
  bindRootMotion(options: RootMotionOptions | null): RootMotion | null {
    if (options === null) {
      this.#sampler.setRootMotion(null);
      return null;
    }
    const motion = new RootMotion(
      this.#skeleton,
      this.#clips.map((c) => c.binding),
      options,
    );
    this.#sampler.setRootMotion(motion, this.#indices);
    return motion;
  }

  /** The source poses on demand: `update(dt, false)` runs the graph and its root motion without sampling. */
  readonly skipsPose = true;

  update(dt: number, posed = true): void {
    this.instance.update(dt, this.params);
    this.#sampler.sample(this.instance, dt, posed);
  }

  /** Sets a param (coerced to its type); false for an unknown name or a value of the wrong kind. */
  setParam(name: string, value: number | boolean): boolean {
    return setParam(this.graph, this.params, name, value);
  }

  getParam(name: string): number | boolean | undefined {
    return getParam(this.graph, this.params, name);
  }

  /** Seconds into the base layer's current state (its cycle); setting it seeks there without crossing events. */
  get time(): number {
    return this.instance.timeOf(0);
  }
  set time(seconds: number) {
    this.instance.seek(0, seconds);
  }

  /** Cycle length in seconds of the base layer's current state. */
  get duration(): number {
    return this.instance.durationOf(0);
  }

  /** Name of the state the layer (default the base) is in or fading to. */
  state(layer = 0): string | null {
    const s = this.instance.stateOf(layer);
    return s < 0 ? null : this.graph.states[s].name;
  }
}

/**
 * A graph source on a rig's clips as its library has them (play windows and sync markers) and with its
 * model's morph weights: what a character's own graph and a controller's built-in one both run on.
 */
export function rigGraphSource(rig: CharacterRig, graph: CompiledGraph): GraphSource {
  const { asset } = rig.binding;
  // the graph may play any of its clips as its params move: the framing holds them all from the start
  rig.showClips(graph.clipNames);
  const clips = rig.library.clips.map((c) => ({
    name: c.name,
    binding: c.playback.binding,
    start: c.start,
    end: c.end,
    markers: c.markers,
  }));
  return new GraphSource(graph, asset.skeleton, clips, {
    weightCount: asset.defaultWeights.length,
    defaultWeights: asset.defaultWeights,
  });
}

import type { CompiledGraph } from './compile.js';
import type { GraphInstance } from './instance.js';

/**
 * The last frames of a graph run, for the inspector's timeline and scrubber: a ring of `capacity` frames,
 * each with its time, pose hash, every logical clip's weight and time (NaN while it is not playing), each
 * layer's state and transition, every param, and a snapshot row (GraphSnapshot) to put the run back
 * there; and a ring of the graph's events (state enters, transition starts) with their times. Every
 * buffer is sized when the history is made: pushing a frame allocates nothing.
 */
export class GraphHistory {
  /** Frames held (at most `capacity`); frame k (0 = oldest) is at ring row `row(k)`. */
  count = 0;
  #head = 0;
  readonly clips: number;
  readonly layers: number;
  readonly paramCount: number;
  readonly time: Float64Array;
  readonly hash: Uint32Array;
  readonly weight: Float32Array;
  readonly clipTime: Float32Array;
  readonly state: Int32Array;
  readonly transition: Int32Array;
  readonly params: Float32Array;
  readonly snapshots: Float64Array;
  /** Events: time, kind (the instance's STATE_ENTER…), layer, state; `eventCount` held, oldest at `eventRow(0)`. */
  eventCount = 0;
  #eventHead = 0;
  readonly eventTime: Float64Array;
  readonly eventKind: Uint8Array;
  readonly eventLayer: Int32Array;
  readonly eventState: Int32Array;

  constructor(
    readonly graph: CompiledGraph,
    readonly capacity: number,
    readonly snapshotSize: number,
  ) {
    this.clips = graph.clipNames.length;
    this.layers = graph.layers.length;
    this.paramCount = graph.paramNames.length;
    this.time = new Float64Array(capacity);
    this.hash = new Uint32Array(capacity);
    this.weight = new Float32Array(capacity * this.clips);
    this.clipTime = new Float32Array(capacity * this.clips);
    this.state = new Int32Array(capacity * this.layers);
    this.transition = new Int32Array(capacity * this.layers);
    this.params = new Float32Array(capacity * this.paramCount);
    this.snapshots = new Float64Array(capacity * snapshotSize);
    const events = capacity * 2;
    this.eventTime = new Float64Array(events);
    this.eventKind = new Uint8Array(events);
    this.eventLayer = new Int32Array(events);
    this.eventState = new Int32Array(events);
  }

  /** Ring row of frame k (0 = the oldest held). */
  row(k: number): number {
    return (this.#head - this.count + k + this.capacity) % this.capacity;
  }

  /** Ring row of event k (0 = the oldest held). */
  eventRow(k: number): number {
    const n = this.eventTime.length;
    return (this.#eventHead - this.eventCount + k + n) % n;
  }

  /** The frame held nearest `time` (0 = oldest), -1 when none is. */
  frameAt(time: number): number {
    if (this.count === 0) return -1;
    let lo = 0;
    let hi = this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.time[this.row(mid)] < time) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0 && time - this.time[this.row(lo - 1)] < this.time[this.row(lo)] - time) lo--;
    return lo;
  }

  /** Row the next frame goes to; write its snapshot there (`snapshots` at row · snapshotSize), then `push`. */
  get nextRow(): number {
    return this.#head;
  }

  /** Ends the frame at `nextRow`: what the instance wrote this update, the params and the pose hash. */
  push(time: number, instance: GraphInstance, params: Float64Array, hash: number): void {
    const r = this.#head;
    this.time[r] = time;
    this.hash[r] = hash;
    const c0 = r * this.clips;
    for (let c = 0; c < this.clips; c++) {
      this.weight[c0 + c] = 0;
      this.clipTime[c0 + c] = Number.NaN;
    }
    for (let l = 0; l < this.layers; l++) {
      this.state[r * this.layers + l] = instance.stateOf(l);
      this.transition[r * this.layers + l] = instance.transitionOf(l);
      const layerWeight = l === 0 ? 1 : instance.layerWeightOf(l);
      for (let e = 0; e < instance.entryCount(l); e++) {
        const clip = instance.entryClip(l, e);
        this.weight[c0 + clip] += instance.entryWeight(l, e) * layerWeight;
        this.clipTime[c0 + clip] = instance.entryTime(l, e);
      }
    }
    for (let p = 0; p < this.paramCount; p++) this.params[r * this.paramCount + p] = params[p];
    for (let i = 0; i < instance.eventCount; i++) {
      const n = this.eventTime.length;
      const e = this.#eventHead;
      this.eventTime[e] = time;
      this.eventKind[e] = instance.eventKind[i];
      this.eventLayer[e] = instance.eventLayer[i];
      this.eventState[e] = instance.eventState[i];
      this.#eventHead = (e + 1) % n;
      if (this.eventCount < n) this.eventCount++;
    }
    this.#head = (r + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
    // events older than the oldest frame drop out
    const oldest = this.time[this.row(0)];
    while (this.eventCount > 0 && this.eventTime[this.eventRow(0)] < oldest) this.eventCount--;
  }

  /** Forgets every frame and event. */
  clear(): void {
    this.count = 0;
    this.eventCount = 0;
  }
}

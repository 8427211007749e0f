import type { CompiledGraph } from './compile.js';
import { MAX_LIVE_STATES } from './event-kinds.js';

/**
 * Where each field of a graph instance sits in its two arrays, one of integers and one of floats. An
 * instance keeps its whole state in these two arrays rather than a typed array per field: a crowd updates
 * a thousand instances a frame, and each array object is one more cold cache line per instance, which
 * costs more than the arithmetic. The layout is shared by every instance of a compiled graph, so its
 * offsets stay in cache. Each array begins with the run's state (what a snapshot saves); the outputs
 * follow.
 *
 * Slots are layer l's [l·MAX_LIVE_STATES, (l+1)·MAX_LIVE_STATES); output entries are layer l's
 * [l·outStride, l·outStride + count).
 */
export class InstanceLayout {
  readonly slots: number;
  readonly outStride: number;
  // integers: the state's
  readonly slotState: number;
  /** Each slot's leading play window (its clip's, or its blend space's heaviest clip's), -1 before the first. */
  readonly slotLead: number;
  readonly destSlot: number;
  readonly sourceSlot: number;
  readonly sourceState: number;
  readonly active: number;
  readonly stateInts: number;
  // integers: the outputs
  readonly outClip: number;
  readonly outWraps: number;
  readonly outCount: number;
  readonly ints: number;
  // floats: the state's
  readonly slotTime: number;
  /** Each slot's cycle length in seconds (0 for a state that plays nothing). */
  readonly slotCycle: number;
  readonly slotPrev: number;
  readonly slotWeight: number;
  readonly slotFrom: number;
  readonly blend: number;
  readonly fadeElapsed: number;
  readonly stateFloats: number;
  // floats: the outputs
  readonly layerWeight: number;
  readonly outTime: number;
  readonly outWeight: number;
  readonly outPrevTime: number;
  readonly outWindowStart: number;
  readonly outWindowEnd: number;
  readonly floats: number;
  /** The condition programs' stack: scratch, shared by the instances (one updates at a time). */
  readonly stack: Float64Array;

  constructor(graph: CompiledGraph) {
    const layers = graph.layers.length;
    const slots = layers * MAX_LIVE_STATES;
    const entries = layers * MAX_LIVE_STATES * graph.maxPoints;
    this.slots = slots;
    this.outStride = MAX_LIVE_STATES * graph.maxPoints;
    let i = 0;
    const int = (n: number) => (i += n) - n;
    this.slotState = int(slots);
    this.slotLead = int(slots);
    this.destSlot = int(layers);
    this.sourceSlot = int(layers);
    this.sourceState = int(layers);
    this.active = int(layers);
    this.stateInts = i;
    this.outClip = int(entries);
    this.outWraps = int(entries);
    this.outCount = int(layers);
    this.ints = i;
    let f = 0;
    const float = (n: number) => (f += n) - n;
    this.slotTime = float(slots);
    this.slotCycle = float(slots);
    this.slotPrev = float(slots);
    this.slotWeight = float(slots);
    this.slotFrom = float(slots);
    this.blend = float(slots * graph.maxPoints);
    this.fadeElapsed = float(layers);
    this.stateFloats = f;
    this.layerWeight = float(layers);
    this.outTime = float(entries);
    this.outWeight = float(entries);
    this.outPrevTime = float(entries);
    this.outWindowStart = float(entries);
    this.outWindowEnd = float(entries);
    this.floats = f;
    this.stack = new Float64Array(graph.stackSize);
  }
}

const layouts = new WeakMap<CompiledGraph, InstanceLayout>();

/** The layout every instance of `graph` shares. */
export function layoutOf(graph: CompiledGraph): InstanceLayout {
  let layout = layouts.get(graph);
  if (!layout) layouts.set(graph, (layout = new InstanceLayout(graph)));
  return layout;
}

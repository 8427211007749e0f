import { EventColumns } from '../runtime/event-columns.js';
import type { MarkerInput } from '../runtime/sync-markers.js';
import { blendWeights } from './blend-space.js';
import {
  type CompiledGraph,
  INTERRUPT_DESTINATION_THEN_SOURCE,
  INTERRUPT_NONE,
  INTERRUPT_SOURCE,
  INTERRUPT_SOURCE_THEN_DESTINATION,
} from './compile.js';
import { evaluateCondition } from './condition-program.js';
import type { LoopMode } from './definition.js';
import { ease } from './ease.js';
import {
  EVENTS_PER_LAYER,
  MAX_LIVE_STATES,
  STATE_ENTER,
  STATE_EXIT,
  TRANSITION_END,
  TRANSITION_START,
} from './event-kinds.js';
import { type InstanceLayout, layoutOf } from './instance-layout.js';
import { type PlayWindows, sharedPlayWindows } from './play-windows.js';
import { GraphSync } from './sync.js';

/**
 * One character's run of a compiled graph. `update(dt, params)` does, per layer: advance every live
 * state's normalized time (a blend space by its heaviest clip, the others kept in phase), advance the
 * crossfade, then try the transitions — outside a fade the current state's list; during a fade only what
 * the fading transition's `interrupt` allows (source transitions only if ranked before it) — and start the
 * first that fires, resetting the triggers it reads. It then writes each layer's weighted (clip, time)
 * list and queues state and transition events. Any-state transitions never re-enter the state the layer
 * is already in. Nothing is allocated after construction; the same inputs give the same outputs.
 */
export class GraphInstance {
  readonly outStride: number;
  /** Where each field sits in `ints` and `floats` (shared by the graph's instances; see InstanceLayout). */
  readonly layout: InstanceLayout;
  /** The run's integer fields: slots' states and leads, each layer's fade, the output clips, wraps and counts. */
  readonly ints: Int32Array;
  /** The run's float fields: slots' times and weights, blend weights, fades, layer weights, the output times. */
  readonly floats: Float64Array;

  /**
   * Events of the last update: kind, layer, state (the entered/exited one, or a transition's destination),
   * the transition's source state, transition, completed (1) or interrupted (0). Indices are Int32 (a graph
   * may have any number of layers, states and transitions); room for EVENTS_PER_LAYER per layer.
   */
  readonly events: EventColumns;
  readonly eventKind: Uint8Array;
  readonly eventLayer: Int32Array;
  readonly eventState: Int32Array;
  readonly eventFrom: Int32Array;
  readonly eventTransition: Int32Array;
  readonly eventCompleted: Int32Array;
  /** Each state's play windows in seconds of its clips, resolved when bound (with any inverted-window problems). */
  readonly windows: PlayWindows;

  private sync: GraphSync | null = null;
  private pendingEntry = true;

  /** `clipDurations`: seconds of each logical clip (graph.clipNames order); 0 for a missing clip. */
  constructor(
    readonly graph: CompiledGraph,
    clipDurations: ArrayLike<number>,
  ) {
    const layers = graph.layers.length;
    const durations = Float64Array.from({ length: graph.clipNames.length }, (_, i) => clipDurations[i] ?? 0);
    this.windows = sharedPlayWindows(graph, durations);
    const events = layers * EVENTS_PER_LAYER;
    this.events = new EventColumns(events, 5);
    this.eventKind = this.events.kind;
    [this.eventLayer, this.eventState, this.eventFrom, this.eventTransition, this.eventCompleted] = this.events.ints;
    this.layout = layoutOf(graph);
    this.outStride = this.layout.outStride;
    this.ints = new Int32Array(this.layout.ints);
    this.floats = new Float64Array(this.layout.floats);
    this.reset();
  }

  /** Back to every layer's entry state at time 0; the next update reports the entries. */
  reset(): void {
    const { ints, floats } = this;
    const L = this.layout;
    const layers = this.graph.layers.length;
    ints.fill(-1, L.slotState, L.slotState + L.slots);
    ints.fill(-1, L.slotLead, L.slotLead + L.slots);
    floats.fill(0, L.slotWeight, L.slotWeight + L.slots);
    ints.fill(-1, L.active, L.active + layers);
    ints.fill(-1, L.sourceSlot, L.sourceSlot + layers);
    ints.fill(-1, L.sourceState, L.sourceState + layers);
    this.graph.layers.forEach((layer, l) => {
      const s = l * MAX_LIVE_STATES;
      ints[L.destSlot + l] = layer.defaultState < 0 ? -1 : s;
      if (layer.defaultState >= 0) this.enterSlot(s, layer.defaultState, 1, null);
    });
    ints.fill(0, L.outCount, L.outCount + layers);
    this.events.clear();
    this.pendingEntry = true;
  }

  /** The state a layer is in or heading to (a fade's destination); -1 for a layer without states. */
  stateOf(layer: number): number {
    const s = this.ints[this.layout.destSlot + layer];
    return s < 0 ? -1 : this.ints[this.layout.slotState + s];
  }

  /** The transition fading on a layer, -1 when none. */
  transitionOf(layer: number): number {
    return this.ints[this.layout.active + layer];
  }

  /** The source state of the transition fading on a layer, -1 when none. */
  transitionSourceOf(layer: number): number {
    return this.transitionOf(layer) < 0 ? -1 : this.ints[this.layout.sourceState + layer];
  }

  /** Progress 0–1 of the fading transition (1 when none). */
  progressOf(layer: number): number {
    const t = this.transitionOf(layer);
    if (t < 0) return 1;
    const fade = this.graph.transitionFade[t];
    return fade > 0 ? Math.min(1, this.floats[this.layout.fadeElapsed + layer] / fade) : 1;
  }

  /** Normalized time of the layer's current state (loops counted in the whole part). */
  normalizedTimeOf(layer: number): number {
    const s = this.ints[this.layout.destSlot + layer];
    return s < 0 ? 0 : this.floats[this.layout.slotTime + s];
  }

  /** Seconds into the cycle of the layer's current state (a one-shot holds its end once played); 0 without one. */
  timeOf(layer: number): number {
    const s = this.ints[this.layout.destSlot + layer];
    if (s < 0) return 0;
    const L = this.layout;
    const loop = this.graph.states[this.ints[L.slotState + s]].loop;
    return phaseAt(loop, this.floats[L.slotTime + s]) * this.floats[L.slotCycle + s];
  }

  /** Cycle length in seconds of the layer's current state (a blend space's: its heaviest clip's); 0 without one. */
  durationOf(layer: number): number {
    const s = this.ints[this.layout.destSlot + layer];
    return s < 0 ? 0 : this.floats[this.layout.slotCycle + s];
  }

  /**
   * Moves the layer's current state to `seconds` into its cycle (clamped; loops already played stay
   * counted). No events are crossed: the next update sweeps from here.
   */
  seek(layer: number, seconds: number): void {
    const { floats } = this;
    const L = this.layout;
    const s = this.ints[L.destSlot + layer];
    const cycle = s < 0 ? 0 : floats[L.slotCycle + s];
    if (!(cycle > 0) || !Number.isFinite(seconds)) return;
    const f = Math.min(1, Math.max(0, seconds / cycle));
    const time = L.slotTime + s;
    const n = floats[time];
    const loop = this.graph.states[this.ints[L.slotState + s]].loop;
    const k = Math.floor(n);
    if (loop === 'repeat') floats[time] = k + (f < 1 ? f : 0);
    // a pingpong pass runs backwards on odd loops
    else if (loop === 'pingpong') floats[time] = k + (k % 2 !== 0 ? 1 - f : f);
    else floats[time] = f;
    floats[L.slotPrev + s] = floats[time];
  }

  /** Total weight of a state on its layer now (0 when not live). */
  weightOf(state: number): number {
    const l = this.graph.states[state]?.layer;
    if (l === undefined) return 0;
    const L = this.layout;
    let w = 0;
    for (let s = l * MAX_LIVE_STATES; s < (l + 1) * MAX_LIVE_STATES; s++)
      if (this.ints[L.slotState + s] === state) w += this.floats[L.slotWeight + s];
    return w;
  }

  /** Output entries of a layer this update. */
  entryCount(layer: number): number {
    return this.ints[this.layout.outCount + layer];
  }

  /** Logical clip of output entry k of a layer. */
  entryClip(layer: number, k: number): number {
    return this.ints[this.layout.outClip + layer * this.outStride + k];
  }

  /** Clip time (seconds) of output entry k of a layer. */
  entryTime(layer: number, k: number): number {
    return this.floats[this.layout.outTime + layer * this.outStride + k];
  }

  /** Weight of output entry k of a layer. */
  entryWeight(layer: number, k: number): number {
    return this.floats[this.layout.outWeight + layer * this.outStride + k];
  }

  /**
   * For root motion, the clip time output entry k of a layer was at before this update (on the same loop
   * as its time minus its wraps).
   */
  entryPrevTime(layer: number, k: number): number {
    return this.floats[this.layout.outPrevTime + layer * this.outStride + k];
  }

  /** Loop wraps of output entry k of a layer this update (negative when playing backwards). */
  entryWraps(layer: number, k: number): number {
    return this.ints[this.layout.outWraps + layer * this.outStride + k];
  }

  /** Start, in seconds of the clip, of output entry k's play window. */
  entryWindowStart(layer: number, k: number): number {
    return this.floats[this.layout.outWindowStart + layer * this.outStride + k];
  }

  /** End, in seconds of the clip, of output entry k's play window. */
  entryWindowEnd(layer: number, k: number): number {
    return this.floats[this.layout.outWindowEnd + layer * this.outStride + k];
  }

  /** A layer's weight this update (its number, or its param clamped to 0–1). */
  layerWeightOf(layer: number): number {
    return this.floats[this.layout.layerWeight + layer];
  }

  /**
   * Starts in the states another instance (of an earlier version of this graph) was in, matched by name,
   * at the same normalized time — so an edited graph carries on where the old one was.
   */
  carryOver(previous: GraphInstance): void {
    const { ints, floats } = this;
    const L = this.layout;
    this.graph.layers.forEach((_, l) => {
      const old = l < previous.graph.layers.length ? previous.stateOf(l) : -1;
      const name = old >= 0 ? previous.graph.states[old].name : undefined;
      const state = name === undefined ? undefined : this.graph.stateIndex.get(name);
      if (state === undefined || this.graph.states[state].layer !== l) return;
      const base = l * MAX_LIVE_STATES;
      ints.fill(-1, L.slotState + base, L.slotState + base + MAX_LIVE_STATES);
      this.enterSlot(base, state, 1, null);
      floats[L.slotTime + base] = previous.normalizedTimeOf(l);
      floats[L.slotPrev + base] = floats[L.slotTime + base];
      ints[L.destSlot + l] = base;
    });
    this.pendingEntry = false;
  }

  /**
   * Keeps states in step by their clips' sync markers (per logical clip, seconds from its start; see
   * GraphSync); null stops it.
   */
  setSyncMarkers(markers: readonly (readonly MarkerInput[] | null)[] | null): void {
    this.sync = markers ? new GraphSync(this.graph, this.windows, markers, this) : null;
  }

  /** The stretches holding the run's whole state, for snapshots (see GraphSnapshot); with `entryPending`. */
  stateArrays(): (Int32Array | Float64Array)[] {
    return [this.ints.subarray(0, this.layout.stateInts), this.floats.subarray(0, this.layout.stateFloats)];
  }

  /** Whether the next update reports the entry states (a fresh or reset run). */
  get entryPending(): boolean {
    return this.pendingEntry;
  }
  set entryPending(value: boolean) {
    this.pendingEntry = value;
  }

  /** Advances by dt seconds (negative or non-finite counts as 0) with the given params; see the class doc. */
  update(dt: number, params: Float64Array): void {
    this.events.clear();
    if (!(dt > 0) || dt === Number.POSITIVE_INFINITY) dt = 0;
    const { ints, floats } = this;
    const L = this.layout;
    const layers = this.graph.layers.length;
    if (this.pendingEntry) {
      this.pendingEntry = false;
      for (let l = 0; l < layers; l++) {
        const s = ints[L.destSlot + l];
        if (s >= 0) this.queue(STATE_ENTER, l, ints[L.slotState + s], -1, -1, 0);
      }
    }
    for (let l = 0; l < layers; l++) {
      if (ints[L.destSlot + l] < 0) {
        ints[L.outCount + l] = 0;
        continue;
      }
      this.advance(l, dt, params);
      if (ints[L.active + l] >= 0) {
        floats[L.fadeElapsed + l] += dt;
        const p = this.progressOf(l);
        this.applyFade(l, p);
        if (p >= 1) this.complete(l);
      }
      this.sync?.follow(l * MAX_LIVE_STATES, MAX_LIVE_STATES);
      const t = this.pick(l, params);
      if (t >= 0) this.start(l, t, params);
      this.write(l, params);
    }
  }

  private advance(l: number, dt: number, params: Float64Array): void {
    const { states } = this.graph;
    const { ints, floats } = this;
    const L = this.layout;
    for (let s = l * MAX_LIVE_STATES; s < (l + 1) * MAX_LIVE_STATES; s++) {
      const state = ints[L.slotState + s];
      if (state < 0) continue;
      const duration = this.refreshBlend(s, state, params);
      const st = states[state];
      const rate = st.speedParam >= 0 ? params[st.speedParam] : st.speed;
      const time = L.slotTime + s;
      floats[L.slotPrev + s] = floats[time];
      if (dt > 0 && Number.isFinite(rate)) floats[time] += (dt * rate) / duration;
      // clamp holds at the edge it reached, so a speed turning negative plays back at once
      if (st.loop === 'clamp') floats[time] = clamp01(floats[time]);
    }
  }

  /** Recomputes a slot's blend weights (blend states) and returns the state's cycle length in seconds. */
  private refreshBlend(s: number, state: number, params: Float64Array): number {
    const { ints, floats } = this;
    const L = this.layout;
    const st = this.graph.states[state];
    const w = this.windows;
    const first = w.offset[state];
    if (st.blend === null) {
      floats[L.slotCycle + s] = st.clip >= 0 ? w.end[first] - w.start[first] : 0;
      ints[L.slotLead + s] = first;
    } else {
      const space = st.blend;
      const offset = L.blend + s * this.graph.maxPoints;
      blendWeights(space, params[st.blendX], st.blendY >= 0 ? params[st.blendY] : 0, floats, offset);
      // the heaviest clip leads: its length sets the cycle, the others follow at the same phase
      let leader = 0;
      for (let k = 1; k < space.count; k++) if (floats[offset + k] > floats[offset + leader]) leader = k;
      floats[L.slotCycle + s] = w.end[first + leader] - w.start[first + leader];
      const lead = first + leader;
      const was = ints[L.slotLead + s];
      if (this.sync && was >= 0 && was !== lead) this.sync.relead(s, was, lead);
      ints[L.slotLead + s] = lead;
    }
    return positive(floats[L.slotCycle + s]);
  }

  private applyFade(l: number, p: number): void {
    const { ints, floats } = this;
    const L = this.layout;
    const t = ints[L.active + l];
    // an inertial transition shows only its destination: the pose sampler decays the difference over the fade
    const w = this.graph.transitionBlend[t] === 1 ? 1 : ease(this.graph.transitionEase[t], p);
    const dest = ints[L.destSlot + l];
    for (let s = l * MAX_LIVE_STATES; s < (l + 1) * MAX_LIVE_STATES; s++) {
      if (ints[L.slotState + s] < 0) continue;
      const from = floats[L.slotFrom + s];
      floats[L.slotWeight + s] = s === dest ? from + (1 - from) * w : from * (1 - w);
    }
  }

  private complete(l: number): void {
    const { ints, floats } = this;
    const L = this.layout;
    const dest = ints[L.destSlot + l];
    for (let s = l * MAX_LIVE_STATES; s < (l + 1) * MAX_LIVE_STATES; s++) {
      if (s === dest || ints[L.slotState + s] < 0) continue;
      this.queue(STATE_EXIT, l, ints[L.slotState + s], -1, -1, 0);
      ints[L.slotState + s] = -1;
      floats[L.slotWeight + s] = 0;
    }
    floats[L.slotWeight + dest] = 1;
    this.queue(TRANSITION_END, l, ints[L.slotState + dest], ints[L.sourceState + l], ints[L.active + l], 1);
    ints[L.active + l] = -1;
    ints[L.sourceSlot + l] = -1;
  }

  /** The first transition that fires on layer l now, or -1. */
  private pick(l: number, params: Float64Array): number {
    const { ints } = this;
    const L = this.layout;
    const active = ints[L.active + l];
    const dest = ints[L.destSlot + l];
    if (active < 0) return this.firstFiring(ints[L.slotState + dest], dest, -1, l, params);
    const mode = this.graph.transitionInterrupt[active];
    if (mode === INTERRUPT_NONE) return -1;
    const source = ints[L.sourceState + l];
    const sourceSlot = ints[L.sourceSlot + l];
    const destState = ints[L.slotState + dest];
    let t = -1;
    if (mode === INTERRUPT_SOURCE || mode === INTERRUPT_SOURCE_THEN_DESTINATION) {
      t = this.firstFiring(source, sourceSlot, active, l, params);
    }
    if (t < 0 && mode !== INTERRUPT_SOURCE) t = this.firstFiring(destState, dest, -1, l, params);
    if (t < 0 && mode === INTERRUPT_DESTINATION_THEN_SOURCE)
      t = this.firstFiring(source, sourceSlot, active, l, params);
    return t;
  }

  /**
   * Tries state's outgoing transitions in order (up to `before` when given: ordered interruption) and
   * returns the first whose exit time (against `slot`'s time) and condition hold.
   */
  private firstFiring(state: number, slot: number, before: number, l: number, params: Float64Array): number {
    if (state < 0) return -1;
    const g = this.graph;
    const { ints, floats } = this;
    const L = this.layout;
    const current = ints[L.slotState + ints[L.destSlot + l]];
    const active = ints[L.active + l];
    for (let k = g.outgoingStart[state]; k < g.outgoingStart[state + 1]; k++) {
      const t = g.outgoing[k];
      if (t === before) break;
      if (t === active) continue;
      if (g.transitionFrom[t] < 0 && g.transitionTo[t] === current) continue;
      const exit = g.transitionExit[t];
      if (!Number.isNaN(exit)) {
        if (slot < 0) continue;
        const loop = repeats(g.states[state].loop);
        if (!crossed(floats[L.slotPrev + slot], floats[L.slotTime + slot], exit, loop)) continue;
      }
      if (evaluateCondition(g.code, g.conditionStart[t], g.conditionEnd[t], g.consts, params, L.stack)) return t;
    }
    return -1;
  }

  private start(l: number, t: number, params: Float64Array): void {
    const g = this.graph;
    const { ints, floats } = this;
    const L = this.layout;
    const to = g.transitionTo[t];
    const base = l * MAX_LIVE_STATES;
    const dest = ints[L.destSlot + l];
    const previous = ints[L.slotState + dest];
    const active = ints[L.active + l];
    if (active >= 0) this.queue(TRANSITION_END, l, previous, ints[L.sourceState + l], active, 0);
    // a state still fading out comes back with its own time; otherwise it starts afresh in a slot
    let slot = -1;
    for (let s = base; s < base + MAX_LIVE_STATES; s++) if (s !== dest && ints[L.slotState + s] === to) slot = s;
    const entered = slot < 0;
    if (entered) {
      slot = this.freeSlot(l, dest);
      this.enterSlot(slot, to, 0, params);
    }
    // the source is the transition's own from-state (an interruption from the old source), else where the layer was
    const from = g.transitionFrom[t] >= 0 ? g.transitionFrom[t] : previous;
    let fromSlot = from === previous ? dest : -1;
    for (let s = base; s < base + MAX_LIVE_STATES && fromSlot < 0; s++)
      if (s !== slot && ints[L.slotState + s] === from) fromSlot = s;
    floats.copyWithin(L.slotFrom + base, L.slotWeight + base, L.slotWeight + base + MAX_LIVE_STATES);
    ints[L.sourceSlot + l] = fromSlot;
    ints[L.sourceState + l] = from;
    if (entered) this.sync?.align(slot, fromSlot);
    ints[L.destSlot + l] = slot;
    ints[L.active + l] = t;
    floats[L.fadeElapsed + l] = 0;
    for (let k = g.triggerStart[t]; k < g.triggerEnd[t]; k++) params[g.triggerRefs[k]] = 0;
    this.queue(TRANSITION_START, l, to, from, t, 0);
    if (entered) this.queue(STATE_ENTER, l, to, -1, -1, 0);
    if (g.transitionBlend[t] === 1) this.applyFade(l, 0);
    if (!(g.transitionFade[t] > 0)) {
      this.applyFade(l, 1);
      this.complete(l);
    }
  }

  /** A free slot of layer l, or the faintest one other than `keep` (its state exits). */
  private freeSlot(l: number, keep: number): number {
    const { ints, floats } = this;
    const L = this.layout;
    const base = l * MAX_LIVE_STATES;
    let faintest = -1;
    for (let s = base; s < base + MAX_LIVE_STATES; s++) {
      if (ints[L.slotState + s] < 0) return s;
      if (s !== keep && (faintest < 0 || floats[L.slotWeight + s] < floats[L.slotWeight + faintest])) faintest = s;
    }
    this.queue(STATE_EXIT, l, ints[L.slotState + faintest], -1, -1, 0);
    if (faintest === ints[L.sourceSlot + l]) ints[L.sourceSlot + l] = -1;
    return faintest;
  }

  private enterSlot(s: number, state: number, weight: number, params: Float64Array | null): void {
    const { ints, floats } = this;
    const L = this.layout;
    const st = this.graph.states[state];
    const rate =
      st.speedParam >= 0 ? (params ? params[st.speedParam] : this.graph.paramDefaults[st.speedParam]) : st.speed;
    ints[L.slotState + s] = state;
    ints[L.slotLead + s] = -1;
    // a one-shot played backwards starts at its end
    floats[L.slotTime + s] = !repeats(st.loop) && rate < 0 ? 1 : 0;
    floats[L.slotPrev + s] = floats[L.slotTime + s];
    floats[L.slotWeight + s] = weight;
    floats[L.slotFrom + s] = weight;
    this.refreshBlend(s, state, params ?? this.graph.paramDefaults);
  }

  private write(l: number, params: Float64Array): void {
    const g = this.graph;
    const { ints, floats } = this;
    const L = this.layout;
    const layer = g.layers[l];
    floats[L.layerWeight + l] = layer.weightParam >= 0 ? clamp01(params[layer.weightParam]) : layer.weight;
    const o = l * this.outStride;
    let count = 0;
    for (let s = l * MAX_LIVE_STATES; s < (l + 1) * MAX_LIVE_STATES; s++) {
      const state = ints[L.slotState + s];
      const w = floats[L.slotWeight + s];
      if (state < 0 || !(w > 0)) continue;
      const st = g.states[state];
      const n = floats[L.slotTime + s];
      const p = floats[L.slotPrev + s];
      const phase = phaseAt(st.loop, n);
      const prevPhase = phaseAt(st.loop, p);
      // a pingpong bounce is not a wrap: the clip turns back, it does not jump to its start
      const wraps = st.loop === 'repeat' ? Math.floor(n) - Math.floor(p) : 0;
      const first = this.windows.offset[state];
      if (st.blend === null) {
        if (st.clip < 0) continue;
        this.writeEntry(o + count, st.clip, first, phase, prevPhase, wraps, w);
        count++;
        continue;
      }
      const space = st.blend;
      const b = L.blend + s * g.maxPoints;
      const lead = ints[L.slotLead + s];
      for (let k = 0; k < space.count; k++) {
        const bw = floats[b + k];
        if (!(bw > 0)) continue;
        const sync = this.sync;
        if (sync && first + k !== lead && st.loop === 'repeat') {
          // a clip following the leader by its markers: its own phase, and its own wraps
          const ph = sync.phaseIn(lead, phase, first + k, phase);
          const prev = sync.phaseIn(lead, prevPhase, first + k, prevPhase);
          const wrapped = n >= p ? (ph < prev ? 1 : 0) : ph > prev ? -1 : 0;
          this.writeEntry(o + count, space.clips[k], first + k, ph, prev, wrapped, w * bw);
        } else this.writeEntry(o + count, space.clips[k], first + k, phase, prevPhase, wraps, w * bw);
        count++;
      }
    }
    ints[L.outCount + l] = count;
  }

  /** One output entry: the clip's play window `span` (an index into `windows`), at a phase 0–1 of it now and before. */
  private writeEntry(
    e: number,
    clip: number,
    span: number,
    phase: number,
    prevPhase: number,
    wraps: number,
    weight: number,
  ): void {
    const { ints, floats } = this;
    const L = this.layout;
    const start = this.windows.start[span];
    const length = this.windows.end[span] - start;
    ints[L.outClip + e] = clip;
    floats[L.outTime + e] = start + phase * length;
    floats[L.outWeight + e] = weight;
    floats[L.outPrevTime + e] = start + prevPhase * length;
    ints[L.outWraps + e] = wraps;
    floats[L.outWindowStart + e] = start;
    floats[L.outWindowEnd + e] = start + length;
  }

  /** Events of the last update (rows of the `event*` columns). */
  get eventCount(): number {
    return this.events.count;
  }

  private queue(kind: number, layer: number, state: number, from: number, transition: number, completed: number): void {
    const i = this.events.push(kind);
    if (i < 0) return; // never: the queue has room for every event a layer can raise
    this.eventLayer[i] = layer;
    this.eventState[i] = state;
    this.eventFrom[i] = from;
    this.eventTransition[i] = transition;
    this.eventCompleted[i] = completed;
  }
}

/** Whether a state's normalized time keeps counting loops (repeat, pingpong) rather than ending at 1. */
function repeats(loop: LoopMode): boolean {
  return loop === 'repeat' || loop === 'pingpong';
}

/** Whether normalized time moving prev → cur passed the exit time: every loop below 1 on a repeating state, else once. */
function crossed(prev: number, cur: number, exit: number, loop: boolean): boolean {
  if (!(cur > prev)) return false;
  if (loop && exit < 1) {
    const next = exit + Math.max(0, Math.floor(prev - exit) + 1);
    return next <= cur;
  }
  return prev < exit && exit <= cur;
}

/** Where a normalized time is in its cycle, 0–1: repeat wraps, pingpong runs back on odd loops, once and clamp clamp. */
function phaseAt(loop: LoopMode, n: number): number {
  if (loop === 'repeat') return n - Math.floor(n);
  if (loop === 'pingpong') {
    const k = Math.floor(n);
    return k % 2 === 0 ? n - k : 1 - (n - k);
  }
  return Math.min(1, Math.max(0, n));
}

/** A cycle length usable as a divisor: a state with no duration (a missing or single-pose clip) counts as 1 s. */
function positive(seconds: number): number {
  return seconds > 0 ? seconds : 1;
}

function clamp01(v: number): number {
  // biome-ignore lint/complexity/useMathMinMax: a NaN weight must give 0, which Math.max would not
  return v > 1 ? 1 : v > 0 ? v : 0;
}

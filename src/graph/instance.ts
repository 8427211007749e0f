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
import { type PlayWindows, resolvePlayWindows } from './play-windows.js';
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
  /** Per layer l: entries [l·stride, l·stride + count[l]) of logical clip, clip time (seconds), weight. */
  readonly outClip: Int32Array;
  readonly outTime: Float64Array;
  readonly outWeight: Float64Array;
  readonly outCount: Int32Array;
  /**
   * Per entry, for root motion: the clip time it was at before this update (on the same loop as
   * `outTime` minus `outWraps` wraps), its loop wraps this update (negative when playing backwards), and
   * its play window in seconds of the clip.
   */
  readonly outPrevTime: Float64Array;
  readonly outWraps: Int32Array;
  readonly outWindowStart: Float64Array;
  readonly outWindowEnd: Float64Array;
  readonly outStride: number;
  /** Each layer's weight this frame (its number, or its param clamped to 0–1). */
  readonly layerWeight: Float64Array;

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

  private readonly slotState: Int32Array;
  private readonly slotTime: Float64Array;
  /** Each slot's cycle length in seconds (0 for a state that plays nothing). */
  private readonly slotCycle: Float64Array;
  private readonly slotPrev: Float64Array;
  private readonly slotWeight: Float64Array;
  /** Each slot's leading play window (its clip's, or its blend space's heaviest clip's), -1 before the first. */
  private readonly slotLead: Int32Array;
  private sync: GraphSync | null = null;
  private readonly slotFrom: Float64Array;
  private readonly blend: Float64Array;
  private readonly destSlot: Int32Array;
  private readonly sourceSlot: Int32Array;
  private readonly sourceState: Int32Array;
  private readonly active: Int32Array;
  private readonly fadeElapsed: Float64Array;
  private readonly stack: Float64Array;
  private pendingEntry = true;

  /** `clipDurations`: seconds of each logical clip (graph.clipNames order); 0 for a missing clip. */
  constructor(
    readonly graph: CompiledGraph,
    clipDurations: ArrayLike<number>,
  ) {
    const layers = graph.layers.length;
    const slots = layers * MAX_LIVE_STATES;
    const durations = Float64Array.from({ length: graph.clipNames.length }, (_, i) => clipDurations[i] ?? 0);
    this.windows = resolvePlayWindows(graph, durations);
    const events = layers * EVENTS_PER_LAYER;
    this.events = new EventColumns(events, 5);
    this.eventKind = this.events.kind;
    [this.eventLayer, this.eventState, this.eventFrom, this.eventTransition, this.eventCompleted] = this.events.ints;
    this.slotState = new Int32Array(slots);
    this.slotTime = new Float64Array(slots);
    this.slotCycle = new Float64Array(slots);
    this.slotPrev = new Float64Array(slots);
    this.slotWeight = new Float64Array(slots);
    this.slotLead = new Int32Array(slots).fill(-1);
    this.slotFrom = new Float64Array(slots);
    this.blend = new Float64Array(slots * graph.maxPoints);
    this.destSlot = new Int32Array(layers);
    this.sourceSlot = new Int32Array(layers);
    this.sourceState = new Int32Array(layers);
    this.active = new Int32Array(layers);
    this.fadeElapsed = new Float64Array(layers);
    this.stack = new Float64Array(graph.stackSize);
    this.outStride = MAX_LIVE_STATES * graph.maxPoints;
    this.outClip = new Int32Array(layers * this.outStride);
    this.outTime = new Float64Array(layers * this.outStride);
    this.outWeight = new Float64Array(layers * this.outStride);
    this.outCount = new Int32Array(layers);
    this.outPrevTime = new Float64Array(layers * this.outStride);
    this.outWraps = new Int32Array(layers * this.outStride);
    this.outWindowStart = new Float64Array(layers * this.outStride);
    this.outWindowEnd = new Float64Array(layers * this.outStride);
    this.layerWeight = new Float64Array(layers);
    this.reset();
  }

  /** Back to every layer's entry state at time 0; the next update reports the entries. */
  reset(): void {
    this.slotState.fill(-1);
    this.slotWeight.fill(0);
    this.active.fill(-1);
    this.sourceSlot.fill(-1);
    this.sourceState.fill(-1);
    this.graph.layers.forEach((layer, l) => {
      const s = l * MAX_LIVE_STATES;
      this.destSlot[l] = layer.defaultState < 0 ? -1 : s;
      if (layer.defaultState >= 0) this.enterSlot(s, layer.defaultState, 1, null);
    });
    this.outCount.fill(0);
    this.events.clear();
    this.pendingEntry = true;
  }

  /** The state a layer is in or heading to (a fade's destination); -1 for a layer without states. */
  stateOf(layer: number): number {
    const s = this.destSlot[layer];
    return s < 0 ? -1 : this.slotState[s];
  }

  /** The transition fading on a layer, -1 when none. */
  transitionOf(layer: number): number {
    return this.active[layer];
  }

  /** The source state of the transition fading on a layer, -1 when none. */
  transitionSourceOf(layer: number): number {
    return this.active[layer] < 0 ? -1 : this.sourceState[layer];
  }

  /** Progress 0–1 of the fading transition (1 when none). */
  progressOf(layer: number): number {
    const t = this.active[layer];
    if (t < 0) return 1;
    const fade = this.graph.transitionFade[t];
    return fade > 0 ? Math.min(1, this.fadeElapsed[layer] / fade) : 1;
  }

  /** Normalized time of the layer's current state (loops counted in the whole part). */
  normalizedTimeOf(layer: number): number {
    const s = this.destSlot[layer];
    return s < 0 ? 0 : this.slotTime[s];
  }

  /** Seconds into the cycle of the layer's current state (a one-shot holds its end once played); 0 without one. */
  timeOf(layer: number): number {
    const s = this.destSlot[layer];
    return s < 0 ? 0 : phaseAt(this.graph.states[this.slotState[s]].loop, this.slotTime[s]) * this.slotCycle[s];
  }

  /** Cycle length in seconds of the layer's current state (a blend space's: its heaviest clip's); 0 without one. */
  durationOf(layer: number): number {
    const s = this.destSlot[layer];
    return s < 0 ? 0 : this.slotCycle[s];
  }

  /**
   * Moves the layer's current state to `seconds` into its cycle (clamped; loops already played stay
   * counted). No events are crossed: the next update sweeps from here.
   */
  seek(layer: number, seconds: number): void {
    const s = this.destSlot[layer];
    const cycle = s < 0 ? 0 : this.slotCycle[s];
    if (!(cycle > 0) || !Number.isFinite(seconds)) return;
    const f = Math.min(1, Math.max(0, seconds / cycle));
    const n = this.slotTime[s];
    const loop = this.graph.states[this.slotState[s]].loop;
    const k = Math.floor(n);
    if (loop === 'repeat') this.slotTime[s] = k + (f < 1 ? f : 0);
    // a pingpong pass runs backwards on odd loops
    else if (loop === 'pingpong') this.slotTime[s] = k + (k % 2 !== 0 ? 1 - f : f);
    else this.slotTime[s] = f;
    this.slotPrev[s] = this.slotTime[s];
  }

  /** Total weight of a state on its layer now (0 when not live). */
  weightOf(state: number): number {
    const l = this.graph.states[state]?.layer;
    if (l === undefined) return 0;
    let w = 0;
    for (let s = l * MAX_LIVE_STATES; s < (l + 1) * MAX_LIVE_STATES; s++)
      if (this.slotState[s] === state) w += this.slotWeight[s];
    return w;
  }

  /**
   * Starts in the states another instance (of an earlier version of this graph) was in, matched by name,
   * at the same normalized time — so an edited graph carries on where the old one was.
   */
  carryOver(previous: GraphInstance): void {
    this.graph.layers.forEach((_, l) => {
      const old = l < previous.graph.layers.length ? previous.stateOf(l) : -1;
      const name = old >= 0 ? previous.graph.states[old].name : undefined;
      const state = name === undefined ? undefined : this.graph.stateIndex.get(name);
      if (state === undefined || this.graph.states[state].layer !== l) return;
      const base = l * MAX_LIVE_STATES;
      for (let s = base; s < base + MAX_LIVE_STATES; s++) this.slotState[s] = -1;
      this.enterSlot(base, state, 1, null);
      this.slotTime[base] = previous.normalizedTimeOf(l);
      this.slotPrev[base] = this.slotTime[base];
      this.destSlot[l] = base;
    });
    this.pendingEntry = false;
  }

  /**
   * Keeps states in step by their clips' sync markers (per logical clip, seconds from its start; see
   * GraphSync); null stops it.
   */
  setSyncMarkers(markers: readonly (readonly MarkerInput[] | null)[] | null): void {
    const { slotState, slotTime, slotPrev, slotWeight, slotLead } = this;
    const slots = { slotState, slotTime, slotPrev, slotWeight, slotLead };
    this.sync = markers ? new GraphSync(this.graph, this.windows, markers, slots) : null;
  }

  /** The arrays holding the run's whole state, for snapshots (see GraphSnapshot); with `entryPending`. */
  stateArrays(): (Int32Array | Float64Array)[] {
    return [this.slotState, this.slotTime, this.slotCycle, this.slotPrev, this.slotWeight, this.slotLead]
      .concat([this.slotFrom, this.blend, this.destSlot, this.sourceSlot, this.sourceState, this.active])
      .concat([this.fadeElapsed]);
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
    const layers = this.graph.layers.length;
    if (this.pendingEntry) {
      this.pendingEntry = false;
      for (let l = 0; l < layers; l++) {
        const s = this.destSlot[l];
        if (s >= 0) this.queue(STATE_ENTER, l, this.slotState[s], -1, -1, 0);
      }
    }
    for (let l = 0; l < layers; l++) {
      if (this.destSlot[l] < 0) {
        this.outCount[l] = 0;
        continue;
      }
      this.advance(l, dt, params);
      if (this.active[l] >= 0) {
        this.fadeElapsed[l] += dt;
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
    for (let s = l * MAX_LIVE_STATES; s < (l + 1) * MAX_LIVE_STATES; s++) {
      const state = this.slotState[s];
      if (state < 0) continue;
      const duration = this.refreshBlend(s, state, params);
      const st = states[state];
      const rate = st.speedParam >= 0 ? params[st.speedParam] : st.speed;
      this.slotPrev[s] = this.slotTime[s];
      if (dt > 0 && Number.isFinite(rate)) this.slotTime[s] += (dt * rate) / duration;
      // clamp holds at the edge it reached, so a speed turning negative plays back at once
      if (st.loop === 'clamp') this.slotTime[s] = clamp01(this.slotTime[s]);
    }
  }

  /** Recomputes a slot's blend weights (blend states) and returns the state's cycle length in seconds. */
  private refreshBlend(s: number, state: number, params: Float64Array): number {
    const st = this.graph.states[state];
    const w = this.windows;
    const first = w.offset[state];
    if (st.blend === null) {
      this.slotCycle[s] = st.clip >= 0 ? w.end[first] - w.start[first] : 0;
      this.slotLead[s] = first;
    } else {
      const space = st.blend;
      const offset = s * this.graph.maxPoints;
      blendWeights(space, params[st.blendX], st.blendY >= 0 ? params[st.blendY] : 0, this.blend, offset);
      // the heaviest clip leads: its length sets the cycle, the others follow at the same phase
      let leader = 0;
      for (let k = 1; k < space.count; k++) if (this.blend[offset + k] > this.blend[offset + leader]) leader = k;
      this.slotCycle[s] = w.end[first + leader] - w.start[first + leader];
      const lead = first + leader;
      if (this.sync && this.slotLead[s] >= 0 && this.slotLead[s] !== lead) this.sync.relead(s, this.slotLead[s], lead);
      this.slotLead[s] = lead;
    }
    return positive(this.slotCycle[s]);
  }

  private applyFade(l: number, p: number): void {
    const t = this.active[l];
    // an inertial transition shows only its destination: the pose sampler decays the difference over the fade
    const w = this.graph.transitionBlend[t] === 1 ? 1 : ease(this.graph.transitionEase[t], p);
    const dest = this.destSlot[l];
    for (let s = l * MAX_LIVE_STATES; s < (l + 1) * MAX_LIVE_STATES; s++) {
      if (this.slotState[s] < 0) continue;
      const from = this.slotFrom[s];
      this.slotWeight[s] = s === dest ? from + (1 - from) * w : from * (1 - w);
    }
  }

  private complete(l: number): void {
    const dest = this.destSlot[l];
    for (let s = l * MAX_LIVE_STATES; s < (l + 1) * MAX_LIVE_STATES; s++) {
      if (s === dest || this.slotState[s] < 0) continue;
      this.queue(STATE_EXIT, l, this.slotState[s], -1, -1, 0);
      this.slotState[s] = -1;
      this.slotWeight[s] = 0;
    }
    this.slotWeight[dest] = 1;
    this.queue(TRANSITION_END, l, this.slotState[dest], this.sourceState[l], this.active[l], 1);
    this.active[l] = -1;
    this.sourceSlot[l] = -1;
  }

  /** The first transition that fires on layer l now, or -1. */
  private pick(l: number, params: Float64Array): number {
    const active = this.active[l];
    const dest = this.destSlot[l];
    if (active < 0) return this.firstFiring(this.slotState[dest], dest, -1, l, params);
    const mode = this.graph.transitionInterrupt[active];
    if (mode === INTERRUPT_NONE) return -1;
    const source = this.sourceState[l];
    const sourceSlot = this.sourceSlot[l];
    const destState = this.slotState[dest];
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
    const current = this.slotState[this.destSlot[l]];
    const active = this.active[l];
    for (let k = g.outgoingStart[state]; k < g.outgoingStart[state + 1]; k++) {
      const t = g.outgoing[k];
      if (t === before) break;
      if (t === active) continue;
      if (g.transitionFrom[t] < 0 && g.transitionTo[t] === current) continue;
      const exit = g.transitionExit[t];
      if (!Number.isNaN(exit)) {
        if (slot < 0 || !crossed(this.slotPrev[slot], this.slotTime[slot], exit, repeats(g.states[state].loop)))
          continue;
      }
      if (evaluateCondition(g.code, g.conditionStart[t], g.conditionEnd[t], g.consts, params, this.stack)) return t;
    }
    return -1;
  }

  private start(l: number, t: number, params: Float64Array): void {
    const g = this.graph;
    const to = g.transitionTo[t];
    const base = l * MAX_LIVE_STATES;
    const dest = this.destSlot[l];
    const previous = this.slotState[dest];
    if (this.active[l] >= 0) this.queue(TRANSITION_END, l, previous, this.sourceState[l], this.active[l], 0);
    // a state still fading out comes back with its own time; otherwise it starts afresh in a slot
    let slot = -1;
    for (let s = base; s < base + MAX_LIVE_STATES; s++) if (s !== dest && this.slotState[s] === to) slot = s;
    const entered = slot < 0;
    if (entered) {
      slot = this.freeSlot(l, dest);
      this.enterSlot(slot, to, 0, params);
    }
    // the source is the transition's own from-state (an interruption from the old source), else where the layer was
    const from = g.transitionFrom[t] >= 0 ? g.transitionFrom[t] : previous;
    let fromSlot = from === previous ? dest : -1;
    for (let s = base; s < base + MAX_LIVE_STATES && fromSlot < 0; s++)
      if (s !== slot && this.slotState[s] === from) fromSlot = s;
    for (let s = base; s < base + MAX_LIVE_STATES; s++) this.slotFrom[s] = this.slotWeight[s];
    this.sourceSlot[l] = fromSlot;
    this.sourceState[l] = from;
    if (entered) this.sync?.align(slot, fromSlot);
    this.destSlot[l] = slot;
    this.active[l] = t;
    this.fadeElapsed[l] = 0;
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
    const base = l * MAX_LIVE_STATES;
    let faintest = -1;
    for (let s = base; s < base + MAX_LIVE_STATES; s++) {
      if (this.slotState[s] < 0) return s;
      if (s !== keep && (faintest < 0 || this.slotWeight[s] < this.slotWeight[faintest])) faintest = s;
    }
    this.queue(STATE_EXIT, l, this.slotState[faintest], -1, -1, 0);
    if (faintest === this.sourceSlot[l]) this.sourceSlot[l] = -1;
    return faintest;
  }

  private enterSlot(s: number, state: number, weight: number, params: Float64Array | null): void {
    const st = this.graph.states[state];
    const rate =
      st.speedParam >= 0 ? (params ? params[st.speedParam] : this.graph.paramDefaults[st.speedParam]) : st.speed;
    this.slotState[s] = state;
    this.slotLead[s] = -1;
    // a one-shot played backwards starts at its end
    this.slotTime[s] = !repeats(st.loop) && rate < 0 ? 1 : 0;
    this.slotPrev[s] = this.slotTime[s];
    this.slotWeight[s] = weight;
    this.slotFrom[s] = weight;
    this.refreshBlend(s, state, params ?? this.graph.paramDefaults);
  }

  private write(l: number, params: Float64Array): void {
    const g = this.graph;
    const layer = g.layers[l];
    this.layerWeight[l] = layer.weightParam >= 0 ? clamp01(params[layer.weightParam]) : layer.weight;
    const o = l * this.outStride;
    let count = 0;
    for (let s = l * MAX_LIVE_STATES; s < (l + 1) * MAX_LIVE_STATES; s++) {
      const state = this.slotState[s];
      const w = this.slotWeight[s];
      if (state < 0 || !(w > 0)) continue;
      const st = g.states[state];
      const n = this.slotTime[s];
      const p = this.slotPrev[s];
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
      const b = s * g.maxPoints;
      for (let k = 0; k < space.count; k++) {
        const bw = this.blend[b + k];
        if (!(bw > 0)) continue;
        const sync = this.sync;
        if (sync && first + k !== this.slotLead[s] && st.loop === 'repeat') {
          // a clip following the leader by its markers: its own phase, and its own wraps
          const ph = sync.phaseIn(this.slotLead[s], phase, first + k, phase);
          const prev = sync.phaseIn(this.slotLead[s], prevPhase, first + k, prevPhase);
          const wrapped = n >= p ? (ph < prev ? 1 : 0) : ph > prev ? -1 : 0;
          this.writeEntry(o + count, space.clips[k], first + k, ph, prev, wrapped, w * bw);
        } else this.writeEntry(o + count, space.clips[k], first + k, phase, prevPhase, wraps, w * bw);
        count++;
      }
    }
    this.outCount[l] = count;
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
    const start = this.windows.start[span];
    const length = this.windows.end[span] - start;
    this.outClip[e] = clip;
    this.outTime[e] = start + phase * length;
    this.outWeight[e] = weight;
    this.outPrevTime[e] = start + prevPhase * length;
    this.outWraps[e] = wraps;
    this.outWindowStart[e] = start;
    this.outWindowEnd[e] = start + length;
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

import {
  buildSyncMarkers,
  type MarkerInput,
  markerPosition,
  type SyncMarkers,
  syncedTime,
} from '../runtime/sync-markers.js';
import type { CompiledGraph } from './compile.js';
import type { InstanceLayout } from './instance-layout.js';
import type { PlayWindows } from './play-windows.js';

/** The instance's state the sync reads and moves: its slots' states, times, weights and leading windows. */
export interface SyncSlots {
  readonly layout: InstanceLayout;
  readonly ints: Int32Array;
  readonly floats: Float64Array;
}

/**
 * Keeps the clips of a layer in step by their sync markers (see runtime/sync-markers). Per play window
 * (span) of the graph, the markers of its clip that fall inside it. When a transition enters a state, the
 * state starts at the source's marker position; while states crossfade, the heaviest leads and the others
 * follow its marker position; inside a blend space every clip follows the heaviest. Only repeating states
 * whose leading clips both carry markers of a shared name are moved; the rest keep their normalized time.
 * Nothing is allocated per frame.
 */
export class GraphSync {
  /** Markers per span (index into the play windows), null where its clip has none inside the window. */
  readonly spans: (SyncMarkers | null)[];

  constructor(
    private readonly graph: CompiledGraph,
    windows: PlayWindows,
    /** Markers per logical clip (graph.clipNames order), seconds from the clip's start. */
    clipMarkers: readonly (readonly MarkerInput[] | null)[],
    private readonly slots: SyncSlots,
  ) {
    this.spans = [];
    graph.states.forEach((st, s) => {
      for (let k = windows.offset[s]; k < windows.offset[s + 1]; k++) {
        const clip = st.blend ? st.blend.clips[k - windows.offset[s]] : st.clip;
        const markers = clipMarkers[clip];
        const start = windows.start[k];
        this.spans[k] = markers ? buildSyncMarkers(markers, windows.end[k] - start, start) : null;
      }
    });
  }

  /** Markers that lead slot s, when its state repeats (a one-shot keeps its own time). */
  #markers(s: number): SyncMarkers | null {
    const { layout, ints } = this.slots;
    const state = ints[layout.slotState + s];
    if (state < 0 || this.graph.states[state].loop !== 'repeat') return null;
    return this.spans[ints[layout.slotLead + s]] ?? null;
  }

  /** A state just entered in `dest` starts at the marker position of the state in `source` (-1: none). */
  align(dest: number, source: number): void {
    if (source < 0) return;
    const to = this.#markers(dest);
    const from = this.#markers(source);
    if (!to || !from) return;
    const { layout, floats } = this.slots;
    const t = syncedTime(from, markerPosition(from, fraction(floats[layout.slotTime + source]) * from.length), to, 0);
    if (Number.isNaN(t)) return;
    floats[layout.slotTime + dest] = t / to.length;
    floats[layout.slotPrev + dest] = t / to.length;
  }

  /**
   * While several states of layer l (slots [base, base + count)) are live, the heaviest leads: every other
   * one with markers is moved to the leader's marker position, on the loop nearest its own time (so its
   * loops stay counted and its root motion continuous).
   */
  follow(base: number, count: number): void {
    const { layout, ints, floats } = this.slots;
    const state = layout.slotState;
    const weight = layout.slotWeight;
    const time = layout.slotTime;
    let leader = -1;
    let live = 0;
    for (let s = base; s < base + count; s++) {
      if (ints[state + s] < 0) continue;
      live++;
      if (leader < 0 || floats[weight + s] > floats[weight + leader]) leader = s;
    }
    const from = live > 1 ? this.#markers(leader) : null;
    if (!from) return;
    const position = markerPosition(from, fraction(floats[time + leader]) * from.length);
    for (let s = base; s < base + count; s++) {
      if (s === leader || ints[state + s] < 0) continue;
      const to = this.#markers(s);
      if (!to) continue;
      const n = floats[time + s];
      const t = syncedTime(from, position, to, fraction(n) * to.length);
      if (Number.isNaN(t)) continue;
      // the same phase on the loop nearest where the slot's own clock took it
      const f = t / to.length;
      floats[time + s] = f + Math.round(n - f);
    }
  }

  /**
   * The phase (0–1) of window `span` that keeps it in step with the leading window `lead` at phase
   * `leadPhase` (a blend space's other clips); `phase` (its own) when either has no markers.
   */
  phaseIn(lead: number, leadPhase: number, span: number, phase: number): number {
    const from = this.spans[lead];
    const to = this.spans[span];
    if (!from || !to || lead === span) return phase;
    const t = syncedTime(from, markerPosition(from, leadPhase * from.length), to, phase * to.length);
    return Number.isNaN(t) ? phase : t / to.length;
  }

  /**
   * A blend space's heaviest clip changed from window `from` to `to`: slot s's normalized time (the
   * leader's phase) moves to where the new leader already was, so no clip jumps.
   */
  relead(s: number, from: number, to: number): void {
    const { layout, floats } = this.slots;
    const phase = fraction(floats[layout.slotTime + s]);
    const d = this.phaseIn(from, phase, to, phase) - phase;
    const delta = d - Math.round(d);
    floats[layout.slotTime + s] += delta;
    floats[layout.slotPrev + s] += delta;
  }
}

function fraction(n: number): number {
  return n - Math.floor(n);
}

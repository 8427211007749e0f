// Runs the graph conformance tables: a definition, starting params, and a timeline of fixed steps, each
// with param changes and the state, weights, outputs and events expected after it.
import { expect } from '@open-wc/testing';
import {
  type CompiledGraph,
  compileGraph,
  createParams,
  type GraphDefinition,
  GraphInstance,
  getParam,
  STATE_ENTER,
  STATE_EXIT,
  setParam,
  TRANSITION_END,
  TRANSITION_START,
} from '../../src/graph/index.js';

export interface Step {
  /** Params written before the step. */
  set?: Record<string, number | boolean>;
  /** Layer the expectations below read (default 0). */
  layer?: number;
  /** The layer's current state (or destination of its fade). */
  state?: string;
  /** The transition fading after the step, "from>to", or null for none. */
  transition?: string | null;
  /** State weights on the layer. */
  weights?: Record<string, number>;
  /** Output weight per clip on the layer (summed over entries). */
  clips?: Record<string, number>;
  /** Output clip times in seconds on the layer. */
  times?: Record<string, number>;
  /** Exactly the events of the step, in order: enter:s, exit:s, start:a>b, end:a>b, interrupt:a>b. */
  events?: string[];
  /** The layer's weight this step. */
  layerWeight?: number;
  /** Params after the step. */
  params?: Record<string, number | boolean>;
}

export interface GraphCase {
  name: string;
  graph: GraphDefinition;
  /** Clip durations in seconds (default 1). */
  durations?: Record<string, number>;
  dt: number;
  steps: Step[];
}

export function eventsOf(graph: CompiledGraph, instance: GraphInstance): string[] {
  const out: string[] = [];
  const name = (s: number) => graph.states[s].name;
  for (let i = 0; i < instance.eventCount; i++) {
    const kind = instance.eventKind[i];
    const state = name(instance.eventState[i]);
    if (kind === STATE_ENTER) out.push(`enter:${state}`);
    else if (kind === STATE_EXIT) out.push(`exit:${state}`);
    else {
      const pair = `${instance.eventFrom[i] >= 0 ? name(instance.eventFrom[i]) : '?'}>${state}`;
      if (kind === TRANSITION_START) out.push(`start:${pair}`);
      else if (kind === TRANSITION_END) out.push(`${instance.eventCompleted[i] ? 'end' : 'interrupt'}:${pair}`);
    }
  }
  return out;
}

export function runCase(c: GraphCase): void {
  const graph = compileGraph(c.graph);
  const errors = graph.problems.filter((p) => p.severity === 'error');
  expect(errors, `${c.name}: problems`).to.deep.equal([]);
  const instance = new GraphInstance(
    graph,
    graph.clipNames.map((n) => c.durations?.[n] ?? 1),
  );
  const params = createParams(graph);
  c.steps.forEach((step, k) => {
    const at = `${c.name}, step ${k}`;
    for (const [name, value] of Object.entries(step.set ?? {})) {
      expect(setParam(graph, params, name, value), `${at}: set ${name}`).to.equal(true);
    }
    instance.update(c.dt, params);
    const layer = step.layer ?? 0;
    if (step.state !== undefined)
      expect(graph.states[instance.stateOf(layer)]?.name, `${at}: state`).to.equal(step.state);
    if (step.transition !== undefined) {
      const t = instance.transitionOf(layer);
      const text =
        t < 0
          ? null
          : `${graph.states[instance.transitionSourceOf(layer)].name}>${graph.states[graph.transitionTo[t]].name}`;
      expect(text, `${at}: transition`).to.equal(step.transition);
    }
    for (const [state, w] of Object.entries(step.weights ?? {})) {
      expect(instance.weightOf(graph.stateIndex.get(state)!), `${at}: weight of ${state}`).to.be.closeTo(w, 1e-9);
    }
    if (step.clips || step.times) {
      const sums = new Map<string, number>();
      const times = new Map<string, number>();
      for (let e = 0; e < instance.entryCount(layer); e++) {
        const clip = graph.clipNames[instance.entryClip(layer, e)];
        sums.set(clip, (sums.get(clip) ?? 0) + instance.entryWeight(layer, e));
        times.set(clip, instance.entryTime(layer, e));
      }
      for (const [clip, w] of Object.entries(step.clips ?? {})) {
        expect(sums.get(clip) ?? 0, `${at}: output weight of clip ${clip}`).to.be.closeTo(w, 1e-9);
      }
      if (step.clips) {
        const total = [...sums.values()].reduce((a, b) => a + b, 0);
        const expected = Object.values(step.clips).reduce((a, b) => a + b, 0);
        expect(total, `${at}: output weights sum`).to.be.closeTo(expected, 1e-9);
      }
      for (const [clip, t] of Object.entries(step.times ?? {})) {
        expect(times.get(clip), `${at}: time of clip ${clip}`).to.be.closeTo(t, 1e-9);
      }
    }
    if (step.layerWeight !== undefined) {
      expect(instance.layerWeightOf(layer), `${at}: layer weight`).to.be.closeTo(step.layerWeight, 1e-12);
    }
    if (step.events) expect(eventsOf(graph, instance), `${at}: events`).to.deep.equal(step.events);
    for (const [name, value] of Object.entries(step.params ?? {})) {
      expect(getParam(graph, params, name), `${at}: param ${name}`).to.equal(value);
    }
  });
}

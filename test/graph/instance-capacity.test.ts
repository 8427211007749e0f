// The instance's per-update records hold any graph: 200 layers (past an 8-bit index), a state index past
// 16 bits, and every event of an update however many layers raise them.
import { expect } from '@open-wc/testing';
import {
  compileGraph,
  createParams,
  type GraphDefinition,
  GraphInstance,
  STATE_ENTER,
  setParam,
} from '../../src/graph/index.js';
import { eventsOf } from './graph-table.js';

/** n layers (the base one and n - 1 more), each with states a → b on `go`, crossfading in `fade` seconds. */
function layered(n: number, fade: number): GraphDefinition {
  const layers = Array.from({ length: n - 1 }, (_, l) => ({ name: `l${l + 1}` }));
  const names = ['base', ...layers.map((l) => l.name)];
  return {
    params: [{ name: 'go', type: 'bool' }],
    layers,
    states: names.flatMap((layer) => [
      { name: `${layer}-a`, clip: 'a', layer },
      { name: `${layer}-b`, clip: 'b', layer },
    ]),
    transitions: names.map((layer) => ({ from: `${layer}-a`, to: `${layer}-b`, when: 'go', fade })),
  };
}

describe('graph: instance capacity', () => {
  it('200 layers: every entry reported with its own layer index, then 800 transition events in one update', () => {
    const graph = compileGraph(layered(200, 0));
    expect(graph.problems).to.deep.equal([]);
    const instance = new GraphInstance(graph, [1, 1]);
    const params = createParams(graph);
    instance.update(0.1, params);
    expect(instance.eventCount).to.equal(200);
    for (let i = 0; i < 200; i++) {
      expect([instance.eventKind[i], instance.eventLayer[i]], `event ${i}`).to.deep.equal([STATE_ENTER, i]);
      expect(graph.states[instance.eventState[i]].layer).to.equal(i);
    }
    setParam(graph, params, 'go', true);
    instance.update(0.1, params);
    // per layer: the transition starts, b enters, and the zero fade completes at once (a exits, the transition ends)
    expect(instance.eventCount).to.equal(800);
    const events = eventsOf(graph, instance);
    expect(events.slice(0, 4)).to.deep.equal([
      'start:base-a>base-b',
      'enter:base-b',
      'exit:base-a',
      'end:base-a>base-b',
    ]);
    expect(events.slice(-4)).to.deep.equal(['start:l199-a>l199-b', 'enter:l199-b', 'exit:l199-a', 'end:l199-a>l199-b']);
    for (let l = 0; l < 200; l++)
      expect(instance.stateOf(l), `layer ${l}`).to.equal(graph.stateIndex.get(`${graph.layers[l].name}-b`));
  });

  it('a state index past 16 bits is reported as itself', () => {
    const n = 40000;
    const graph = compileGraph({
      states: Array.from({ length: n }, (_, i) => ({ name: `s${i}`, default: i === n - 1 })),
    });
    const instance = new GraphInstance(graph, []);
    instance.update(0.1, createParams(graph));
    expect(instance.eventCount).to.equal(1);
    expect(instance.eventState[0]).to.equal(n - 1);
  });
});

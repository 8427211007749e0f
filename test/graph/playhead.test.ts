// The graph's playhead: seconds into the base state's cycle, its length, and seeking without events.
import { expect } from '@open-wc/testing';
import { compileGraph, createParams, type GraphDefinition, GraphInstance, setParam } from '../../src/graph/index.js';
import { eventsOf } from './graph-table.js';

function instanceOf(definition: GraphDefinition, durations: Record<string, number>) {
  const graph = compileGraph(definition);
  const instance = new GraphInstance(
    graph,
    graph.clipNames.map((n) => durations[n] ?? 0),
  );
  return { graph, instance, params: createParams(graph) };
}

describe('graph: playhead', () => {
  it('a looping state: time wraps in its cycle; seek moves it without crossing events', () => {
    const { graph, instance, params } = instanceOf(
      { states: [{ name: 'walk', clip: 'walk', default: true }] },
      { walk: 2 },
    );
    instance.update(0.5, params);
    expect(instance.durationOf(0)).to.equal(2);
    expect(instance.timeOf(0)).to.be.closeTo(0.5, 1e-12);
    instance.update(2, params);
    expect(instance.timeOf(0)).to.be.closeTo(0.5, 1e-12);
    instance.seek(0, 1.5);
    expect(instance.timeOf(0)).to.be.closeTo(1.5, 1e-12);
    instance.update(0, params);
    // the entry times written for sampling start from the seek, as from a standing start
    expect(instance.entryTime(0, 0)).to.be.closeTo(1.5, 1e-12);
    expect(instance.entryPrevTime(0, 0)).to.be.closeTo(1.5, 1e-12);
    expect(instance.entryWraps(0, 0)).to.equal(0);
    expect(eventsOf(graph, instance)).to.deep.equal([]);
    instance.update(0.75, params);
    expect(instance.timeOf(0)).to.be.closeTo(0.25, 1e-12);
    expect(instance.entryWraps(0, 0)).to.equal(1);
  });

  it('a one-shot holds its end; seeking clamps to the clip; bad seeks do nothing', () => {
    const { instance, params } = instanceOf(
      { states: [{ name: 'hit', clip: 'hit', loop: 'once', default: true }] },
      { hit: 0.8 },
    );
    instance.update(3, params);
    expect(instance.timeOf(0)).to.be.closeTo(0.8, 1e-12);
    instance.seek(0, 0.2);
    expect(instance.timeOf(0)).to.be.closeTo(0.2, 1e-12);
    instance.seek(0, 9);
    expect(instance.timeOf(0)).to.be.closeTo(0.8, 1e-12);
    instance.seek(0, Number.NaN);
    expect(instance.timeOf(0), 'seek(NaN) is ignored').to.be.closeTo(0.8, 1e-12);
    instance.seek(0, 0.5);
    instance.seek(0, -1);
    expect(instance.timeOf(0), 'seek(-1) clamps to the start').to.equal(0);
    // the clamp is in the playhead, not only in how it is read: playing on starts from the start
    instance.update(0.2, params);
    expect(instance.timeOf(0), 'after seek(-1), 0.2 s plays from the start').to.be.closeTo(0.2, 1e-9);
  });

  it('a blend space’s cycle is its heaviest clip’s; a state with no clip has no length', () => {
    const { graph, instance, params } = instanceOf(
      {
        params: [{ name: 'speed', type: 'float' }],
        states: [
          {
            name: 'move',
            default: true,
            blend: {
              x: 'speed',
              points: [
                { clip: 'walk', x: 1 },
                { clip: 'run', x: 3 },
              ],
            },
          },
        ],
      },
      { walk: 1.2, run: 0.6 },
    );
    setParam(graph, params, 'speed', 1.5);
    instance.update(0.1, params);
    expect(instance.durationOf(0)).to.be.closeTo(1.2, 1e-12);
    setParam(graph, params, 'speed', 2.5);
    instance.update(0.1, params);
    expect(instance.durationOf(0)).to.be.closeTo(0.6, 1e-12);
    const empty = instanceOf({ states: [{ name: 'nothing', clip: 'missing', default: true }] }, {});
    empty.instance.update(0.1, empty.params);
    expect(empty.instance.durationOf(0)).to.equal(0);
    expect(empty.instance.timeOf(0)).to.equal(0);
  });
});

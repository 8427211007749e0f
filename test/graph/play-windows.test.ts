// Play windows resolved when a graph binds: seconds or a percentage of each clip, clamped to the clip,
// an inverted one reported with both values and replaced by the whole clip.
import { expect } from '@open-wc/testing';
import { compileGraph, type GraphDefinition, GraphInstance } from '../../src/graph/index.js';
import { resolvePlayWindows } from '../../src/graph/play-windows.js';

const windowsOf = (def: GraphDefinition, durations: number[]) => {
  const graph = compileGraph(def);
  expect(graph.problems.filter((p) => p.severity === 'error')).to.deep.equal([]);
  return resolvePlayWindows(graph, durations);
};

describe('graph: play windows', () => {
  it('seconds and percentages resolve per clip; a bound past the end stops there; unset is the whole clip', () => {
    const w = windowsOf(
      {
        params: [{ name: 'x', type: 'float' }],
        states: [
          { name: 'a', clip: 'a', start: 0.5, end: '1.5s' },
          { name: 'b', clip: 'a', start: '25%', end: '75%' },
          { name: 'c', clip: 'a', end: 9 },
          {
            name: 'blend',
            start: '50%',
            blend: {
              x: 'x',
              points: [
                { clip: 'a', x: 0 },
                { clip: 'b', x: 1 },
              ],
            },
          },
          { name: 'empty' },
        ],
      },
      [2, 4],
    );
    expect([...w.offset]).to.deep.equal([0, 1, 2, 3, 5, 5]);
    expect([...w.start]).to.deep.equal([0.5, 0.5, 0, 1, 2]);
    expect([...w.end]).to.deep.equal([1.5, 1.5, 2, 2, 4]);
    expect(w.problems).to.deep.equal([]);
  });

  it('an inverted window is one bad-graph problem naming both values, and the whole clip plays', () => {
    const graph = compileGraph({ states: [{ name: 'a', clip: 'a', start: '1.5s', end: 1 }] });
    const instance = new GraphInstance(graph, [2]);
    expect(instance.windows.problems.map((p) => [p.code, p.where])).to.deep.equal([['bad-graph', 'states[0].start']]);
    const message = instance.windows.problems[0].message;
    expect(message).to.contain('1.5s').and.to.contain('1s').and.to.contain('whole clip');
    // the whole 2 s clip plays: half a second in, the time is 0.5 s (not frozen at the start)
    instance.update(0.5, new Float64Array(0));
    expect(instance.entryTime(0, 0)).to.equal(0.5);
    expect(instance.durationOf(0)).to.equal(2);
  });

  it('a percentage window follows the clip: the same graph bound to a longer clip plays a longer window', () => {
    const graph = compileGraph({ states: [{ name: 'a', clip: 'a', start: '50%' }] });
    expect(new GraphInstance(graph, [2]).durationOf(0)).to.equal(1);
    expect(new GraphInstance(graph, [6]).durationOf(0)).to.equal(3);
  });

  it('instances of one graph on clips of the same durations share one set of windows; other durations get their own', () => {
    const graph = compileGraph({ states: [{ name: 'a', clip: 'a', start: '25%' }] });
    const one = new GraphInstance(graph, [2]);
    const two = new GraphInstance(graph, [2]);
    const longer = new GraphInstance(graph, [4]);
    expect(two.windows).to.equal(one.windows);
    expect(longer.windows).to.not.equal(one.windows);
    expect([one.windows.start[0], longer.windows.start[0]]).to.deep.equal([0.5, 1]);
  });
});

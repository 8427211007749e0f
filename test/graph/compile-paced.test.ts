// compileGraph as paced work: a large graph's compile pauses every few hundred items in every pass that
// walks states or transitions, and running it in steps builds exactly what compiling at once builds.
import { expect } from '@open-wc/testing';
import { compileGraph, compileGraphPaced, type GraphDefinition, PACE_ITEMS } from '../../src/graph/index.js';

/** n states in a ring of n transitions, one bad transition and one unreachable state among them. */
function ring(n: number): GraphDefinition {
  return {
    params: [{ name: 'speed', type: 'float' }],
    states: [
      ...Array.from({ length: n }, (_, i) => ({ name: `s${i}`, clip: i % 2 ? 'walk' : 'idle' })),
      { name: 'island', clip: 'idle' },
    ],
    transitions: [
      ...Array.from({ length: n }, (_, i) => ({ from: `s${i}`, to: `s${(i + 1) % n}`, when: 'speed > 1' })),
      { from: 's0', to: 'nowhere' },
    ],
  };
}

describe('graph: paced compile', () => {
  it('pauses every few hundred states, transitions and outgoing lists, and builds what compileGraph builds', () => {
    const n = 10000;
    const work = compileGraphPaced(ring(n));
    let pauses = 0;
    let step = work.next();
    while (!step.done) {
      pauses++;
      step = work.next();
    }
    // states, transitions and outgoing lists each pause once per PACE_ITEMS items
    expect(pauses).to.be.at.least(3 * Math.floor(n / PACE_ITEMS));
    const atOnce = compileGraph(ring(n));
    const { definition: _a, ...paced } = step.value;
    const { definition: _b, ...whole } = atOnce;
    expect(paced).to.deep.equal(whole);
    expect(paced.problems.map((p) => p.code)).to.deep.equal(['unknown-state', 'unreachable-state']);
  });

  it('a small graph runs through with no more than a few pauses', () => {
    const work = compileGraphPaced(ring(10));
    let pauses = 0;
    while (!work.next().done) pauses++;
    expect(pauses).to.be.at.most(3);
  });
});

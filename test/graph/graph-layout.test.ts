import { expect } from '@open-wc/testing';
import { layoutGraph } from '../../src/graph/graph-layout.js';
import { compileGraph, locomotionGraph } from '../../src/graph/index.js';

describe('graph: layout', () => {
  it('lays the locomotion graph out entry first, boxes apart, inside their bands, one arrow per transition', () => {
    const graph = compileGraph(locomotionGraph());
    const layout = layoutGraph(graph);
    const entry = layout.nodes[layout.nodeOfState[graph.layers[0].defaultState]];
    for (const node of layout.nodes) expect(node.x).to.be.at.least(entry.x);
    for (const [i, a] of layout.nodes.entries()) {
      const band = layout.bands[a.layer];
      expect(a.x >= band.x && a.x + a.width <= band.x + band.width, `${a.label} in its band`).to.equal(true);
      expect(a.y >= band.y && a.y + a.height <= band.y + band.height, `${a.label} in its band`).to.equal(true);
      for (const b of layout.nodes.slice(i + 1)) {
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, `${a.label} and ${b.label} overlap`).to.equal(true);
      }
    }
    expect(layout.edges.map((e) => e.transition)).to.deep.equal([...Array(graph.transitionCount).keys()]);
    // the two land → locomotion transitions bow apart: distinct paths
    const land = layout.edges.filter((e) => e.from === layout.nodeOfState[graph.stateIndex.get('land')!]);
    expect(new Set(land.map((e) => e.path)).size).to.equal(land.length);
  });

  it('gives each layer its own band, stacked, and states no transition reaches the last column', () => {
    const graph = compileGraph({
      layers: [{ name: 'upper', mask: 'upper-body' }],
      states: [
        { name: 'idle', clip: 'idle' },
        { name: 'lost', clip: 'walk' },
        { name: 'none', layer: 'upper' },
        { name: 'wave', clip: 'wave', layer: 'upper' },
      ],
      transitions: [{ from: '*', to: 'wave', when: 'true == true' }],
    });
    const layout = layoutGraph(graph);
    expect(layout.bands).to.have.length(2);
    expect(layout.bands[1].y).to.be.above(layout.bands[0].y + layout.bands[0].height - 1);
    const at = (name: string) => layout.nodes[layout.nodeOfState[graph.stateIndex.get(name)!]];
    expect(at('lost').x).to.be.above(at('idle').x);
    expect(layout.nodes.filter((n) => n.state < 0).map((n) => n.layer)).to.deep.equal([1]);
  });
});

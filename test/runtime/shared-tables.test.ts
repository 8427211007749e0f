// Read-only tables interned across characters: equal bytes give one array, anything else its own.
import { expect } from '@open-wc/testing';
import { compileGraph, locomotionGraph } from '../../src/graph/index.js';
import { bindClip, buildClip, buildSkeleton } from '../../src/runtime/index.js';
import { sharedTable } from '../../src/runtime/shared-tables.js';
import { GraphSource } from '../../src/scene/graph-source.js';

describe('runtime: shared tables', () => {
  it('an equal table is the first one seen; other values, type or sign of zero give their own', () => {
    const first = sharedTable(Int32Array.of(3, -1, 7));
    expect(sharedTable(Int32Array.of(3, -1, 7))).to.equal(first);
    expect(sharedTable(Int32Array.of(3, -1, 8))).to.not.equal(first);
    const floats = sharedTable(Float64Array.of(0, 1.5));
    expect(sharedTable(Float64Array.of(0, 1.5))).to.equal(floats);
    expect(sharedTable(Float64Array.of(-0, 1.5))).to.not.equal(floats);
    // the same bytes read as another type are another table
    expect(sharedTable(new Int32Array(Float64Array.of(0, 1.5).buffer))).to.not.equal(floats as unknown);
  });

  it('graph sources of one character model share their root-motion and clip tables', () => {
    const skeleton = buildSkeleton({ names: ['Hips'], parents: [-1] });
    const clip = (name: string) =>
      bindClip(
        buildClip({
          name,
          tracks: [{ target: 'Hips', path: 'translation', times: [0, 1], values: [0, 0, 0, 1, 0, 0] }],
        }),
        skeleton,
      );
    const clips = ['idle', 'walk', 'run'].map((name) => ({ name, binding: clip(name) }));
    const graph = compileGraph(locomotionGraph());
    const [a, b] = [0, 1].map(() => new GraphSource(graph, skeleton, clips));
    // the track table is the extractor's own (private) field
    const [ma, mb] = [a, b].map(
      (s) => s.bindRootMotion({ joint: 0, planar: true }) as unknown as { tracks: Int32Array },
    );
    expect(mb.tracks).to.equal(ma.tracks);
    expect(b.instance.windows).to.equal(a.instance.windows);
  });
});

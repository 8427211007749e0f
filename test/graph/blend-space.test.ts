import { expect } from '@open-wc/testing';
import { blendWeights, buildBlendSpace, CARTESIAN, DIRECTIONAL, ONE_D } from '../../src/graph/index.js';
import { rng } from '../helpers/math.js';

/** The usual directional layout: idle at the centre, walk and run in four directions. */
const DIRECTIONS: [number, number][] = [
  [0, 0],
  [0, 1.2],
  [0, 3.2],
  [1.2, 0],
  [3.2, 0],
  [0, -1.2],
  [-1.2, 0],
];
const CARTESIAN_POINTS: [number, number][] = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
  [2, 0.5],
];

function weightsAt(kind: number, points: [number, number][], x: number, y: number): number[] {
  const space = buildBlendSpace(
    kind,
    points.map((_, i) => i),
    points.map((p) => p[0]),
    points.map((p) => p[1]),
  );
  const out = new Float64Array(points.length + 2).fill(-1);
  blendWeights(space, x, y, out, 1);
  expect(out[0], 'writes only its own range').to.equal(-1);
  expect(out[points.length + 1]).to.equal(-1);
  return Array.from(out.subarray(1, points.length + 1));
}

const sum = (w: number[]) => w.reduce((a, b) => a + b, 0);

describe('graph: blend spaces', () => {
  for (const [name, kind, points] of [
    ['directional', DIRECTIONAL, DIRECTIONS],
    ['cartesian', CARTESIAN, CARTESIAN_POINTS],
  ] as const) {
    it(`${name}: weights are one-hot at every sample point`, () => {
      points.forEach(([x, y], i) => {
        const w = weightsAt(kind, [...points], x, y);
        expect(w, `point ${i}`).to.deep.equal(points.map((_, k) => (k === i ? 1 : 0)));
      });
    });

    it(`${name}: weights are non-negative and sum to 1 everywhere`, () => {
      const r = rng(7);
      for (let n = 0; n < 400; n++) {
        const x = (r() - 0.5) * 8;
        const y = (r() - 0.5) * 8;
        const w = weightsAt(kind, [...points], x, y);
        expect(sum(w), `at ${x}, ${y}`).to.be.closeTo(1, 1e-12);
        for (const v of w) expect(v).to.be.at.least(0);
      }
    });

    it(`${name}: weights move continuously`, () => {
      let previous = weightsAt(kind, [...points], -3, -2);
      for (let k = 1; k <= 2000; k++) {
        const t = k / 2000;
        const w = weightsAt(kind, [...points], -3 + 6 * t, -2 + 5 * t);
        for (let i = 0; i < w.length; i++) expect(Math.abs(w[i] - previous[i]), `step ${k}`).to.be.below(0.05);
        previous = w;
      }
    });
  }

  it('directional: between two directions at one speed the angle decides; along one direction the speed does', () => {
    // halfway between forward walk and right walk, at walking speed
    const a = Math.PI / 4;
    const diagonal = weightsAt(DIRECTIONAL, DIRECTIONS, 1.2 * Math.cos(a), 1.2 * Math.sin(a));
    expect(diagonal[1]).to.be.closeTo(diagonal[3], 1e-12);
    expect(diagonal[1] + diagonal[3], 'the two walks carry the diagonal').to.be.above(0.85);
    expect(diagonal[2] + diagonal[4] + diagonal[5] + diagonal[6], 'runs and backward/left walks stay out').to.equal(0);
    // forward, halfway from walk (1.2) to run (3.2): a linear blend by speed
    const forward = weightsAt(DIRECTIONAL, DIRECTIONS, 0, 2.2);
    expect(forward[1]).to.be.closeTo(0.5, 1e-9);
    expect(forward[2]).to.be.closeTo(0.5, 1e-9);
    // forward at half walking speed: idle and walk share
    const slow = weightsAt(DIRECTIONAL, DIRECTIONS, 0, 0.6);
    expect(slow[0]).to.be.closeTo(0.5, 1e-9);
    expect(slow[1]).to.be.closeTo(0.5, 1e-9);
    // mirror symmetry of the layout gives mirrored weights
    const left = weightsAt(DIRECTIONAL, DIRECTIONS, -0.7, 0.5);
    const right = weightsAt(DIRECTIONAL, DIRECTIONS, 0.7, 0.5);
    expect(left[6]).to.be.closeTo(right[3], 1e-9);
    expect(left[1]).to.be.closeTo(right[1], 1e-9);
  });

  it('cartesian: on the segment between two neighbours the weights are linear', () => {
    const points: [number, number][] = [
      [0, 0],
      [1, 0],
    ];
    for (const t of [0.1, 0.25, 0.5, 0.9]) {
      const w = weightsAt(CARTESIAN, points, t, 0);
      expect(w[0]).to.be.closeTo(1 - t, 1e-12);
      expect(w[1]).to.be.closeTo(t, 1e-12);
    }
  });

  it('1D: points in any order, exact at thresholds, linear between, clamped outside', () => {
    const space = buildBlendSpace(ONE_D, [0, 1, 2], [3, 0, 1], [0, 0, 0]);
    expect(Array.from(space.clips)).to.deep.equal([1, 2, 0]);
    const out = new Float64Array(3);
    const at = (x: number) => {
      blendWeights(space, x, 0, out, 0);
      return Array.from(out);
    };
    expect(at(0)).to.deep.equal([1, 0, 0]);
    expect(at(1)).to.deep.equal([0, 1, 0]);
    expect(at(3)).to.deep.equal([0, 0, 1]);
    expect(at(2)).to.deep.equal([0, 0.5, 0.5]);
    expect(at(-5)).to.deep.equal([1, 0, 0]);
    expect(at(9)).to.deep.equal([0, 0, 1]);
    expect(at(Number.NaN)).to.deep.equal([1, 0, 0]);
  });
});

import { expect } from '@open-wc/testing';
import {
  advanceCloth,
  buildCloth,
  type Cloth,
  placeCloth,
  setClothAnchors,
  setClothCapsule,
  weldVertices,
  writeClothVertices,
} from '../../../src/runtime/cloth/index.js';
import { AnimError } from '../../../src/runtime/errors.js';
import { rng } from '../../helpers/math.js';

/**
 * A hanging sheet `width` × `height` metres in the x-y plane, its top edge at y = 0, made of two halves
 * that each own their copy of the middle column: a seam the welder must close.
 */
function sheet(columns = 12, rows = 16, width = 0.6, height = 0.9) {
  const positions: number[] = [];
  const indices: number[] = [];
  const half = columns / 2;
  for (const [from, to] of [
    [0, half],
    [half, columns],
  ]) {
    const base = positions.length / 3;
    const span = to - from + 1;
    for (let r = 0; r <= rows; r++) {
      for (let c = from; c <= to; c++) positions.push((c / columns - 0.5) * width, (-r / rows) * height, 0);
    }
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < span - 1; c++) {
        const a = base + r * span + c;
        indices.push(a, a + span, a + 1, a + 1, a + span, a + span + 1);
      }
    }
  }
  return { positions: new Float32Array(positions), indices: new Uint16Array(indices), columns, rows };
}

/** One anchor: a rotation about y by `yaw` and a translation. */
function anchorMatrix(out: Float32Array, yaw: number, x: number, y: number, z: number): Float32Array {
  const c = Math.cos(yaw);
  const s = Math.sin(yaw);
  out.set([c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, x, y, z, 1]);
  return out;
}

function worstStrain(cloth: Cloth, from = 0, to = cloth.bendStart): number {
  let worst = 0;
  const x = cloth.positions;
  for (let c = from; c < to; c++) {
    const a = cloth.constraintA[c] * 3;
    const b = cloth.constraintB[c] * 3;
    const d = Math.hypot(x[a] - x[b], x[a + 1] - x[b + 1], x[a + 2] - x[b + 2]);
    worst = Math.max(worst, Math.abs(d - cloth.restLength[c]) / cloth.restLength[c]);
  }
  return worst;
}

function expectFinite(cloth: Cloth, what: string): void {
  for (let i = 0; i < cloth.positions.length; i++) {
    if (!Number.isFinite(cloth.positions[i])) expect.fail(`${what}: position ${i} is ${cloth.positions[i]}`);
  }
}

describe('cloth: building', () => {
  it('welds the seam: the shared column becomes one set of particles, every vertex maps to one', () => {
    const { positions, indices, columns, rows } = sheet();
    const cloth = buildCloth({ positions, indices }, { top: 0 });
    expect(positions.length / 3).to.equal((columns + 2) * (rows + 1));
    expect(cloth.particleCount).to.equal((columns + 1) * (rows + 1));
    const welded = weldVertices(positions);
    expect(welded.particleCount).to.equal(cloth.particleCount);
    for (let v = 0; v < positions.length / 3; v++) {
      const p = welded.vertexParticle[v];
      expect(Math.hypot(...[0, 1, 2].map((k) => positions[v * 3 + k] - cloth.rest[p * 3 + k]))).to.be.below(1e-6);
    }
  });

  it('has one structural constraint per grid edge across the seam, bend constraints, and pins the top row', () => {
    const { positions, indices, columns, rows } = sheet();
    const cloth = buildCloth({ positions, indices }, { top: 0 });
    // horizontal + vertical + one diagonal per quad, counted once across the welded seam
    const edges = columns * (rows + 1) + (columns + 1) * rows + columns * rows;
    expect(cloth.bendStart).to.equal(edges);
    expect(cloth.restLength.length).to.be.above(edges);
    expect(cloth.pins.length).to.equal(columns + 1);
    for (const p of cloth.pins) expect(cloth.rest[p * 3 + 1]).to.equal(0);
    const band = buildCloth({ positions, indices }, { top: 0.25 });
    expect(band.pins.length).to.equal((columns + 1) * (rows / 4 + 1));
    const listed = buildCloth({ positions, indices }, { vertices: [0, 1] });
    expect(listed.pins.length).to.equal(2);
  });

  it('rejects bad meshes, pins and settings with bad-cloth', () => {
    const { positions, indices } = sheet(2, 2);
    const cases: Array<[string, () => unknown]> = [
      ['positions not in threes', () => buildCloth({ positions: positions.subarray(1), indices }, { top: 0 })],
      ['no triangles', () => buildCloth({ positions, indices: [] }, { top: 0 })],
      ['index out of range', () => buildCloth({ positions, indices: [0, 1, 999] }, { top: 0 })],
      [
        'NaN position',
        () => buildCloth({ positions: [Number.NaN, 0, 0, 1, 0, 0, 0, 1, 0], indices: [0, 1, 2] }, { top: 0 }),
      ],
      ['band above 1', () => buildCloth({ positions, indices }, { top: 1.5 })],
      ['pin vertex out of range', () => buildCloth({ positions, indices }, { vertices: [-1] })],
      ['anchors length', () => buildCloth({ positions, indices, anchors: [0] }, { top: 0 })],
      ['stiffness', () => buildCloth({ positions, indices }, { top: 0 }, { stiffness: 2 })],
      ['iterations', () => buildCloth({ positions, indices }, { top: 0 }, { iterations: 0 })],
      ['max speed', () => buildCloth({ positions, indices }, { top: 0 }, { maxSpeed: 0 })],
      ['damping', () => buildCloth({ positions, indices }, { top: 0 }, { damping: -1 })],
      ['gravity', () => buildCloth({ positions, indices }, { top: 0 }, { gravity: [0, Number.NaN, 0] })],
    ];
    for (const [what, build] of cases) {
      try {
        build();
        expect.fail(`${what}: did not throw`);
      } catch (error) {
        expect(error, what).to.be.instanceOf(AnimError);
        expect((error as AnimError).code, what).to.equal('bad-cloth');
      }
    }
  });
});

describe('cloth: simulation', () => {
  it('pinned particles stay exactly where their anchor holds them, frame after frame', () => {
    const { positions, indices } = sheet();
    const cloth = buildCloth({ positions, indices }, { top: 0.1 });
    const m = new Float32Array(16);
    placeCloth(cloth, anchorMatrix(m, 0, 0, 1.5, 0));
    for (let f = 1; f <= 240; f++) {
      const t = f / 60;
      anchorMatrix(m, Math.sin(t * 3) * 1.5, Math.sin(t * 2) * 0.8, 1.5 + Math.sin(t * 5) * 0.2, t * 2);
      setClothAnchors(cloth, m);
      advanceCloth(cloth, 1 / 60);
      for (const p of cloth.pins) {
        const [x, y, z] = [cloth.rest[p * 3], cloth.rest[p * 3 + 1], cloth.rest[p * 3 + 2]];
        const want = [
          m[0] * x + m[4] * y + m[8] * z + m[12],
          m[1] * x + m[5] * y + m[9] * z + m[13],
          m[2] * x + m[6] * y + m[10] * z + m[14],
        ];
        for (let k = 0; k < 3; k++) {
          if (Math.abs(cloth.positions[p * 3 + k] - want[k]) > 1e-5) expect.fail(`frame ${f}: pin ${p} off its anchor`);
        }
      }
    }
  });

  it('hangs under gravity: free particles fall below rest, constraint error stays bounded while swinging', () => {
    const { positions, indices } = sheet();
    const cloth = buildCloth({ positions, indices }, { top: 0 }, { stiffness: 1, iterations: 8 });
    const m = new Float32Array(16);
    // start it lying flat out sideways (yawed so gravity pulls across the sheet): it must swing down
    placeCloth(cloth, anchorMatrix(m, 0, 0, 2, 0));
    for (let p = 0; p < cloth.particleCount; p++) {
      cloth.positions[p * 3 + 2] = cloth.positions[p * 3 + 1] - 2;
      cloth.positions[p * 3 + 1] = 2;
    }
    cloth.previous.set(cloth.positions);
    let worst = 0;
    for (let f = 0; f < 600; f++) {
      anchorMatrix(m, 0, Math.sin(f / 30) * 0.5, 2, 0);
      setClothAnchors(cloth, m);
      advanceCloth(cloth, 1 / 60);
      if (f > 30) worst = Math.max(worst, worstStrain(cloth));
    }
    expect(worst, 'structural strain while swinging').to.be.below(0.1);
    // after swinging down, the bottom row hangs about a sheet's height below the top
    let lowest = Number.POSITIVE_INFINITY;
    for (let p = 0; p < cloth.particleCount; p++) lowest = Math.min(lowest, cloth.positions[p * 3 + 1]);
    expect(lowest).to.be.within(2 - 0.9 * 1.1, 2 - 0.9 * 0.85);
  });

  it('keeps every free particle outside a collider capsule after a swing into it', () => {
    const { positions, indices } = sheet();
    const cloth = buildCloth({ positions, indices }, { top: 0 }, { margin: 0.01 });
    const m = new Float32Array(16);
    placeCloth(cloth, anchorMatrix(m, 0, 0, 2, 0));
    cloth.capsuleCount = 1;
    // a vertical capsule just behind the sheet, like a back under a cape
    const radius = 0.15;
    setClothCapsule(cloth, 0, [0, 1.2, -0.17, 0, 1.9, -0.17, radius]);
    for (let f = 0; f < 300; f++) {
      // the anchor swings backwards and forwards through the capsule's side
      anchorMatrix(m, 0, 0, 2, -0.3 + 0.3 * Math.cos(f / 20));
      setClothAnchors(cloth, m);
      advanceCloth(cloth, 1 / 60);
    }
    let inside = 0;
    let deepest = 0;
    for (let p = 0; p < cloth.particleCount; p++) {
      if (cloth.inverseMass[p] === 0) continue;
      const x = cloth.positions[p * 3];
      const y = Math.min(1.9, Math.max(1.2, cloth.positions[p * 3 + 1]));
      const z = cloth.positions[p * 3 + 2];
      const d = Math.hypot(x, cloth.positions[p * 3 + 1] - y, z + 0.17);
      if (d < radius - 1e-4) {
        inside++;
        deepest = Math.max(deepest, radius - d);
      }
    }
    expect(inside, `particles inside (deepest ${deepest.toFixed(4)} m)`).to.equal(0);
  });

  it('never produces NaN over 10,000 steps at any dt from 1/240 to 1/20, even under violent anchor motion', () => {
    const { positions, indices } = sheet(8, 10);
    const random = rng(7);
    const m = new Float32Array(16);
    for (const fixed of [1 / 240, 1 / 60, 1 / 20, 0]) {
      const cloth = buildCloth({ positions, indices }, { top: 0.05 }, { iterations: 4 });
      cloth.capsuleCount = 1;
      setClothCapsule(cloth, 0, [0, 1, 0, 0, 1.6, 0, 0.12]);
      placeCloth(cloth, anchorMatrix(m, 0, 0, 2, 0));
      for (let f = 0; f < 10000; f++) {
        const dt = fixed || 1 / 240 + random() * (1 / 20 - 1 / 240);
        anchorMatrix(m, random() * 6, (random() - 0.5) * 2, 2 + random(), (random() - 0.5) * 2);
        setClothAnchors(cloth, m);
        advanceCloth(cloth, dt);
      }
      expectFinite(cloth, `dt ${fixed || 'random'}`);
      // measured: 57% at dt 1/240, 42% at random dt, 0.03% and 0.04% at 1/60 and 1/20; with one constraint
      // pass instead of four: 84%, 79%, 0.15%, 0.2%. Each bound sits between the two.
      const bound = fixed === 1 / 240 ? 0.7 : fixed === 0 ? 0.55 : 0.001;
      expect(worstStrain(cloth), `strain stays bounded, dt ${fixed || 'random'}`).to.be.below(bound);
    }
  });

  it('starts afresh at rest when its anchor teleports (a character moved, not swung)', () => {
    const { positions, indices } = sheet(6, 8);
    const cloth = buildCloth({ positions, indices }, { top: 0 });
    const m = new Float32Array(16);
    placeCloth(cloth, anchorMatrix(m, 0, 0, 2, 0));
    for (let f = 0; f < 30; f++) {
      setClothAnchors(cloth, anchorMatrix(m, 0, f * 0.05, 2, 0));
      advanceCloth(cloth, 1 / 60);
    }
    setClothAnchors(cloth, anchorMatrix(m, 0, 10, 2, 5));
    for (let p = 0; p < cloth.particleCount; p++) {
      expect(cloth.positions[p * 3], 'x at rest').to.be.closeTo(cloth.rest[p * 3] + 10, 1e-5);
      expect(cloth.positions[p * 3 + 2], 'z at rest').to.be.closeTo(cloth.rest[p * 3 + 2] + 5, 1e-5);
      expect(cloth.previous[p * 3 + 1], 'no velocity').to.equal(cloth.positions[p * 3 + 1]);
    }
  });

  it('ignores dt that is zero, negative or not finite', () => {
    const { positions, indices } = sheet(4, 4);
    const cloth = buildCloth({ positions, indices }, { top: 0 });
    placeCloth(cloth, anchorMatrix(new Float32Array(16), 0, 0, 1, 0));
    const before = Float32Array.from(cloth.positions);
    for (const dt of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) advanceCloth(cloth, dt);
    expect([...cloth.positions]).to.deep.equal([...before]);
  });

  it('writes positions to every (unwelded) vertex and unit normals facing the same way across the seam', () => {
    const { positions, indices } = sheet();
    const cloth = buildCloth({ positions, indices }, { top: 0 });
    placeCloth(cloth, anchorMatrix(new Float32Array(16), 0, 0, 1, 0));
    const outP = new Float32Array(positions.length);
    const outN = new Float32Array(positions.length);
    writeClothVertices(cloth, outP, outN);
    for (let v = 0; v < positions.length / 3; v++) {
      expect(outP[v * 3 + 1]).to.be.closeTo(positions[v * 3 + 1] + 1, 1e-6);
      expect(Math.hypot(outN[v * 3], outN[v * 3 + 1], outN[v * 3 + 2])).to.be.closeTo(1, 1e-5);
      // the flat sheet's normal is ±z, the same for all (the triangles wind alike)
      expect(outN[v * 3 + 2]).to.be.closeTo(outN[2], 1e-5);
    }
  });
});

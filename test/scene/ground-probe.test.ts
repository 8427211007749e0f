/**
 * The ground probe against three's own Raycaster: random downward casts onto ground meshes of every vertex
 * layout (indexed or not, interleaved, normalized integers) under a scaled, rotated, translated parent land
 * where three's raycast lands, with the same upward normal; unmarked, skinned and out-of-reach meshes are
 * not hit.
 */
import { expect } from '@open-wc/testing';
import {
  BufferAttribute,
  BufferGeometry,
  DoubleSide,
  Group,
  InterleavedBuffer,
  InterleavedBufferAttribute,
  Mesh,
  MeshBasicMaterial,
  Raycaster,
  Scene,
  SphereGeometry,
  Vector3,
} from 'three';
import { GROUND_PROBE_STRIDE, GroundProbe } from '../../src/scene/ground-probe.js';
import type { Stage } from '../../src/scene/stage.js';

/** A deterministic generator, so a failure names a reproducible cast. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A bumpy terrain patch, 4 × 4 m, as a non-indexed triangle list. */
function terrain(next: () => number): Float32Array {
  const n = 6;
  const h = (i: number, j: number) => Math.sin(i * 1.3 + j * 0.7) * 0.3 + (next() - 0.5) * 0.05;
  const heights = Array.from({ length: (n + 1) * (n + 1) }, (_, k) => h(k % (n + 1), Math.floor(k / (n + 1))));
  const at = (i: number, j: number) => [-2 + (4 * i) / n, heights[j * (n + 1) + i], -2 + (4 * j) / n];
  const out: number[] = [];
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++)
      out.push(...at(i, j), ...at(i, j + 1), ...at(i + 1, j), ...at(i + 1, j), ...at(i, j + 1), ...at(i + 1, j + 1));
  return new Float32Array(out);
}

function layouts(flat: Float32Array): Record<string, BufferGeometry> {
  const plain = new BufferGeometry();
  plain.setAttribute('position', new BufferAttribute(flat, 3));
  // the vertices stored back to front, the index pointing back at them: a cast that ignored the index misses
  const count = flat.length / 3;
  const reversed = new Float32Array(flat.length);
  for (let i = 0; i < count; i++) reversed.set(flat.subarray(i * 3, i * 3 + 3), (count - 1 - i) * 3);
  const indexed = new BufferGeometry();
  indexed.setAttribute('position', new BufferAttribute(reversed, 3));
  indexed.setIndex(Array.from({ length: count }, (_, i) => count - 1 - i));
  const interleaved = new BufferGeometry();
  const packed = new Float32Array(count * 5);
  for (let i = 0; i < count; i++) packed.set(flat.subarray(i * 3, i * 3 + 3), i * 5 + 2);
  interleaved.setAttribute('position', new InterleavedBufferAttribute(new InterleavedBuffer(packed, 5), 3, 2));
  const ints = new Int16Array(flat.length);
  for (let i = 0; i < flat.length; i++) ints[i] = Math.round((flat[i] / 2) * 32767);
  // normalized 16-bit integers of x/2: the test scales that mesh back by 2
  const normalized = new BufferGeometry();
  normalized.setAttribute('position', new BufferAttribute(ints, 3, true));
  return { plain, indexed, interleaved, normalized };
}

function stageWith(scene: Scene): Stage {
  return { scene, contentVersion: 0, renderer: { info: { render: { frame: 0 } } } } as unknown as Stage;
}

describe('the ground probe', () => {
  for (const [name, geometry] of Object.entries(layouts(terrain(random(7))))) {
    it(`lands where three's raycast lands on a ${name} mesh`, () => {
      const scene = new Scene();
      const parent = new Group();
      parent.position.set(0.4, -0.2, 1.1);
      parent.rotation.set(0.1, 0.8, -0.05);
      parent.scale.setScalar(1.5);
      const mesh = new Mesh(geometry, new MeshBasicMaterial({ side: DoubleSide }));
      if (name === 'normalized') mesh.scale.setScalar(2);
      mesh.userData.ground = true;
      parent.add(mesh);
      scene.add(parent);
      scene.updateMatrixWorld(true);
      const probe = new GroundProbe(stageWith(scene));
      const out = new Float32Array(GROUND_PROBE_STRIDE);
      const raycaster = new Raycaster();
      const next = random(11);
      let hits = 0;
      for (let k = 0; k < 200; k++) {
        const x = (next() - 0.5) * 7;
        const z = (next() - 0.5) * 7;
        const y = 1.5 + next();
        const depth = 1 + next() * 3;
        const found = probe.castDown([x, y, z, depth], 0, out, 0);
        raycaster.set(new Vector3(x, y, z), new Vector3(0, -1, 0));
        raycaster.far = depth;
        const [expected] = raycaster.intersectObject(mesh);
        expect(found, `cast ${k} from ${x} ${y} ${z}`).to.equal(expected !== undefined);
        expect(out[0]).to.equal(found ? 1 : 0);
        if (!expected) continue;
        hits++;
        expect(out[1]).to.be.closeTo(expected.point.x, 1e-4);
        expect(out[2], `height of cast ${k}`).to.be.closeTo(expected.point.y, 1e-4);
        expect(out[3]).to.be.closeTo(expected.point.z, 1e-4);
        const normal = expected.face!.normal.clone().transformDirection(mesh.matrixWorld);
        if (normal.y < 0) normal.negate();
        const got = new Vector3(out[4], out[5], out[6]).normalize();
        expect(got.distanceTo(normal), `normal of cast ${k}`).to.be.below(1e-3);
      }
      // the casts cover both hits and misses (past the edge, or short of the surface)
      expect(hits).to.be.within(40, 190);
    });
  }

  it('ignores unmarked and skinned meshes and takes the highest of several', () => {
    const scene = new Scene();
    const low = new Mesh(layouts(terrain(random(3))).plain, new MeshBasicMaterial());
    low.userData.ground = true;
    const high = new Mesh(new SphereGeometry(0.5), new MeshBasicMaterial());
    high.position.y = 0.5;
    const marked = new Group();
    marked.userData.ground = true;
    const ball = new Mesh(new SphereGeometry(0.25), new MeshBasicMaterial());
    ball.position.set(1, 0.5, 1);
    marked.add(ball);
    scene.add(low, high, marked);
    scene.updateMatrixWorld(true);
    const probe = new GroundProbe(stageWith(scene));
    expect(probe.meshes).to.have.members([low, ball]);
    const out = new Float32Array(GROUND_PROBE_STRIDE);
    // the unmarked sphere at the origin is passed through, the marked ball under a marked group is hit on top
    expect(probe.castDown([0, 3, 0, 5], 0, out, 0)).to.equal(true);
    expect(out[2]).to.be.below(0.5);
    expect(probe.castDown([1, 3, 1, 5], 0, out, 0)).to.equal(true);
    expect(out[2]).to.be.closeTo(0.75, 0.02);
    expect(out[5]).to.be.closeTo(1, 0.01);
    // out of reach: nothing within the depth
    expect(probe.castDown([1, 3, 1, 2], 0, out, 0)).to.equal(false);
  });
});

// Small skinned GLBs that probe the corners of glTF 2.0's animation rules, each file one theme. Free of the
// file system, so the same bytes come out in Node (cli.ts) and in a page (the generator test).
import { Document, type Node, WebIO } from '@gltf-transform/core';
import { accessor, animation, axisAngle, chain, morphMesh, node, type Quat, skinnedMesh } from './rig';

/** A smooth, repeatable pseudo-random value in [−1, 1] for key k, component c of a series. */
function wiggle(k: number, c: number, series: number): number {
  return Math.sin(k * 1.91 + c * 2.57 + series * 0.73);
}

/** Cubic-spline output for `n` keys of `width`: in-tangent, value, out-tangent per key. */
function cubicKeys(n: number, width: number, value: (k: number) => number[], tangent: number, series: number) {
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    for (let c = 0; c < width; c++) out.push(tangent * wiggle(k, c, series + 1));
    out.push(...value(k));
    // out-tangents unlike in-tangents: the curve has a corner at every key
    for (let c = 0; c < width; c++) out.push(-0.6 * tangent * wiggle(k, c + 5, series + 2));
  }
  return out;
}

function quatKeys(n: number, series: number): Quat[] {
  const keys: Quat[] = [];
  for (let k = 0; k < n; k++) {
    keys.push(
      axisAngle([wiggle(k, 0, series), wiggle(k, 1, series), 0.5 + wiggle(k, 2, series)], 170 * wiggle(k, 3, series)),
    );
  }
  return keys;
}

interface Fixture {
  name: string;
  build(doc: Document, root: Node): void;
}

/** A skinned four-joint chain under a non-joint Armature: the usual body of a fixture. */
function bodyChain(doc: Document, root: Node, names = ['Root', 'Upper', 'Lower', 'Tip'], targets = 0) {
  const armature = node(doc, 'Armature', { t: [0, 0.1, 0] }, root);
  const joints = chain(doc, names, armature);
  skinnedMesh(doc, 'Body', joints, { skeleton: joints[0], parent: armature, targets });
  return { armature, joints };
}

const cubicSpline: Fixture = {
  name: 'cubic-spline',
  build(doc, root) {
    const { joints } = bodyChain(doc, root);
    const [, upper, lower, tip] = joints;
    const face = morphMesh(doc, 'Face4', 4, tip);
    const times = [0, 0.15, 0.9, 1.1, 2.3];
    const n = times.length;
    animation(doc, 'cubic', [
      {
        node: upper,
        path: 'translation',
        interpolation: 'CUBICSPLINE',
        times,
        values: cubicKeys(n, 3, (k) => [0.3 * wiggle(k, 0, 1), 0.5 + 0.2 * wiggle(k, 1, 1), 0.1 * k], 6, 1),
      },
      {
        node: lower,
        path: 'rotation',
        interpolation: 'CUBICSPLINE',
        times,
        values: cubicKeys(n, 4, (k) => quatKeys(n, 2)[k], 3, 2),
      },
      {
        node: tip,
        path: 'scale',
        interpolation: 'CUBICSPLINE',
        times,
        values: cubicKeys(n, 3, (k) => [1 + 0.5 * wiggle(k, 0, 3), 1 + 0.4 * wiggle(k, 1, 3), 0.8], 4, 3),
      },
      // four weights per key: the width of a rotation, never normalized like one
      {
        node: face,
        path: 'weights',
        interpolation: 'CUBICSPLINE',
        times,
        values: cubicKeys(n, 4, (k) => [0, 1, 2, 3].map((c) => 0.5 + 0.5 * wiggle(k, c, 4)), 5, 4),
      },
    ]);
  },
};

const step: Fixture = {
  name: 'step',
  build(doc, root) {
    const [rootJoint, upper, lower] = bodyChain(doc, root).joints;
    const times = [0, 0.1, 0.7, 0.75, 1.6];
    const turns = [0, 170, -170, 90, 175];
    animation(doc, 'step', [
      {
        node: rootJoint,
        path: 'translation',
        interpolation: 'STEP',
        times,
        values: times.flatMap((_, k) => [5 * (k % 2), 0, -5 * (k % 3)]),
      },
      {
        node: upper,
        path: 'rotation',
        interpolation: 'STEP',
        times,
        values: turns.flatMap((a, k) => axisAngle([k % 2, 1, 0.3], a)),
      },
      {
        node: lower,
        path: 'scale',
        interpolation: 'STEP',
        times,
        values: times.flatMap((_, k) => (k % 2 ? [3, 0.2, 3] : [0.2, 3, 1])),
      },
    ]);
  },
};

const scale: Fixture = {
  name: 'scale',
  build(doc, root) {
    const armature = node(doc, 'Armature', {}, root);
    const rootJoint = node(doc, 'Root', { s: [1, 1, -1] }, armature);
    const upper = node(doc, 'Upper', { t: [0.2, 0.5, 0.1] }, rootJoint);
    const lower = node(doc, 'Lower', { t: [0.1, 0.5, -0.2], r: axisAngle([0, 0, 1], 30) }, upper);
    const tip = node(doc, 'Tip', { t: [0.3, 0.4, 0], r: axisAngle([1, 1, 0], 45) }, lower);
    skinnedMesh(doc, 'Body', [rootJoint, upper, lower, tip], { skeleton: rootJoint, parent: armature });
    animation(doc, 'mirror', [
      { node: upper, path: 'scale', times: [0, 0.5, 1.4, 2], values: [1, 1, 1, 2, 0.5, 1, -1, 1.5, 0.7, -1, 1, 1] },
      { node: lower, path: 'scale', times: [0, 1, 2], values: [1, 1, 1, 1, -1, 1, 0.3, 2, -0.5] },
      {
        node: rootJoint,
        path: 'rotation',
        times: [0, 2],
        values: [...axisAngle([0, 1, 0], 0), ...axisAngle([0, 1, 0], 120)],
      },
    ]);
  },
};

const hierarchy: Fixture = {
  name: 'hierarchy',
  build(doc, root) {
    // the skeleton's root under three transformed non-joint ancestors, one of them scaled to centimetres
    const world = node(doc, 'World', { t: [1, 0, -2], r: axisAngle([0, 1, 0], 40), s: [1.5, 0.8, 1.2] }, root);
    const offset = node(doc, 'Offset', { t: [0, 0.3, 0], r: axisAngle([1, 0, 0], -25) }, world);
    const armature = node(doc, 'Armature', { r: axisAngle([1, 0, 0], 90), s: [0.01, 0.01, 0.01] }, offset);
    const hips = node(doc, 'Hips', { t: [0, 100, 0] }, armature);
    const spine = node(doc, 'Spine', { t: [0, 20, 0] }, hips);
    // a plain node between two joints
    const plain = node(doc, 'Plain', { t: [0, 10, 5], r: axisAngle([0, 0, 1], 15) }, spine);
    const neck = node(doc, 'Neck', { t: [0, 15, 0] }, plain);
    const head = node(doc, 'Head', { t: [0, 10, 0] }, neck);
    // joints listed children first, no `skeleton`; the mesh node has a transform of its own (skinning ignores it)
    skinnedMesh(doc, 'Body', [head, neck, spine, hips], {
      parent: world,
      at: { t: [0.3, 0, 0], r: axisAngle([0, 0, 1], 20), s: [2, 2, 2] },
    });
    const times = [0, 0.4, 1.1, 1.5];
    animation(doc, 'sway', [
      {
        node: hips,
        path: 'translation',
        times,
        values: times.flatMap((_, k) => [10 * wiggle(k, 0, 7), 100, 5 * wiggle(k, 1, 7)]),
      },
      { node: hips, path: 'rotation', times, values: quatKeys(4, 8).flat() },
      { node: spine, path: 'rotation', times, values: quatKeys(4, 9).flat() },
      { node: plain, path: 'translation', times: [0, 1.5], values: [0, 10, 5, 3, 12, -4] },
      { node: neck, path: 'rotation', times: [0.2, 0.9], values: quatKeys(2, 10).flat() },
    ]);
  },
};

const timing: Fixture = {
  name: 'timing',
  build(doc, root) {
    const [rootJoint, mid, end] = bodyChain(doc, root, ['Root', 'Mid', 'End']).joints;
    animation(doc, 'late', [
      { node: mid, path: 'rotation', times: [0.8, 1.3, 2], values: quatKeys(3, 11).flat() },
      { node: end, path: 'translation', times: [1, 1.5], values: [0, 0.5, 0, 0.4, 0.5, 0.2] },
    ]);
    animation(doc, 'ragged', [
      { node: rootJoint, path: 'translation', times: [0, 0.5], values: [0, 0, 0, 0.5, 0, 0.25] },
      { node: mid, path: 'rotation', times: [0, 0.3, 0.6, 0.9, 1.2, 2.5], values: quatKeys(6, 12).flat() },
      // a single key
      { node: end, path: 'scale', times: [0.4], values: [1.5, 0.5, 1] },
    ]);
    const shared = accessor(doc, Float32Array.from([0, 0.4, 1, 1.7]), 'SCALAR');
    animation(doc, 'shared-a', [{ node: mid, path: 'rotation', times: shared, values: quatKeys(4, 13).flat() }]);
    animation(doc, 'shared-b', [
      { node: mid, path: 'translation', times: shared, values: [0, 0.5, 0, 0.2, 0.5, 0, 0.2, 0.7, 0, 0, 0.5, 0.3] },
      { node: end, path: 'rotation', times: shared, values: quatKeys(4, 14).flat() },
    ]);
    const held = axisAngle([1, 0, 0], 35);
    animation(doc, 'constant', [
      { node: rootJoint, path: 'translation', times: [0, 1, 2], values: [0.1, 0.2, 0.3, 0.1, 0.2, 0.3, 0.1, 0.2, 0.3] },
      { node: mid, path: 'rotation', times: [0, 2], values: [...held, ...held] },
    ]);
    animation(doc, 'constant-long', [
      { node: end, path: 'rotation', times: [0, 1], values: quatKeys(2, 15).flat() },
      { node: rootJoint, path: 'scale', times: [0, 1.5, 3], values: [1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2] },
    ]);
  },
};

// Integer quaternions whose squares sum to the type's scale squared: they decode to exact unit quaternions.
const BYTE_QUATS = [-40, -98, -53, 46, 34, 26, 104, 59, -25, -32, 112, 44];
const UBYTE_QUATS = [179, 44, 158, 78, 58, 96, 106, 203, 202, 32, 101, 114];
const SHORT_QUATS = [19210, 4333, 24730, 8620, 28358, 8638, -11884, 7325, -21540, 8928, 15559, 16968];
const USHORT_QUATS = [16381, 31978, 32738, 43956, 21762, 49037, 35566, 12316, 23156, 30797, 44166, 29318];

const quantized: Fixture = {
  name: 'quantized',
  build(doc, root) {
    const [rootJoint, a, b, c, d] = bodyChain(doc, root, ['Root', 'A', 'B', 'C', 'D']).joints;
    const morph = (name: string) => morphMesh(doc, name, 2, rootJoint);
    const [wByte, wUbyte, wShort, wUshort] = ['WeightsByte', 'WeightsUbyte', 'WeightsShort', 'WeightsUshort'].map(
      morph,
    );
    const times = [0, 0.6, 1.5];
    animation(doc, 'quantized', [
      { node: a, path: 'rotation', times, values: Int8Array.from(BYTE_QUATS) },
      { node: b, path: 'rotation', times, values: Uint8Array.from(UBYTE_QUATS) },
      { node: c, path: 'rotation', times, values: Int16Array.from(SHORT_QUATS) },
      { node: d, path: 'rotation', times, values: Uint16Array.from(USHORT_QUATS) },
      { node: wByte, path: 'weights', times, values: Int8Array.from([0, 127, 64, -64, -127, 32]) },
      { node: wUbyte, path: 'weights', times, values: Uint8Array.from([0, 255, 128, 64, 255, 0]) },
      { node: wShort, path: 'weights', times, values: Int16Array.from([0, 32767, 16384, -16384, -32767, 100]) },
      { node: wUshort, path: 'weights', times, values: Uint16Array.from([0, 65535, 32768, 1000, 65535, 0]) },
    ]);
    // the most negative integers decode to −1 (max(c / 127, −1)), not below it: (−128, 0, 0, 0) is a unit
    // quaternion by the spec, and one of length 128 / 127 without the clamp
    animation(doc, 'clamp', [
      { node: a, path: 'rotation', times: [0, 1], values: Int8Array.from([-128, 0, 0, 0, 0, 0, 0, 127]) },
      { node: c, path: 'rotation', times: [0, 1], values: Int16Array.from([-32768, 0, 0, 0, 0, 0, 0, 32767]) },
      { node: wByte, path: 'weights', times: [0, 1], values: Int8Array.from([-128, 127, 127, -128]) },
      { node: wShort, path: 'weights', times: [0, 1], values: Int16Array.from([-32768, 0, 0, -32768]) },
    ]);
  },
};

const morphs: Fixture = {
  name: 'morphs',
  build(doc, root) {
    const [, neck, head] = bodyChain(doc, root, ['Root', 'Neck', 'Head'], 8).joints;
    const body = doc
      .getRoot()
      .listNodes()
      .find((n) => n.getName() === 'Body')!;
    const m1 = morphMesh(doc, 'Morph1', 1, head);
    const m3 = morphMesh(doc, 'Morph3', 3, head, [0.1, 0.2, 0.3]);
    // the node's weights override the mesh's
    const m4 = morphMesh(doc, 'Morph4', 4, neck, [0, 0, 0, 0]).setWeights([0.5, 0.25, 0, 1]);
    const meshes: [Node, number][] = [
      [m1, 1],
      [m3, 3],
      [m4, 4],
      [body, 8],
    ];
    const linear = [0, 0.4, 1.3];
    animation(doc, 'weights-linear', [
      ...meshes.map(([n, count], i) => ({
        node: n,
        path: 'weights' as const,
        times: linear,
        values: linear.flatMap((_, k) => Array.from({ length: count }, (_, c) => wiggle(k, c, 20 + i))),
      })),
      { node: head, path: 'rotation', times: linear, values: quatKeys(3, 25).flat() },
    ]);
    const steps = [0, 0.25, 0.5, 1.8];
    animation(
      doc,
      'weights-step',
      meshes.map(([n, count], i) => ({
        node: n,
        path: 'weights' as const,
        interpolation: 'STEP' as const,
        times: steps,
        values: steps.flatMap((_, k) => Array.from({ length: count }, (_, c) => (k + c + i) % 2)),
      })),
    );
    const cubic = [0, 0.7, 1, 2.2];
    animation(
      doc,
      'weights-cubic',
      meshes.map(([n, count], i) => ({
        node: n,
        path: 'weights' as const,
        interpolation: 'CUBICSPLINE' as const,
        times: cubic,
        values: cubicKeys(
          4,
          count,
          (k) => Array.from({ length: count }, (_, c) => 0.5 + 0.5 * wiggle(k, c, 30 + i)),
          4,
          30 + i,
        ),
      })),
    );
    // no weights track: every mesh keeps its default weights
    animation(doc, 'rest-weights', [{ node: head, path: 'rotation', times: [0, 1], values: quatKeys(2, 26).flat() }]);
  },
};

export const FIXTURES: readonly Fixture[] = [cubicSpline, step, scale, hierarchy, timing, quantized, morphs];

/** Writes one fixture as GLB bytes. */
export async function generateFixture(fixture: Fixture): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene('Scene');
  doc.getRoot().setDefaultScene(scene);
  const root = doc.createNode('Fixture');
  scene.addChild(root);
  fixture.build(doc, root);
  for (const a of doc.getRoot().listAccessors()) a.setBuffer(buffer);
  return new WebIO().writeBinary(doc);
}

/** Every fixture, `<name>.glb` → bytes. */
export async function generateConformanceFixtures(): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for (const fixture of FIXTURES) out.set(`${fixture.name}.glb`, await generateFixture(fixture));
  return out;
}

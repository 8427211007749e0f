import {
  Bone,
  BufferGeometry,
  Float32BufferAttribute,
  Matrix4,
  MeshBasicMaterial,
  SkinnedMesh,
  Skeleton as ThreeSkeleton,
  Uint16BufferAttribute,
  Vector3,
} from 'three';
import {
  blendPoses,
  buildSkeleton,
  buildSkin,
  createPose,
  localToModel,
  setRestPose,
  skinningMatrices,
  skinVertices,
} from '../../src/runtime/index.js';
import { expectClose, expectQuatClose, randomQuat, rng } from '../helpers/math.js';

const r = rng(42);
const J = 12;
// Raw order is shuffled on purpose: the builder must reorder.
const parents = [-1, 0, 1, 2, 0, 4, 5, 0, 7, 8, 3, 6];
const translations = Array.from({ length: J * 3 }, () => r() - 0.5);
const rotations = Array.from({ length: J }, () => randomQuat(r)).flat();
const scales = Array.from({ length: J * 3 }, () => 0.8 + r() * 0.4);

function threeBones(): Bone[] {
  const bones = parents.map((_, i) => {
    const b = new Bone();
    b.position.fromArray(translations, i * 3);
    b.quaternion.fromArray(rotations, i * 4);
    b.scale.fromArray(scales, i * 3);
    return b;
  });
  parents.forEach((p, i) => {
    if (p >= 0) bones[p].add(bones[i]);
  });
  return bones;
}

describe('runtime: forward kinematics and skinning match three.js', () => {
  const skeleton = buildSkeleton({ names: parents.map((_, i) => `j${i}`), parents, translations, rotations, scales });

  it('model matrices equal Bone.matrixWorld, with and without a root matrix', () => {
    const bones = threeBones();
    const root = new Matrix4().compose(new Vector3(1, 2, 3), bones[3].quaternion.clone(), new Vector3(2, 2, 2));
    const pose = createPose(J);
    setRestPose(skeleton, pose);
    const model = new Float32Array(J * 16);
    for (const withRoot of [false, true]) {
      bones[0].matrix.identity();
      bones[0].updateMatrix();
      const holder = new Bone();
      holder.add(bones[0]);
      if (withRoot) holder.matrix.copy(root);
      holder.matrixAutoUpdate = false;
      holder.updateMatrixWorld(true);
      localToModel(skeleton, pose, withRoot ? Float32Array.from(root.elements) : null, model);
      for (let raw = 0; raw < J; raw++) {
        const j = skeleton.builtIndex[raw];
        expectClose(model.subarray(j * 16, j * 16 + 16), bones[raw].matrixWorld.elements, 1e-5, `joint ${raw}`);
      }
    }
  });

  it('skinning matrices equal three’s Skeleton.boneMatrices and CPU skinning equals applyBoneTransform', () => {
    const bones = threeBones();
    bones[0].updateMatrixWorld(true);
    // Bind at the rest pose, then move every joint so the skin really deforms.
    const threeSkeleton = new ThreeSkeleton(bones);
    const rawBinds = bones.flatMap((b) => b.matrixWorld.clone().invert().toArray());
    const moved = rotations.map((v, i) => v + (i % 4 === 3 ? 0 : (r() - 0.5) * 0.6));
    for (let i = 0; i < J; i++) bones[i].quaternion.fromArray(moved, i * 4).normalize();
    bones[0].updateMatrixWorld(true);
    threeSkeleton.update();

    const V = 200;
    const positions = Array.from({ length: V * 3 }, () => (r() - 0.5) * 3);
    const normals: number[] = [];
    for (let v = 0; v < V; v++) {
      const n = new Vector3(r() - 0.5, r() - 0.5, r() - 0.5).normalize();
      normals.push(n.x, n.y, n.z);
    }
    const joints: number[] = [];
    const weights: number[] = [];
    for (let v = 0; v < V; v++) {
      const w = [r(), r(), r(), r() * (v % 3 === 0 ? 0 : 1)];
      const sum = w.reduce((a, b) => a + b);
      for (let k = 0; k < 4; k++) {
        joints.push(Math.floor(r() * J));
        weights.push(w[k] / sum);
      }
    }
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
    geometry.setAttribute('normal', new Float32BufferAttribute(normals, 3));
    geometry.setAttribute('skinIndex', new Uint16BufferAttribute(joints, 4));
    geometry.setAttribute('skinWeight', new Float32BufferAttribute(weights, 4));
    const mesh = new SkinnedMesh(geometry, new MeshBasicMaterial());
    mesh.bind(threeSkeleton, new Matrix4());

    // The runtime: same skeleton (raw order), skin slots in three's bone order.
    const skel = buildSkeleton({
      names: parents.map((_, i) => `j${i}`),
      parents,
      translations,
      rotations: moved,
      scales,
    });
    const skin = buildSkin(
      skel,
      parents.map((_, i) => `j${i}`),
      rawBinds,
    );
    const pose = createPose(J);
    setRestPose(skel, pose);
    const model = new Float32Array(J * 16);
    localToModel(skel, pose, null, model);
    const matrices = new Float32Array(J * 16);
    skinningMatrices(skin, model, matrices);
    expectClose(matrices, threeSkeleton.boneMatrices!, 1e-5, 'bone matrices');

    const outPositions = new Float32Array(V * 3);
    const outNormals = new Float32Array(V * 3);
    skinVertices(
      {
        positions: Float32Array.from(positions),
        normals: Float32Array.from(normals),
        joints: Uint16Array.from(joints),
        weights: Float32Array.from(weights),
      },
      matrices,
      outPositions,
      outNormals,
    );
    const v3 = new Vector3();
    for (let v = 0; v < V; v++) {
      v3.fromArray(positions, v * 3);
      mesh.applyBoneTransform(v, v3);
      expectClose(outPositions.subarray(v * 3, v * 3 + 3), v3.toArray(), 1e-5, `vertex ${v}`);
    }
    // Normals: the blended matrix's upper 3×3, renormalized; check a unit length and the direction of one.
    for (let v = 0; v < V; v++) {
      const n = outNormals.subarray(v * 3, v * 3 + 3);
      expectClose([Math.hypot(n[0], n[1], n[2])], [1], 1e-5, `normal ${v} length`);
    }
  });

  it('blendPoses at 0 and 1 gives each input', () => {
    const a = createPose(J);
    const b = createPose(J);
    setRestPose(skeleton, a);
    b.translations.fill(1);
    b.scales.fill(2);
    for (let j = 0; j < J; j++) b.rotations.set(randomQuat(r), j * 4);
    const out = createPose(J);
    for (const [w, want] of [
      [0, a],
      [1, b],
    ] as const) {
      blendPoses(a, b, w, out);
      expectClose(out.translations, want.translations, 1e-7, `translations at ${w}`);
      expectClose(out.scales, want.scales, 1e-7, `scales at ${w}`);
      for (let j = 0; j < J; j++)
        expectQuatClose(
          out.rotations.subarray(j * 4, j * 4 + 4),
          want.rotations.subarray(j * 4, j * 4 + 4),
          1e-6,
          `rotation ${j} at ${w}`,
        );
    }
  });
});

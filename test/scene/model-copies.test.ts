import { expect } from '@open-wc/testing';
import type { Object3D, Skeleton, SkinnedMesh } from 'three';
import { loadModelCopy } from '../../src/scene/model-copies.js';
import { mountCharacter } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';
import { MODELS } from '../helpers/shared-models.js';

function skinnedMeshes(root: Object3D): SkinnedMesh[] {
  const meshes: SkinnedMesh[] = [];
  root.traverse((o) => {
    if ((o as SkinnedMesh).isSkinnedMesh) meshes.push(o as SkinnedMesh);
  });
  return meshes;
}

function within(root: Object3D, o: Object3D): boolean {
  for (let p: Object3D | null = o; p; p = p.parent) if (p === root) return true;
  return false;
}

describe('model copies', () => {
  // the robot's hands are meshes of two materials, so two SkinnedMesh objects per glTF skin
  it('give the meshes of one skin one skeleton of the copy’s own bones, as the loaded file has', async () => {
    const copies = await Promise.all([loadModelCopy(MODELS.robot), loadModelCopy(MODELS.robot)]);
    const skeletonsOf = (root: Object3D) => new Map(skinnedMeshes(root).map((m) => [m.name, m.skeleton]));
    const [a, b] = copies.map((copy) => skeletonsOf(copy!.gltf.scene));
    for (const skeletons of [a, b]) {
      expect(skeletons.get('HandR_2') === skeletons.get('HandR_1'), 'HandR’s two primitives').to.equal(true);
      expect(skeletons.get('HandL_2') === skeletons.get('HandL_1'), 'HandL’s two primitives').to.equal(true);
      expect(skeletons.get('HandL_1') === skeletons.get('HandR_1'), 'two skins, two skeletons').to.equal(false);
    }
    expect(b.get('HandR_1') === a.get('HandR_1'), 'each copy its own').to.equal(false);
    const scenes = copies.map((copy) => copy!.gltf.scene);
    for (const [k, skeletons] of [a, b].entries())
      for (const skeleton of new Set<Skeleton>(skeletons.values()))
        expect(
          skeleton.bones.every((bone) => within(scenes[k], bone)),
          'bones of the copy',
        ).to.equal(true);
    for (const copy of copies) copy!.release();
  });

  it('pose every mesh of a copied model drawn alone', async () => {
    // two characters showing one file share its load; each draws its own meshes
    const { scene } = await mountCharacter(`src=${MODELS.robot} clip="Walking" instancing="off"`);
    scene.insertAdjacentHTML(
      'beforeend',
      `<anim-character src="${MODELS.robot}" clip="Walking" instancing="off" position="3 0 0"></anim-character>`,
    );
    const second = scene.querySelectorAll('anim-character')[1];
    await second.ready;
    scene.step(0.4);
    for (const character of scene.querySelectorAll('anim-character')) {
      const { binding, instanced } = internals(character).rig!;
      expect(instanced).to.equal(false);
      for (const { mesh, skin } of binding.skinned) {
        const given = binding.skeletons[skin]!.boneMatrices!;
        const apart = mesh.skeleton.boneMatrices!.reduce((most, v, i) => Math.max(most, Math.abs(v - given[i])), 0);
        expect(apart, `${mesh.name}: off the pose its skin was given by`).to.equal(0);
      }
    }
  });
});

import { expect } from '@open-wc/testing';
import type { Object3D, Skeleton, SkinnedMesh } from 'three';
import { bindTurn, bindTurnsWaiting, setBindTurnClock } from '../../src/scene/bind-turns.js';
import { loadModelCopy } from '../../src/scene/model-copies.js';
import { MANNEQUIN, mountCharacter } from '../helpers/character.js';
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

  it('a copy given up while it waits for its turn leaves the file to the copies still held: the next asker shares it', async () => {
    let now = 0;
    setBindTurnClock(() => now);
    try {
      const held = (await loadModelCopy(MANNEQUIN))!;
      await new Promise((resolve) => setTimeout(resolve, 0)); // a later task: the turns start a new slice
      await bindTurn(); // opens the slice at 0 ms...
      now = 100; // ...and spends it: the next turn waits for a later task
      const abort = new AbortController();
      const given = loadModelCopy(MANNEQUIN, { signal: abort.signal });
      for (let i = 0; i < 20; i++) await null;
      expect(bindTurnsWaiting(), 'the copy waits for its turn').to.equal(true);
      abort.abort();
      const next = loadModelCopy(MANNEQUIN);
      expect(await given).to.equal(undefined);
      const copy = (await next)!;
      expect(copy.asset === held.asset, 'the file loaded and bound once, not again').to.equal(true);
      held.release();
      copy.release();
    } finally {
      setBindTurnClock(() => performance.now());
    }
  });
});

import { expect } from '@open-wc/testing';
import { AnimationMixer, type Mesh, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { CharacterRig } from '../../src/scene/character-rig.js';
import { expectClose } from '../helpers/math.js';
import { fetchSharedModel } from '../helpers/shared-models.js';
import { fetchBytes } from '../mannequin/mannequin-fixture.js';

async function parse(bytes: ArrayBuffer) {
  return new GLTFLoader().parseAsync(bytes, '');
}

/** Meshes with morph targets under `root`, by name. */
function morphMeshes(root: Object3D): Map<string, Mesh> {
  const out = new Map<string, Mesh>();
  root.traverse((o) => {
    const mesh = o as Mesh;
    if (mesh.isMesh && mesh.morphTargetInfluences?.length) out.set(`${mesh.name}#${out.size}`, mesh);
  });
  return out;
}

describe('CharacterRig', () => {
  it("plays morph-target weights: HorseMorph (no skeleton) against three's mixer", async function () {
    const bytes = await fetchSharedModel(this, 'HorseMorph.glb');
    const rig = await CharacterRig.create(await parse(bytes.slice(0)), 'HorseMorph.glb');
    const oracle = await parse(bytes.slice(0));
    const mixer = new AnimationMixer(oracle.scene);
    mixer.clipAction(oracle.animations[0]).play();
    expect(rig.play(rig.clipNames[0], { fade: 0 })).to.equal('started');
    const ours = [...morphMeshes(rig.root).values()];
    const theirs = [...morphMeshes(oracle.scene).values()];
    expect(ours.length).to.be.greaterThan(0);
    let t = 0;
    let moved = 0;
    for (const dt of [0, 0.13, 0.21, 0.08, 0.3]) {
      rig.update(dt);
      t += dt;
      mixer.setTime(t);
      ours.forEach((mesh, i) => {
        expectClose(mesh.morphTargetInfluences!, theirs[i].morphTargetInfluences!, 1e-5, `weights at ${t}s`);
        moved += mesh.morphTargetInfluences!.reduce((a, b) => a + b, 0);
      });
    }
    expect(moved, 'the weights did move').to.be.greaterThan(0.1);
    rig.dispose();
  });

  it('RobotExpressive: face weights come from the pose, props under bones follow them, two skins pose', async function () {
    const bytes = await fetchSharedModel(this, 'RobotExpressive.glb');
    const rig = await CharacterRig.create(await parse(bytes.slice(0)), 'RobotExpressive.glb');
    const oracle = await parse(bytes.slice(0));
    const mixer = new AnimationMixer(oracle.scene);
    mixer.clipAction(oracle.animations.find((a) => a.name === 'Dance')!).play();
    expect([...new Set(rig.binding.skinned.map((s) => s.skin))].sort()).to.deep.equal([0, 1]);
    const face = [...morphMeshes(rig.root).values()];
    expect(face.length).to.be.greaterThan(0);
    for (const mesh of face) mesh.morphTargetInfluences!.fill(0.7);
    rig.play('Dance', { fade: 0 });
    rig.update(0.4);
    mixer.setTime(0.4);
    oracle.scene.updateMatrixWorld(true);
    const theirFace = [...morphMeshes(oracle.scene).values()];
    face.forEach((mesh, i) => {
      expectClose(mesh.morphTargetInfluences!, theirFace[i].morphTargetInfluences!, 1e-6);
    });
    // every rigid mesh (props under bones: the robot's head, torso, limbs) takes the world matrix of its joint
    const ours: Object3D[] = [];
    const theirs: Object3D[] = [];
    rig.root.children[0].traverse((o) => ours.push(o));
    oracle.scene.traverse((o) => theirs.push(o));
    let props = 0;
    for (const { object } of rig.binding.rigid) {
      if (!(object as Mesh).isMesh) continue;
      const twin = theirs[ours.indexOf(object)];
      expectClose(object.matrixWorld.elements, twin.matrixWorld.elements, 1e-4, `prop ${object.name}`);
      props++;
    }
    expect(props, 'rigid meshes compared').to.be.greaterThan(5);
    rig.dispose();
  });

  it('never writes a Bone: the pose reaches the GPU through the bone texture only', async () => {
    const bytes = await fetchBytes('/assets/mannequin.glb');
    const rig = await CharacterRig.create(await parse(bytes.buffer as ArrayBuffer), 'mannequin.glb');
    rig.play('walk', { fade: 0 });
    const skeleton = rig.binding.skeletons[0]!;
    const bones = skeleton.bones.map((b) => [
      ...b.matrixWorld.elements,
      ...b.position.toArray(),
      ...b.quaternion.toArray(),
    ]);
    const texture = skeleton.boneTexture!;
    const version = texture.version;
    const before = skeleton.boneMatrices!.slice();
    rig.update(0.3);
    skeleton.update();
    expect(texture.version, 'the texture is flagged for upload').to.be.greaterThan(version);
    expect(
      skeleton.boneMatrices!.some((v, i) => Math.abs(v - before[i]) > 1e-3),
      'the pose moved',
    ).to.equal(true);
    skeleton.bones.forEach((b, i) => {
      expect([...b.matrixWorld.elements, ...b.position.toArray(), ...b.quaternion.toArray()]).to.deep.equal(bones[i]);
    });
    const written = skeleton.boneMatrices!.slice();
    skeleton.update();
    expect([...skeleton.boneMatrices!], "three's own update no longer overwrites them").to.deep.equal([...written]);
    rig.dispose();
    expect(skeleton.boneTexture, 'freed with the rig').to.equal(null);
  });
});

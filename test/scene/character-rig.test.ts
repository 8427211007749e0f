import { Document, WebIO } from '@gltf-transform/core';
import { expect } from '@open-wc/testing';
import { AnimationMixer, Bone, type Mesh, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { CharacterRig } from '../../src/scene/character-rig.js';
import { expectClose } from '../helpers/math.js';
import { fetchModel, MODELS, SHARED, sharedModelsPresent } from '../helpers/shared-models.js';

/**
 * A model animated by morph targets only, no skeleton (as HorseMorph.glb): one mesh with three targets and a
 * weights clip on unevenly spaced keys that overshoot and go negative.
 */
async function morphOnlyGlb(): Promise<ArrayBuffer> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const f32 = (values: number[], type: 'SCALAR' | 'VEC3') =>
    doc.createAccessor().setType(type).setArray(new Float32Array(values)).setBuffer(buffer);
  const base = [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0];
  const primitive = doc
    .createPrimitive()
    .setAttribute('POSITION', f32(base, 'VEC3'))
    .setIndices(
      doc
        .createAccessor()
        .setType('SCALAR')
        .setArray(new Uint16Array([0, 1, 2, 1, 3, 2]))
        .setBuffer(buffer),
    );
  for (let t = 0; t < 3; t++) {
    const delta = base.map((_, i) => (i % 3 === t ? 0.1 * (t + 1) : 0));
    primitive.addTarget(doc.createPrimitiveTarget(`t${t}`).setAttribute('POSITION', f32(delta, 'VEC3')));
  }
  const mesh = doc.createMesh('Blob').addPrimitive(primitive).setWeights([0, 0, 0]);
  const node = doc.createNode('Blob').setMesh(mesh);
  doc.createScene('Scene').addChild(node);
  const times = [0, 0.1, 0.45, 0.5, 1.2];
  const weights = [0, 0, 0, 1, 0.2, 0, 0.3, 1.4, -0.2, 0, 0.6, 0.9, 0.5, 0, 0];
  const sampler = doc
    .createAnimationSampler()
    .setInput(f32(times, 'SCALAR'))
    .setOutput(f32(weights, 'SCALAR'))
    .setInterpolation('LINEAR');
  doc
    .createAnimation('Morph')
    .addSampler(sampler)
    .addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath('weights').setSampler(sampler));
  const bytes = await new WebIO().writeBinary(doc);
  return bytes.slice().buffer;
}

const MORPH_MODELS: [string, () => Promise<ArrayBuffer>][] = [
  ['a generated morph-only model', morphOnlyGlb],
  ...((await sharedModelsPresent())
    ? [['HorseMorph.glb', () => fetchModel(`${SHARED}HorseMorph.glb`)] as [string, () => Promise<ArrayBuffer>]]
    : []),
];

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
  for (const [name, load] of MORPH_MODELS) {
    it(`plays morph-target weights: ${name} (no skeleton) against three's mixer`, async () => {
      const bytes = await load();
      const rig = await CharacterRig.create(await parse(bytes.slice(0)), name);
      const oracle = await parse(bytes.slice(0));
      const mixer = new AnimationMixer(oracle.scene);
      mixer.clipAction(oracle.animations[0]).play();
      expect(rig.play(rig.clipNames[0], { fade: 0 })).to.equal('started');
      const ours = [...morphMeshes(rig.root).values()];
      const theirs = [...morphMeshes(oracle.scene).values()];
      expect(ours.length).to.be.greaterThan(0);
      let t = 0;
      let moved = 0;
      // uneven steps, through every key and past the last one (1.2 s on the generated model)
      for (const dt of [0, 0.13, 0.21, 0.08, 0.3, 0.48, 0.3]) {
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
  }

  it('RobotExpressive: face weights come from the pose, props under bones follow them, two skins pose', async () => {
    const bytes = await fetchModel(MODELS.robot);
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

  it('takes bone trees out of three’s per-frame walks, but not bones carrying meshes', async () => {
    const bytes = await fetchBytes('/assets/mannequin.glb');
    const rig = await CharacterRig.create(await parse(bytes.buffer as ArrayBuffer), 'mannequin.glb');
    const reached = (walk: (visit: (o: Object3D) => void) => void) => {
      let bones = 0;
      walk((o) => {
        if ((o as { isBone?: boolean }).isBone) bones++;
      });
      return bones;
    };
    const boneCount = rig.binding.skeletons[0]!.bones.length;
    expect(boneCount).to.be.greaterThan(15);
    // the render's projection and the shadow pass follow visibility; the matrix update follows updateMatrixWorld
    expect(
      reached((visit) => rig.root.traverseVisible(visit)),
      'bones the render walks',
    ).to.equal(0);
    const original = Bone.prototype.updateMatrixWorld;
    let updated = 0;
    Bone.prototype.updateMatrixWorld = function (force?: boolean) {
      updated++;
      original.call(this, force);
    };
    try {
      rig.root.updateMatrixWorld(true);
    } finally {
      Bone.prototype.updateMatrixWorld = original;
    }
    expect(updated, 'bones the matrix update walks').to.equal(0);
    expect(
      reached((visit) => rig.root.traverse(visit)),
      'still in the graph, for the skeleton overlay',
    ).to.be.equal(boneCount);
    rig.dispose();

    // the robot's head, torso and limbs hang under its bones: those stay drawn
    const robot = await CharacterRig.create(await parse((await fetchModel(MODELS.robot)).slice(0)), 'robot.glb');
    const drawn = new Set<Object3D>();
    robot.root.traverseVisible((o) => drawn.add(o));
    const props = robot.binding.rigid.filter(({ object }) => (object as Mesh).isMesh);
    expect(props.length).to.be.greaterThan(5);
    for (const { object } of props) expect(drawn.has(object), `${object.name} drawn`).to.equal(true);
    robot.dispose();
  });
});

import { expect } from '@open-wc/testing';
import { type InstancedMesh, Matrix4, type Mesh } from 'three';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { drawsItself } from '../../src/scene/gltf-binding.js';
import { instancedSkinsOf } from '../../src/scene/instanced-skin.js';
import type { InstancedSkinOutput } from '../../src/scene/instanced-skin-output.js';
import { drawCalls, expectDrawnAlike, mountRow, quarterRate } from '../helpers/instanced-row.js';
import { internals } from '../helpers/internals.js';
import { expectClose } from '../helpers/math.js';
import { itIf, MODELS, SHARED, sharedModelsPresent } from '../helpers/shared-models.js';

/** The robot: 15 rigid primitives under its bones (three with face morphs) and 4 skinned ones (the hands). */
const ROBOT_PRIMITIVES = 19;

/** The rigid meshes of a character's own copy of its model, in the binding's order. */
function rigidMeshes(character: AnimCharacter): Mesh[] {
  return internals(character)
    .rig!.binding.rigid.map((part) => part.object)
    .filter(drawsItself) as Mesh[];
}

/** The stage's instanced meshes of rigid primitives (three's InstancedMesh). */
function rigidBatches(scene: AnimScene): InstancedMesh[] {
  const out: InstancedMesh[] = [];
  scene.stage!.content.traverse((o) => {
    if ((o as InstancedMesh).isInstancedMesh) out.push(o as InstancedMesh);
  });
  return out;
}

/** The batch drawing `mesh`'s primitive (the same geometry and material). */
function batchOf(scene: AnimScene, mesh: Mesh): InstancedMesh {
  return rigidBatches(scene).find((b) => b.geometry === mesh.geometry && b.material === mesh.material)!;
}

/** The conformance fixture of morph targets: a skinned body, and under its head three meshes of 1, 3 and 4 targets. */
const MORPHS = '/test/fixtures/conformance/morphs.glb';

const shared = await sharedModelsPresent();

describe('instanced rigid parts', () => {
  it('draws a crowd of robots (rigid parts, face morphs, two skins) with one draw per primitive', async () => {
    // two: a robot alone with its file draws alone; from a second one on they are instanced
    const two = await mountRow(2, 'root-motion="off"', '', MODELS.robot, 'Walking');
    const twoCalls = drawCalls(two.scene);
    const many = await mountRow(6, 'root-motion="off"', '', MODELS.robot, 'Walking');
    expect(many.characters.every((c) => internals(c).rig!.instanced)).to.equal(true);
    expect(instancedSkinsOf(many.scene.stage!).batchCount).to.equal(ROBOT_PRIMITIVES);
    for (const batch of rigidBatches(many.scene)) expect(batch.count, batch.name).to.equal(6);
    expect(drawCalls(many.scene), 'the same calls for six as for two').to.equal(twoCalls);
    const off = await mountRow(6, 'instancing="off" root-motion="off"', '', MODELS.robot, 'Walking');
    // drawn alone, every primitive of every robot is a draw in the view (and most in the shadow map: three
    // culls some by their bounds there)
    expect(drawCalls(off.scene) - twoCalls, 'drawn alone').to.be.above(5 * ROBOT_PRIMITIVES);
    // the copies' own scenes draw nothing: they leave three's walks
    for (const character of many.characters) {
      let nodes = 0;
      internals(character).rig!.root.traverse(() => nodes++);
      expect(nodes, 'nodes walked').to.equal(1);
    }
    expect(many.errors).to.deep.equal([]);
  });

  it('grows past its first 16 robots: one mesh per primitive still, every robot drawn, casting shadows', async () => {
    const two = await mountRow(2, 'root-motion="off"', '', MODELS.robot, 'Walking');
    const twoCalls = drawCalls(two.scene);
    const { scene, errors } = await mountRow(17, 'root-motion="off"', '', MODELS.robot, 'Walking');
    const batches = rigidBatches(scene);
    expect(batches.length + 4, 'one batch per primitive').to.equal(ROBOT_PRIMITIVES);
    for (const batch of batches) {
      expect(batch.instanceMatrix.count, `${batch.name} capacity`).to.equal(32);
      expect(batch.count, batch.name).to.equal(17);
      expect(batch.castShadow, `${batch.name} casts`).to.equal(true);
    }
    expect(drawCalls(scene), 'the same calls for seventeen as for two').to.equal(twoCalls);
    expect(errors).to.deep.equal([]);
  });

  it('gives the same pose as a robot drawn alone: each part exactly at its joint, and the same pixels', async () => {
    const { scene, characters, errors } = await mountRow(2, 'root-motion="off"', '', MODELS.robot, 'Walking');
    const [inst, plain] = characters;
    plain.instancing = 'off';
    plain.position = inst.position;
    await plain.updateComplete;
    // both posed every frame (the robot is small enough on screen for a reduced rate)
    scene.lod = 'off';
    await scene.updateComplete;
    const parts = rigidMeshes(plain);
    expect(parts).to.have.length(15);
    for (const dt of [0.1, 0.37, 1 / 60]) {
      scene.step(dt);
      for (const part of parts) {
        const batch = batchOf(scene, part);
        expect(batch.count, part.name).to.equal(1);
        expectClose(batch.instanceMatrix.array.subarray(0, 16), part.matrixWorld.elements, 0, part.name);
      }
    }
    await expectDrawnAlike(scene, inst, plain, 'robot');
    expect(errors).to.deep.equal([]);
  });

  it("gives each instance its own morph weights, the character's own", async () => {
    const { scene, characters, errors } = await mountRow(3, 'root-motion="off"', '', MORPHS, 'weights-linear');
    const [a, b, plain] = characters;
    expect(internals(a).rig!.instanced, 'a rigid mesh with morph targets is instanced').to.equal(true);
    plain.instancing = 'off';
    a.time = 0.25;
    b.time = 0.75;
    plain.time = 0.75;
    scene.step(0);
    const morphed = rigidMeshes(plain).filter((m) => (m.morphTargetInfluences?.length ?? 0) > 0);
    expect(morphed.map((m) => m.morphTargetInfluences!.length).sort()).to.deep.equal([1, 3, 4]);
    for (const part of morphed) {
      const batch = batchOf(scene, part);
      const targets = part.morphTargetInfluences!.length;
      const rows = batch.morphTexture!.image.data as Float32Array;
      expect(batch.count).to.equal(2);
      const [ownA, ownB] = [a, b].map((c) => rigidMeshes(c).find((m) => m.geometry === part.geometry)!);
      // glTF's targets are relative: the base weight is 1, then the instance's weights
      expectClose(rows.subarray(0, targets + 1), [1, ...ownA.morphTargetInfluences!], 1e-6, `${part.name} of a`);
      expectClose(rows.subarray(targets + 1, 2 * targets + 2), [1, ...part.morphTargetInfluences!], 1e-6, part.name);
      expectClose(ownB.morphTargetInfluences!, part.morphTargetInfluences!, 1e-6, 'b and the plain one agree');
      expect(
        ownA.morphTargetInfluences!.some((w, k) => Math.abs(w - ownB.morphTargetInfluences![k]) > 0.05),
        'a and b differ',
      ).to.equal(true);
    }
    expect(errors).to.deep.equal([]);
  });

  itIf(shared)('draws a herd of a morph-only model (HorseMorph, no skeleton) instanced, as alone', async () => {
    const src = `${SHARED}HorseMorph.glb`;
    const { scene, characters, errors } = await mountRow(3, 'root-motion="off"', '', src, 'horse_A_');
    const [inst, other, plain] = characters;
    expect(internals(inst).rig!.instanced).to.equal(true);
    plain.instancing = 'off';
    plain.position = inst.position;
    other.time = 0.3;
    scene.lod = 'off';
    await scene.updateComplete;
    scene.step(0.1);
    const [batch] = rigidBatches(scene);
    expect(batch.count).to.equal(2);
    const stride = 16;
    const rows = batch.morphTexture!.image.data as Float32Array;
    expectClose(
      rows.subarray(0, stride),
      [1, ...rigidMeshes(plain)[0].morphTargetInfluences!],
      1e-6,
      'as the plain one',
    );
    expect(
      rows.subarray(stride, 2 * stride).some((w, k) => Math.abs(w - rows[k]) > 0.05),
      'the other differs',
    ).to.equal(true);
    other.remove();
    await expectDrawnAlike(scene, inst, plain, 'horse');
    expect(errors).to.deep.equal([]);
  });

  it('a culled robot is not drawn; a held one carries its parts with its root', async () => {
    const { scene, characters } = await mountRow(3, 'root-motion="off" speed="0"', '', MODELS.robot, 'Walking');
    const away = characters[0];
    away.position = [0, 0, 40];
    for (let f = 0; f < 3; f++) scene.step(1 / 60);
    expect(internals(away).rig!.tier).to.equal('culled');
    for (const batch of rigidBatches(scene)) expect(batch.count, batch.name).to.equal(2);
    away.position = [-1, 0, 0];
    scene.step(1 / 60);
    for (const batch of rigidBatches(scene)) expect(batch.count, batch.name).to.equal(3);

    // below the thresholds: the nearest posed every frame, the others every 4th
    const far = quarterRate(scene, characters);
    const rig = internals(far).rig!;
    expect(rig.posed).to.equal(true);
    const member = (rig.output as InstancedSkinOutput).rigid!;
    const posed = Float32Array.from(member.matrices);
    const [x, y, z] = far.position;
    far.position = [x + Math.sign(x), y, z];
    scene.step(1 / 60);
    expect([rig.tier, rig.posed]).to.deep.equal(['quarter', false]);
    // held: each part where it was posed, a metre further out
    const expected = Float32Array.from(posed);
    for (let o = 0; o < expected.length; o += 16) expected[o + 12] += Math.sign(x);
    expectClose(member.matrices, expected, 1e-5);
    // and drawn there: the head's batch shows it among its instances
    const head = rigidMeshes(far).findIndex((m) => m.name.startsWith('Head'));
    const batch = batchOf(scene, rigidMeshes(far)[head]);
    const drawn = [...Array(batch.count).keys()].map((i) =>
      new Matrix4().fromArray(batch.instanceMatrix.array, i * 16),
    );
    const want = new Matrix4().fromArray(expected, head * 16);
    expect(drawn.some((m) => m.elements.every((v, k) => Math.abs(v - want.elements[k]) < 1e-5))).to.equal(true);
  });

  it('frames the robots where they are, whatever their batches measured before', async () => {
    const { scene, characters } = await mountRow(3, 'root-motion="off"', '', MODELS.robot, 'Walking');
    // three measures an instanced mesh's box once, from where its instances were then
    scene.step(0.1);
    for (const batch of rigidBatches(scene)) batch.computeBoundingBox();
    for (const character of characters) character.position = [character.position[0] + 50, 0, 0];
    await Promise.all(characters.map((c) => c.updateComplete));
    scene.step(0.1);
    scene.stage!.contentChanged();
    const bounds = scene.stage!.frameBounds;
    expect(bounds.min.x, 'nothing framed back at the origin').to.be.above(40);
    expect(bounds.max.x).to.be.within(50, 60);
  });

  it('frees the batches with the last robot, and a hidden part is not drawn', async () => {
    const { scene, characters } = await mountRow(2, '', '', MODELS.robot, 'Walking');
    const [first, second] = characters;
    const head = rigidMeshes(second).find((m) => m.name.startsWith('Head'))!;
    head.visible = false;
    scene.step(0);
    expect(batchOf(scene, head).count, 'one head hidden').to.equal(1);
    first.remove();
    scene.step(0);
    expect(batchOf(scene, head).visible, 'the other robot hid its head').to.equal(false);
    let disposed = false;
    batchOf(scene, rigidMeshes(second)[0]).addEventListener('dispose', () => (disposed = true));
    second.remove();
    expect(disposed).to.equal(true);
    expect(rigidBatches(scene)).to.have.length(0);
    expect(instancedSkinsOf(scene.stage!).batchCount).to.equal(0);
  });
});

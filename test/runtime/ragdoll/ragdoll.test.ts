import { expect } from '@open-wc/testing';
import { AnimError, createPose, localToModel, setRestPose } from '../../../src/runtime/index.js';
import { compose } from '../../../src/runtime/mat4.js';
import {
  buildRagdoll,
  createRagdollScratch,
  createRagdollState,
  findHumanoidBones,
  missingSlots,
  RAGDOLL_SLOTS,
  ragdollBodiesFromMatrices,
  ragdollPose,
  ragdollVelocities,
} from '../../../src/runtime/ragdoll/index.js';
import { mannequinAsset } from '../../helpers/mannequin-asset.js';
import { randomQuat, rng } from '../../helpers/math.js';

async function mannequinLayout() {
  const asset = await mannequinAsset();
  const { skeleton } = asset;
  const rest = createPose(skeleton.jointCount);
  setRestPose(skeleton, rest);
  const world = new Float32Array(skeleton.jointCount * 16);
  localToModel(skeleton, rest, null, world);
  return { skeleton, rest, world, layout: buildRagdoll(skeleton, world, null) };
}

describe('ragdoll: humanoid bones', () => {
  it('finds the mannequin, Mixamo and Blender names', () => {
    const sets = [
      ['Hips', 'Spine', 'Chest', 'Neck', 'Head', 'LeftUpperArm', 'LeftLowerArm', 'RightUpperArm', 'RightLowerArm'],
      ['mixamorig:Hips', 'mixamorig:Spine', 'mixamorig:Head', 'mixamorig:LeftArm', 'mixamorig:LeftForeArm'],
      ['hips', 'spine', 'head', 'upper_arm.L', 'forearm.L', 'thigh.R', 'shin.R'],
    ];
    const want = [
      { leftUpperArm: 'LeftUpperArm', chest: 'Chest' },
      { leftUpperArm: 'mixamorig:LeftArm', leftLowerArm: 'mixamorig:LeftForeArm' },
      { leftUpperArm: 'upper_arm.L', rightUpperLeg: 'thigh.R', rightLowerLeg: 'shin.R' },
    ];
    sets.forEach((names, i) => {
      const bones = findHumanoidBones(names);
      for (const [slot, name] of Object.entries(want[i])) {
        expect(names[bones[RAGDOLL_SLOTS.indexOf(slot as never)]], slot).to.equal(name);
      }
    });
  });

  it('reports what a non-humanoid lacks, and buildRagdoll throws no-humanoid', async () => {
    const fox = ['b_Root_00', 'b_Hip_01', 'b_Spine01_02', 'b_Head_05', 'b_Tail01_012'];
    expect(missingSlots(findHumanoidBones(fox))).to.include('leftUpperArm');
    const { skeleton, world } = await mannequinLayout();
    const renamed = { ...skeleton, names: skeleton.names.map((n) => `bone${n.length}`) };
    try {
      buildRagdoll(renamed, world, null);
      expect.fail('did not throw');
    } catch (error) {
      expect(error).to.be.instanceOf(AnimError);
      expect((error as AnimError).code).to.equal('no-humanoid');
    }
  });
});

describe('ragdoll: layout', () => {
  it('has eleven capsules and ten joints on the mannequin, sized from its skin', async () => {
    const asset = await mannequinAsset();
    const { skeleton, world } = await mannequinLayout();
    expect(asset.skeleton).to.equal(skeleton);
    const { layout } = await mannequinLayout();
    expect(layout.bodies.map((b) => b.name)).to.have.members([
      'pelvis',
      'torso',
      'head',
      'leftUpperArm',
      'leftLowerArm',
      'rightUpperArm',
      'rightLowerArm',
      'leftUpperLeg',
      'leftLowerLeg',
      'rightUpperLeg',
      'rightLowerLeg',
    ]);
    expect(layout.joints.length).to.equal(layout.bodies.length - 1);
    for (const body of layout.bodies) expect(body.radius, body.name).to.be.within(0.02, 0.3);
    // hands follow the forearms, the head body is the neck's
    const hand = skeleton.indexByName.get('LeftHand')!;
    expect(layout.bodies[layout.jointBody[hand]].name).to.equal('leftLowerArm');
    expect(layout.drivenBy[hand]).to.equal(-1);
    expect(layout.bodies[layout.drivenBy[skeleton.indexByName.get('Neck')!]].name).to.equal('head');
    expect(world.length).to.equal(skeleton.jointCount * 16);
  });
});

describe('ragdoll: read-back', () => {
  it('round-trips: a pose made into bodies and read back is the same pose', async () => {
    const { skeleton, rest, world, layout } = await mannequinLayout();
    const state = createRagdollState(layout);
    ragdollBodiesFromMatrices(layout, world, state);
    const out = createPose(skeleton.jointCount);
    const identity = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    ragdollPose(skeleton, layout, state, identity, rest, createRagdollScratch(skeleton), out);
    for (let i = 0; i < out.translations.length; i++)
      expect(out.translations[i]).to.be.closeTo(rest.translations[i], 1e-5);
  });

  it('bone world matrices equal the body transforms within 1e-5, under a moved and scaled character', async () => {
    const { skeleton, rest, layout } = await mannequinLayout();
    const random = rng(3);
    const state = createRagdollState(layout);
    for (let b = 0; b < layout.bodies.length; b++) {
      state.positions.set([random() * 4 - 2, random() * 2, random() * 4 - 2], b * 3);
      state.rotations.set(randomQuat(random), b * 4);
    }
    const root = new Float32Array(16);
    compose(root, 0, [1, 0, 2], 0, [0, Math.sin(0.4), 0, Math.cos(0.4)], 0, [1.3, 1.3, 1.3], 0);
    const out = createPose(skeleton.jointCount);
    ragdollPose(skeleton, layout, state, root, rest, createRagdollScratch(skeleton), out);
    const world = new Float32Array(skeleton.jointCount * 16);
    localToModel(skeleton, out, root, world);
    const expected = new Float32Array(16);
    for (let b = 0; b < layout.bodies.length; b++) {
      const j = layout.bodies[b].joint;
      const s = 1.3 * rest.scales[j * 3];
      compose(expected, 0, state.positions, b * 3, state.rotations, b * 4, [s, s, s], 0);
      for (let k = 0; k < 16; k++) {
        expect(world[j * 16 + k], `${layout.bodies[b].name}[${k}]`).to.be.closeTo(expected[k], 1e-5);
      }
    }
  });

  it('takes velocities from two poses: a slide gives linear velocity, a turn angular, plus the launch', async () => {
    const { skeleton, rest, layout } = await mannequinLayout();
    const before = new Float32Array(skeleton.jointCount * 16);
    const after = new Float32Array(skeleton.jointCount * 16);
    const root = new Float32Array(16);
    compose(root, 0, [0, 0, 0], 0, [0, 0, 0, 1], 0, [1, 1, 1], 0);
    localToModel(skeleton, rest, root, before);
    const angle = 0.02;
    compose(root, 0, [0.05, 0, 0], 0, [0, Math.sin(angle / 2), 0, Math.cos(angle / 2)], 0, [1, 1, 1], 0);
    localToModel(skeleton, rest, root, after);
    const state = createRagdollState(layout);
    ragdollVelocities(layout, before, after, 0.01, 0, 3, 0, state);
    for (let b = 0; b < layout.bodies.length; b++) {
      expect(state.angular[b * 3 + 1], 'yaw rate').to.be.closeTo(angle / 0.01, 1e-3);
      expect(state.angular[b * 3], 'no pitch').to.be.closeTo(0, 1e-3);
      expect(state.linear[b * 3 + 1], 'launch').to.be.closeTo(3, 1e-3);
    }
    const pelvis = layout.bodies.findIndex((b) => b.name === 'pelvis');
    expect(state.linear[pelvis * 3]).to.be.closeTo(5, 0.2);
  });
});

import { expect } from '@open-wc/testing';
import {
  AnimError,
  bindClip,
  buildSkeleton,
  createPose,
  createSampleCache,
  localToModel,
  mapHumanoid,
  sampleClip,
  setRestPose,
} from '../../../src/runtime/index.js';
import { compose } from '../../../src/runtime/mat4.js';
import {
  buildRagdoll,
  createRagdollScratch,
  createRagdollState,
  lyingYaw,
  RAGDOLL_SLOTS,
  ragdollBodiesFromMatrices,
  ragdollBody,
  ragdollBones,
  ragdollFaceUp,
  ragdollForward,
  ragdollHeadDirection,
  ragdollPose,
  ragdollVelocities,
} from '../../../src/runtime/ragdoll/index.js';
import { mannequinAsset } from '../../helpers/mannequin-asset.js';
import { expectQuatClose, randomQuat, rng } from '../../helpers/math.js';

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
  it('come from the humanoid map: found as retargeting finds them, or a hand map', async () => {
    const { skeleton, world, layout } = await mannequinLayout();
    const body = (name: string, of = layout) => skeleton.names[of.bodies.find((b) => b.name === name)!.joint];
    expect([body('pelvis'), body('torso'), body('head'), body('leftUpperArm'), body('rightLowerLeg')]).to.deep.equal([
      'Hips',
      'Spine',
      'Neck',
      'LeftUpperArm',
      'RightLowerLeg',
    ]);
    // a hand map that puts the torso on the chest moves that body (and only that one)
    const map = mapHumanoid(skeleton, { map: { spine: 'Chest', chest: 'Spine' } });
    const moved = buildRagdoll(skeleton, world, null, 'natural', map);
    expect(body('torso', moved)).to.equal('Chest');
    expect(body('pelvis', moved)).to.equal('Hips');
    const bones = ragdollBones(map);
    expect(skeleton.names[bones[RAGDOLL_SLOTS.indexOf('chest')]]).to.equal('Spine');
  });

  it('a skeleton with no humanoid throws no-humanoid naming what it lacks', () => {
    // a tail: five bones in a row
    const names = ['root', 'a', 'b', 'c', 'd'];
    const tail = buildSkeleton({ names, parents: [-1, 0, 1, 2, 3], translations: names.flatMap(() => [0, 0, 0.2]) });
    const world = new Float32Array(names.length * 16);
    const rest = createPose(names.length);
    setRestPose(tail, rest);
    localToModel(tail, rest, null, world);
    for (const build of [
      () => buildRagdoll(tail, world, null),
      () => ragdollBones({ joints: new Int16Array(64).fill(-1), found: [], bones: {} }),
    ]) {
      try {
        build();
        expect.fail('did not throw');
      } catch (error) {
        expect(error).to.be.instanceOf(AnimError);
        expect((error as AnimError).code).to.equal('no-humanoid');
        expect((error as AnimError).message).to.contain('hips');
      }
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
    for (let j = 0; j < skeleton.jointCount; j++) {
      expectQuatClose(out.rotations.subarray(j * 4, j * 4 + 4), rest.rotations.subarray(j * 4, j * 4 + 4), 1e-5);
    }
  });

  it('round-trips a walking pose: every body joint reads back where the pose put it, turned as it was', async () => {
    const { skeleton, rest, layout } = await mannequinLayout();
    const asset = await mannequinAsset();
    const walk = asset.clips.find((c) => c.name === 'walk')!;
    const binding = bindClip(walk, skeleton);
    const pose = createPose(skeleton.jointCount);
    setRestPose(skeleton, pose);
    sampleClip(binding, 0.37, createSampleCache(binding), pose);
    const world = new Float32Array(skeleton.jointCount * 16);
    localToModel(skeleton, pose, null, world);
    const state = createRagdollState(layout);
    ragdollBodiesFromMatrices(layout, world, state);
    const out = createPose(skeleton.jointCount);
    const identity = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    ragdollPose(skeleton, layout, state, identity, rest, createRagdollScratch(skeleton), out);
    const back = new Float32Array(skeleton.jointCount * 16);
    localToModel(skeleton, out, null, back);
    let moved = 0;
    for (const { joint, name } of layout.bodies) {
      for (let k = 0; k < 16; k++) {
        expect(back[joint * 16 + k], `${name}[${k}]`).to.be.closeTo(world[joint * 16 + k], 1e-5);
      }
      // the whole matrix, its rotation too (local rotations differ where a joint between bodies keeps its rest)
      const r = rest.rotations.subarray(joint * 4, joint * 4 + 4);
      const p = pose.rotations.subarray(joint * 4, joint * 4 + 4);
      if (Math.abs(r[0] * p[0] + r[1] * p[1] + r[2] * p[2] + r[3] * p[3]) < 0.999) moved++;
    }
    expect(moved, 'bodies the walk turned away from rest').to.be.at.least(6);
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

describe('ragdoll: how it lies', () => {
  /** The mannequin's rest pose turned by `pitch` about X, then `yaw` about Y: its bodies and joint matrices. */
  async function turned(pitch: number, yaw: number) {
    const { skeleton, rest, layout } = await mannequinLayout();
    const qx = [Math.sin(pitch / 2), 0, 0, Math.cos(pitch / 2)];
    const [sy, cy] = [Math.sin(yaw / 2), Math.cos(yaw / 2)];
    // qy ⊗ qx
    const q = [cy * qx[0], sy * qx[3], -sy * qx[0], cy * qx[3]];
    const root = new Float32Array(16);
    compose(root, 0, [0.5, 0.2, -1], 0, q, 0, [1, 1, 1], 0);
    const world = new Float32Array(skeleton.jointCount * 16);
    localToModel(skeleton, rest, root, world);
    const state = createRagdollState(layout);
    ragdollBodiesFromMatrices(layout, world, state);
    return { layout, world, state };
  }

  it('finds bodies by name', async () => {
    const { layout } = await mannequinLayout();
    expect(ragdollBody(layout, 'pelvis')).to.equal(0);
    expect(layout.bodies[ragdollBody(layout, 'head')].name).to.equal('head');
    expect(ragdollBody(layout, 'tail')).to.equal(-1);
  });

  it('points the head along the body: up when standing, along the ground when lying', async () => {
    const head = new Float32Array(3);
    const standing = await turned(0, 0);
    ragdollHeadDirection(standing.layout, standing.state, head);
    expect(head[1], 'standing: the head above the pelvis').to.be.above(0.95);
    expect(Math.hypot(head[0], head[1], head[2])).to.be.closeTo(1, 1e-6);
    // face up, head towards −Z, then turned 0.7 rad about Y: the head points (−sin 0.7, 0, −cos 0.7)
    const lying = await turned(-Math.PI / 2, 0.7);
    ragdollHeadDirection(lying.layout, lying.state, head);
    expect(head[0]).to.be.closeTo(-Math.sin(0.7), 0.08);
    expect(head[1]).to.be.closeTo(0, 0.08);
    expect(head[2]).to.be.closeTo(-Math.cos(0.7), 0.08);
  });

  it('tells face up from face down, whatever the yaw', async () => {
    const standing = await turned(0, 0);
    const forward = new Float32Array(3);
    ragdollForward(standing.layout, standing.state, forward);
    expect(Math.hypot(forward[0], forward[1], forward[2]), 'a direction (the hips apart)').to.be.above(0.05);
    for (const yaw of [0, 1.2, -2.5]) {
      expect(ragdollFaceUp((await turned(-Math.PI / 2, yaw)).state, forward), `face up, yaw ${yaw}`).to.equal(true);
      expect(ragdollFaceUp((await turned(Math.PI / 2, yaw)).state, forward), `face down, yaw ${yaw}`).to.equal(false);
    }
  });

  it("gives a lying pose's yaw (0 along +Z), and 0 standing up", async () => {
    const { layout } = await mannequinLayout();
    const pelvis = layout.bodies[0].joint;
    const head = layout.bodies[ragdollBody(layout, 'head')].joint;
    expect(lyingYaw((await turned(0, 1)).world, pelvis, head), 'standing').to.equal(0);
    // face down, head towards +Z, turned by 0.7: yaw 0.7; face up, head towards −Z: π + 0.7 (wrapped)
    expect(lyingYaw((await turned(Math.PI / 2, 0.7)).world, pelvis, head)).to.be.closeTo(0.7, 0.08);
    expect(lyingYaw((await turned(-Math.PI / 2, 0.7)).world, pelvis, head)).to.be.closeTo(0.7 - Math.PI, 0.08);
  });
});

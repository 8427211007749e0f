import { expect } from '@open-wc/testing';
import {
  buildChain,
  constraintViolation,
  naturalLimits,
  POLE_DIRECTION,
  restForwardAxis,
  solveTwoBone,
} from '../../../src/runtime/ik/index.js';
import { createPose, localToModel, mapHumanoid, setRestPose } from '../../../src/runtime/index.js';
import { expectClose, rng } from '../../helpers/math.js';
import { loadMannequinAsset } from './ik-fixtures.js';

/** The model-space direction from joint a to joint b after turning joint `turned` by `angle` about its limit's hinge axis. */
async function bendDirection(limb: string[], angle: number): Promise<number[]> {
  const { skeleton } = await loadMannequinAsset();
  const joints = limb.map((n) => skeleton.indexByName.get(n)!);
  const limits = naturalLimits(skeleton, joints, mapHumanoid(skeleton));
  const hinge = limits[limb[1]];
  if (hinge.type !== 'hinge') throw new Error(`${limb[1]} is not a hinge`);
  const pose = createPose(skeleton.jointCount);
  setRestPose(skeleton, pose);
  const s = Math.sin(angle / 2);
  pose.rotations.set([hinge.axis[0] * s, hinge.axis[1] * s, hinge.axis[2] * s, Math.cos(angle / 2)], joints[1] * 4);
  const model = new Float32Array(skeleton.jointCount * 16);
  localToModel(skeleton, pose, null, model);
  const d = [0, 1, 2].map((k) => model[joints[2] * 16 + 12 + k] - model[joints[1] * 16 + 12 + k]);
  const len = Math.hypot(d[0], d[1], d[2]);
  return d.map((v) => v / len);
}

describe('runtime/ik: natural humanoid limits', () => {
  it('elbows bend the forearm forward and knees the shin back', async () => {
    expectClose(await bendDirection(['LeftUpperArm', 'LeftLowerArm', 'LeftHand'], Math.PI / 2), [0, 0, 1], 1e-5);
    expectClose(await bendDirection(['RightUpperArm', 'RightLowerArm', 'RightHand'], Math.PI / 2), [0, 0, 1], 1e-5);
    expectClose(await bendDirection(['LeftUpperLeg', 'LeftLowerLeg', 'LeftFoot'], Math.PI / 2), [0, 0, -1], 1e-5);
    expectClose(await bendDirection(['RightUpperLeg', 'RightLowerLeg', 'RightFoot'], Math.PI / 2), [0, 0, -1], 1e-5);
  });

  it('gives cones to the ball joints and the spine, and nothing to bones outside the humanoid', async () => {
    const { skeleton } = await loadMannequinAsset();
    const names = ['Armature', 'Hips', 'Spine', 'Chest', 'Neck', 'Head'];
    const limits = naturalLimits(
      skeleton,
      names.map((n) => skeleton.indexByName.get(n)!),
      mapHumanoid(skeleton),
    );
    expect(Object.keys(limits).sort()).to.deep.equal(['Chest', 'Head', 'Neck', 'Spine']);
    for (const limit of Object.values(limits)) expect(limit.type).to.equal('cone');
  });

  it('keeps a two-bone arm inside the limits wherever the target is', async () => {
    const { skeleton } = await loadMannequinAsset();
    const names = ['LeftUpperArm', 'LeftLowerArm', 'LeftHand'];
    const joints = names.map((n) => skeleton.indexByName.get(n)!);
    const chain = buildChain(skeleton, names, {
      solver: 'two-bone',
      limits: naturalLimits(skeleton, joints, mapHumanoid(skeleton)),
    });
    // the elbow points back and down, as an arm reaching forward holds it
    chain.poleMode = POLE_DIRECTION;
    chain.pole.set([0, -0.5, -1]);
    const pose = createPose(skeleton.jointCount);
    const model = new Float32Array(skeleton.jointCount * 16);
    const r = rng(7);
    let bent = 0;
    for (let trial = 0; trial < 40; trial++) {
      setRestPose(skeleton, pose);
      localToModel(skeleton, pose, null, model);
      const target = [0.18 + (r() - 0.3) * 0.9, 1.41 + (r() - 0.5) * 0.9, (r() - 0.5) * 0.9];
      solveTwoBone(chain, pose, model, null, target, 1);
      joints.forEach((j, i) => {
        const v = constraintViolation(
          chain.limitKinds[i],
          chain.limitParams,
          i,
          chain.restRotations,
          i * 4,
          pose.rotations,
          j * 4,
        );
        expect(v, `${names[i]} outside its limit by ${v} rad`).to.be.below(1e-4);
      });
      if (Math.abs(pose.rotations[joints[1] * 4 + 3]) < 0.99) bent++;
    }
    expect(bent, 'elbows that bent').to.be.above(20);
  });

  it('aims with the character’s front by default', async () => {
    const { skeleton } = await loadMannequinAsset();
    expectClose(restForwardAxis(skeleton, skeleton.indexByName.get('Head')!), [0, 0, 1], 1e-6);
  });
});

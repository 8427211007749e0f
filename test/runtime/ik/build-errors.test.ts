import { expect } from '@open-wc/testing';
import {
  buildChain,
  buildFootIk,
  type ChainOptions,
  findHumanoidLegs,
  legsFromHumanoid,
  solveChain,
} from '../../../src/runtime/ik/index.js';
import { AnimError, buildSkeleton, mapHumanoid } from '../../../src/runtime/index.js';
import { SLOT_INDEX } from '../../../src/runtime/retarget/slots.js';
import { chainRig, loadMannequinAsset, snapshot } from './ik-fixtures.js';

function expectCode(fn: () => unknown, code: string, mentions: string): void {
  try {
    fn();
  } catch (e) {
    expect(e).to.be.instanceOf(AnimError);
    expect((e as AnimError).code).to.equal(code);
    expect((e as AnimError).message).to.contain(mentions);
    return;
  }
  expect.fail(`expected AnimError ${code}`);
}

describe('runtime/ik: chains are checked when built', () => {
  const rig = chainRig(3, 1);
  const cases: [string, string | string[], ChainOptions, string, string][] = [
    ['an unknown bone in a list', ['b0', 'Nope', 'b2'], {}, 'unknown-bone', 'Nope'],
    ['an unknown bone in A..B', 'b0..Missing', {}, 'unknown-bone', 'Missing'],
    ['bones that are not a parent-child line', ['b0', 'b2', 'b3'], { solver: 'fabrik' }, 'bad-chain', 'b2'],
    ['a tip not below the root', 'b2..b0', {}, 'bad-chain', 'b2..b0'],
    ['siblings', 'other..b1', {}, 'bad-chain', 'other'],
    ['a malformed spec', 'b0..', {}, 'bad-chain', 'b0..'],
    ['an empty list', [], {}, 'bad-chain', 'no bones'],
    ['a two-bone chain of four', 'b0..b3', { solver: 'two-bone' }, 'bad-chain', 'exactly 3'],
    ['a FABRIK chain of one', ['b0'], { solver: 'fabrik' }, 'bad-chain', 'at least 2'],
    ['an unknown solver', 'b0..b2', { solver: 'magic' as never }, 'bad-chain', 'magic'],
    ['negative iterations', 'b0..b3', { solver: 'ccd', iterations: -1 }, 'bad-chain', 'iterations'],
    ['a NaN tolerance', 'b0..b3', { solver: 'ccd', tolerance: Number.NaN }, 'bad-chain', 'tolerance'],
    ['a zero aim axis', ['b3'], { solver: 'look-at', aimAxis: [0, 0, 0] }, 'bad-chain', 'aim axis'],
    ['bone weights of the wrong count', 'b0..b3', { solver: 'look-at', boneWeights: [1] }, 'bad-chain', 'bone weights'],
    [
      'a limit on a bone outside the chain',
      'b0..b2',
      { limits: { other: { type: 'cone', angle: 1 } } },
      'bad-constraint',
      'other',
    ],
    [
      'a hinge with min above max',
      'b0..b2',
      { limits: { b1: { type: 'hinge', axis: [1, 0, 0], min: 1, max: 0 } } },
      'bad-constraint',
      'min',
    ],
    [
      'a hinge with a zero axis',
      'b0..b2',
      { limits: { b1: { type: 'hinge', axis: [0, 0, 0], min: 0, max: 1 } } },
      'bad-constraint',
      'zero axis',
    ],
    ['a limit of an unknown type', 'b0..b2', { limits: { b1: { type: 'ball' } as never } }, 'bad-constraint', 'ball'],
    [
      'a limit on an unknown bone',
      'b0..b2',
      { limits: { Ghost: { type: 'cone', angle: 1 } } },
      'unknown-bone',
      'Ghost',
    ],
  ];
  for (const [what, spec, options, code, mentions] of cases) {
    it(`${what}: ${code}`, () => expectCode(() => buildChain(rig.skeleton, spec, options), code, mentions));
  }

  it('a solver never throws on a bad target, and leaves the FK pose untouched', () => {
    for (const solver of ['two-bone', 'fabrik', 'ccd', 'look-at'] as const) {
      const r = chainRig(3, 9);
      const before = snapshot(r);
      const chain = buildChain(r.skeleton, solver === 'two-bone' ? 'b0..b2' : 'b0..b3', { solver });
      for (const target of [
        [Number.NaN, 0, 0],
        [0, Number.POSITIVE_INFINITY, 0],
      ]) {
        expect(solveChain(chain, r.pose, r.model, r.root, target, 1)).to.equal(false);
      }
      expect(solveChain(chain, r.pose, r.model, r.root, [1, 1, 1], Number.NaN)).to.equal(false);
      expect(r.pose.rotations).to.deep.equal(before.rotations);
      expect(r.model).to.deep.equal(before.model);
    }
  });
});

describe('runtime/ik: humanoid legs by name', () => {
  const line = (names: string[]) => names.map((_, i) => i - 1);
  it('finds the mannequin’s, Mixamo’s and Blender-style legs', () => {
    const conventions = [
      ['Hips', 'LeftUpperLeg', 'LeftLowerLeg', 'LeftFoot', 'LeftToes'],
      ['mixamorig:Hips', 'mixamorig:LeftUpLeg', 'mixamorig:LeftLeg', 'mixamorig:LeftFoot', 'mixamorig:LeftToeBase'],
      ['Hips', 'UpperLeg.L', 'LowerLeg.L', 'Foot.L', 'Toes.L'],
      ['pelvis', 'thigh_l', 'calf_l', 'foot_l', 'ball_l'],
    ];
    for (const left of conventions) {
      const right = left.map((n) => n.replace('Left', 'Right').replace('.L', '.R').replace('_l', '_r'));
      const names = [...left, ...right.slice(1)];
      const parents = [...line(left), 0, 5, 6, 7];
      const skeleton = buildSkeleton({ names, parents });
      const [l, r] = findHumanoidLegs(skeleton);
      expect(l).to.deep.equal({ upper: left[1], lower: left[2], foot: left[3], toes: left[4] });
      expect(r).to.deep.equal({ upper: right[1], lower: right[2], foot: right[3], toes: right[4] });
      expect(buildFootIk(skeleton).pelvis).to.equal(0);
    }
  });

  it('ends a leg at the ankle joint when its foot bone hangs elsewhere (RobotExpressive)', () => {
    const names = ['Bone', 'Body', 'UpperLeg.L', 'LowerLeg.L', 'LowerLeg.L_end', 'LowerLeg.L_2', 'Foot.L'];
    const skeleton = buildSkeleton({ names, parents: [-1, 0, 1, 2, 3, 3, 0] });
    const right = buildSkeleton({
      names: [...names, 'UpperLeg.R', 'LowerLeg.R', 'LowerLeg.R_end'],
      parents: [-1, 0, 1, 2, 3, 3, 0, 1, 7, 8],
    });
    expectCode(() => findHumanoidLegs(skeleton), 'unknown-bone', 'right leg');
    expect(findHumanoidLegs(right)[0]).to.deep.equal({
      upper: 'UpperLeg.L',
      lower: 'LowerLeg.L',
      foot: 'LowerLeg.L_end',
    });
  });

  it('takes the legs of a humanoid map: the found one, a hand map, the ankle rule', async () => {
    const { skeleton } = await loadMannequinAsset();
    expect(legsFromHumanoid(skeleton, mapHumanoid(skeleton))).to.deep.equal(findHumanoidLegs(skeleton));
    // a hand map naming the legs the other way round swaps them
    const swapped = mapHumanoid(skeleton, {
      map: {
        leftUpperLeg: 'RightUpperLeg',
        leftLowerLeg: 'RightLowerLeg',
        leftFoot: 'RightFoot',
        leftToes: 'RightToes',
        rightUpperLeg: 'LeftUpperLeg',
        rightLowerLeg: 'LeftLowerLeg',
        rightFoot: 'LeftFoot',
        rightToes: 'LeftToes',
      },
    });
    const [left, right] = legsFromHumanoid(skeleton, swapped);
    expect([left.upper, left.foot, left.toes, right.upper]).to.deep.equal([
      'RightUpperLeg',
      'RightFoot',
      'RightToes',
      'LeftUpperLeg',
    ]);
    // a map whose foot hangs elsewhere (RobotExpressive) ends the leg at the lower leg's "…_end" joint
    const names = [
      'Hips',
      'UpperLeg.L',
      'LowerLeg.L',
      'LowerLeg.L_end',
      'Foot.L',
      'UpperLeg.R',
      'LowerLeg.R',
      'LowerLeg.R_end',
    ];
    const robot = buildSkeleton({ names, parents: [-1, 0, 1, 2, 0, 0, 5, 6] });
    const joints = new Int16Array(swapped.joints.length).fill(-1);
    const slots = { leftUpperLeg: 1, leftLowerLeg: 2, leftFoot: 4, rightUpperLeg: 5, rightLowerLeg: 6 } as const;
    for (const [slot, joint] of Object.entries(slots)) joints[SLOT_INDEX[slot as keyof typeof slots]] = joint;
    const [robotLeft, robotRight] = legsFromHumanoid(robot, { ...swapped, joints });
    expect(robotLeft).to.deep.equal({ upper: 'UpperLeg.L', lower: 'LowerLeg.L', foot: 'LowerLeg.L_end' });
    expect(robotRight.foot).to.equal('LowerLeg.R_end');
    // upper and lower leg that are not parent and child: the map gives no leg
    joints[SLOT_INDEX.leftLowerLeg] = 6;
    expectCode(() => legsFromHumanoid(robot, { ...swapped, joints }), 'unknown-bone', 'left leg');
  });

  it('a skeleton without legs, or explicit legs that are not a line, are build errors', () => {
    const skeleton = buildSkeleton({ names: ['a', 'b', 'c'], parents: [-1, 0, 1] });
    expectCode(() => buildFootIk(skeleton), 'unknown-bone', 'left leg');
    expectCode(() => buildFootIk(skeleton, { legs: [{ upper: 'a', lower: 'c', foot: 'b' }] }), 'bad-chain', 'c');
    expectCode(() => buildFootIk(skeleton, { legs: [{ upper: 'a', lower: 'b', foot: 'x' }] }), 'unknown-bone', 'x');
  });
});

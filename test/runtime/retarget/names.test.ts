import { expect } from '@open-wc/testing';
import { buildSkeleton } from '../../../src/runtime/index.js';
import { type HumanoidSlot, mapHumanoid, readBoneName } from '../../../src/runtime/retarget/index.js';

/** A T-posed humanoid skeleton (facing +Z, left on +X) with the given name for each body bone. */
function humanoid(
  name: (slot: HumanoidSlot) => string,
  extras: [string, string, number[]][] = [],
  facesMinusZ = false,
) {
  const bones: [HumanoidSlot, HumanoidSlot | null, number[]][] = [
    ['hips', null, [0, 1, 0]],
    ['spine', 'hips', [0, 0.1, 0]],
    ['chest', 'spine', [0, 0.2, 0]],
    ['neck', 'chest', [0, 0.25, 0]],
    ['head', 'neck', [0, 0.1, 0]],
  ];
  for (const [side, x] of [
    ['left', 1],
    ['right', -1],
  ] as const) {
    bones.push(
      [`${side}Shoulder`, 'chest', [0.05 * x, 0.2, 0]],
      [`${side}UpperArm`, `${side}Shoulder`, [0.12 * x, 0, 0]],
      [`${side}LowerArm`, `${side}UpperArm`, [0.28 * x, 0, 0]],
      [`${side}Hand`, `${side}LowerArm`, [0.25 * x, 0, 0]],
      [`${side}UpperLeg`, 'hips', [0.1 * x, -0.05, 0]],
      [`${side}LowerLeg`, `${side}UpperLeg`, [0, -0.42, 0]],
      [`${side}Foot`, `${side}LowerLeg`, [0, -0.42, 0]],
      [`${side}Toes`, `${side}Foot`, [0, -0.06, 0.12]],
    );
  }
  const names = bones.map(([slot]) => name(slot));
  const all = [...names, ...extras.map(([n]) => n)];
  const parents = [
    ...bones.map(([, parent]) => (parent ? bones.findIndex(([s]) => s === parent) : -1)),
    ...extras.map(([, parent]) => all.indexOf(parent)),
  ];
  const turn = (t: number[]) => (facesMinusZ ? [-t[0], t[1], -t[2]] : t);
  const translations = [...bones.flatMap(([, , t]) => turn(t)), ...extras.flatMap(([, , t]) => turn(t))];
  return buildSkeleton({ names: all, parents, translations });
}

const RIGIFY: Record<HumanoidSlot, string> = {
  hips: 'DEF-spine',
  spine: 'DEF-spine.001',
  chest: 'DEF-spine.002',
  upperChest: '',
  neck: 'DEF-spine.004',
  head: 'DEF-spine.006',
  leftShoulder: 'DEF-shoulder.L',
  leftUpperArm: 'DEF-upper_arm.L',
  leftLowerArm: 'DEF-forearm.L',
  leftHand: 'DEF-hand.L',
  rightShoulder: 'DEF-shoulder.R',
  rightUpperArm: 'DEF-upper_arm.R',
  rightLowerArm: 'DEF-forearm.R',
  rightHand: 'DEF-hand.R',
  leftUpperLeg: 'DEF-thigh.L',
  leftLowerLeg: 'DEF-shin.L',
  leftFoot: 'DEF-foot.L',
  leftToes: 'DEF-toe.L',
  rightUpperLeg: 'DEF-thigh.R',
  rightLowerLeg: 'DEF-shin.R',
  rightFoot: 'DEF-foot.R',
  rightToes: 'DEF-toe.R',
};

/** `Arm_L`-style names: "Arm" is the upper arm when a forearm is named, "Leg" the thigh when a shin is. */
const SUFFIXED: Record<HumanoidSlot, string> = {
  hips: 'Pelvis',
  spine: 'Spine_01',
  chest: 'Spine_02',
  upperChest: '',
  neck: 'Neck',
  head: 'Head',
  leftShoulder: 'Clavicle_L',
  leftUpperArm: 'Arm_L',
  leftLowerArm: 'ForeArm_L',
  leftHand: 'Hand_L',
  rightShoulder: 'Clavicle_R',
  rightUpperArm: 'Arm_R',
  rightLowerArm: 'ForeArm_R',
  rightHand: 'Hand_R',
  leftUpperLeg: 'Leg_L',
  leftLowerLeg: 'Calf_L',
  leftFoot: 'Foot_L',
  leftToes: 'Toe_L',
  rightUpperLeg: 'Leg_R',
  rightLowerLeg: 'Calf_R',
  rightFoot: 'Foot_R',
  rightToes: 'Toe_R',
};

describe('runtime: bone names and the auto profile', () => {
  it('reads sides, parts and indices from common namings', () => {
    const read = (n: string) => {
      const b = readBoneName(n);
      return `${b.side} ${b.part} ${b.index}${b.ignored ? ' ignored' : ''}`;
    };
    expect(read('mixamorig:LeftForeArm')).to.equal('left lowerArm -1');
    expect(read('DEF-upper_arm.L')).to.equal('left upperArm -1');
    expect(read('UpperArm.R')).to.equal('right upperArm -1');
    expect(read('J_Bip_L_UpperLeg')).to.equal('left upperLeg -1');
    expect(read('Bip01 R Thigh')).to.equal('right upperLeg -1');
    expect(read('lShldr')).to.equal('left shoulder -1');
    expect(read('spine.002')).to.equal('none spine 2');
    expect(read('calf_r')).to.equal('right lowerLeg -1');
    expect(read('mixamorig:HeadTop_End')).to.equal('none head -1 ignored');
    expect(read('RightHandIndex1')).to.equal('right hand 1 ignored');
    expect(read('PoleTarget.L')).to.equal('left null -1 ignored');
  });

  for (const [what, names] of [
    ['Rigify DEF- bones', RIGIFY],
    ['Arm_L / Leg_L names', SUFFIXED],
  ] as const) {
    it(`maps a rig with ${what}, fingers left out`, () => {
      const finger = what.startsWith('Rigify') ? 'DEF-f_index.01.L' : 'Index_01_L';
      const fingers: [string, string, number[]][] = [[finger, names.leftHand, [0.05, 0, 0]]];
      const map = mapHumanoid(humanoid((slot) => names[slot] || `unused_${slot}`, fingers));
      for (const [slot, bone] of Object.entries(names)) {
        if (bone) expect(map.bones[slot as HumanoidSlot], slot).to.equal(bone);
      }
    });
  }

  for (const facesMinusZ of [false, true]) {
    it(`maps a rig with no side in its names by the side of the body (facing ${facesMinusZ ? '−Z' : '+Z'})`, () => {
      // numbered 1 on the body's left and 2 on its right; which way it faces comes from the toes
      const plain = humanoid(
        (slot) =>
          slot.replace(/^(left|right)/, '').toLowerCase() +
          (slot.startsWith('left') ? '1' : slot.startsWith('right') ? '2' : ''),
        [],
        facesMinusZ,
      );
      const map = mapHumanoid(plain);
      expect(map.bones.hips).to.equal('hips');
      expect(map.bones.head).to.equal('head');
      expect(map.bones.leftUpperArm).to.equal('upperarm1');
      expect(map.bones.rightLowerArm).to.equal('lowerarm2');
      expect(map.bones.leftFoot).to.equal('foot1');
      expect(map.bones.rightToes).to.equal('toes2');
    });
  }
});

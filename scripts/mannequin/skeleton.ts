// The mannequin's skeleton: Unity/VRM humanoid joint names, rest offsets and the points the feet stand on.
//
// Frame: metres, y up, the character faces +Z, its left is +X, it stands on y = 0 and is about 1.75 m tall.
// Rest pose: a T-pose (arms straight along ±X, legs straight down) with every joint's rest rotation the
// identity, as in VRM 1.0's normalized bones. A joint's local axes are therefore the world axes at rest, and a
// pose's Euler angles read the same on every joint: +X pitches (a leg swings back, the spine leans forward,
// a knee bends), +Y yaws (turns left), +Z rolls (a left arm rises). Mirroring a left joint to the right
// keeps x and negates y and z.

export const JOINT_NAMES = [
  'Hips',
  'Spine',
  'Chest',
  'Neck',
  'Head',
  'LeftShoulder',
  'LeftUpperArm',
  'LeftLowerArm',
  'LeftHand',
  'RightShoulder',
  'RightUpperArm',
  'RightLowerArm',
  'RightHand',
  'LeftUpperLeg',
  'LeftLowerLeg',
  'LeftFoot',
  'LeftToes',
  'RightUpperLeg',
  'RightLowerLeg',
  'RightFoot',
  'RightToes',
] as const;

export type JointName = (typeof JOINT_NAMES)[number];
export type Vec3 = readonly [number, number, number];

interface JointDef {
  parent: JointName | null;
  /** Rest translation from the parent joint, metres. */
  offset: Vec3;
}

/** Lengths the mesh, the clips and the leg IK agree on. */
export const DIMENSIONS = {
  hipsHeight: 0.95,
  hipJointX: 0.09,
  hipJointDrop: 0.05,
  upperLegLength: 0.42,
  lowerLegLength: 0.4,
  ankleHeight: 0.08,
  /** The toes joint (the ball of the foot) from the ankle. */
  ballForward: 0.125,
  ballHeight: 0.025,
  heelBack: 0.05,
  toeTip: 0.07,
  shoulderX: 0.035,
  shoulderY: 0.19,
  clavicleLength: 0.145,
  upperArmLength: 0.28,
  lowerArmLength: 0.25,
  handLength: 0.18,
} as const;

const D = DIMENSIONS;

/** Left joints; the right ones mirror them (x negated). Parents come before children. */
const LEFT_DEFS: Partial<Record<JointName, JointDef>> = {
  LeftShoulder: { parent: 'Chest', offset: [D.shoulderX, D.shoulderY, -0.01] },
  LeftUpperArm: { parent: 'LeftShoulder', offset: [D.clavicleLength, 0, 0] },
  LeftLowerArm: { parent: 'LeftUpperArm', offset: [D.upperArmLength, 0, 0] },
  LeftHand: { parent: 'LeftLowerArm', offset: [D.lowerArmLength, 0, 0] },
  LeftUpperLeg: { parent: 'Hips', offset: [D.hipJointX, -D.hipJointDrop, 0] },
  LeftLowerLeg: { parent: 'LeftUpperLeg', offset: [0, -D.upperLegLength, 0] },
  LeftFoot: { parent: 'LeftLowerLeg', offset: [0, -D.lowerLegLength, 0] },
  LeftToes: { parent: 'LeftFoot', offset: [0, D.ballHeight - D.ankleHeight, D.ballForward] },
};

const CENTRE_DEFS: Partial<Record<JointName, JointDef>> = {
  Hips: { parent: null, offset: [0, D.hipsHeight, 0] },
  Spine: { parent: 'Hips', offset: [0, 0.1, 0] },
  Chest: { parent: 'Spine', offset: [0, 0.17, 0] },
  Neck: { parent: 'Chest', offset: [0, 0.26, -0.01] },
  Head: { parent: 'Neck', offset: [0, 0.1, 0.01] },
};

export function mirrorName(name: JointName): JointName {
  if (name.startsWith('Left')) return `Right${name.slice(4)}` as JointName;
  if (name.startsWith('Right')) return `Left${name.slice(5)}` as JointName;
  return name;
}

function jointDef(name: JointName): JointDef {
  const centre = CENTRE_DEFS[name];
  if (centre) return centre;
  const left = LEFT_DEFS[name];
  if (left) return left;
  const mirrored = LEFT_DEFS[mirrorName(name)]!;
  const [x, y, z] = mirrored.offset;
  return { parent: mirrored.parent && mirrorName(mirrored.parent), offset: [-x, y, z] };
}

export const JOINTS: ReadonlyArray<{ name: JointName; parent: JointName | null; offset: Vec3 }> = JOINT_NAMES.map(
  (name) => ({ name, ...jointDef(name) }),
);

export const JOINT_INDEX: Readonly<Record<JointName, number>> = Object.fromEntries(
  JOINT_NAMES.map((name, i) => [name, i]),
) as Record<JointName, number>;

/** Rest-pose world position of every joint (rest rotations are the identity, so offsets just add up). */
export function restWorldPositions(): Record<JointName, Vec3> {
  const out = {} as Record<JointName, Vec3>;
  for (const { name, parent, offset } of JOINTS) {
    const base = parent ? out[parent] : ([0, 0, 0] as Vec3);
    out[name] = [base[0] + offset[0], base[1] + offset[1], base[2] + offset[2]];
  }
  return out;
}

/** The upper-body joints a layered clip (wave, punch) may key: Spine and everything above it. */
export const UPPER_BODY_JOINTS: readonly JointName[] = JOINT_NAMES.filter(
  (name) => name !== 'Hips' && !name.includes('Leg') && !name.includes('Foot') && !name.includes('Toes'),
);

/**
 * Where a foot meets the ground, in the local frame of a foot joint: the heel under the ankle and the ball
 * under the toes joint. At rest both lie on y = 0. Tests put these through forward kinematics to find the soles.
 */
export const SOLE_POINTS = {
  heel: { joint: 'Foot', offset: [0, -D.ankleHeight, -D.heelBack + 0.01] as Vec3 },
  ball: { joint: 'Toes', offset: [0, -D.ballHeight, 0] as Vec3 },
} as const;

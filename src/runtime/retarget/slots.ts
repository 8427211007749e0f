/**
 * The humanoid slots: the bones every humanoid rig has, whatever tool made it. A rig's humanoid map
 * assigns a joint to each slot it has; clips transfer between rigs slot by slot.
 */
export const HUMANOID_SLOTS = [
  'hips',
  'spine',
  'chest',
  'upperChest',
  'neck',
  'head',
  'leftShoulder',
  'leftUpperArm',
  'leftLowerArm',
  'leftHand',
  'rightShoulder',
  'rightUpperArm',
  'rightLowerArm',
  'rightHand',
  'leftUpperLeg',
  'leftLowerLeg',
  'leftFoot',
  'leftToes',
  'rightUpperLeg',
  'rightLowerLeg',
  'rightFoot',
  'rightToes',
] as const;

export type HumanoidSlot = (typeof HUMANOID_SLOTS)[number];

/**
 * Slots a rig must have to be a humanoid: the body's frame and every limb to the foot. Hands are optional
 * (some rigs, RobotExpressive among them, hang the fingers straight off the forearm), as are chest,
 * upper chest, neck, shoulders and toes: an absent slot is simply not driven.
 */
export const REQUIRED_SLOTS: readonly HumanoidSlot[] = [
  'hips',
  'spine',
  'head',
  'leftUpperArm',
  'leftLowerArm',
  'rightUpperArm',
  'rightLowerArm',
  'leftUpperLeg',
  'leftLowerLeg',
  'leftFoot',
  'rightUpperLeg',
  'rightLowerLeg',
  'rightFoot',
];

/** The slot count, written out (the type checks it is the list's length) so bundlers can drop an unused list. */
export const SLOT_COUNT: (typeof HUMANOID_SLOTS)['length'] = 22;

export const SLOT_INDEX: Readonly<Record<HumanoidSlot, number>> = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ HUMANOID_SLOTS.map((slot, i) => [slot, i]),
) as Record<HumanoidSlot, number>;

export function isHumanoidSlot(name: string): name is HumanoidSlot {
  return Object.hasOwn(SLOT_INDEX, name);
}

/**
 * The slot each slot hangs from in the humanoid body, nearest first: where a rig lacks the first, the
 * next one stands in (a chest-less rig hangs its neck from the spine). Rigs whose bones do not follow
 * the body (an IK foot parented to the root) are placed through this chain, not their own parents.
 */
export const BODY_PARENTS: Readonly<Partial<Record<HumanoidSlot, readonly HumanoidSlot[]>>> = {
  spine: ['hips'],
  chest: ['spine'],
  upperChest: ['chest', 'spine'],
  neck: ['upperChest', 'chest', 'spine'],
  head: ['neck', 'upperChest', 'chest', 'spine'],
  leftShoulder: ['upperChest', 'chest', 'spine'],
  rightShoulder: ['upperChest', 'chest', 'spine'],
  leftUpperArm: ['leftShoulder', 'upperChest', 'chest', 'spine'],
  rightUpperArm: ['rightShoulder', 'upperChest', 'chest', 'spine'],
  leftLowerArm: ['leftUpperArm'],
  rightLowerArm: ['rightUpperArm'],
  leftHand: ['leftLowerArm'],
  rightHand: ['rightLowerArm'],
  leftUpperLeg: ['hips'],
  rightUpperLeg: ['hips'],
  leftLowerLeg: ['leftUpperLeg'],
  rightLowerLeg: ['rightUpperLeg'],
  leftFoot: ['leftLowerLeg'],
  rightFoot: ['rightLowerLeg'],
  leftToes: ['leftFoot'],
  rightToes: ['rightFoot'],
};

/**
 * Limb bones laid along a fixed direction in the reference T-pose (canonical frame: +X the body's left,
 * +Y up, +Z forward), each pointing at the next slot of its limb.
 */
export const REFERENCE_DIRECTIONS: readonly {
  slot: HumanoidSlot;
  tip: HumanoidSlot;
  direction: readonly [number, number, number];
}[] = [
  { slot: 'leftUpperArm', tip: 'leftLowerArm', direction: [1, 0, 0] },
  { slot: 'leftLowerArm', tip: 'leftHand', direction: [1, 0, 0] },
  { slot: 'rightUpperArm', tip: 'rightLowerArm', direction: [-1, 0, 0] },
  { slot: 'rightLowerArm', tip: 'rightHand', direction: [-1, 0, 0] },
  { slot: 'leftUpperLeg', tip: 'leftLowerLeg', direction: [0, -1, 0] },
  { slot: 'leftLowerLeg', tip: 'leftFoot', direction: [0, -1, 0] },
  { slot: 'rightUpperLeg', tip: 'rightLowerLeg', direction: [0, -1, 0] },
  { slot: 'rightLowerLeg', tip: 'rightFoot', direction: [0, -1, 0] },
];

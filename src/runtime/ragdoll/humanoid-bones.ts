/**
 * A small humanoid lookup by bone name, for the ragdoll: the mannequin's and VRM's `LeftUpperArm`, Mixamo's
 * `mixamorig:LeftArm`, Blender's `upper_arm.L` / `thigh.L`, `Bip01 L Thigh`-style names. Slots are named as
 * the retargeting work's humanoid slots.
 */
export const RAGDOLL_SLOTS = [
  'hips',
  'spine',
  'chest',
  'upperChest',
  'neck',
  'head',
  'leftUpperArm',
  'leftLowerArm',
  'leftHand',
  'rightUpperArm',
  'rightLowerArm',
  'rightHand',
  'leftUpperLeg',
  'leftLowerLeg',
  'leftFoot',
  'rightUpperLeg',
  'rightLowerLeg',
  'rightFoot',
] as const;

export type RagdollSlot = (typeof RAGDOLL_SLOTS)[number];

/** Slots a ragdoll cannot do without. */
export const REQUIRED_RAGDOLL_SLOTS: readonly RagdollSlot[] = [
  'hips',
  'spine',
  'head',
  'leftUpperArm',
  'leftLowerArm',
  'rightUpperArm',
  'rightLowerArm',
  'leftUpperLeg',
  'leftLowerLeg',
  'rightUpperLeg',
  'rightLowerLeg',
];

// Words a limb bone goes by once its side is taken off, per slot suffix.
const LIMB_WORDS: Record<string, readonly string[]> = {
  UpperArm: ['upperarm', 'arm', 'uparm'],
  LowerArm: ['lowerarm', 'forearm', 'elbow'],
  Hand: ['hand', 'wrist'],
  UpperLeg: ['upperleg', 'upleg', 'thigh'],
  LowerLeg: ['lowerleg', 'leg', 'shin', 'calf', 'knee'],
  Foot: ['foot', 'ankle'],
};

const CENTRE_WORDS: Record<string, readonly string[]> = {
  hips: ['hips', 'pelvis', 'hip'],
  spine: ['spine', 'spine0', 'spine00', 'spine01', 'abdomen'],
  chest: ['chest', 'spine1', 'spine02', 'spine001'],
  upperChest: ['upperchest', 'spine2', 'spine03', 'spine002'],
  neck: ['neck', 'neck1', 'neck01'],
  head: ['head'],
};

/** A bone name without its namespace (`mixamorig:`), lower case, its side split off. */
function parse(name: string): { side: 'left' | 'right' | ''; word: string } {
  let n = name.slice(name.lastIndexOf(':') + 1).toLowerCase();
  n = n.replace(/^(bip0?1|def|org|mch|cc_base|j_bip_[lrc])[\s_.-]*/, '');
  let side: 'left' | 'right' | '' = '';
  const prefix = /^(left|right|l|r)(?=[\s_.-]|left|right|[a-z])/.exec(n);
  const suffix = /[\s_.-](l|r|left|right)$/.exec(n);
  if (n.startsWith('left')) {
    side = 'left';
    n = n.slice(4);
  } else if (n.startsWith('right')) {
    side = 'right';
    n = n.slice(5);
  } else if (suffix) {
    side = suffix[1].startsWith('l') ? 'left' : 'right';
    n = n.slice(0, suffix.index);
  } else if (prefix && /^[lr][\s_.-]/.test(n)) {
    side = prefix[1] === 'l' ? 'left' : 'right';
    n = n.slice(2);
  }
  return { side, word: n.replace(/[\s_.-]/g, '') };
}

/**
 * Finds each ragdoll slot's joint among `names` (the first match wins, in joint order). Returns the joint
 * index per slot (-1 where none matched) in RAGDOLL_SLOTS order.
 */
export function findHumanoidBones(names: readonly string[]): Int32Array {
  const out = new Int32Array(RAGDOLL_SLOTS.length).fill(-1);
  const set = (slot: RagdollSlot, joint: number) => {
    const s = RAGDOLL_SLOTS.indexOf(slot);
    if (out[s] < 0) out[s] = joint;
  };
  names.forEach((name, joint) => {
    const { side, word } = parse(name);
    if (side) {
      for (const [suffix, words] of Object.entries(LIMB_WORDS)) {
        if (words.includes(word)) set(`${side}${suffix}` as RagdollSlot, joint);
      }
    } else {
      for (const [slot, words] of Object.entries(CENTRE_WORDS)) {
        if (words.includes(word)) set(slot as RagdollSlot, joint);
      }
    }
  });
  return out;
}

/** The required slots `bones` (from findHumanoidBones) lacks. */
export function missingSlots(bones: Int32Array): RagdollSlot[] {
  return REQUIRED_RAGDOLL_SLOTS.filter((slot) => bones[RAGDOLL_SLOTS.indexOf(slot)] < 0);
}

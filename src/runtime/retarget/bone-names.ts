/**
 * Reading a bone's name the way exporters write them: `mixamorig:LeftForeArm`, `DEF-upper_arm.L`,
 * `UpperArm.L`, `Arm_L`, `J_Bip_L_UpperArm`, `Bip01 L Thigh`, `lShldr`. A name splits into a side
 * (left, right or none), a body part and an index (Spine1, spine.002, Torso_2).
 */

export type Side = 'left' | 'right' | 'none';

/** The body parts names speak of, before the hierarchy decides which slot each is. */
export type BodyPart =
  | 'hips'
  | 'spine'
  | 'chest'
  | 'upperChest'
  | 'neck'
  | 'head'
  | 'shoulder'
  | 'upperArm'
  | 'arm'
  | 'lowerArm'
  | 'hand'
  | 'upperLeg'
  | 'leg'
  | 'lowerLeg'
  | 'foot'
  | 'toes';

export interface BoneName {
  readonly side: Side;
  readonly part: BodyPart | null;
  /** The trailing number, -1 when there is none. */
  readonly index: number;
  /** Not a body bone a humanoid map takes: an end marker, an IK target or pole, a control, a twist, a finger. */
  readonly ignored: boolean;
}

/** Word sequences (lowercase, joined) naming each part; "arm" and "leg" alone are placed by the hierarchy. */
const PARTS: Readonly<Record<string, BodyPart>> = {
  hips: 'hips',
  hip: 'hips',
  pelvis: 'hips',
  spine: 'spine',
  abdomen: 'spine',
  belly: 'spine',
  waist: 'spine',
  chest: 'chest',
  torso: 'chest',
  upperchest: 'upperChest',
  neck: 'neck',
  head: 'head',
  shoulder: 'shoulder',
  clavicle: 'shoulder',
  collar: 'shoulder',
  collarbone: 'shoulder',
  shldr: 'shoulder',
  upperarm: 'upperArm',
  uparm: 'upperArm',
  arm: 'arm',
  lowerarm: 'lowerArm',
  forearm: 'lowerArm',
  lowarm: 'lowerArm',
  elbow: 'lowerArm',
  hand: 'hand',
  wrist: 'hand',
  upperleg: 'upperLeg',
  upleg: 'upperLeg',
  thigh: 'upperLeg',
  leg: 'leg',
  lowerleg: 'lowerLeg',
  lowleg: 'lowerLeg',
  calf: 'lowerLeg',
  shin: 'lowerLeg',
  knee: 'lowerLeg',
  foot: 'foot',
  ankle: 'foot',
  toe: 'toes',
  toes: 'toes',
  toebase: 'toes',
  ball: 'toes',
};

const IGNORED_WORDS = new Set([
  'end',
  'top',
  'tip',
  'nub',
  'null',
  'target',
  'pole',
  'ik',
  'fk',
  'ctrl',
  'control',
  'twist',
  'roll',
  'mch',
  'helper',
  'socket',
  'thumb',
  'index',
  'middle',
  'ring',
  'pinky',
  'little',
  'finger',
  'palm',
]);
/** Prefixes of rig tools and a skeleton's namespace, dropped before reading: `DEF-`, `J_Bip_C_`, `Bip01 `. */
const PREFIX = /^(?:.*[:|])?(?:(?:def|org|jnt|bone|bn|b|j_bip|j|bip0*1|bip)(?=[-_ .])[-_ .]+)?/i;

/** Splits `LeftUpperArm`, `upper_arm.L`, `Arm_L`, `lShldr` and `spine.002` into lowercase words and numbers. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

export function readBoneName(name: string): BoneName {
  const list = words(name.replace(PREFIX, ''));
  let side: Side = 'none';
  let index = -1;
  let ignored = false;
  const rest: string[] = [];
  for (const w of list) {
    if (w === 'l' || w === 'left') side = 'left';
    else if (w === 'r' || w === 'right') side = 'right';
    else if (w === 'c' || w === 'center' || w === 'mid') continue;
    else if (/^\d+$/.test(w)) index = Number(w);
    else {
      if (IGNORED_WORDS.has(w)) ignored = true;
      rest.push(w);
    }
  }
  return { side, part: partOf(rest), index, ignored };
}

/** The longest run of words that names a part: "upper arm" before "arm". */
function partOf(list: readonly string[]): BodyPart | null {
  for (let length = list.length; length >= 1; length--) {
    for (let start = 0; start + length <= list.length; start++) {
      const part = PARTS[list.slice(start, start + length).join('')];
      if (part) return part;
    }
  }
  return null;
}

import { AnimError } from '../errors.js';
import { length2 } from '../length.js';
import type { Skeleton } from '../skeleton.js';
import { type BodyPart, type BoneName, readBoneName, type Side } from './bone-names.js';
import { modelSims, SIM } from './similarity.js';
import { HUMANOID_SLOTS, type HumanoidSlot, isHumanoidSlot, REQUIRED_SLOTS, SLOT_COUNT, SLOT_INDEX } from './slots.js';

/**
 * How a rig's bones are found: `auto` reads any common naming (Mixamo, Rigify, VRM/Unity, Blender's
 * `.L`/`_L`, 3ds Max Biped, Unreal) and places ambiguous bones by the hierarchy and the body's sides;
 * `mixamo` takes Mixamo's names only.
 */
export type RigProfile = 'auto' | 'mixamo';

export const RIG_PROFILES: readonly RigProfile[] = ['auto', 'mixamo'];

/** A map given by hand: slot → bone name. Slots left out are found by the profile. */
export type HandMap = Partial<Record<HumanoidSlot, string>>;

export interface HumanoidMapOptions {
  profile?: RigProfile;
  map?: HandMap;
  /**
   * The joints bones may be found among (a glTF's skin joints, which leave out mesh nodes that share a
   * bone's name); default every joint.
   */
  joints?: ArrayLike<number>;
}

/** A rig's humanoid map: the joint of each slot. */
export interface HumanoidMap {
  /** Joint per slot, in HUMANOID_SLOTS order, -1 where the rig has no such bone. */
  readonly joints: Int16Array;
  /** The slots found, in HUMANOID_SLOTS order. */
  readonly found: readonly HumanoidSlot[];
  /** Bone name per slot found. */
  readonly bones: Readonly<Partial<Record<HumanoidSlot, string>>>;
}

const MIXAMO: Readonly<Record<string, HumanoidSlot>> = {
  Hips: 'hips',
  Spine: 'spine',
  Spine1: 'chest',
  Spine2: 'upperChest',
  Neck: 'neck',
  Head: 'head',
  LeftShoulder: 'leftShoulder',
  LeftArm: 'leftUpperArm',
  LeftForeArm: 'leftLowerArm',
  LeftHand: 'leftHand',
  RightShoulder: 'rightShoulder',
  RightArm: 'rightUpperArm',
  RightForeArm: 'rightLowerArm',
  RightHand: 'rightHand',
  LeftUpLeg: 'leftUpperLeg',
  LeftLeg: 'leftLowerLeg',
  LeftFoot: 'leftFoot',
  LeftToeBase: 'leftToes',
  RightUpLeg: 'rightUpperLeg',
  RightLeg: 'rightLowerLeg',
  RightFoot: 'rightFoot',
  RightToeBase: 'rightToes',
};

/** Mixamo's namespace: `mixamorig:`, and the numbered ones a second download into one scene gets. */
const MIXAMO_PREFIX = /^mixamorig\d*[:_]/;

/**
 * Finds a rig's humanoid map.
 * @throws AnimError `no-humanoid` naming the required slots that could not be found (a quadruped, a
 * prop, a map naming too few bones); `unknown-joint` when a hand map names a bone the skeleton lacks or a
 * slot that does not exist.
 */
export function mapHumanoid(skeleton: Skeleton, options: HumanoidMapOptions = {}): HumanoidMap {
  const profile = options.profile ?? 'auto';
  const candidates = new Uint8Array(skeleton.jointCount);
  if (options.joints) for (let i = 0; i < options.joints.length; i++) candidates[options.joints[i]] = 1;
  else candidates.fill(1);
  const joints = new Int16Array(SLOT_COUNT).fill(-1);
  if (profile === 'mixamo') mapMixamo(skeleton, candidates, joints);
  else new AutoMapper(skeleton, candidates, joints).run();
  const notes: string[] = [];
  if (options.map) applyHandMap(skeleton, options.map, joints);
  else if (profile === 'auto') notes.push(...checkUpright(skeleton, joints));
  const missing = REQUIRED_SLOTS.filter((slot) => joints[SLOT_INDEX[slot]] < 0);
  if (missing.length > 0) {
    const why = notes.length > 0 ? ` (${notes.join('; ')})` : '';
    throw new AnimError(
      'no-humanoid',
      `no humanoid in this rig (profile ${options.map ? 'hand map' : profile}): missing ${missing.join(', ')}${why}`,
    );
  }
  const found = HUMANOID_SLOTS.filter((slot) => joints[SLOT_INDEX[slot]] >= 0);
  const bones: Partial<Record<HumanoidSlot, string>> = {};
  for (const slot of found) bones[slot] = skeleton.names[joints[SLOT_INDEX[slot]]];
  return { joints, found, bones };
}

function mapMixamo(skeleton: Skeleton, candidates: Uint8Array, joints: Int16Array): void {
  for (let j = 0; j < skeleton.jointCount; j++) {
    if (!candidates[j]) continue;
    const name = skeleton.names[j];
    const slot = MIXAMO[name.replace(MIXAMO_PREFIX, '')];
    if (slot && MIXAMO_PREFIX.test(name) && joints[SLOT_INDEX[slot]] < 0) joints[SLOT_INDEX[slot]] = j;
  }
}

function applyHandMap(skeleton: Skeleton, map: HandMap, joints: Int16Array): void {
  for (const [slot, bone] of Object.entries(map)) {
    if (!isHumanoidSlot(slot)) {
      throw new AnimError('unknown-joint', `the rig map names "${slot}", which is not a humanoid slot`);
    }
    const joint = typeof bone === 'string' ? skeleton.indexByName.get(bone) : undefined;
    if (joint === undefined) {
      throw new AnimError('unknown-joint', `the rig map puts ${slot} on "${bone}", which is not a bone of this rig`);
    }
    joints[SLOT_INDEX[slot]] = joint;
  }
}

/**
 * Rejects bodies that are not built like a standing person (the model's +Y is up, as glTF has it):
 * a torso that does not rise from the hips, hands that hang down to the feet. Their slots become missing.
 */
function checkUpright(skeleton: Skeleton, joints: Int16Array): string[] {
  const at = (slot: HumanoidSlot) => joints[SLOT_INDEX[slot]];
  if (at('hips') < 0 || at('head') < 0 || at('leftFoot') < 0 || at('rightFoot') < 0) return [];
  const sims = new Float64Array(skeleton.jointCount * SIM);
  modelSims(skeleton.parents, skeleton.restTranslations, skeleton.restRotations, skeleton.restScales, sims);
  const y = (slot: HumanoidSlot) => sims[at(slot) * SIM + 1];
  const ground = (y('leftFoot') + y('rightFoot')) / 2;
  const hipsHeight = y('hips') - ground;
  const notes: string[] = [];
  const h = at('hips') * SIM;
  const d = at('head') * SIM;
  const rise = sims[d + 1] - sims[h + 1];
  const reach = length2(sims[d] - sims[h], sims[d + 2] - sims[h + 2]);
  if (!(hipsHeight > 0) || !(rise > reach)) {
    notes.push('the head is not above the hips, or the hips not above the feet');
    for (const slot of ['spine', 'chest', 'upperChest', 'neck', 'head'] as const) joints[SLOT_INDEX[slot]] = -1;
  }
  for (const side of ['left', 'right'] as const) {
    const end = at(`${side}Hand`) >= 0 ? `${side}Hand` : `${side}LowerArm`;
    if (at(end as HumanoidSlot) >= 0 && y(end as HumanoidSlot) - ground < hipsHeight / 2) {
      notes.push(`the ${side} arm reaches down to the ground`);
      for (const part of ['Shoulder', 'UpperArm', 'LowerArm', 'Hand'])
        joints[SLOT_INDEX[`${side}${part}` as HumanoidSlot]] = -1;
    }
  }
  return notes;
}

/** The `auto` profile: names say what a bone is and on which side; the hierarchy settles the rest. */
class AutoMapper {
  private names: (BoneName | null)[];
  private readonly depth: Int32Array;

  constructor(
    private readonly skeleton: Skeleton,
    candidates: Uint8Array,
    private readonly joints: Int16Array,
  ) {
    this.names = skeleton.names.map((name, j) => {
      if (!candidates[j]) return null;
      const read = readBoneName(name);
      return read.ignored || read.part === null ? null : read;
    });
    this.depth = new Int32Array(skeleton.jointCount);
    for (let j = 0; j < skeleton.jointCount; j++) {
      const p = skeleton.parents[j];
      this.depth[j] = p < 0 ? 0 : this.depth[p] + 1;
    }
    this.sideBySpace();
  }

  /**
   * Limb bones whose names say no side take it from where they lie in the rest pose: the body faces where
   * its toes point (else +Z, glTF's front) and its left is to the left of that, seen from above.
   */
  private sideBySpace(): void {
    const limbs = new Set<BodyPart>([
      'shoulder',
      'upperArm',
      'arm',
      'lowerArm',
      'hand',
      'upperLeg',
      'leg',
      'lowerLeg',
      'foot',
      'toes',
    ]);
    const unsided = this.names.flatMap((n, j) => (n && n.side === 'none' && limbs.has(n.part!) ? [j] : []));
    if (unsided.length === 0) return;
    const s = this.skeleton;
    const sims = new Float64Array(s.jointCount * SIM);
    modelSims(s.parents, s.restTranslations, s.restRotations, s.restScales, sims);
    let fx = 0;
    let fz = 0;
    for (const j of unsided) {
      if (this.names[j]?.part !== 'toes') continue;
      const p = s.parents[j];
      fx += sims[j * SIM] - sims[p * SIM];
      fz += sims[j * SIM + 2] - sims[p * SIM + 2];
    }
    if (length2(fx, fz) < 1e-9) fz = 1;
    // left = up × forward
    const lx = fz;
    const lz = -fx;
    let centre = 0;
    for (let j = 0; j < s.jointCount; j++) centre += (sims[j * SIM] * lx + sims[j * SIM + 2] * lz) / s.jointCount;
    for (const j of unsided) {
      const along = sims[j * SIM] * lx + sims[j * SIM + 2] * lz - centre;
      const read = this.names[j]!;
      if (Math.abs(along) > 1e-6 * length2(lx, lz)) this.names[j] = { ...read, side: along > 0 ? 'left' : 'right' };
    }
  }

  run(): void {
    for (const side of ['left', 'right'] as const) {
      this.mapLimb(side, ['upperLeg', 'lowerLeg', 'foot'], 'leg', 'UpperLeg', 'LowerLeg', 'Foot');
      this.mapLimb(side, ['upperArm', 'lowerArm', 'hand'], 'arm', 'UpperArm', 'LowerArm', 'Hand');
      this.mapEnd(side, 'toes', 'Foot', 'Toes', 'foot');
      this.mapShoulder(side);
    }
    this.mapTorso();
  }

  private set(slot: HumanoidSlot, joint: number): void {
    if (joint >= 0) this.joints[SLOT_INDEX[slot]] = joint;
  }

  private get(slot: HumanoidSlot): number {
    return this.joints[SLOT_INDEX[slot]];
  }

  /** Joints named as `part` on `side`, shallowest first. */
  private named(part: BodyPart, side: Side | 'any'): number[] {
    const out: number[] = [];
    this.names.forEach((n, j) => {
      if (n && n.part === part && (side === 'any' || n.side === side)) out.push(j);
    });
    return out.sort((a, b) => this.depth[a] - this.depth[b] || a - b);
  }

  private isAncestor(a: number, b: number): boolean {
    for (let p = this.skeleton.parents[b]; p >= 0; p = this.skeleton.parents[p]) if (p === a) return true;
    return false;
  }

  /**
   * A limb: its three bones by their own names, where "leg" or "arm" alone is the upper bone when a lower
   * one is named and the lower when an upper one is (Mixamo's LeftLeg is the shin); then gaps filled by
   * the hierarchy (the parent of the foot is the shin).
   */
  private mapLimb(
    side: 'left' | 'right',
    parts: readonly [BodyPart, BodyPart, BodyPart],
    bare: BodyPart,
    upper: string,
    lower: string,
    end: string,
  ): void {
    const [upperPart, lowerPart, endPart] = parts;
    const ends = this.named(endPart, side);
    let tip = ends.length > 0 ? ends[0] : -1;
    let up = this.named(upperPart, side)[0] ?? -1;
    let low = this.named(lowerPart, side)[0] ?? -1;
    const plain = this.named(bare, side);
    if (plain.length >= 2 && up < 0 && low < 0) {
      up = plain[0];
      low = plain.find((j) => this.isAncestor(up, j)) ?? -1;
    } else if (plain.length > 0) {
      if (up >= 0 && low < 0) low = plain.find((j) => this.isAncestor(up, j)) ?? -1;
      else if (low >= 0 && up < 0) up = plain.find((j) => this.isAncestor(j, low)) ?? -1;
      else if (up < 0 && low < 0) up = plain[0];
    }
    const parents = this.skeleton.parents;
    if (tip >= 0 && low < 0 && parents[tip] >= 0 && parents[tip] !== up) low = parents[tip];
    if (low >= 0 && up < 0 && parents[low] >= 0) up = parents[low];
    if (tip < 0 && low >= 0) {
      // an unnamed hand or foot: the lower bone's only child that has children of its own
      const kids = this.childrenOf(low).filter((k) => this.names[k] === null || this.names[k]?.part === endPart);
      if (kids.length === 1) tip = kids[0];
    }
    this.set(`${side}${upper}` as HumanoidSlot, up);
    this.set(`${side}${lower}` as HumanoidSlot, low);
    this.set(`${side}${end}` as HumanoidSlot, tip);
  }

  private childrenOf(joint: number): number[] {
    const out: number[] = [];
    for (let j = joint + 1; j < this.skeleton.jointCount; j++) {
      if (this.skeleton.parents[j] === joint && !readBoneName(this.skeleton.names[j]).ignored) out.push(j);
    }
    return out;
  }

  /** Toes: named, below the foot; a second "foot" bone below the first (Foot01 → Foot02) counts. */
  private mapEnd(side: 'left' | 'right', part: BodyPart, from: string, slot: string, alt: BodyPart): void {
    const base = this.get(`${side}${from}` as HumanoidSlot);
    if (base < 0) return;
    const list = [...this.named(part, side), ...this.named(alt, side)].filter((j) => this.isAncestor(base, j));
    if (list.length > 0) this.set(`${side}${slot}` as HumanoidSlot, list[0]);
  }

  private mapShoulder(side: 'left' | 'right'): void {
    const arm = this.get(`${side}UpperArm`);
    if (arm < 0) return;
    const named = this.named('shoulder', side).filter(
      (j) => j === this.skeleton.parents[arm] || this.isAncestor(j, arm),
    );
    const parent = this.skeleton.parents[arm];
    const read = parent >= 0 ? this.names[parent] : null;
    // an unnamed-side parent of the upper arm on its own side of the chest is a shoulder too
    if (named.length > 0) this.set(`${side}Shoulder`, named[named.length - 1]);
    else if (read && read.side === side) this.set(`${side}Shoulder`, parent);
  }

  /**
   * The torso: hips where the legs and the spine part (a bone named Hips that does not carry the legs
   * is not the hips), the head by name or as the highest bone over the shoulders, and the bones between
   * spread over spine, chest, upper chest and neck.
   */
  private mapTorso(): void {
    const legL = this.get('leftUpperLeg');
    const legR = this.get('rightUpperLeg');
    const armL = this.get('leftUpperArm');
    const armR = this.get('rightUpperArm');
    const arms = armL >= 0 && armR >= 0 ? this.commonAncestor(armL, armR) : -1;
    let head = this.named('head', 'any').find((j) => arms < 0 || this.isAncestor(arms, j)) ?? -1;
    if (head < 0 && arms >= 0) head = this.highestAbove(arms, [armL, armR]);
    if (head < 0) return;
    let hips = -1;
    if (legL >= 0 && legR >= 0) hips = this.commonAncestor(this.commonAncestor(legL, legR), head);
    else hips = this.named('hips', 'any')[0] ?? -1;
    if (hips < 0) return;
    this.set('hips', hips);
    this.set('head', head);
    const path: number[] = [];
    for (let p = this.skeleton.parents[head]; p >= 0 && p !== hips; p = this.skeleton.parents[p]) path.unshift(p);
    if (path.length === 0) return;
    let neckAt = path.findIndex((j) => this.names[j]?.part === 'neck');
    if (neckAt < 0 && arms >= 0) {
      const branch = path.indexOf(arms);
      if (branch >= 0 && branch < path.length - 1) neckAt = branch + 1;
    }
    const body = neckAt >= 0 ? path.slice(0, neckAt) : path;
    if (neckAt >= 0) this.set('neck', path[neckAt]);
    if (body.length === 0) return;
    this.set('spine', body[0]);
    if (body.length >= 2) this.set('chest', body[1]);
    if (body.length >= 3) this.set('upperChest', body[body.length - 1]);
  }

  private commonAncestor(a: number, b: number): number {
    const parents = this.skeleton.parents;
    while (a !== b && a >= 0 && b >= 0) {
      if (this.depth[a] >= this.depth[b]) a = parents[a];
      else b = parents[b];
    }
    return a === b ? a : -1;
  }

  /** The bone highest over `root` (in the rest pose) outside the given subtrees: a head nobody named. */
  private highestAbove(root: number, exclude: readonly number[]): number {
    const sims = new Float64Array(this.skeleton.jointCount * SIM);
    const s = this.skeleton;
    modelSims(s.parents, s.restTranslations, s.restRotations, s.restScales, sims);
    let best = -1;
    for (let j = root + 1; j < s.jointCount; j++) {
      if (!this.isAncestor(root, j) || exclude.some((e) => e === j || this.isAncestor(e, j))) continue;
      if (readBoneName(s.names[j]).ignored) continue;
      if (best < 0 || sims[j * SIM + 1] > sims[best * SIM + 1]) best = j;
    }
    return best;
  }
}

import { length3 } from '../length.js';
import { multiply, rotateVector, rotationBetween } from '../quat.js';
import type { Skeleton } from '../skeleton.js';
import type { Skin } from '../skinning.js';
import type { HumanoidMap } from './humanoid-map.js';
import { composeSim, invertMatrixToSim, modelSims, relativeSim, SIM } from './similarity.js';
import {
  BODY_PARENTS,
  HUMANOID_SLOTS,
  type HumanoidSlot,
  REFERENCE_DIRECTIONS,
  SLOT_COUNT,
  SLOT_INDEX,
} from './slots.js';

/**
 * A rig ready for retargeting: its humanoid map and its reference T-pose. The reference is derived from
 * the rest pose: limbs swung (by the shortest turn, so the palms and knees keep their roll) until arms
 * point along the body's ±X and legs straight down, in a canonical frame that turns the rig to face +Z
 * with its left on +X. Clips transfer as each slot's rotation away from this reference.
 */
export interface HumanoidRig {
  readonly skeleton: Skeleton;
  readonly map: HumanoidMap;
  /** Bind-pose model transforms of every joint (similarity.ts layout, 8 per joint). */
  readonly rest: Float64Array;
  /** Model space → canonical frame: a turn about +Y, x y z w. */
  readonly facing: Float64Array;
  /** Reference T-pose model transforms per slot (8 per slot; unmapped slots zero). */
  readonly reference: Float64Array;
  /** Per slot, the slot it is placed from (its body parent in this rig), -1 for the hips and unmapped slots. */
  readonly bodyParent: Int8Array;
  /** Per slot, its rest transform in its body parent's rest frame (8 per slot). */
  readonly fromBodyParent: Float64Array;
  /**
   * Per slot, 1 when its own parent chain does not carry it from its body parent (the hips; an IK foot
   * parented to the root): a retargeted clip gives it a translation track.
   */
  readonly detached: Uint8Array;
  /** Hip joint height when standing straight: thigh + shin + ankle height, mean of both legs (model units). */
  readonly legLength: number;
  /** Rest midpoint of the upper legs (model space). */
  readonly hipJoints: Float64Array;
}

/**
 * Builds the reference T-pose and everything a retarget reads from a rig, once per rig. With skins, the
 * reference starts from the bind pose their inverse bind matrices record (a Mixamo export's bind pose is
 * its T-pose, whatever pose its nodes were saved in); otherwise from the nodes' rest pose.
 */
export function buildHumanoidRig(skeleton: Skeleton, map: HumanoidMap, skins: readonly Skin[] = []): HumanoidRig {
  const rest = bindPose(skeleton, skins);
  const joint = (slot: number) => map.joints[slot];
  if (skins.length > 0) standUp(rest, skeleton, joint);
  const pos = (j: number, k: number) => rest[j * SIM + k];

  // facing: the body's left from the limbs' sides (upper legs, then upper arms), up is the model's +Y
  let lx = 0;
  let lz = 0;
  for (const [l, r] of [
    ['leftUpperLeg', 'rightUpperLeg'],
    ['leftUpperArm', 'rightUpperArm'],
  ] as const) {
    lx += pos(joint(SLOT_INDEX[l]), 0) - pos(joint(SLOT_INDEX[r]), 0);
    lz += pos(joint(SLOT_INDEX[l]), 2) - pos(joint(SLOT_INDEX[r]), 2);
  }
  // the turn taking the body's left (lx, 0, lz) onto +X
  const facing = new Float64Array(4);
  rotationBetween(facing, 0, lx, 0, lz, 1, 0, 0);
  const unfacing = Float64Array.of(-facing[0], -facing[1], -facing[2], facing[3]);

  const bodyParent = new Int8Array(SLOT_COUNT).fill(-1);
  const fromBodyParent = new Float64Array(SLOT_COUNT * SIM);
  const reference = new Float64Array(SLOT_COUNT * SIM);
  const detached = new Uint8Array(SLOT_COUNT);
  const hips = joint(SLOT_INDEX.hips);
  reference.set(rest.subarray(hips * SIM, hips * SIM + SIM), SLOT_INDEX.hips * SIM);
  detached[SLOT_INDEX.hips] = 1;
  const scratch = new Float64Array(8);
  HUMANOID_SLOTS.forEach((slot, s) => {
    const j = joint(s);
    if (j < 0 || slot === 'hips') return;
    const candidates = BODY_PARENTS[slot] ?? [];
    const parentSlot = candidates.map((c) => SLOT_INDEX[c]).find((c) => joint(c) >= 0) ?? SLOT_INDEX.hips;
    bodyParent[s] = parentSlot;
    relativeSim(fromBodyParent, s * SIM, rest, joint(parentSlot) * SIM, rest, j * SIM);
    composeSim(reference, s * SIM, reference, parentSlot * SIM, fromBodyParent, s * SIM);
    detached[s] = carriedBy(skeleton, map, joint(parentSlot), j) ? 0 : 1;
  });
  // limbs onto the reference directions, upper bones first; a child slot follows its body parent
  for (const { slot, tip, direction } of REFERENCE_DIRECTIONS) {
    const s = SLOT_INDEX[slot];
    const j = joint(s);
    const tipLocal = tipOffset(skeleton, rest, j, joint(SLOT_INDEX[tip]), scratch);
    if (!tipLocal) continue;
    const o = s * SIM;
    // the tip's current direction from the bone, in model space
    rotateVector(scratch, 0, reference, o + 3, tipLocal[0], tipLocal[1], tipLocal[2]);
    rotateVector(scratch, 3, unfacing, 0, direction[0], direction[1], direction[2]);
    rotationBetween(scratch, 4, scratch[0], scratch[1], scratch[2], scratch[3], scratch[4], scratch[5]);
    const turn = scratch.slice(4, 8);
    swingSubtree(reference, bodyParent, s, turn);
  }

  let legLength = 0;
  const hipJoints = new Float64Array(3);
  for (const side of ['left', 'right'] as const) {
    const up = joint(SLOT_INDEX[`${side}UpperLeg`]);
    const low = joint(SLOT_INDEX[`${side}LowerLeg`]);
    const foot = joint(SLOT_INDEX[`${side}Foot`]);
    legLength += (distance(rest, up, low) + distance(rest, low, foot) + pos(foot, 1)) / 2;
    for (let k = 0; k < 3; k++) hipJoints[k] += pos(up, k) / 2;
  }
  return {
    skeleton,
    map,
    rest,
    facing,
    reference,
    bodyParent,
    fromBodyParent,
    detached,
    legLength,
    hipJoints,
  };
}

/**
 * Model transforms of the bind pose: skinned joints from their inverse binds, the others carried along.
 * Inverse binds live in the mesh's own units (RobotExpressive's are a hundredth of its scene's); the
 * skinned joints are brought to the scene's scale by the first one's rest scale.
 */
function bindPose(skeleton: Skeleton, skins: readonly Skin[]): Float64Array {
  const n = skeleton.jointCount;
  const out = new Float64Array(n * SIM);
  const local = new Float64Array(n * SIM);
  modelSims(new Int16Array(n).fill(-1), skeleton.restTranslations, skeleton.restRotations, skeleton.restScales, local);
  const rest = new Float64Array(n * SIM);
  modelSims(skeleton.parents, skeleton.restTranslations, skeleton.restRotations, skeleton.restScales, rest);
  const bound = new Int32Array(n).fill(-1);
  const binds: Float32Array[] = [];
  skins.forEach((skin, k) => {
    binds.push(skin.inverseBinds);
    skin.joints.forEach((j, slot) => {
      if (bound[j] < 0) bound[j] = (k << 16) | slot;
    });
  });
  let unit = 0;
  for (let j = 0; j < n; j++) {
    const p = skeleton.parents[j];
    const o = j * SIM;
    if (bound[j] >= 0) {
      invertMatrixToSim(out, o, binds[bound[j] >> 16], (bound[j] & 0xffff) * 16);
      if (unit === 0) unit = rest[o + 7] / out[o + 7];
      for (const k of [0, 1, 2, 7]) out[o + k] *= unit;
    } else if (p < 0) out.set(local.subarray(o, o + SIM), o);
    else composeSim(out, o, out, p * SIM, local, o);
  }
  return out;
}

/**
 * Puts a bind pose recorded in another frame (RobotExpressive's inverse binds are Blender's Z-up) into
 * the scene's: the axis nearest the body's up turned onto +Y (a quarter or half turn, never a lean), the
 * hips over their rest place and the feet at their rest height.
 */
function standUp(bind: Float64Array, skeleton: Skeleton, joint: (slot: number) => number): void {
  const at = (slot: HumanoidSlot, k: number) => bind[joint(SLOT_INDEX[slot]) * SIM + k];
  const up = [0, 1, 2].map((k) => at('head', k) - (at('leftFoot', k) + at('rightFoot', k)) / 2);
  const axis = [0, 1, 2].reduce((best, k) => (Math.abs(up[k]) > Math.abs(up[best]) ? k : best), 0);
  const turn = new Float64Array(SIM);
  turn[7] = 1;
  const from = [0, 0, 0];
  from[axis] = Math.sign(up[axis]);
  rotationBetween(turn, 3, from[0], from[1], from[2], 0, 1, 0);
  for (let j = 0; j < skeleton.jointCount; j++) composeSim(bind, j * SIM, turn, 0, bind, j * SIM);
  const rest = new Float64Array(skeleton.jointCount * SIM);
  modelSims(skeleton.parents, skeleton.restTranslations, skeleton.restRotations, skeleton.restScales, rest);
  const restAt = (slot: HumanoidSlot, k: number) => rest[joint(SLOT_INDEX[slot]) * SIM + k];
  const dx = restAt('hips', 0) - at('hips', 0);
  const dz = restAt('hips', 2) - at('hips', 2);
  const dy = (restAt('leftFoot', 1) + restAt('rightFoot', 1) - at('leftFoot', 1) - at('rightFoot', 1)) / 2;
  for (let j = 0; j < skeleton.jointCount; j++) {
    bind[j * SIM] += dx;
    bind[j * SIM + 1] += dy;
    bind[j * SIM + 2] += dz;
  }
}

/** Whether `child` hangs from `ancestor` through joints the map leaves alone (so it moves with it). */
function carriedBy(skeleton: Skeleton, map: HumanoidMap, ancestor: number, child: number): boolean {
  for (let p = skeleton.parents[child]; p >= 0; p = skeleton.parents[p]) {
    if (p === ancestor) return true;
    if (map.joints.includes(p)) return false;
  }
  return false;
}

/**
 * Where a limb bone points, in its own rest frame: at the next slot's joint, or (a forearm with no hand)
 * at the middle of its children (the wrist, where the fingers start). Null when neither exists or it sits on the joint.
 */
function tipOffset(
  skeleton: Skeleton,
  rest: Float64Array,
  joint: number,
  tip: number,
  scratch: Float64Array,
): Float64Array | null {
  let x = 0;
  let y = 0;
  let z = 0;
  if (tip >= 0) {
    x = rest[tip * SIM];
    y = rest[tip * SIM + 1];
    z = rest[tip * SIM + 2];
  } else {
    let count = 0;
    for (let c = joint + 1; c < skeleton.jointCount; c++) {
      if (skeleton.parents[c] !== joint) continue;
      x += rest[c * SIM];
      y += rest[c * SIM + 1];
      z += rest[c * SIM + 2];
      count++;
    }
    if (count === 0) return null;
    x /= count;
    y /= count;
    z /= count;
  }
  const o = joint * SIM;
  const dx = x - rest[o];
  const dy = y - rest[o + 1];
  const dz = z - rest[o + 2];
  if (length3(dx, dy, dz) < 1e-9) return null;
  // into the joint's rest frame (rotation only: directions do not scale)
  const q = rest.subarray(o + 3, o + 7);
  const inv = Float64Array.of(-q[0], -q[1], -q[2], q[3]);
  rotateVector(scratch, 0, inv, 0, dx, dy, dz);
  return scratch.slice(0, 3);
}

/** Turns slot s's reference transform by `turn` about its own position, and every slot placed from it. */
function swingSubtree(reference: Float64Array, bodyParent: Int8Array, s: number, turn: Float64Array): void {
  const pivot = reference.slice(s * SIM, s * SIM + 3);
  const moved = new Uint8Array(SLOT_COUNT);
  moved[s] = 1;
  for (let c = s; c < SLOT_COUNT; c++) {
    if (c !== s && (bodyParent[c] < 0 || !moved[bodyParent[c]])) continue;
    moved[c] = 1;
    const o = c * SIM;
    const rel = Float64Array.of(reference[o] - pivot[0], reference[o + 1] - pivot[1], reference[o + 2] - pivot[2]);
    rotateVector(reference, o, turn, 0, rel[0], rel[1], rel[2]);
    reference[o] += pivot[0];
    reference[o + 1] += pivot[1];
    reference[o + 2] += pivot[2];
    const q = reference.slice(o + 3, o + 7);
    multiply(reference, o + 3, turn, 0, q, 0);
  }
}

function distance(sims: Float64Array, a: number, b: number): number {
  return length3(
    sims[a * SIM] - sims[b * SIM],
    sims[a * SIM + 1] - sims[b * SIM + 1],
    sims[a * SIM + 2] - sims[b * SIM + 2],
  );
}

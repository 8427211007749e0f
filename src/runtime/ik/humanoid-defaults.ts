import { localToModel } from '../fk.js';
import { length3 } from '../length.js';
import { createPose, setRestPose } from '../pose.js';
import { fromMatrix, unrotateVector } from '../quat.js';
import type { HumanoidMap } from '../retarget/humanoid-map.js';
import { HUMANOID_SLOTS, type HumanoidSlot } from '../retarget/slots.js';
import type { Skeleton } from '../skeleton.js';
import type { RawConstraint } from './constraints.js';

const DEG = Math.PI / 180;

/** A cone: swing and twist, degrees. A hinge: elbow or knee, flexion range in degrees. */
type NaturalLimit =
  | { kind: 'cone'; swing: number; twist: number }
  | { kind: 'elbow' | 'knee'; min: number; max: number };

/* @__NO_SIDE_EFFECTS__ */
function cone(swing: number, twist: number): NaturalLimit {
  return { kind: 'cone', swing, twist };
}
const ELBOW: NaturalLimit = { kind: 'elbow', min: -5, max: 150 };
const KNEE: NaturalLimit = { kind: 'knee', min: -5, max: 150 };

/**
 * A human's joint ranges, measured from a T-pose (or A-pose) rest: cones for the ball joints and the spine,
 * hinges for elbows and knees. Generous rather than tight: they stop a solver from folding a limb through
 * itself, not an animator from posing it.
 */
const NATURAL: Partial<Record<HumanoidSlot, NaturalLimit>> = {
  spine: cone(30, 30),
  chest: cone(30, 30),
  upperChest: cone(25, 25),
  neck: cone(45, 50),
  head: cone(50, 60),
  leftShoulder: cone(20, 15),
  rightShoulder: cone(20, 15),
  leftUpperArm: cone(100, 90),
  rightUpperArm: cone(100, 90),
  leftLowerArm: ELBOW,
  rightLowerArm: ELBOW,
  leftHand: cone(80, 45),
  rightHand: cone(80, 45),
  leftUpperLeg: cone(110, 45),
  rightUpperLeg: cone(110, 45),
  leftLowerLeg: KNEE,
  rightLowerLeg: KNEE,
  leftFoot: cone(45, 25),
  rightFoot: cone(45, 25),
  leftToes: cone(40, 10),
  rightToes: cone(40, 10),
};

/** The slot whose joint a limb slot points at (its bone's direction). */
const LIMB_TIP: Partial<Record<HumanoidSlot, HumanoidSlot>> = {
  leftUpperArm: 'leftLowerArm',
  leftLowerArm: 'leftHand',
  rightUpperArm: 'rightLowerArm',
  rightLowerArm: 'rightHand',
  leftUpperLeg: 'leftLowerLeg',
  leftLowerLeg: 'leftFoot',
  rightUpperLeg: 'rightLowerLeg',
  rightLowerLeg: 'rightFoot',
};

function restModel(skeleton: Skeleton): Float32Array {
  const pose = createPose(skeleton.jointCount);
  setRestPose(skeleton, pose);
  const model = new Float32Array(skeleton.jointCount * 16);
  localToModel(skeleton, pose, null, model);
  return model;
}

/** A model-space direction in joint j's own rest frame. */
function inJointFrame(model: Float32Array, j: number, x: number, y: number, z: number): number[] {
  const q = new Float64Array(4);
  const out = new Float64Array(3);
  fromMatrix(q, 0, model, j * 16);
  unrotateVector(out, 0, q, 0, x, y, z);
  return [out[0], out[1], out[2]];
}

/** Unit model-space direction from joint a to joint b at rest, or null when they coincide. */
function direction(model: Float32Array, a: number, b: number): number[] | null {
  const d = [0, 1, 2].map((k) => model[b * 16 + 12 + k] - model[a * 16 + 12 + k]);
  const len = length3(d[0], d[1], d[2]);
  return len > 1e-9 ? d.map((v) => v / len) : null;
}

const cross = (a: number[], b: number[]) => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/**
 * Humanoid joint limits for the joints of a chain that the humanoid map knows (others stay free), keyed by
 * joint name for `buildChain`'s `limits`. Elbows and knees are hinges about the axis across the limb that
 * bends the forearm forward and the shin back (the model faces +Z, glTF's front); shoulders, hips, spine,
 * neck, head, hands and feet are cones about the bone (toward the next chain joint, else the first child).
 */
export function naturalLimits(
  skeleton: Skeleton,
  chain: ArrayLike<number>,
  humanoid: HumanoidMap,
): Record<string, RawConstraint> {
  const model = restModel(skeleton);
  const limits: Record<string, RawConstraint> = {};
  const forward = [0, 0, 1];
  for (let i = 0; i < chain.length; i++) {
    const j = chain[i];
    const slotIndex = humanoid.joints.indexOf(j);
    if (slotIndex < 0) continue;
    const slot = HUMANOID_SLOTS[slotIndex];
    const limit = NATURAL[slot];
    if (!limit) continue;
    const name = skeleton.names[j];
    if (limit.kind === 'cone') {
      const next = i + 1 < chain.length ? chain[i + 1] : firstChild(skeleton, model, j);
      const d = next >= 0 ? direction(model, j, next) : null;
      limits[name] = {
        type: 'cone',
        angle: limit.swing * DEG,
        twistMin: -limit.twist * DEG,
        twistMax: limit.twist * DEG,
        axis: d ? inJointFrame(model, j, d[0], d[1], d[2]) : [0, 1, 0],
      };
      continue;
    }
    const tipSlot = LIMB_TIP[slot];
    const tip = tipSlot ? humanoid.joints[HUMANOID_SLOTS.indexOf(tipSlot)] : -1;
    const d = tip >= 0 ? direction(model, j, tip) : null;
    if (!d) continue;
    // the forearm swings forward, the shin back: the axis across the limb, perpendicular to the front
    const axis = limit.kind === 'elbow' ? cross(d, forward) : cross(forward, d);
    const len = length3(axis[0], axis[1], axis[2]);
    if (len < 1e-6) continue; // a limb pointing straight ahead at rest: no way to tell its bend
    limits[name] = {
      type: 'hinge',
      axis: inJointFrame(model, j, axis[0] / len, axis[1] / len, axis[2] / len),
      min: limit.min * DEG,
      max: limit.max * DEG,
    };
  }
  return limits;
}

/** The first child of j that sits away from it at rest, or -1. */
function firstChild(skeleton: Skeleton, model: Float32Array, j: number): number {
  for (let k = j + 1; k < skeleton.jointCount; k++) {
    if (skeleton.parents[k] === j && direction(model, j, k)) return k;
  }
  return -1;
}

/**
 * The character's front (+Z of the model, glTF's convention) in joint j's own rest frame: the axis a head
 * or a hand aims with by default.
 */
export function restForwardAxis(skeleton: Skeleton, j: number): number[] {
  return inJointFrame(restModel(skeleton), j, 0, 0, 1);
}

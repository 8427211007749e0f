// Authored key poses → the keys a clip stores. Between two authored keys the script adds keys every BAKE_STEP:
// joint angles slerped, the hips and the feet and hand plants interpolated and the legs and arms solved again,
// so a foot or a hand on the ground stays on it (interpolating two solutions' angles would let it sink or
// slide). A pose with neither a foot nor a hand planted is raised, if need be, until nothing of it is under the
// ground.
import { type HandPlant, plantHands } from './arms';
import type { ClipKey } from './clip';
import { type FeetPlants, type FootPlant, plantFeet } from './legs';
import {
  type Angles,
  anglesToQuaternion,
  forwardKinematics,
  type Pose,
  playPose,
  quaternionToAngles,
  REST_HIPS,
  worldPoint,
} from './pose';
import { type JointName, SOLE_POINTS, type Vec3 } from './skeleton';

export const BAKE_STEP = 1 / 30;

export function bakeKeys(keys: readonly ClipKey[], step = BAKE_STEP): ClipKey[] {
  const solved = keys.map((k) => ({ time: k.time, pose: solve(k.pose) }));
  const out: ClipKey[] = [solved[0]];
  for (let i = 0; i + 1 < solved.length; i++) {
    const a = solved[i];
    const b = solved[i + 1];
    const steps = Math.max(1, Math.ceil((b.time - a.time) / step - 1e-9));
    for (let j = 1; j < steps; j++) {
      const f = j / steps;
      out.push({ time: a.time + (b.time - a.time) * f, pose: solve(between(a.pose, b.pose, f)) });
    }
    out.push(b);
  }
  return out;
}

function solve(pose: Pose): Pose {
  const feet = pose.feet && (pose.feet.left || pose.feet.right);
  const hands = pose.hands && (pose.hands.left || pose.hands.right);
  const legs = feet ? plantFeet(pose) : hands ? pose : aboveGround(pose);
  return hands ? plantHands(legs) : legs;
}

function between(a: Pose, b: Pose, f: number): Pose {
  const joints: Partial<Record<JointName, Angles>> = {};
  for (const name of new Set([...Object.keys(a.joints), ...Object.keys(b.joints)]) as Set<JointName>) {
    const qa = anglesToQuaternion(a.joints[name] ?? [0, 0, 0]);
    joints[name] = quaternionToAngles(qa.slerp(anglesToQuaternion(b.joints[name] ?? [0, 0, 0]), f));
  }
  const feet: FeetPlants = {
    left: lerpPlant(a.feet?.left, b.feet?.left, f),
    right: lerpPlant(a.feet?.right, b.feet?.right, f),
  };
  const hands = {
    left: lerpHand(a.hands?.left, b.hands?.left, f),
    right: lerpHand(a.hands?.right, b.hands?.right, f),
  };
  return { hips: lerp3(a.hips ?? REST_HIPS, b.hips ?? REST_HIPS, f), joints, feet, hands };
}

/** Likewise a hand. */
function lerpHand(a: HandPlant | undefined, b: HandPlant | undefined, f: number): HandPlant | undefined {
  if (!a || !b) return undefined;
  const mix = (x = 0, y = 0) => x + (y - x) * f;
  return {
    x: mix(a.x, b.x),
    z: mix(a.z, b.z),
    yaw: mix(a.yaw, b.yaw),
    lift: mix(a.lift, b.lift),
    elbow: lerp3(a.elbow, b.elbow, f),
  };
}

/** A foot is planted between two keys only if it is planted in both. */
function lerpPlant(a: FootPlant | undefined, b: FootPlant | undefined, f: number): FootPlant | undefined {
  if (!a || !b) return undefined;
  const mix = (x = 0, y = 0) => x + (y - x) * f;
  return {
    x: mix(a.x, b.x),
    z: mix(a.z, b.z),
    yaw: mix(a.yaw, b.yaw),
    roll: mix(a.roll, b.roll),
    lift: mix(a.lift, b.lift),
    ground: mix(a.ground, b.ground),
    knee: a.knee && b.knee ? lerp3(a.knee, b.knee, f) : (a.knee ?? b.knee),
  };
}

function lerp3(a: Vec3, b: Vec3, f: number): Vec3 {
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

/** Points that must stay above the ground, with the body's thickness around them. */
const GROUND_PROBES: ReadonlyArray<[JointName, number]> = [
  ['Hips', 0.1],
  ['Spine', 0.1],
  ['Chest', 0.1],
  ['Head', 0.11],
  ['LeftLowerLeg', 0.05],
  ['RightLowerLeg', 0.05],
  ['LeftLowerArm', 0.04],
  ['RightLowerArm', 0.04],
  ['LeftHand', 0.03],
  ['RightHand', 0.03],
];

function aboveGround(pose: Pose): Pose {
  const world = forwardKinematics(playPose(pose));
  let lowest = Number.POSITIVE_INFINITY;
  for (const [joint, radius] of GROUND_PROBES) lowest = Math.min(lowest, world[joint].position.y - radius);
  for (const side of ['Left', 'Right'] as const) {
    lowest = Math.min(lowest, worldPoint(world, `${side}Foot`, SOLE_POINTS.heel.offset).y);
    lowest = Math.min(lowest, worldPoint(world, `${side}Toes`, SOLE_POINTS.ball.offset).y);
  }
  if (lowest >= 0) return pose;
  const [x, y, z] = pose.hips ?? REST_HIPS;
  return { ...pose, hips: [x, y - lowest, z] };
}

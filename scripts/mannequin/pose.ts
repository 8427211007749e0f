// Poses as authored (Euler angles per joint, degrees) and as played (quaternions), forward kinematics over them.
import { Euler, Quaternion, Vector3 } from 'three';
import type { HandPlant, HandPlants } from './arms';
import type { FeetPlants, FootPlant } from './legs';
import { DIMENSIONS, JOINT_NAMES, JOINTS, type JointName, mirrorName, type Vec3 } from './skeleton';

/** Euler angles in degrees, XYZ order (three's default: q = qx · qy · qz), about the parent-aligned axes. */
export type Angles = readonly [number, number, number];

/**
 * An authored pose: the hips' place (the root) and the turn of each joint; a joint left out is at rest. A pose
 * may stand on planted feet and lean on planted hands: when its clip is baked, the legs and arms are solved to
 * reach them (legs.ts, arms.ts).
 */
export interface Pose {
  hips?: Vec3;
  joints: Partial<Record<JointName, Angles>>;
  feet?: FeetPlants;
  hands?: HandPlants;
}

/** A pose as played: quaternions for every joint. */
export interface PlayedPose {
  hips: Vec3;
  rotations: Record<JointName, Quaternion>;
}

const DEG = Math.PI / 180;

export const REST_HIPS: Vec3 = [0, DIMENSIONS.hipsHeight, 0];

export function anglesToQuaternion([x, y, z]: Angles): Quaternion {
  return new Quaternion().setFromEuler(new Euler(x * DEG, y * DEG, z * DEG, 'XYZ'));
}

export function quaternionToAngles(q: Quaternion): Angles {
  const e = new Euler().setFromQuaternion(q, 'XYZ');
  return [e.x / DEG, e.y / DEG, e.z / DEG];
}

export function playPose(pose: Pose): PlayedPose {
  const rotations = {} as Record<JointName, Quaternion>;
  for (const name of JOINT_NAMES) rotations[name] = anglesToQuaternion(pose.joints[name] ?? [0, 0, 0]);
  return { hips: pose.hips ?? REST_HIPS, rotations };
}

export interface JointWorld {
  position: Vector3;
  rotation: Quaternion;
}

/** World position and rotation of every joint (parents come first in JOINTS). */
export function forwardKinematics(pose: PlayedPose): Record<JointName, JointWorld> {
  const out = {} as Record<JointName, JointWorld>;
  for (const { name, parent, offset } of JOINTS) {
    const local = pose.rotations[name];
    if (!parent) {
      out[name] = { position: new Vector3(...pose.hips), rotation: local.clone() };
      continue;
    }
    const p = out[parent];
    out[name] = {
      position: new Vector3(...offset).applyQuaternion(p.rotation).add(p.position),
      rotation: p.rotation.clone().multiply(local),
    };
  }
  return out;
}

/** A joint-local point (a sole point, a fingertip) in world space. */
export function worldPoint(world: Record<JointName, JointWorld>, joint: JointName, local: Vec3): Vector3 {
  const j = world[joint];
  return new Vector3(...local).applyQuaternion(j.rotation).add(j.position);
}

/** The mirror image of a pose across the body's midplane (x → −x): left and right swap. */
export function mirrorPose(pose: Pose): Pose {
  const joints: Partial<Record<JointName, Angles>> = {};
  for (const [name, [x, y, z]] of Object.entries(pose.joints) as [JointName, Angles][]) {
    joints[mirrorName(name)] = [x, -y, -z];
  }
  const hips = pose.hips && ([-pose.hips[0], pose.hips[1], pose.hips[2]] as Vec3);
  const feet = pose.feet && { left: mirrorPlant(pose.feet.right), right: mirrorPlant(pose.feet.left) };
  const hands = pose.hands && {
    left: pose.hands.right && mirrorHand(pose.hands.right),
    right: pose.hands.left && mirrorHand(pose.hands.left),
  };
  return { hips, joints, feet, hands };
}

function mirrorPlant(plant?: FootPlant): FootPlant | undefined {
  if (!plant) return undefined;
  const knee = plant.knee && ([-plant.knee[0], plant.knee[1], plant.knee[2]] as Vec3);
  return { ...plant, x: -plant.x, yaw: plant.yaw && -plant.yaw, knee };
}

export function mirrorHand(plant: HandPlant): HandPlant {
  const { x, yaw, elbow } = plant;
  return { ...plant, x: -x, yaw: -yaw, elbow: [-elbow[0], elbow[1], elbow[2]] };
}

/** Left-side angles written once, copied mirrored to the right side. */
export function symmetric(joints: Partial<Record<JointName, Angles>>): Partial<Record<JointName, Angles>> {
  const out = { ...joints };
  for (const [name, [x, y, z]] of Object.entries(joints) as [JointName, Angles][]) {
    if (name.startsWith('Left')) out[mirrorName(name)] = [x, -y, -z];
  }
  return out;
}

/** Later poses' joints, hips, feet and hands win; a quick way to build a pose from a base and a few changes. */
export function withPose(...poses: Pose[]): Pose {
  let hips: Vec3 | undefined;
  let feet: FeetPlants | undefined;
  let hands: HandPlants | undefined;
  const joints: Partial<Record<JointName, Angles>> = {};
  for (const p of poses) {
    hips = p.hips ?? hips;
    feet = p.feet ?? feet;
    hands = p.hands ?? hands;
    Object.assign(joints, p.joints);
  }
  return { hips, joints, feet, hands };
}

/**
 * Rotations about the parent-aligned axes applied one after the other (the first turns the bone first), as the
 * Euler angles of the result: handy where a limb must twist about its own axis before it is raised.
 */
export function turns(...steps: [axis: 'x' | 'y' | 'z', degrees: number][]): Angles {
  const q = new Quaternion();
  for (const [axis, degrees] of steps) {
    const step = anglesToQuaternion([
      axis === 'x' ? degrees : 0,
      axis === 'y' ? degrees : 0,
      axis === 'z' ? degrees : 0,
    ]);
    q.premultiply(step);
  }
  return quaternionToAngles(q);
}

// Hands put where they rest: an analytic two-bone arm solve, the arms' counterpart of the leg solve in legs.ts,
// that turns a hand's place on the ground into the arm's joint angles, so that a pose propped on its hands has
// its palms flat on the floor rather than through it.
import { Matrix4, Quaternion, Vector3 } from 'three';
import {
  anglesToQuaternion,
  forwardKinematics,
  mirrorHand,
  mirrorPose,
  type Pose,
  playPose,
  quaternionToAngles,
  withPose,
} from './pose';
import { DIMENSIONS, type Vec3 } from './skeleton';

/** Where a hand rests: the wrist over the ground point (x, z), palm down, the fingers pointing `yaw`. */
export interface HandPlant {
  x: number;
  z: number;
  /** The way the fingers point, degrees about +Y (0 = +Z, 90 = +X). */
  yaw: number;
  /** The way the elbow points, world space. */
  elbow: Vec3;
  /** Height of the hand above the ground, metres (a hand about to land). */
  lift?: number;
}

export interface HandPlants {
  left?: HandPlant;
  right?: HandPlant;
}

/** The wrist's height with the palm flat on the ground: the palm's half thickness (mesh.ts) and a hair. */
const WRIST_HEIGHT = 0.028;
const UP = new Vector3(0, 1, 0);
const HINGE = new Vector3(0, 1, 0);

/**
 * Solves the arms of a pose for its hand plants (the hips' place and the torso's turn come from the pose).
 * Throws when a hand is out of the arm's reach.
 */
export function plantHands(pose: Pose): Pose {
  const hands = pose.hands ?? {};
  const left = hands.left ? plantLeftHand(pose, hands.left) : pose;
  // the right arm solved as the left arm of the mirror image
  return hands.right ? mirrorPose(plantLeftHand(mirrorPose(left), mirrorHand(hands.right))) : left;
}

/** A left hand plant and its mirror image for the right hand. */
export function bothHands(left: HandPlant): HandPlants {
  return { left, right: mirrorHand(left) };
}

/**
 * The left arm: the upper arm's own x axis along the bone, the elbow a hinge about its y axis bending the
 * forearm toward its +z (as the clips' `LeftLowerArm: [0, -bend, 0]`), so the hinge's plane is the plane of
 * the shoulder, the elbow and the wrist.
 */
function plantLeftHand(pose: Pose, plant: HandPlant): Pose {
  const world = forwardKinematics(playPose(pose));
  const shoulder = world.LeftUpperArm.position;
  const wrist = new Vector3(plant.x, WRIST_HEIGHT + (plant.lift ?? 0), plant.z);
  const a = DIMENSIONS.upperArmLength;
  const b = DIMENSIONS.lowerArmLength;
  const toWrist = wrist.clone().sub(shoulder);
  const d = toWrist.length();
  if (d > a + b) throw new Error(`left hand at (${plant.x}, ${plant.z}) is ${(d - a - b).toFixed(3)} m out of reach`);
  const dir = toWrist.normalize();
  const cosA = Math.min(1, (a * a + d * d - b * b) / (2 * a * d));
  const sinA = Math.sqrt(1 - cosA * cosA);
  const pole = new Vector3(...plant.elbow);
  pole.sub(dir.clone().multiplyScalar(pole.dot(dir)));
  if (pole.lengthSq() < 1e-12) pole.copy(UP).cross(dir);
  pole.normalize();
  const along = dir.clone().multiplyScalar(cosA).addScaledVector(pole, sinA);
  const toward = dir.clone().multiplyScalar(sinA).addScaledVector(pole, -cosA);
  const upperWorld = new Quaternion().setFromRotationMatrix(
    new Matrix4().makeBasis(along, toward.clone().cross(along), toward),
  );
  const bend = Math.PI - Math.acos(Math.min(1, Math.max(-1, (a * a + b * b - d * d) / (2 * a * b))));
  const lower = new Quaternion().setFromAxisAngle(HINGE, -bend);
  const hand = anglesToQuaternion([0, plant.yaw - 90, 0]);
  const lowerWorld = upperWorld.clone().multiply(lower);
  return withPose(pose, {
    joints: {
      LeftUpperArm: quaternionToAngles(world.LeftShoulder.rotation.clone().invert().multiply(upperWorld)),
      LeftLowerArm: quaternionToAngles(lower),
      LeftHand: quaternionToAngles(lowerWorld.invert().multiply(hand)),
    },
  });
}

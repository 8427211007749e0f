// Feet put where they stand: an analytic two-bone leg solve that turns a foot's place on the ground into the
// leg's joint angles, so that standing and stepping poses have their soles on y = 0 and planted feet stay put.
import { Matrix4, Quaternion, Vector3 } from 'three';
import { type Angles, anglesToQuaternion, type Pose, quaternionToAngles, REST_HIPS, withPose } from './pose';
import { DIMENSIONS, JOINTS, type JointName, SOLE_POINTS, type Vec3 } from './skeleton';

const UP = new Vector3(0, 1, 0);
const X_AXIS = new Vector3(1, 0, 0);

/** Where a foot is: its flat-footed ankle over the ground point (x, z), which way it points, how it rolls. */
export interface FootPlant {
  x: number;
  z: number;
  /** The way the foot points, degrees about +Y (0 = +Z). */
  yaw?: number;
  /**
   * Foot pitch in degrees. Positive lifts the heel, rolling about the ball (toe-off); negative lifts the
   * toes, rolling about the heel (heel strike). The toes stay flat on the ground while the heel is up.
   */
  roll?: number;
  /** Height of the whole foot above the ground, metres (a swinging foot). */
  lift?: number;
  /** Height of the ground under this foot (a ledge), metres. */
  ground?: number;
  /** The way the knee points, world space; default: the way the foot points. */
  knee?: Vec3;
}

export interface FeetPlants {
  left?: FootPlant;
  right?: FootPlant;
}

const D = DIMENSIONS;
const REACH = D.upperLegLength + D.lowerLegLength;
/** A grounded leg may be this much short of its target before the solve calls the pose impossible. */
const REACH_TOLERANCE = 0.002;

function offsetOf(name: JointName): Vector3 {
  return new Vector3(...JOINTS.find((j) => j.name === name)!.offset);
}

/** The foot's world rotation, the toes' world rotation and the ankle's world position for a plant. */
export function footPlacement(plant: FootPlant): { ankle: Vector3; foot: Quaternion; toes: Quaternion } {
  const roll = plant.roll ?? 0;
  const yaw = anglesToQuaternion([0, plant.yaw ?? 0, 0]);
  const foot = yaw.clone().multiply(anglesToQuaternion([roll, 0, 0]));
  const toes = yaw.clone().multiply(anglesToQuaternion([Math.min(roll, 0), 0, 0]));
  const flatAnkle = new Vector3(plant.x, (plant.ground ?? 0) + D.ankleHeight + (plant.lift ?? 0), plant.z);
  // The point the foot rolls about stays where it is on the flat foot; the ankle swings around it. Heel up, that
  // is the toes joint (the toes stay flat, so the ball's sole point under it stays put too).
  const pivotLocal =
    roll > 0 ? offsetOf('LeftToes') : roll < 0 ? new Vector3(...SOLE_POINTS.heel.offset) : new Vector3();
  const pivotWorld = pivotLocal.clone().applyQuaternion(yaw).add(flatAnkle);
  const ankle = pivotWorld.sub(pivotLocal.applyQuaternion(foot));
  return { ankle, foot, toes };
}

/** The largest hips height at which a hips-aligned leg still reaches a plant, keeping `slack` of its length. */
export function maxHipsHeight(plant: FootPlant, side: 'left' | 'right', hipsXZ: [number, number], slack = 0): number {
  const { ankle } = footPlacement(plant);
  const hip = offsetOf(side === 'left' ? 'LeftUpperLeg' : 'RightUpperLeg');
  const dx = ankle.x - (hipsXZ[0] + hip.x);
  const dz = ankle.z - (hipsXZ[1] + hip.z);
  const reach = REACH * (1 - slack);
  return ankle.y - hip.y + Math.sqrt(Math.max(0, reach * reach - dx * dx - dz * dz));
}

/**
 * Solves the legs of a pose for its feet plants (the hips' place and turn come from the pose). The knee
 * bends toward the way the foot points. Throws when a foot on the ground is out of the leg's reach.
 */
export function plantFeet(pose: Pose): Pose {
  const feet = pose.feet ?? {};
  const joints: Partial<Record<JointName, Angles>> = {};
  const hipsPos = new Vector3(...(pose.hips ?? REST_HIPS));
  const hipsRot = anglesToQuaternion(pose.joints.Hips ?? [0, 0, 0]);
  for (const side of ['Left', 'Right'] as const) {
    const plant = side === 'Left' ? feet.left : feet.right;
    if (!plant) continue;
    const { ankle, foot, toes } = footPlacement(plant);
    const hipJoint = offsetOf(`${side}UpperLeg`).applyQuaternion(hipsRot).add(hipsPos);
    const invHips = hipsRot.clone().invert();
    const toAnkle = ankle.clone().sub(hipJoint).applyQuaternion(invHips);
    const kneeForward = plant.knee
      ? new Vector3(...plant.knee)
      : new Vector3(0, 0, 1).applyQuaternion(anglesToQuaternion([0, plant.yaw ?? 0, 0]));
    kneeForward.applyQuaternion(invHips);
    let dist = toAnkle.length();
    if (dist > REACH + REACH_TOLERANCE && !plant.lift) {
      throw new Error(`${side} foot at (${plant.x}, ${plant.z}) is ${(dist - REACH).toFixed(3)} m out of reach`);
    }
    dist = Math.min(dist, REACH * (1 - 1e-9));
    const { thigh, knee } = solveTwoBone(toAnkle.normalize(), dist, kneeForward);
    const legWorld = hipsRot.clone().multiply(thigh).multiply(knee);
    joints[`${side}UpperLeg`] = quaternionToAngles(thigh);
    joints[`${side}LowerLeg`] = quaternionToAngles(knee);
    joints[`${side}Foot`] = quaternionToAngles(legWorld.clone().invert().multiply(foot));
    joints[`${side}Toes`] = quaternionToAngles(foot.clone().invert().multiply(toes));
  }
  return withPose(pose, { joints });
}

/**
 * Thigh rotation (from straight down, knee forward) and knee hinge (about local X, bending back) that put the
 * ankle at `direction · dist` from the hip joint, with the knee in the plane of the leg and `kneeForward`.
 */
function solveTwoBone(direction: Vector3, dist: number, kneeForward: Vector3): { thigh: Quaternion; knee: Quaternion } {
  const a = D.upperLegLength;
  const b = D.lowerLegLength;
  const hipAngle = Math.acos(clamp((a * a + dist * dist - b * b) / (2 * a * dist)));
  const kneeInterior = Math.acos(clamp((a * a + b * b - dist * dist) / (2 * a * b)));
  const pole = kneeForward.clone().sub(direction.clone().multiplyScalar(kneeForward.dot(direction)));
  if (pole.lengthSq() < 1e-12) pole.copy(UP).cross(direction).cross(direction);
  pole.normalize();
  const thighDown = direction
    .clone()
    .multiplyScalar(Math.cos(hipAngle))
    .add(pole.clone().multiplyScalar(Math.sin(hipAngle)));
  const yAxis = thighDown.clone().negate();
  const zAxis = pole
    .clone()
    .multiplyScalar(Math.cos(hipAngle))
    .sub(direction.clone().multiplyScalar(Math.sin(hipAngle)));
  const xAxis = yAxis.clone().cross(zAxis);
  const thigh = new Quaternion().setFromRotationMatrix(new Matrix4().makeBasis(xAxis, yAxis, zAxis));
  const knee = new Quaternion().setFromAxisAngle(X_AXIS, Math.PI - kneeInterior);
  return { thigh, knee };
}

function clamp(cos: number): number {
  return Math.min(1, Math.max(-1, cos));
}

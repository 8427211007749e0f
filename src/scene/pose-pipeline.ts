import type { Pose } from '../runtime/index.js';

/**
 * Where a character's local pose comes from each frame. The runtime's Playback is one; a state graph will
 * be another (replacing it, or driving it).
 */
export interface PoseSource {
  /** Advances by dt seconds (0 when paused: re-pose only) and leaves the result in `pose`. Never throws. */
  update(dt: number): void;
  readonly pose: Pose;
}

/** A pose source with a playhead: seconds into what it plays now, and its length. */
export interface TimedPoseSource extends PoseSource {
  time: number;
  readonly duration: number;
}

/** Edits the local pose after sampling and blending (root motion extraction goes here). Never throws. */
export interface LocalPoseModifier {
  apply(pose: Pose, dt: number): void;
}

/**
 * Edits world-space joint matrices after forward kinematics (IK goes here). `model` holds 16 floats per
 * joint, column-major, in the rig's skeleton order; `pose` is the local pose they were computed from and
 * `root` the character's world matrix (FK's root). A modifier that changes local rotations in `pose` must
 * refresh the matrices it affects (the runtime's solvers do). Never throws.
 */
export interface ModelPoseModifier {
  apply(model: Float32Array, dt: number, pose: Pose, root: Float32Array): void;
}

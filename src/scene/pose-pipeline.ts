import type { Pose } from '../runtime/core.js';

/**
 * Where a character's local pose comes from each frame. The runtime's Playback is one; a state graph will
 * be another (replacing it, or driving it).
 */
export interface PoseSource {
  /**
   * Advances by dt seconds (0 when paused: re-pose only) and leaves the result in `pose`. Never throws.
   * `posed` false (only asked of a source with `skipsPose`): advance time, events and root motion exactly,
   * but leave `pose` as it was (a culled or reduced-rate character; see RigTier).
   */
  update(dt: number, posed?: boolean): void;
  readonly pose: Pose;
  /** Whether `update(dt, false)` skips the pose; a source without it (a ragdoll) is posed every frame. */
  readonly skipsPose?: boolean;
}

/** A pose source with a playhead: seconds into what it plays now, and its length. */
export interface TimedPoseSource extends PoseSource {
  time: number;
  readonly duration: number;
}

/**
 * The stages of a character rig's frame, in the order they run (see CharacterRig): each reads what the
 * one before it left and checks cheaply that it can (buffers sized for the skeleton, a finite root) before
 * it runs; a stage that cannot run ends the frame there, leaving the last frame's output on screen.
 * - `pose`: the pose source samples its clips and blends them (the Playback, a state graph, a ragdoll):
 *   in: dt; out: the local pose.
 * - `root-motion`: the frame's root motion is collected (and removed from the pose), then moves the root
 *   (`apply`) or a warp places it: in: the local pose; out: the delta, the root's transform.
 * - `local`: local-pose modifiers (a ragdoll's fade from its held pose): in/out: the local pose.
 * - `fk`: forward kinematics from the root's world matrix: in: the local pose; out: world matrices.
 * - `model`: model-space modifiers in their `order` (foot IK, IK chains, cloth, trackers): in/out: world
 *   matrices (and the local pose they refresh).
 * - `output`: culling bounds, skinning (GPU bone textures or CPU vertices), rigid parts, morph weights.
 */
export const RIG_STAGES = ['pose', 'root-motion', 'local', 'fk', 'model', 'output'] as const;
export type RigStage = (typeof RIG_STAGES)[number];

/**
 * Where a modifier runs among the others of its stage: lower first, ties in the order they were added.
 * Foot IK plants the legs before IK chains reach from the planted body; cloth and anything reading the
 * final matrices (a ragdoll's tracker) come after both.
 */
export const MODIFIER_ORDER = { footIk: 100, ikChain: 200, default: 500 } as const;

/** Edits the local pose after sampling and blending (root motion extraction goes here). Never throws. */
export interface LocalPoseModifier {
  apply(pose: Pose, dt: number): void;
  /** Where it runs among the local modifiers (MODIFIER_ORDER; default `default`). */
  readonly order?: number;
}

/**
 * Edits world-space joint matrices after forward kinematics (IK goes here). `model` holds 16 floats per
 * joint, column-major, in the rig's skeleton order; `pose` is the local pose they were computed from and
 * `root` the character's world matrix (FK's root). A modifier that changes local rotations in `pose` must
 * refresh the matrices it affects (the runtime's solvers do). Never throws.
 */
export interface ModelPoseModifier {
  apply(model: Float32Array, dt: number, pose: Pose, root: Float32Array): void;
  /** Where it runs among the model modifiers (MODIFIER_ORDER; default `default`). */
  readonly order?: number;
  /** It must run every frame (a simulation: cloth): its character is then never held or culled (RigTier). */
  readonly everyFrame?: boolean;
}

/** Sorts modifiers by `order` in place, stably (insertion sort: a handful of items, no allocation). */
export function sortByOrder(list: { readonly order?: number }[]): void {
  for (let i = 1; i < list.length; i++) {
    const item = list[i];
    const order = item.order ?? MODIFIER_ORDER.default;
    let j = i - 1;
    while (j >= 0 && (list[j].order ?? MODIFIER_ORDER.default) > order) {
      list[j + 1] = list[j];
      j--;
    }
    list[j + 1] = item;
  }
}

/** Whether a pose's buffers hold `jointCount` joints (the pose stage's validity check). */
export function poseFits(pose: Pose, jointCount: number): boolean {
  return (
    pose.translations.length === jointCount * 3 &&
    pose.rotations.length === jointCount * 4 &&
    pose.scales.length === jointCount * 3
  );
}

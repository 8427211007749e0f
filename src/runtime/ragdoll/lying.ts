/**
 * How a ragdoll lies: which way its head points, which way its chest faces, and the yaw of a pose lying along
 * the ground, for standing a fallen character up. Pure; nothing allocated.
 */

import { length2, length3 } from '../length.js';
import { rotateVectorAt } from '../quat.js';
import type { RagdollLayout } from './build-ragdoll.js';
import type { RagdollState } from './ragdoll-pose.js';

const turned = new Float64Array(3);
const conjugate = new Float64Array(4);
const left = new Float64Array(3);
const up = new Float64Array(3);
const forward = new Float64Array(3);

/** The index of the layout's body called `name` (`pelvis`, `head`, `leftUpperLeg`, …), -1 when none is. */
export function ragdollBody(layout: RagdollLayout, name: string): number {
  const bodies = layout.bodies;
  for (let b = 0; b < bodies.length; b++) if (bodies[b].name === name) return b;
  return -1;
}

/**
 * The unit direction from the pelvis body's origin to the head body's, world space, into out[0..2]
 * ((0, 1, 0) when they coincide).
 */
export function ragdollHeadDirection(
  layout: RagdollLayout,
  state: RagdollState,
  out: Float32Array | Float64Array,
): void {
  const head = ragdollBody(layout, 'head') * 3;
  const p = state.positions;
  const x = p[head] - p[0];
  const y = p[head + 1] - p[1];
  const z = p[head + 2] - p[2];
  const length = length3(x, y, z);
  if (!(length > 0)) {
    out[0] = 0;
    out[1] = 1;
    out[2] = 0;
    return;
  }
  out[0] = x / length;
  out[1] = y / length;
  out[2] = z / length;
}

/**
 * The character's forward (the chest's facing: the legs' left-to-right axis crossed with the pelvis-to-head
 * direction) in the pelvis body's own frame, from the bodies of a standing pose; into out[0..2].
 */
export function ragdollForward(layout: RagdollLayout, standing: RagdollState, out: Float32Array | Float64Array): void {
  const p = standing.positions;
  const l = ragdollBody(layout, 'leftUpperLeg') * 3;
  const r = ragdollBody(layout, 'rightUpperLeg') * 3;
  for (let k = 0; k < 3; k++) left[k] = p[l + k] - p[r + k];
  ragdollHeadDirection(layout, standing, up);
  forward[0] = left[1] * up[2] - left[2] * up[1];
  forward[1] = left[2] * up[0] - left[0] * up[2];
  forward[2] = left[0] * up[1] - left[1] * up[0];
  const q = standing.rotations;
  conjugate[0] = -q[0];
  conjugate[1] = -q[1];
  conjugate[2] = -q[2];
  conjugate[3] = q[3];
  rotateVectorAt(out, 0, conjugate, 0, forward, 0);
}

/** Whether the body lies face up: `forward` (from ragdollForward), turned by the pelvis body, points to the sky. */
export function ragdollFaceUp(state: RagdollState, forward: Float32Array | Float64Array): boolean {
  rotateVectorAt(turned, 0, state.rotations, 0, forward, 0);
  return turned[1] > 0;
}

/**
 * The yaw (radians, 0 along +Z, about +Y) of the pelvis-to-head direction of a pose given as joint matrices
 * (`model`, 16 per joint), or 0 for a pose standing up (the head farther above the pelvis than beside it):
 * a clip lying head towards −Z gives π.
 */
export function lyingYaw(model: Float32Array, pelvisJoint: number, headJoint: number): number {
  const pelvis = pelvisJoint * 16;
  const head = headJoint * 16;
  const dx = model[head + 12] - model[pelvis + 12];
  const dy = model[head + 13] - model[pelvis + 13];
  const dz = model[head + 14] - model[pelvis + 14];
  return length2(dx, dz) < Math.abs(dy) ? 0 : Math.atan2(dx, dz);
}

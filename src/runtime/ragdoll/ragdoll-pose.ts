import { length3 } from '../length.js';
import type { Pose } from '../pose.js';
import { conjugateMultiply, fromMatrix, rotateVectorAt } from '../quat.js';
import type { Skeleton } from '../skeleton.js';
import type { RagdollLayout } from './build-ragdoll.js';
import { columnLength } from './frames.js';

/** The bodies' world transforms and velocities, struct-of-arrays (what the physics engine reads and writes). */
export interface RagdollState {
  /** Body origins (the bones' origins), 3 per body. */
  readonly positions: Float32Array;
  /** Body rotations, 4 per body (x y z w). */
  readonly rotations: Float32Array;
  /** Linear velocity of each capsule's centre (its centre of mass), 3 per body, m/s. */
  readonly linear: Float32Array;
  /** Angular velocity, 3 per body, rad/s. */
  readonly angular: Float32Array;
}

export function createRagdollState(layout: RagdollLayout): RagdollState {
  const n = layout.bodies.length;
  return {
    positions: new Float32Array(n * 3),
    rotations: new Float32Array(n * 4),
    linear: new Float32Array(n * 3),
    angular: new Float32Array(n * 3),
  };
}

/** Scratch for `ragdollPose`: world translation, rotation and uniform scale per joint (8 floats each). */
export function createRagdollScratch(skeleton: Skeleton): Float32Array {
  return new Float32Array(skeleton.jointCount * 8 + 8);
}

/** Body transforms from the joints' world matrices (16 per joint): each body takes its bone's frame, unscaled. */
export function ragdollBodiesFromMatrices(layout: RagdollLayout, world: Float32Array, out: RagdollState): void {
  const bodies = layout.bodies;
  for (let b = 0; b < bodies.length; b++) {
    const o = bodies[b].joint * 16;
    out.positions[b * 3] = world[o + 12];
    out.positions[b * 3 + 1] = world[o + 13];
    out.positions[b * 3 + 2] = world[o + 14];
    fromMatrix(out.rotations, b * 4, world, o);
  }
}

const centre = new Float64Array(3);
const scratchQ = new Float64Array(8);

function capsuleCentre(layout: RagdollLayout, b: number, world: Float32Array, out: Float64Array, o: number): void {
  const body = layout.bodies[b];
  const m = body.joint * 16;
  const cx = (body.a[0] + body.b[0]) / 2;
  const cy = (body.a[1] + body.b[1]) / 2;
  const cz = (body.a[2] + body.b[2]) / 2;
  // the rotation part of the matrix, columns normalized (the body frame is unscaled)
  const sx = 1 / (columnLength(world, m, 0) || 1);
  const sy = 1 / (columnLength(world, m, 1) || 1);
  const sz = 1 / (columnLength(world, m, 2) || 1);
  out[o] = world[m] * sx * cx + world[m + 4] * sy * cy + world[m + 8] * sz * cz + world[m + 12];
  out[o + 1] = world[m + 1] * sx * cx + world[m + 5] * sy * cy + world[m + 9] * sz * cz + world[m + 13];
  out[o + 2] = world[m + 2] * sx * cx + world[m + 6] * sy * cy + world[m + 10] * sz * cz + world[m + 14];
}

/**
 * The bodies' starting velocities from two consecutive world poses `dt` seconds apart (16 per joint each),
 * plus a launch velocity every body inherits: the pose's own motion carries into the fall.
 */
export function ragdollVelocities(
  layout: RagdollLayout,
  previous: Float32Array,
  current: Float32Array,
  dt: number,
  launchX: number,
  launchY: number,
  launchZ: number,
  out: RagdollState,
): void {
  const inv = dt > 0 && Number.isFinite(dt) ? 1 / dt : 0;
  for (let b = 0; b < layout.bodies.length; b++) {
    capsuleCentre(layout, b, current, centre, 0);
    const x = centre[0];
    const y = centre[1];
    const z = centre[2];
    capsuleCentre(layout, b, previous, centre, 0);
    out.linear[b * 3] = (x - centre[0]) * inv + launchX;
    out.linear[b * 3 + 1] = (y - centre[1]) * inv + launchY;
    out.linear[b * 3 + 2] = (z - centre[2]) * inv + launchZ;
    const m = layout.bodies[b].joint * 16;
    fromMatrix(scratchQ, 0, previous, m);
    fromMatrix(scratchQ, 4, current, m);
    // the turn from previous to current, in world: current ⊗ conj(previous)
    const px = -scratchQ[0];
    const py = -scratchQ[1];
    const pz = -scratchQ[2];
    const pw = scratchQ[3];
    const cx = scratchQ[4];
    const cy = scratchQ[5];
    const cz = scratchQ[6];
    const cw = scratchQ[7];
    let dx = cx * pw + cw * px + cy * pz - cz * py;
    let dy = cy * pw + cw * py + cz * px - cx * pz;
    let dz = cz * pw + cw * pz + cx * py - cy * px;
    let dw = cw * pw - cx * px - cy * py - cz * pz;
    if (dw < 0) {
      dx = -dx;
      dy = -dy;
      dz = -dz;
      dw = -dw;
    }
    const s = length3(dx, dy, dz);
    const angle = 2 * Math.atan2(s, dw);
    const k = s > 1e-9 ? (angle / s) * inv : 2 * inv;
    out.angular[b * 3] = dx * k;
    out.angular[b * 3 + 1] = dy * k;
    out.angular[b * 3 + 2] = dz * k;
  }
}

/**
 * Reads the bodies back into a local pose: a joint a body drives takes the body's world transform (so its
 * world matrix equals the body's, scaled as the bone was); every other joint keeps its local transform from
 * `held` and follows its parent. `root` is the character's world matrix (16; uniform scale), `scratch` from
 * createRagdollScratch. `out` may be `held`.
 */
export function ragdollPose(
  skeleton: Skeleton,
  layout: RagdollLayout,
  state: RagdollState,
  root: Float32Array,
  held: Pose,
  scratch: Float32Array,
  out: Pose,
): void {
  const rootO = skeleton.jointCount * 8;
  scratch[rootO] = root[12];
  scratch[rootO + 1] = root[13];
  scratch[rootO + 2] = root[14];
  fromMatrix(scratch, rootO + 3, root, 0);
  scratch[rootO + 7] = columnLength(root, 0, 0);
  const parents = skeleton.parents;
  const drivenBy = layout.drivenBy;
  const lt = held.translations;
  const lr = held.rotations;
  const ls = held.scales;
  for (let j = 0; j < skeleton.jointCount; j++) {
    const p = parents[j] < 0 ? rootO : parents[j] * 8;
    const o = j * 8;
    const ps = scratch[p + 7];
    const body = drivenBy[j];
    scratch[o + 7] = ps * ls[j * 3];
    if (body >= 0) {
      scratch[o] = state.positions[body * 3];
      scratch[o + 1] = state.positions[body * 3 + 1];
      scratch[o + 2] = state.positions[body * 3 + 2];
      for (let k = 0; k < 4; k++) scratch[o + 3 + k] = state.rotations[body * 4 + k];
      // local = parent⁻¹ · world
      conjugateMultiply(out.rotations, j * 4, scratch, p + 3, scratch, o + 3);
      centre[0] = scratch[o] - scratch[p];
      centre[1] = scratch[o + 1] - scratch[p + 1];
      centre[2] = scratch[o + 2] - scratch[p + 2];
      scratchQ[0] = -scratch[p + 3];
      scratchQ[1] = -scratch[p + 4];
      scratchQ[2] = -scratch[p + 5];
      scratchQ[3] = scratch[p + 6];
      rotateVectorAt(centre, 0, scratchQ, 0, centre, 0);
      const inv = 1 / (ps || 1);
      out.translations[j * 3] = centre[0] * inv;
      out.translations[j * 3 + 1] = centre[1] * inv;
      out.translations[j * 3 + 2] = centre[2] * inv;
      if (out !== held) {
        out.scales[j * 3] = ls[j * 3];
        out.scales[j * 3 + 1] = ls[j * 3 + 1];
        out.scales[j * 3 + 2] = ls[j * 3 + 2];
      }
    } else {
      if (out !== held) {
        for (let k = 0; k < 3; k++) {
          out.translations[j * 3 + k] = lt[j * 3 + k];
          out.scales[j * 3 + k] = ls[j * 3 + k];
        }
        for (let k = 0; k < 4; k++) out.rotations[j * 4 + k] = lr[j * 4 + k];
      }
      // world = parent · local
      rotateVectorAt(centre, 0, scratch, p + 3, lt, j * 3);
      scratch[o] = scratch[p] + centre[0] * ps;
      scratch[o + 1] = scratch[p + 1] + centre[1] * ps;
      scratch[o + 2] = scratch[p + 2] + centre[2] * ps;
      const ax = scratch[p + 3];
      const ay = scratch[p + 4];
      const az = scratch[p + 5];
      const aw = scratch[p + 6];
      const bx = lr[j * 4];
      const by = lr[j * 4 + 1];
      const bz = lr[j * 4 + 2];
      const bw = lr[j * 4 + 3];
      scratch[o + 3] = ax * bw + aw * bx + ay * bz - az * by;
      scratch[o + 4] = ay * bw + aw * by + az * bx - ax * bz;
      scratch[o + 5] = az * bw + aw * bz + ax * by - ay * bx;
      scratch[o + 6] = aw * bw - ax * bx - ay * by - az * bz;
    }
  }
}

/**
 * The pure animation runtime: typed-array skeletons, clips, sampling, blending, forward kinematics,
 * skinning, clocks and clip events. No DOM, no three.js: it runs in a page, a worker or Node.
 */

export * from './core.js';
export {
  buildRagdoll,
  type RagdollLayout,
  type RagdollLimits,
  type RagdollState,
  ragdollBones,
  ragdollPose,
  ragdollVelocities,
} from './ragdoll/index.js';
export { createRetargetCache, type RetargetCache, type RetargetOptions, retargetClip } from './retarget/index.js';

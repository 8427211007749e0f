/** The ragdoll's pure side: the humanoid lookup, the body and joint layout, and pose read-back. */

export { fromMatrix as quatFromMatrix, rotateVectorAt } from '../quat.js';
export {
  buildRagdoll,
  type RagdollBody,
  type RagdollJoint,
  type RagdollLayout,
  type RagdollVertices,
} from './build-ragdoll.js';
export { RAGDOLL_SLOTS, type RagdollSlot, ragdollBones } from './humanoid-bones.js';
export { RAGDOLL_LIMITS, type RagdollLimits } from './limits.js';
export { lyingYaw, ragdollBody, ragdollFaceUp, ragdollForward, ragdollHeadDirection } from './lying.js';
export {
  createRagdollScratch,
  createRagdollState,
  type RagdollState,
  ragdollBodiesFromMatrices,
  ragdollPose,
  ragdollVelocities,
} from './ragdoll-pose.js';

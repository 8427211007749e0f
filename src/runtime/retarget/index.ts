/**
 * Retargeting: humanoid maps over any rig's bones, a reference T-pose per rig, and clips carried from
 * one rig to another at bind time.
 */
export { type BodyPart, type BoneName, readBoneName, type Side } from './bone-names.js';
export { gltfHumanoid } from './gltf-humanoid.js';
export {
  type HandMap,
  type HumanoidMap,
  type HumanoidMapOptions,
  mapHumanoid,
  RIG_PROFILES,
  type RigProfile,
} from './humanoid-map.js';
export { buildHumanoidRig, type HumanoidRig } from './humanoid-rig.js';
export { createRetargetCache, type RetargetCache } from './retarget-cache.js';
export { type RetargetOptions, retargetClip } from './retarget-clip.js';
export { HUMANOID_SLOTS, type HumanoidSlot, isHumanoidSlot, REQUIRED_SLOTS } from './slots.js';

/**
 * The runtime the elements load with the page: everything in `index.ts` but the ragdolls and clip
 * retargeting. Code outside src/runtime imports this, not `index.ts`: a re-export is enough for a bundler
 * to put a module in the page's first chunk, and those two must stay in the chunks fetched on first use.
 */

export { wrapAngle } from './angle.js';
export { applyAdditive, type BlendLayer, blendLayers, blendPoses, makeAdditive } from './blend.js';
export {
  bindClip,
  buildClip,
  type Clip,
  type ClipBinding,
  type Interpolation,
  type MorphSlot,
  type RawClip,
  type RawTrack,
  type Track,
  type TrackPath,
} from './clip.js';
export { crossedEvents } from './clip-events.js';
export { type ClipTime, formatClipTime, resolveClipTime } from './clip-time.js';
export {
  advanceClock,
  type Clock,
  createClock,
  MAX_SEGMENTS,
  moveClock,
  resetClock,
} from './clock.js';
export {
  advanceCloth,
  buildCloth,
  type Cloth,
  type ClothMesh,
  type ClothPins,
  type ClothSettings,
  placeCloth,
  setClothAnchors,
  setClothCapsule,
  setClothSettings,
  writeClothVertices,
} from './cloth/index.js';
export { type SkinnedGeometry, skinVertices } from './cpu-skinning.js';
export { CROWD_MODES, CrowdAgents, type CrowdMode, type CrowdOptions } from './crowd.js';
export { AnimError, type RuntimeErrorCode } from './errors.js';
export { localToModel } from './fk.js';
export { detectFootMarkers, type FootJoint } from './foot-markers.js';
export {
  type GltfAsset,
  type GltfJson,
  importGltf,
  parseGlb,
  readAccessor,
} from './gltf.js';
export { checkNodeHierarchy } from './gltf-hierarchy.js';
export {
  buildChain,
  buildFootIk,
  type ChainOptions,
  chainJoints,
  type FootIk,
  type FootIkOptions,
  findHumanoidLegs,
  footProbes,
  IK_SOLVERS,
  type IkChain,
  type IkSolver,
  ikWeight,
  type LegNames,
  legsFromHumanoid,
  naturalLimits,
  POLE_DIRECTION,
  POLE_NONE,
  POLE_POINT,
  PROBE_STRIDE,
  PROBES_PER_LEG,
  type RawConstraint,
  restForwardAxis,
  type SolePoints,
  solveCcd,
  solveChain,
  solveFabrik,
  solveFootIk,
  solveLookAt,
  solveTwoBone,
} from './ik/index.js';
export { Inertializer } from './inertialize.js';
export { invert3 } from './mat3.js';
export {
  CLIP_EVENT,
  FINISH,
  LOOP,
  MAX_SLOTS,
  Playback,
  type PlaybackClip,
  type PlayOptions,
} from './playback.js';
export { copyPose, createPose, type Pose, poseSize, setRestPose } from './pose.js';
export {
  importPropertyClips,
  type PropertyClip,
  type PropertyTrack,
  samplePropertyTrack,
} from './property-track.js';
export { gltfHumanoid } from './retarget/gltf-humanoid.js';
export { type HandMap, type HumanoidMap, mapHumanoid, RIG_PROFILES, type RigProfile } from './retarget/humanoid-map.js';
export type { HumanoidRig } from './retarget/humanoid-rig.js';
export { HUMANOID_SLOTS, type HumanoidSlot, isHumanoidSlot, REQUIRED_SLOTS } from './retarget/slots.js';
export {
  defaultRootJoint,
  flattenRise,
  type RestParentFrame,
  RootMotion,
  type RootMotionOptions,
  restHeightOf,
  restParentFrame,
} from './root-motion.js';
export { createSampleCache, type SampleCache, sampleClip } from './sample.js';
export { sharedClipBinding } from './shared-bindings.js';
export { buildSkeleton, type RawSkeleton, type Skeleton } from './skeleton.js';
export { buildSkin, type Skin, skinningMatrices } from './skinning.js';
export {
  advanceSprite,
  buildSpriteTimeline,
  createSpritePlayer,
  restartSprite,
  type SpritePlayer,
  type SpriteTimeline,
  type SpriteTimingOptions,
  seekSprite,
  spriteFrameAt,
} from './sprite/player.js';
export { atlasSheet, type GridLayout, gridSheet, type SpriteSheet } from './sprite/sheet.js';
export {
  buildSyncMarkers,
  cycleDistance,
  type MarkerInput,
  markerPosition,
  phaseError,
  type SyncMarkers,
  syncedTime,
} from './sync-markers.js';
export { TRANSITION_BLENDS, type TransitionBlend } from './transition-blends.js';
export {
  cubicBezier,
  EASING_FAMILIES,
  type Easing,
  linear,
  NAMED_EASINGS,
  type ParsedEasing,
  parseEasing,
  STEP_POSITIONS,
  type StepPosition,
  steps,
} from './tween/easing.js';
export { interpolateValues, linearToSrgb, srgbToLinear, type TweenValueKind } from './tween/interpolate.js';
export {
  activeDuration,
  advanceTween,
  createTweenState,
  createTweenTiming,
  resetTween,
  sampleTween,
  seekTween,
  TWEEN_DIRECTIONS,
  TWEEN_END,
  TWEEN_FILLS,
  TWEEN_LOOP,
  TWEEN_START,
  type TweenDirection,
  type TweenFill,
  type TweenState,
  type TweenTiming,
} from './tween/timing.js';
export { MotionWarp, type WarpTarget, type WarpWindow } from './warp.js';
export { WRAP_MODES, type WrapMode } from './wrap-modes.js';

// First, so the markup's scenes upgrade before the 3D elements inside them (which would otherwise wait for it).
import './elements/anim-scene.js';

export const VERSION = '0.1.0';
export { AnimBind } from './elements/anim-bind.js';
export { AnimBlendPoint } from './elements/anim-blend-point.js';
export { AnimCharacter, type PlayOptions } from './elements/anim-character.js';
export { AnimClip } from './elements/anim-clip.js';
export { AnimCloth } from './elements/anim-cloth.js';
export { AnimController } from './elements/anim-controller.js';
export { AnimCrowd, type CrowdAgent } from './elements/anim-crowd.js';
export { AnimEvent } from './elements/anim-event.js';
export { AnimFootIk } from './elements/anim-foot-ik.js';
export { AnimGraphView } from './elements/anim-graph-view.js';
export { AnimIk, type IkPointInput } from './elements/anim-ik.js';
export { AnimInspector, type ReplayResult } from './elements/anim-inspector.js';
export { AnimLayer } from './elements/anim-layer.js';
export { AnimMarker } from './elements/anim-marker.js';
export { AnimModel, type AnimModelLoadDetail } from './elements/anim-model.js';
export { AnimParam } from './elements/anim-param.js';
export { AnimRagdoll } from './elements/anim-ragdoll.js';
export { AnimRig } from './elements/anim-rig.js';
export { AnimScene } from './elements/anim-scene.js';
export { AnimSprite, type AnimSpriteFrameDetail, type AnimSpritePlaybackDetail } from './elements/anim-sprite.js';
export { AnimState } from './elements/anim-state.js';
export { AnimTransition } from './elements/anim-transition.js';
export { AnimTween, type AnimTweenEventDetail } from './elements/anim-tween.js';
export { AnimWarp } from './elements/anim-warp.js';
export { BoneAnchor } from './elements/bone-anchor.js';
export type {
  AnimEventDetail,
  AnimFinishDetail,
  AnimLoadDetail,
  AnimLoopDetail,
  AnimPlayDetail,
  AnimProgressDetail,
  AnimRagdollDetail,
  AnimWarpEndDetail,
} from './elements/character-events.js';
export type { FootIkKnobs } from './elements/character-foot-ik.js';
export type { RootMotionDelta, WarpTargetInput } from './elements/character-motion.js';
export type { RagdollOptions } from './elements/character-ragdoll.js';
export type { AnimErrorDetail, ErrorCode } from './elements/errors.js';
export type {
  AnimCharacterEventMap,
  AnimContextRestoredDetail,
  AnimEventMap,
  AnimModelEventMap,
  AnimSpriteEventMap,
  AnimSpriteLoadDetail,
  Listen,
} from './elements/events.js';
export type { AnimStateDetail, AnimTransitionDetail, AnimTransitionEndDetail } from './elements/graph-events.js';
// the graph's values (compiler, instance, JSON) are on the `anim-elements/graph` subpath; its types stay here
export type { CompiledGraph, GraphDefinition, GraphProblem } from './graph/index.js';
// The scene layer (rigs, drivers, the physics world) is not public: the elements are the API. The types their
// properties speak stay exported.
export type { ClipDefinition, ClipEventDefinition } from './scene/clip-library.js';
export { ROOT_MOTION_MODES, type RootMotionMode } from './scene/root-motion-modes.js';
export type { SkinningMode } from './scene/skinning-modes.js';

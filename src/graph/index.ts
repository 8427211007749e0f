/**
 * The state graph: plain JSON definitions, validation that collects every problem, a condition language
 * compiled to bytecode, instances that update without allocating, blend spaces, layers with masks, and a
 * pose sampler over the runtime's kernels. Pure: no DOM, no three.js.
 */

export { type BlendSpace, blendWeights, buildBlendSpace, CARTESIAN, DIRECTIONAL, ONE_D } from './blend-space.js';
export { bindGraphClips } from './clip-binding.js';
export {
  type CompiledGraph,
  type CompiledLayer,
  type CompiledState,
  compileGraph,
  compileGraphPaced,
  createParams,
  getParam,
  setParam,
} from './compile.js';
export {
  type CompareOp,
  type ConditionNode,
  type ConditionSyntaxError,
  parseCondition,
  syntaxMessage,
} from './condition.js';
export { evaluateCondition, ProgramBuilder } from './condition-program.js';
export {
  BASE_LAYER,
  type BlendPointDefinition,
  type BlendSpaceDefinition,
  type BlendSpaceType,
  DEFAULT_FADE,
  EASES,
  type Ease,
  type GraphDefinition,
  INTERRUPTION_SOURCES,
  type InterruptionSource,
  type LayerBlend,
  type LayerDefinition,
  LOOP_MODES,
  type LoopMode,
  PARAM_TYPES,
  type ParamDefinition,
  type ParamType,
  type StateDefinition,
  type TransitionDefinition,
} from './definition.js';
export {
  EVENTS_PER_LAYER,
  MAX_LIVE_STATES,
  STATE_ENTER,
  STATE_EXIT,
  TRANSITION_END,
  TRANSITION_START,
} from './event-kinds.js';
export { graphToJson, normalizeGraph, parseGraphJson } from './graph-json.js';
export {
  type GraphLayout,
  type LayoutBand,
  type LayoutEdge,
  type LayoutNode,
  type LayoutOptions,
  layoutGraph,
} from './graph-layout.js';
export { GraphPose } from './graph-pose.js';
export { GraphInstance } from './instance.js';
export { locomotionGraph, MANNEQUIN_RUN_SPEED, MANNEQUIN_WALK_SPEED } from './locomotion.js';
export { LOWER_BODY, resolveMask, UPPER_BODY } from './mask.js';
export { finish, PACE_ITEMS, type Paced } from './paced.js';
export { type PlayWindows, resolvePlayWindows } from './play-windows.js';
export type { GraphProblem, GraphProblemCode } from './problems.js';
export { compileGraphShared } from './shared-compile.js';

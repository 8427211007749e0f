/**
 * The stable error codes of anim-elements. Each names one kind of bad input; pages may switch on them, so a
 * code, once published, keeps its meaning.
 *
 * - `load-failed`: a file could not be fetched (404, network error, CORS).
 * - `bad-gltf`: a file arrived but is not a valid glTF/GLB (wrong format, truncated, broken JSON, a cycle in
 *   its node hierarchy), or breaks a rule of glTF that loading survives (a skin listing a joint twice; a
 *   clip with negative key times, left out).
 * - `bad-clip`: one clip of a file is broken (a key that is not a number, times that do not increase, too
 *   few values); the model and its other clips load, that clip is left out.
 * - `unknown-clip`: a clip name the model does not have.
 * - `unknown-bone`: a bone name the model's skeleton does not have.
 * - `bad-attribute`: an attribute or property value that does not parse or is out of range.
 * - `bad-condition`: a transition condition that does not parse (or is too long or too deeply nested).
 * - `bad-graph`: a state graph that fails validation (unknown state, no default state, …).
 * - `unknown-param`: a graph parameter name that is not declared (in a condition, a speed, a weight, a blend
 *   axis, or a call such as `setParam`).
 * - `physics-failed`: the physics engine could not start.
 * - `unknown-easing`: an easing that is not a known name, `cubic-bezier(…)` or `steps(…)`.
 * - `unknown-property`: a tween property its target does not have.
 * - `missing-target`: a tween's or IK chain's target selector matches no element (or one without a position).
 * - `bad-sprite-sheet`: a sprite sheet's grid, atlas, frame range or frame times do not fit together.
 * - `no-humanoid`: a ragdoll or a retargeted clip asked of a model whose bones map onto no humanoid (the
 *   message lists the missing slots).
 * - `unknown-mesh`: a mesh name the model does not have (a cloth's `mesh`).
 * - `unknown-state`: a transition naming a state the graph does not have.
 * - `unknown-layer`: a state naming a layer the graph does not have (it joins the base layer).
 * - `type-mismatch`: a graph parameter given a value of the wrong kind, or used where another type is needed.
 * - `duplicate-name`: two graph parameters, states or layers with one name (the first stands).
 * - `two-defaults`: two default states on one graph layer (the first stays the default).
 * - `bad-blend-space`: a blend space without points, with two points on one spot, or without its axis params.
 * - `graph-active`: `play()` on a character whose state graph drives it (set its params instead).
 * - `bad-chain`: an IK chain whose bones are not one parent-child line, or too few for its solver.
 * - `bad-constraint`: an IK joint limit on a bone outside its chain, or with an impossible range.
 * - `bad-warp`: a motion warp whose targets do not fit its windows (count, or a value that is not a number).
 */
export type ErrorCode =
  | 'load-failed'
  | 'bad-gltf'
  | 'bad-clip'
  | 'unknown-clip'
  | 'unknown-bone'
  | 'bad-attribute'
  | 'bad-condition'
  | 'bad-graph'
  | 'unknown-param'
  | 'physics-failed'
  | 'unknown-easing'
  | 'unknown-property'
  | 'missing-target'
  | 'bad-sprite-sheet'
  | 'no-humanoid'
  | 'unknown-mesh'
  | 'unknown-state'
  | 'unknown-layer'
  | 'type-mismatch'
  | 'duplicate-name'
  | 'two-defaults'
  | 'bad-blend-space'
  | 'graph-active'
  | 'bad-chain'
  | 'bad-constraint'
  | 'bad-warp';

/** Every code, for docs and exhaustive tests. */
export const ERROR_CODES: readonly ErrorCode[] = [
  'load-failed',
  'bad-gltf',
  'bad-clip',
  'unknown-clip',
  'unknown-bone',
  'bad-attribute',
  'bad-condition',
  'bad-graph',
  'unknown-param',
  'physics-failed',
  'unknown-easing',
  'unknown-property',
  'missing-target',
  'bad-sprite-sheet',
  'no-humanoid',
  'unknown-mesh',
  'unknown-state',
  'unknown-layer',
  'type-mismatch',
  'duplicate-name',
  'two-defaults',
  'bad-blend-space',
  'graph-active',
  'bad-chain',
  'bad-constraint',
  'bad-warp',
];

/** An error carrying one of the stable codes; the scene layer returns these, elements turn them into events. */
export class CodedError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CodedError';
    this.code = code;
  }
}

/**
 * The one registry of error codes, for every layer. A code names one kind of bad input; pages switch on the
 * codes an `anim-error` carries, so a code, once published, keeps its meaning. The README's table is
 * checked against this list by a test.
 *
 * `ERROR_CODES` are the codes a page sees. `BUILDER_CODES` are the runtime builders' own words for what
 * they reject (a skeleton, a clip, a skin, a cloth): each is reported to the page under the public code
 * it names, through {@link publicCode}, never mapped by hand at a call site.
 */
export const ERROR_CODES = {
  'load-failed': 'a file could not be fetched (404, network error, CORS)',
  'load-stalled': 'a download that received nothing for a while (30 s by default): reported once, it keeps waiting',
  'bad-gltf':
    'a file that is not valid glTF/GLB (wrong format, truncated, broken JSON, a node cycle, a skin joint twice)',
  'bad-clip': 'one broken clip of a file (a key that is not a number, times that fall): left out, the rest loads',
  'unknown-clip': 'a clip name the model (or warp, or graph) does not have',
  'unknown-bone': "a bone name the model's skeleton does not have",
  'bad-attribute': 'an attribute, property or method argument that does not parse or is out of range',
  'bad-condition': 'a transition condition that does not parse (or is too long or too deeply nested)',
  'bad-graph': 'a state graph that fails validation (no default state, an unreachable state, bad JSON, …)',
  'unknown-param': 'a graph parameter name that is not declared (in a condition, a speed, a weight, `setParam`, …)',
  'physics-unavailable':
    'physics was asked for but the optional Rapier package (`@dimforge/rapier3d-compat`) is not installed',
  'physics-failed': 'the physics engine could not load or start',
  'unknown-easing': 'an easing that is not a known name, `cubic-bezier(…)` or `steps(…)`',
  'unknown-property': 'a tween property its target does not have',
  'missing-target':
    "a tween's, anchor's, IK chain's, controller's or binding's target is missing or matches no element",
  'bad-recording':
    "an inspector recording that cannot be replayed (not JSON, another format or version, another graph's params)",
  'bad-sprite-sheet': "a sprite sheet's grid, atlas, frame range or frame times do not fit together",
  'no-humanoid': 'a ragdoll or retargeted clip asked of a model whose bones map onto no humanoid',
  'unknown-mesh': "a mesh name the model does not have (a cloth's `mesh`, or none given)",
  'unknown-state': 'a transition naming a state the graph does not have',
  'unknown-layer': 'a state naming a layer the graph does not have (it joins the base layer)',
  'type-mismatch': 'a graph parameter given a value of the wrong kind, or used where another type is needed',
  'duplicate-name': 'two graph parameters, states or layers with one name (the first stands)',
  'two-defaults': 'two default states on one graph layer (the first stays the default)',
  'bad-blend-space': 'a blend space without points, with two points on one spot, or without its axis params',
  'graph-active': '`play()` on a character whose state graph drives it (set its params instead)',
  'bad-chain': 'an IK chain whose bones are not one parent-child line, or too few for its solver',
  'bad-constraint': 'an IK joint limit on a bone outside its chain, or with an impossible range',
  'bad-warp': 'a motion warp whose targets do not fit its windows',
  'context-lost':
    'the browser took the WebGL context away (a GPU reset, too many contexts): nothing draws until restored',
  internal: 'an unexpected failure inside anim-elements (a bug: the message carries the original error)',
} as const;

/** A code a page can receive in `anim-error`. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** The runtime builders' own codes, each with the public code it is reported as and its meaning. */
export const BUILDER_CODES = {
  'bad-skeleton': { reportedAs: 'bad-gltf', meaning: "a skeleton's arrays do not fit its joints" },
  'cyclic-skeleton': { reportedAs: 'bad-gltf', meaning: "a skeleton's parents form a cycle" },
  'bad-skin': { reportedAs: 'bad-gltf', meaning: "a skin's inverse bind matrices do not fit its joints" },
  'unknown-joint': { reportedAs: 'unknown-bone', meaning: 'a skin, clip or map naming a joint the skeleton lacks' },
  'bad-cloth': { reportedAs: 'bad-attribute', meaning: "a cloth's pins or settings out of range, or an unusable mesh" },
} as const satisfies Record<string, { reportedAs: ErrorCode; meaning: string }>;

/** A code only the runtime's builders throw. */
export type BuilderCode = keyof typeof BUILDER_CODES;

/** Every code an {@link AnimError} may carry. */
export type RuntimeErrorCode = ErrorCode | BuilderCode;

/** The code a page sees for `code`. */
export function publicCode(code: RuntimeErrorCode): ErrorCode {
  return code in BUILDER_CODES ? BUILDER_CODES[code as BuilderCode].reportedAs : (code as ErrorCode);
}

/**
 * The coded error of every layer. The runtime's builders throw it at load time (never the per-frame
 * kernels), the scene layer throws it too, and the elements layer's guard turns it into one `anim-error`
 * with its {@link publicCode}.
 */
export class AnimError extends Error {
  readonly code: RuntimeErrorCode;

  constructor(code: RuntimeErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'AnimError';
    this.code = code;
  }
}

export function isFiniteArray(values: ArrayLike<number>): boolean {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return false;
  return true;
}

import { AnimError } from '../errors.js';
import { localToModel } from '../fk.js';
import { length3 } from '../length.js';
import type { Pose } from '../pose.js';
import { conjugateMultiply, fromMatrix, multiply, normalize, rotateVectorAt, slerp, unrotateVector } from '../quat.js';
import type { Skeleton } from '../skeleton.js';
import { applyConstraint, NO_LIMIT, type RawConstraint, writeConstraint } from './constraints.js';
import { IK_SOLVERS, type IkSolver } from './solvers.js';

export interface ChainOptions {
  solver?: IkSolver;
  /** Joint limits by joint name (joints of the chain only). */
  limits?: Readonly<Record<string, RawConstraint>>;
  /** FABRIK and CCD: passes at most (default 16). */
  iterations?: number;
  /** Distance from the target that counts as reached, metres (default 1 mm); look-at: radians. */
  tolerance?: number;
  /** Two-bone: the last `soft` metres of reach are eased in so the knee never snaps straight (default 0). */
  soft?: number;
  /** Look-at: the axis of the tip joint that aims, in its own frame (default +Z). */
  aimAxis?: readonly number[];
  /** Look-at: how far the aim may turn from the animated one, radians (default π). */
  maxAngle?: number;
  /**
   * Look-at: the share of the remaining turn each joint takes, root to tip (default: an even spread, the tip
   * taking what is left).
   */
  boneWeights?: readonly number[];
}

/**
 * A chain of joints, root to tip, each the parent of the next, bound to one skeleton, with its settings and
 * every scratch buffer a solve needs. Settings may be changed between frames; the joints may not.
 */
export interface IkChain {
  readonly skeleton: Skeleton;
  readonly solver: IkSolver;
  /** Skeleton joints, root to tip. */
  readonly joints: Int16Array;
  readonly names: readonly string[];
  /** The chain root's parent joint, -1 when the root is a skeleton root. */
  readonly parentJoint: number;
  /** The joint range a re-pose refreshes: the chain root and everything below it. */
  readonly refreshEnd: number;
  iterations: number;
  tolerance: number;
  soft: number;
  maxAngle: number;
  readonly aimAxis: Float64Array;
  readonly boneWeights: Float32Array;
  /** Pole: 0 none (keep the animated bend plane), 1 a point, 2 a direction. World space. */
  poleMode: number;
  readonly pole: Float64Array;
  readonly limitKinds: Uint8Array;
  readonly limitParams: Float64Array;
  readonly restRotations: Float64Array;
  // per-solve scratch, root to tip
  readonly fkRotations: Float64Array;
  readonly local: Float64Array;
  readonly world: Float64Array;
  readonly positions: Float64Array;
  /** Unit direction to the next joint in each joint's own rotated frame (scale folded into lengths). */
  readonly boneDirs: Float64Array;
  readonly lengths: Float64Array;
  readonly parentWorld: Float64Array;
  readonly work: Float64Array;
}

export const POLE_NONE = 0;
export const POLE_POINT = 1;
export const POLE_DIRECTION = 2;

function resolve(skeleton: Skeleton, name: string): number {
  const j = skeleton.indexByName.get(name);
  if (j === undefined) throw new AnimError('unknown-bone', `no bone named "${name}" in the skeleton`);
  return j;
}

/**
 * The joint names of a chain spec: a list root to tip, or "A..B" for the parent-child line from A down to B.
 * @throws AnimError `unknown-bone` for a name the skeleton lacks; `bad-chain` when the joints are not one
 * parent-child line or the spec is empty.
 */
export function chainJoints(skeleton: Skeleton, spec: string | readonly string[]): number[] {
  if (typeof spec === 'string') {
    const parts = spec.split('..');
    if (parts.length !== 2 || !parts[0].trim() || !parts[1].trim()) {
      throw new AnimError('bad-chain', `"${spec}" is not a chain: write "Root..Tip" or a list of bone names`);
    }
    const top = resolve(skeleton, parts[0].trim());
    const tip = resolve(skeleton, parts[1].trim());
    const line: number[] = [];
    for (let j = tip; j !== -1; j = skeleton.parents[j]) {
      line.push(j);
      if (j === top) return line.reverse();
    }
    throw new AnimError('bad-chain', `"${parts[1].trim()}" is not below "${parts[0].trim()}": ${spec} is not a chain`);
  }
  if (spec.length === 0) throw new AnimError('bad-chain', 'the chain names no bones');
  const joints = spec.map((name) => resolve(skeleton, name));
  for (let i = 1; i < joints.length; i++) {
    if (skeleton.parents[joints[i]] !== joints[i - 1]) {
      throw new AnimError('bad-chain', `"${spec[i]}" is not a child of "${spec[i - 1]}": the bones are not one line`);
    }
  }
  return joints;
}

const MIN_JOINTS: Record<IkSolver, number> = { 'two-bone': 3, fabrik: 2, ccd: 2, 'look-at': 1 };

/** The end of a joint's subtree in the skeleton's depth-first order (or the end of the skeleton). */
function subtreeEnd(skeleton: Skeleton, top: number): number {
  let k = top + 1;
  while (k < skeleton.jointCount && skeleton.parents[k] >= top) k++;
  return k;
}

/**
 * Binds a chain to a skeleton: validates it for its solver, builds its limits and scratch.
 * @throws AnimError `unknown-bone`, `bad-chain` (not a line; two-bone needs exactly three joints, FABRIK and
 * CCD at least two; bad numbers), `bad-constraint`.
 */
export function buildChain(skeleton: Skeleton, spec: string | readonly string[], options: ChainOptions = {}): IkChain {
  const solver = options.solver ?? 'two-bone';
  if (!IK_SOLVERS.includes(solver)) throw new AnimError('bad-chain', `unknown solver "${solver}"`);
  const list = chainJoints(skeleton, spec);
  const n = list.length;
  if (solver === 'two-bone' ? n !== 3 : n < MIN_JOINTS[solver]) {
    throw new AnimError(
      'bad-chain',
      `a ${solver} chain needs ${solver === 'two-bone' ? 'exactly' : 'at least'} ${MIN_JOINTS[solver]} bones, got ${n}`,
    );
  }
  const joints = Int16Array.from(list);
  const names = list.map((j) => skeleton.names[j]);
  const number = (value: number | undefined, fallback: number, what: string, min: number): number => {
    const v = value ?? fallback;
    if (!Number.isFinite(v) || v < min) throw new AnimError('bad-chain', `${what} ${value} is not a number ≥ ${min}`);
    return v;
  };
  const aim = options.aimAxis ?? [0, 0, 1];
  const aimLength = length3(aim[0], aim[1], aim[2]);
  if (aim.length !== 3 || !(aimLength > 1e-9)) throw new AnimError('bad-chain', `aim axis ${aim} is not a direction`);
  const boneWeights = new Float32Array(n);
  for (let i = 0; i < n; i++) boneWeights[i] = 1 / (n - i);
  if (options.boneWeights) {
    if (options.boneWeights.length !== n) {
      throw new AnimError('bad-chain', `${options.boneWeights.length} bone weights for a chain of ${n} bones`);
    }
    options.boneWeights.forEach((w, i) => {
      boneWeights[i] = number(w, 0, 'bone weight', 0);
    });
  }

  const limitKinds = new Uint8Array(n).fill(NO_LIMIT);
  const limitParams = new Float64Array(n * 6);
  const restRotations = new Float64Array(n * 4);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 4; k++) restRotations[i * 4 + k] = skeleton.restRotations[list[i] * 4 + k];
  }
  for (const [name, raw] of Object.entries(options.limits ?? {})) {
    const j = resolve(skeleton, name);
    const i = list.indexOf(j);
    if (i < 0)
      throw new AnimError('bad-constraint', `"${name}" has a limit but is not in the chain ${names.join(', ')}`);
    const next = i + 1 < n ? list[i + 1] : -1;
    const t = skeleton.restTranslations;
    const boneAxis = next < 0 ? [0, 1, 0] : [t[next * 3], t[next * 3 + 1], t[next * 3 + 2]];
    writeConstraint(raw, name, boneAxis, limitKinds, limitParams, i);
  }

  return {
    skeleton,
    solver,
    joints,
    names,
    parentJoint: skeleton.parents[list[0]],
    refreshEnd: subtreeEnd(skeleton, list[0]),
    iterations: Math.round(number(options.iterations, 16, 'iterations', 1)),
    tolerance: number(options.tolerance, 1e-3, 'tolerance', 0),
    soft: number(options.soft, 0, 'soft', 0),
    maxAngle: number(options.maxAngle, Math.PI, 'maxAngle', 0),
    aimAxis: Float64Array.from(aim, (v) => v / aimLength),
    boneWeights,
    poleMode: POLE_NONE,
    pole: new Float64Array(3),
    limitKinds,
    limitParams,
    restRotations,
    fkRotations: new Float64Array(n * 4),
    local: new Float64Array(n * 4),
    world: new Float64Array(n * 4),
    positions: new Float64Array(n * 3),
    boneDirs: new Float64Array(n * 3),
    lengths: new Float64Array(n),
    parentWorld: new Float64Array(4),
    work: new Float64Array(Math.max(n * 3 + 8, 16)),
  };
}

/** The effective weight of a chain: character × chain × target, clamped to [0, 1] (NaN counts as 0). */
export function ikWeight(character: number, chain: number, target: number): number {
  const w = character * chain * target;
  return w > 0 ? Math.min(w, 1) : 0;
}

/**
 * Reads the chain's animated state: local rotations (kept as the FK pose to blend from), world rotations,
 * joint positions from the model matrices, bone lengths and directions.
 */
export function gatherChain(chain: IkChain, pose: Pose, model: Float32Array, root: Float32Array | null): void {
  const { joints, local, world, positions, boneDirs, lengths, parentWorld } = chain;
  const n = joints.length;
  const p = chain.parentJoint;
  if (p >= 0) fromMatrix(parentWorld, 0, model, p * 16);
  else if (root) fromMatrix(parentWorld, 0, root, 0);
  else {
    parentWorld[0] = parentWorld[1] = parentWorld[2] = 0;
    parentWorld[3] = 1;
  }
  const r = pose.rotations;
  for (let i = 0; i < n; i++) {
    const j = joints[i];
    const i4 = i * 4;
    local[i4] = r[j * 4];
    local[i4 + 1] = r[j * 4 + 1];
    local[i4 + 2] = r[j * 4 + 2];
    local[i4 + 3] = r[j * 4 + 3];
    chain.fkRotations[i4] = local[i4];
    chain.fkRotations[i4 + 1] = local[i4 + 1];
    chain.fkRotations[i4 + 2] = local[i4 + 2];
    chain.fkRotations[i4 + 3] = local[i4 + 3];
    if (i === 0) multiply(world, 0, parentWorld, 0, local, 0);
    else multiply(world, i4, world, i4 - 4, local, i4);
    positions[i * 3] = model[j * 16 + 12];
    positions[i * 3 + 1] = model[j * 16 + 13];
    positions[i * 3 + 2] = model[j * 16 + 14];
  }
  for (let i = 0; i < n - 1; i++) {
    const dx = positions[i * 3 + 3] - positions[i * 3];
    const dy = positions[i * 3 + 4] - positions[i * 3 + 1];
    const dz = positions[i * 3 + 5] - positions[i * 3 + 2];
    const len = Math.sqrt(dx * dx + dy * dy + dz * dz);
    lengths[i] = len;
    if (len > 1e-12) unrotateVector(boneDirs, i * 3, world, i * 4, dx / len, dy / len, dz / len);
    else {
      boneDirs[i * 3] = boneDirs[i * 3 + 2] = 0;
      boneDirs[i * 3 + 1] = 1;
    }
  }
  lengths[n - 1] = 0;
}

/** Recomputes world rotations and positions from joint i down to the tip after joint i's local changed. */
export function forwardFrom(chain: IkChain, i: number): void {
  const { local, world, positions, boneDirs, lengths, parentWorld } = chain;
  const n = chain.joints.length;
  const w = chain.work;
  for (let k = i; k < n; k++) {
    if (k === 0) multiply(world, 0, parentWorld, 0, local, 0);
    else multiply(world, k * 4, world, k * 4 - 4, local, k * 4);
    if (k + 1 < n) {
      rotateVectorAt(w, 0, world, k * 4, boneDirs, k * 3);
      positions[k * 3 + 3] = positions[k * 3] + w[0] * lengths[k];
      positions[k * 3 + 4] = positions[k * 3 + 1] + w[1] * lengths[k];
      positions[k * 3 + 5] = positions[k * 3 + 2] + w[2] * lengths[k];
    }
  }
}

/**
 * Turns joint i by the world rotation dq (at w[do]), keeps it inside its limit, and moves everything below it.
 */
export function turnJoint(chain: IkChain, i: number, dq: Float64Array, dqo: number): void {
  const { local, world, parentWorld } = chain;
  const i4 = i * 4;
  multiply(world, i4, dq, dqo, world, i4);
  normalize(world, i4);
  if (i === 0) conjugateMultiply(local, 0, parentWorld, 0, world, 0);
  else conjugateMultiply(local, i4, world, i4 - 4, world, i4);
  applyConstraint(chain.limitKinds[i], chain.limitParams, i, chain.restRotations, i4, local, i4);
  forwardFrom(chain, i);
}

/**
 * Writes the solved local rotations into the pose, slerped from the animated ones by weight (1: all IK),
 * and refreshes the model matrices of the chain and everything below it.
 */
export function commitChain(
  chain: IkChain,
  pose: Pose,
  model: Float32Array,
  root: Float32Array | null,
  weight: number,
): void {
  const r = pose.rotations;
  const { joints, local, fkRotations } = chain;
  for (let i = 0; i < joints.length; i++) {
    const j4 = joints[i] * 4;
    if (weight >= 1) {
      normalize(local, i * 4);
      r[j4] = local[i * 4];
      r[j4 + 1] = local[i * 4 + 1];
      r[j4 + 2] = local[i * 4 + 2];
      r[j4 + 3] = local[i * 4 + 3];
    } else slerp(r, j4, fkRotations, i * 4, local, i * 4, weight);
  }
  localToModel(chain.skeleton, pose, root, model, joints[0], chain.refreshEnd);
}

/** Whether every number of a target is finite (a solver given anything else leaves the pose alone). */
export function finiteTarget(target: ArrayLike<number>, offset: number): boolean {
  return Number.isFinite(target[offset]) && Number.isFinite(target[offset + 1]) && Number.isFinite(target[offset + 2]);
}

/**
 * An IK solver: turns `chain`'s joints in `pose` so its tip reaches `target` (model space, `weight` 0–1 of
 * the way), `model` being the pose's model-space matrices and `root` the chain root's parent matrix (null:
 * the model's). Returns whether it reached.
 */
export type SolveFunction = (
  chain: IkChain,
  pose: Pose,
  model: Float32Array,
  root: Float32Array | null,
  target: ArrayLike<number>,
  weight: number,
) => boolean;

/**
 * The start every solver shares: false (leave the pose alone) for weight ≤ 0 or a non-finite target, else
 * gathers the chain's current joint positions and returns true.
 */
export const beginSolve: SolveFunction = (chain, pose, model, root, target, weight) => {
  if (!(weight > 0) || !finiteTarget(target, 0)) return false;
  gatherChain(chain, pose, model, root);
  return true;
};

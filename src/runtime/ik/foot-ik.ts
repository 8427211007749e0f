import { AnimError } from '../errors.js';
import { localToModel } from '../fk.js';
import { length3 } from '../length.js';
import { createPose, type Pose, setRestPose } from '../pose.js';
import { conjugateMultiply, fromMatrix, multiply, rotateVector, rotationBetween } from '../quat.js';
import type { Skeleton } from '../skeleton.js';
import { buildChain, chainJoints, type IkChain, POLE_POINT } from './chain.js';
import { findHumanoidLegs, type LegNames } from './humanoid-legs.js';
import { inverseTransformDirection, scaleAngle } from './rotation.js';
import { solveTwoBone } from './two-bone.js';

/** Where a foot meets the ground: the heel in the foot's frame, the ball in the toes' (else the foot's). */
export interface SolePoints {
  heel: readonly number[];
  ball: readonly number[];
}

export interface FootIkOptions {
  /** The legs, by joint names; default: both found by humanoid names. */
  legs?: readonly LegNames[];
  /** Sole points per leg (in leg order); default: from the rest pose (see buildFootIk). */
  soles?: readonly SolePoints[];
  /** The joint lowered to let a foot reach; default: the nearest common ancestor of the upper legs. */
  pelvis?: string;
}

/** Each leg has two ground probes, heel then ball; each probe is 7 floats: hit (0/1), point xyz, normal xyz. */
export const PROBES_PER_LEG = 2;
export const PROBE_STRIDE = 7;

interface Leg {
  readonly chain: IkChain;
  readonly foot: number;
  /** The joint the ball sole point hangs from (the toes, else the foot). */
  readonly ballJoint: number;
  readonly footEnd: number;
  /** Heel sole point in the foot's frame, ball sole point in the ball joint's frame. */
  readonly heel: Float64Array;
  readonly ball: Float64Array;
  /** The ankle's goal this frame. */
  readonly target: Float64Array;
  readonly reach: number;
}

/**
 * Foot IK for one character: per leg, two-bone IK so the sole meets the ground, the pelvis lowered so the
 * lower foot can reach, the correction blended in by a plant weight, and the sole turned to the ground.
 * Set the knobs and the per-frame inputs (`ground`, `airborne`, `verticalHandoff`) on it, then call
 * solveFootIk.
 */
export interface FootIk {
  readonly skeleton: Skeleton;
  readonly legs: readonly Leg[];
  readonly legNames: readonly LegNames[];
  readonly pelvis: number;
  readonly pelvisEnd: number;
  /** A sole this high (metres) over the animation's ground or lower counts as low (default 5 cm). */
  plantHeight: number;
  /** A sole rising or falling this fast (m/s) or faster counts as moving (default 0.5 m/s). */
  plantSpeed: number;
  /** The pelvis drops at most this far, metres (default 0.35). */
  pelvisLimit: number;
  /** Turn planted soles to the ground's normal (default true). */
  flatten: boolean;
  /** Per leg and probe (heel, ball): hit, point, normal, world space. Filled by the caller each frame. */
  readonly ground: Float32Array;
  /** Set while the character is in the air: foot IK then leaves the pose alone. */
  airborne: boolean;
  /** Set while something else owns the vertical (a physics jump): foot IK leaves the pose alone. */
  verticalHandoff: boolean;
  /** Outputs of the last solve: each leg's plant weight, and how far the pelvis dropped. */
  readonly plantWeights: Float32Array;
  pelvisDrop: number;
  // per-leg scratch and history
  readonly clearance: Float64Array;
  hasHistory: boolean;
  readonly scratch: Float64Array;
}

function solePoint(p: readonly number[], what: string): Float64Array {
  if (p.length !== 3 || !p.every(Number.isFinite)) {
    throw new AnimError('bad-chain', `the ${what} sole point ${p} is not three finite numbers`);
  }
  return Float64Array.from(p);
}

function nearestCommonAncestor(skeleton: Skeleton, a: number, b: number): number {
  for (let x = a; x !== -1; x = skeleton.parents[x]) {
    for (let y = b; y !== -1; y = skeleton.parents[y]) if (x === y) return x;
  }
  return -1;
}

/** A model point (x, y, z) expressed in joint j's frame, from the rest model matrices. */
function toJointFrame(model: Float32Array, j: number, x: number, y: number, z: number): Float64Array {
  const out = new Float64Array(3);
  const o = j * 16;
  inverseTransformDirection(out, 0, model, o, x - model[o + 12], y - model[o + 13], z - model[o + 14]);
  return out;
}

/**
 * Binds foot IK to a skeleton. Unless given, the sole points come from the rest pose, which is taken to stand
 * on y = 0: the ball straight under the toes joint, the heel under the ankle and behind it by 30% of the
 * ankle-to-ball length (a human foot's proportion; a heel-first step lands on it). Without toes both lie
 * under the ankle.
 * @throws AnimError `unknown-bone` (a leg not found or misnamed), `bad-chain` (a leg that is not
 * upper → lower → foot).
 */
export function buildFootIk(skeleton: Skeleton, options: FootIkOptions = {}): FootIk {
  const legNames = options.legs ?? findHumanoidLegs(skeleton);
  if (legNames.length === 0) throw new AnimError('bad-chain', 'foot IK needs at least one leg');
  const rest = createPose(skeleton.jointCount);
  setRestPose(skeleton, rest);
  const restModel = new Float32Array(skeleton.jointCount * 16);
  localToModel(skeleton, rest, null, restModel);
  const legs = legNames.map((names, legIndex): Leg => {
    const chain = buildChain(skeleton, [names.upper, names.lower, names.foot], { solver: 'two-bone' });
    const foot = chain.joints[2];
    const toes = names.toes === undefined ? -1 : chainJoints(skeleton, [names.foot, names.toes])[1];
    const ballJoint = toes >= 0 ? toes : foot;
    const a = foot * 16;
    const b = ballJoint * 16;
    chain.poleMode = POLE_POINT;
    const t = skeleton.restTranslations;
    const s = skeleton.restScales;
    const k = chain.joints[1];
    const reach =
      length3(t[k * 3] * s[k * 3], t[k * 3 + 1] * s[k * 3 + 1], t[k * 3 + 2] * s[k * 3 + 2]) +
      length3(t[foot * 3] * s[foot * 3], t[foot * 3 + 1] * s[foot * 3 + 1], t[foot * 3 + 2] * s[foot * 3 + 2]);
    const given = options.soles?.[legIndex];
    const heelX = restModel[a + 12] - 0.3 * (restModel[b + 12] - restModel[a + 12]);
    const heelZ = restModel[a + 14] - 0.3 * (restModel[b + 14] - restModel[a + 14]);
    // the last 1% of reach is eased in, so a straightening knee does not snap
    chain.soft = 0.01 * reach;
    let end = foot + 1;
    while (end < skeleton.jointCount && skeleton.parents[end] >= foot) end++;
    return {
      chain,
      foot,
      ballJoint,
      footEnd: end,
      heel: given ? solePoint(given.heel, 'heel') : toJointFrame(restModel, foot, heelX, 0, heelZ),
      ball: given
        ? solePoint(given.ball, 'ball')
        : toJointFrame(restModel, ballJoint, restModel[b + 12], 0, restModel[b + 14]),
      target: new Float64Array(3),
      reach,
    };
  });
  let pelvis = -1;
  if (options.pelvis !== undefined) {
    const j = skeleton.indexByName.get(options.pelvis);
    if (j === undefined) throw new AnimError('unknown-bone', `no bone named "${options.pelvis}" for the pelvis`);
    pelvis = j;
  } else {
    pelvis = legs[0].chain.joints[0];
    for (const leg of legs) pelvis = nearestCommonAncestor(skeleton, pelvis, skeleton.parents[leg.chain.joints[0]]);
    if (pelvis < 0) pelvis = skeleton.parents[legs[0].chain.joints[0]];
  }
  let pelvisEnd = skeleton.jointCount;
  if (pelvis >= 0) {
    pelvisEnd = pelvis + 1;
    while (pelvisEnd < skeleton.jointCount && skeleton.parents[pelvisEnd] >= pelvis) pelvisEnd++;
  }
  const n = legs.length;
  return {
    skeleton,
    legs,
    legNames,
    pelvis,
    pelvisEnd,
    plantHeight: 0.05,
    plantSpeed: 0.5,
    pelvisLimit: 0.35,
    flatten: true,
    ground: new Float32Array(n * PROBES_PER_LEG * PROBE_STRIDE),
    airborne: false,
    verticalHandoff: false,
    plantWeights: new Float32Array(n),
    pelvisDrop: 0,
    clearance: new Float64Array(n),
    hasHistory: false,
    scratch: new Float64Array(n * LEG_STRIDE + 16),
  };
}

/**
 * Where the ground must be probed this frame: per leg the animated heel and ball sole points, world space,
 * 3 floats each (heel then ball), into out. Cast straight down through them (from a little above).
 */
export function footProbes(footIk: FootIk, model: Float32Array, out: Float32Array): void {
  const s = footIk.scratch;
  for (let i = 0; i < footIk.legs.length; i++) {
    const leg = footIk.legs[i];
    transformPoint(s, 0, model, leg.foot, leg.heel);
    transformPoint(s, 3, model, leg.ballJoint, leg.ball);
    for (let k = 0; k < 6; k++) out[i * 6 + k] = s[k];
  }
}

function transformPoint(out: Float64Array, o: number, model: Float32Array, j: number, p: Float64Array): void {
  const m = j * 16;
  out[o] = model[m] * p[0] + model[m + 4] * p[1] + model[m + 8] * p[2] + model[m + 12];
  out[o + 1] = model[m + 1] * p[0] + model[m + 5] * p[1] + model[m + 9] * p[2] + model[m + 13];
  out[o + 2] = model[m + 2] * p[0] + model[m + 6] * p[1] + model[m + 10] * p[2] + model[m + 14];
}

// per-leg scratch layout
const LEG_STRIDE = 24;
const HEEL = 0; // sole points, world, animated
const BALL = 3;
const TURN = 6; // the sole's turn to the ground (quaternion)
const FOOT_WORLD = 10; // the foot's animated world rotation
const FLOOR = 14; // lowest ankle height that keeps both sole points on or above the ground
const DESIRED = 15; // where a planted ankle goes
const HAS_GROUND = 16;
const TMP = 17;

/** The height of probe k's ground plane at (x, z), or -Infinity without a usable hit. */
function groundHeight(g: Float32Array, k: number, x: number, z: number): number {
  const o = k * PROBE_STRIDE;
  if (g[o] === 0 || !(g[o + 5] > 0.2)) return Number.NEGATIVE_INFINITY;
  return g[o + 2] - (g[o + 4] * (x - g[o + 1]) + g[o + 6] * (z - g[o + 3])) / g[o + 5];
}

/**
 * Plants the feet on the ground given in `footIk.ground` (world space; `root` is the character's world
 * matrix, its origin on the animation's ground plane). Runs on the blended pose and its model matrices,
 * after root motion; refreshes the matrices it changes. Leaves everything alone while airborne, under the
 * vertical hand-off, or at weight 0. Never throws; allocates nothing.
 */
export function solveFootIk(
  footIk: FootIk,
  pose: Pose,
  model: Float32Array,
  root: Float32Array | null,
  dt: number,
  weight: number,
): void {
  const { legs, ground, scratch: s } = footIk;
  const n = legs.length;
  if (!(weight > 0) || footIk.airborne || footIk.verticalHandoff) {
    footIk.hasHistory = false;
    footIk.pelvisDrop = 0;
    footIk.plantWeights.fill(0);
    return;
  }
  const w = Math.min(weight, 1);
  const groundY = root ? root[13] : 0;
  let drop = 0;
  for (let i = 0; i < n; i++) {
    const leg = legs[i];
    const o = i * LEG_STRIDE;
    const f = leg.foot * 16;
    const ax = model[f + 12];
    const ay = model[f + 13];
    const az = model[f + 14];
    transformPoint(s, o + HEEL, model, leg.foot, leg.heel);
    transformPoint(s, o + BALL, model, leg.ballJoint, leg.ball);
    // planted: low over the animation's ground and hardly rising or falling
    const clearance = Math.min(s[o + HEEL + 1], s[o + BALL + 1]) - groundY;
    const speed = footIk.hasHistory && dt > 0 ? Math.abs(clearance - footIk.clearance[i]) / dt : 0;
    footIk.clearance[i] = clearance;
    const low = 1 - clearance / footIk.plantHeight;
    const slow = 1 - speed / footIk.plantSpeed;
    const plant = (low < 0 ? 0 : Math.min(low, 1)) * (slow < 0 ? 0 : Math.min(slow, 1)) * w;

    const heelProbe = i * PROBES_PER_LEG;
    const g0 = ground[heelProbe * PROBE_STRIDE] !== 0 && ground[heelProbe * PROBE_STRIDE + 5] > 0.2;
    const g1 = ground[(heelProbe + 1) * PROBE_STRIDE] !== 0 && ground[(heelProbe + 1) * PROBE_STRIDE + 5] > 0.2;
    s[o + HAS_GROUND] = g0 || g1 ? 1 : 0;
    if (!g0 && !g1) {
      footIk.plantWeights[i] = 0;
      continue;
    }
    // the sole's turn to the ground: from up to the probes' mean normal, by the plant weight
    let nx = 0;
    let ny = 0;
    let nz = 0;
    for (let k = 0; k < 2; k++) {
      const q = (heelProbe + k) * PROBE_STRIDE;
      if ((k === 0 ? g0 : g1) && footIk.flatten) {
        nx += ground[q + 4];
        ny += ground[q + 5];
        nz += ground[q + 6];
      }
    }
    rotationBetween(s, o + TURN, 0, 1, 0, nx, ny || 1, nz);
    scaleAngle(s, o + TURN, plant);
    fromMatrix(s, o + FOOT_WORLD, model, f);
    // the lowest ankle height that keeps each turned sole point on or above its ground
    let floor = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < 2; k++) {
      const p = o + (k === 0 ? HEEL : BALL);
      rotateVector(s, o + TMP, s, o + TURN, s[p] - ax, s[p + 1] - ay, s[p + 2] - az);
      const px = ax + s[o + TMP];
      const pz = az + s[o + TMP + 2];
      let h = groundHeight(ground, heelProbe + k, px, pz);
      if (h === Number.NEGATIVE_INFINITY) h = groundHeight(ground, heelProbe + 1 - k, px, pz);
      const need = h - s[o + TMP + 1];
      if (need > floor) floor = need;
    }
    s[o + FLOOR] = floor;
    s[o + DESIRED] = floor + Math.max(clearance, 0);
    footIk.plantWeights[i] = plant;
    let target = ay + plant * (s[o + DESIRED] - ay);
    if (target < floor) target = floor;
    if (ay - target > drop) drop = ay - target;
  }
  drop = Math.min(drop, footIk.pelvisLimit);
  footIk.pelvisDrop = drop;
  if (drop > 0 && footIk.pelvis >= 0) lowerPelvis(footIk, pose, model, root, drop);

  for (let i = 0; i < n; i++) {
    const o = i * LEG_STRIDE;
    if (s[o + HAS_GROUND] === 0) continue;
    const leg = legs[i];
    const f = leg.foot * 16;
    const ay = model[f + 13];
    const plant = footIk.plantWeights[i];
    let target = ay + plant * (s[o + DESIRED] - ay);
    if (target < s[o + FLOOR]) target = s[o + FLOOR];
    leg.target[0] = model[f + 12];
    leg.target[1] = target;
    leg.target[2] = model[f + 14];
    // the knee keeps bending the way the animation bends it, leaning the way the foot points when the
    // animated leg is nearly straight
    const k = leg.chain.joints[1] * 16;
    let fx = s[o + BALL] - s[o + HEEL];
    let fz = s[o + BALL + 2] - s[o + HEEL + 2];
    const fl = Math.sqrt(fx * fx + fz * fz);
    const lean = fl > 1e-9 ? (0.02 * leg.reach) / fl : 0;
    fx *= lean;
    fz *= lean;
    leg.chain.pole[0] = model[k + 12] + fx;
    leg.chain.pole[1] = model[k + 13];
    leg.chain.pole[2] = model[k + 14] + fz;
    solveTwoBone(leg.chain, pose, model, root, leg.target, 1);
    // the foot keeps its animated world rotation, turned to the ground by the plant weight
    multiply(s, o + TMP, s, o + TURN, s, o + FOOT_WORLD);
    fromMatrix(s, o + FOOT_WORLD, model, leg.chain.joints[1] * 16);
    conjugateMultiply(pose.rotations, leg.foot * 4, s, o + FOOT_WORLD, s, o + TMP);
    localToModel(footIk.skeleton, pose, root, model, leg.foot, leg.footEnd);
  }
  footIk.hasHistory = true;
}

/** Moves the pelvis down by drop metres (world), through its parent's (or the root's) frame. */
function lowerPelvis(footIk: FootIk, pose: Pose, model: Float32Array, root: Float32Array | null, drop: number): void {
  const j = footIk.pelvis;
  const p = footIk.skeleton.parents[j];
  const s = footIk.scratch;
  const o = footIk.legs.length * LEG_STRIDE;
  if (p >= 0) inverseTransformDirection(s, o, model, p * 16, 0, -drop, 0);
  else if (root) inverseTransformDirection(s, o, root, 0, 0, -drop, 0);
  else {
    s[o] = 0;
    s[o + 1] = -drop;
    s[o + 2] = 0;
  }
  const t = pose.translations;
  t[j * 3] += s[o];
  t[j * 3 + 1] += s[o + 1];
  t[j * 3 + 2] += s[o + 2];
  localToModel(footIk.skeleton, pose, root, model, j, footIk.pelvisEnd);
}

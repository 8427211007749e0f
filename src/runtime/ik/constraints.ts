import { AnimError } from '../errors.js';
import { length3 } from '../length.js';
import { axisAngle, conjugateMultiply, multiply } from '../quat.js';
import { scaleAngle } from './rotation.js';

/**
 * A joint limit, measured from the joint's rest rotation in the joint's own frame (the frame its children's
 * offsets are given in). Angles in radians.
 * - `hinge`: the joint only turns about `axis`, between `min` and `max`.
 * - `cone`: the bone swings at most `angle` away from its rest direction and twists about `axis` (default: the
 *   bone's rest direction, toward the next joint of the chain) between `twistMin` and `twistMax` (default ±π).
 */
export type RawConstraint =
  | { type: 'hinge'; axis: readonly number[]; min: number; max: number }
  | { type: 'cone'; angle: number; twistMin?: number; twistMax?: number; axis?: readonly number[] };

export const NO_LIMIT = 0;
export const HINGE = 1;
export const CONE = 2;

/** Floats per joint in a chain's constraint parameters: axis xyz, then two or three angles. */
export const LIMIT_STRIDE = 6;

const scratch = new Float64Array(12);

function fail(joint: string, message: string): never {
  throw new AnimError('bad-constraint', `the limit on "${joint}" ${message}`);
}

function finite(joint: string, value: number | undefined, what: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(joint, `has ${what} ${value}, not a finite number`);
  return value;
}

/**
 * Validates a raw limit and writes it into a chain's typed arrays at joint slot i. `boneAxis` is the rest
 * direction of the bone (the default twist axis of a cone).
 * @throws AnimError `bad-constraint` on an unknown type, a zero or non-finite axis, or min above max.
 */
export function writeConstraint(
  raw: RawConstraint,
  joint: string,
  boneAxis: readonly number[],
  kinds: Uint8Array,
  params: Float64Array,
  i: number,
): void {
  const o = i * LIMIT_STRIDE;
  if (raw.type !== 'hinge' && raw.type !== 'cone') {
    fail(joint, `has type "${(raw as { type: unknown }).type}"; use "hinge" or "cone"`);
  }
  const axis = raw.axis ?? (raw.type === 'cone' ? boneAxis : undefined);
  if (axis?.length !== 3) fail(joint, 'needs an axis of three numbers');
  const ax = finite(joint, axis[0], 'axis x', 0);
  const ay = finite(joint, axis[1], 'axis y', 0);
  const az = finite(joint, axis[2], 'axis z', 0);
  const len = length3(ax, ay, az);
  if (len < 1e-9) fail(joint, 'has a zero axis');
  params[o] = ax / len;
  params[o + 1] = ay / len;
  params[o + 2] = az / len;
  if (raw.type === 'hinge') {
    const min = finite(joint, raw.min, 'min', 0);
    const max = finite(joint, raw.max, 'max', 0);
    if (min > max) fail(joint, `has min ${min} above max ${max}`);
    kinds[i] = HINGE;
    params[o + 3] = Math.max(min, -Math.PI);
    params[o + 4] = Math.min(max, Math.PI);
  } else {
    const angle = finite(joint, raw.angle, 'angle', 0);
    const twistMin = finite(joint, raw.twistMin, 'twistMin', -Math.PI);
    const twistMax = finite(joint, raw.twistMax, 'twistMax', Math.PI);
    if (angle < 0) fail(joint, `has a negative cone angle ${angle}`);
    if (twistMin > twistMax) fail(joint, `has twistMin ${twistMin} above twistMax ${twistMax}`);
    kinds[i] = CONE;
    params[o + 3] = Math.min(angle, Math.PI);
    params[o + 4] = Math.max(twistMin, -Math.PI);
    params[o + 5] = Math.min(twistMax, Math.PI);
  }
}

/**
 * Splits delta (a unit quaternion at s[0..3]) into twist about the unit axis and the swing left over:
 * twist to s[4..7], swing to s[8..11]. Returns the twist angle in (−π, π].
 */
function swingTwist(s: Float64Array, ax: number, ay: number, az: number): number {
  let x = s[0];
  let y = s[1];
  let z = s[2];
  let w = s[3];
  if (w < 0) {
    x = -x;
    y = -y;
    z = -z;
    w = -w;
  }
  const p = x * ax + y * ay + z * az;
  const len = Math.sqrt(p * p + w * w);
  if (len < 1e-12) {
    // a half turn about an axis perpendicular to the twist axis: all swing
    s[4] = s[5] = s[6] = 0;
    s[7] = 1;
  } else {
    s[4] = (ax * p) / len;
    s[5] = (ay * p) / len;
    s[6] = (az * p) / len;
    s[7] = w / len;
  }
  // swing = delta × conj(twist)
  s[8] = -s[4];
  s[9] = -s[5];
  s[10] = -s[6];
  s[11] = s[7];
  multiply(s, 8, s, 0, s, 8);
  return 2 * Math.atan2(p, w);
}

/** The swing's angle (atan2 keeps it precise near zero, where acos of w is not). */
function swingOf(s: Float64Array): number {
  return 2 * Math.atan2(Math.sqrt(s[8] * s[8] + s[9] * s[9] + s[10] * s[10]), Math.abs(s[11]));
}

/**
 * Pulls the local rotation q (at qo) inside its joint's limit, relative to the rest rotation at ro. Never
 * throws; a joint without a limit is left alone.
 */
export function applyConstraint(
  kind: number,
  params: Float64Array,
  i: number,
  rest: Float32Array | Float64Array,
  ro: number,
  q: Float64Array,
  qo: number,
): void {
  if (kind === NO_LIMIT) return;
  const o = i * LIMIT_STRIDE;
  const ax = params[o];
  const ay = params[o + 1];
  const az = params[o + 2];
  const s = scratch;
  conjugateMultiply(s, 0, rest, ro, q, qo);
  const twist = swingTwist(s, ax, ay, az);
  if (kind === HINGE) {
    axisAngle(s, 0, ax, ay, az, Math.min(Math.max(twist, params[o + 3]), params[o + 4]));
  } else {
    const cone = params[o + 3];
    const swingAngle = swingOf(s);
    if (swingAngle > cone) scaleAngle(s, 8, cone / swingAngle);
    axisAngle(s, 4, ax, ay, az, Math.min(Math.max(twist, params[o + 4]), params[o + 5]));
    multiply(s, 0, s, 8, s, 4);
  }
  multiply(q, qo, rest, ro, s, 0);
}

/** How far q (at qo) lies outside its limit, radians (0 inside); tests and debugging use it. */
export function constraintViolation(
  kind: number,
  params: Float64Array,
  i: number,
  rest: Float32Array | Float64Array,
  ro: number,
  q: ArrayLike<number>,
  qo: number,
): number {
  if (kind === NO_LIMIT) return 0;
  const o = i * LIMIT_STRIDE;
  const s = scratch;
  const local = new Float64Array([q[qo], q[qo + 1], q[qo + 2], q[qo + 3]]);
  conjugateMultiply(s, 0, rest, ro, local, 0);
  const twist = swingTwist(s, params[o], params[o + 1], params[o + 2]);
  const swing = swingOf(s);
  if (kind === HINGE) return swing + Math.max(0, params[o + 3] - twist, twist - params[o + 4]);
  return Math.max(0, swing - params[o + 3]) + Math.max(0, params[o + 4] - twist, twist - params[o + 5]);
}

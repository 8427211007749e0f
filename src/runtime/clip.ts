import { AnimError, isFiniteArray } from './errors.js';
import { posePathOffsets } from './pose.js';
import { normalize } from './quat.js';
import type { Skeleton } from './skeleton.js';

export type TrackPath = 'translation' | 'rotation' | 'scale' | 'weights';
export type Interpolation = 'STEP' | 'LINEAR' | 'CUBICSPLINE';

export const STEP = 0;
export const LINEAR = 1;
export const CUBICSPLINE = 2;
const INTERPOLATIONS: Record<Interpolation, number> = { STEP, LINEAR, CUBICSPLINE };
const WIDTHS: Record<TrackPath, number> = { translation: 3, rotation: 4, scale: 3, weights: 0 };

/** Editable track data: keys for one property of one joint (or one mesh's morph weights). */
export interface RawTrack {
  /** Joint name (or, for `weights`, the name of the node that holds the morph targets). */
  target: string;
  path: TrackPath;
  interpolation?: Interpolation;
  /** Key times in seconds, strictly increasing. */
  times: ArrayLike<number>;
  /** Values per key (CUBICSPLINE: in-tangent, value, out-tangent per key, as glTF lays them out). */
  values: ArrayLike<number>;
}

export interface RawClip {
  name: string;
  tracks: readonly RawTrack[];
  /** Defaults to the last key time of all tracks (as authored: a constant track's keys count too). */
  duration?: number;
  /** Free data kept with the clip (glTF extras: a stride, for example). */
  extras?: Record<string, unknown>;
}

export interface Track {
  readonly target: string;
  readonly path: TrackPath;
  /** STEP, LINEAR or CUBICSPLINE. */
  readonly interpolation: number;
  /** Components per value: 3, 4, or the morph target count. */
  readonly width: number;
  readonly times: Float32Array;
  readonly values: Float32Array;
  /** Index into the clip's timelines of this track's key times. */
  readonly timeline: number;
}

/** Immutable runtime clip, independent of any skeleton until bound. */
export interface Clip {
  readonly name: string;
  readonly duration: number;
  readonly tracks: readonly Track[];
  /**
   * The distinct key-time arrays of the tracks. Exporters key most tracks at the same times; the sampler
   * finds the key once per timeline, not once per track.
   */
  readonly timelines: readonly Float32Array[];
  /**
   * Per timeline, keys per second when its keys are evenly spaced (as baked clips' are), else 0: the sampler
   * then finds a key from the time by one multiply, with nothing remembered between frames.
   */
  readonly keyRates: Float64Array;
  /** Every track's values end to end (each track's `values` is a view of it), for the sampler's flat loop. */
  readonly values: Float32Array;
  /** Where each track's values start in `values`. */
  readonly valueStarts: Int32Array;
  readonly extras: Readonly<Record<string, unknown>>;
}

function fail(clip: string, message: string): never {
  throw new AnimError('bad-clip', `clip "${clip}": ${message}`);
}

type UnsharedTrack = Omit<Track, 'timeline'>;

/**
 * How far a track's keys may stray from its first and still count as one key: a millionth of the quantity's
 * size (the clip's largest translation for translations, 1 for rotations, the track's largest value for scales
 * and weights, at least 1). Exporters key many properties that never move, with their own rounding noise (a
 * few float32 steps); such a track then samples as its first key, at most this far from what was authored.
 */
export const STILL_TOLERANCE = 1e-6;

/**
 * The largest translation value among a clip's tracks (finite values only), the scale its translations'
 * stillness is judged at. Reads raw tracks before they are validated: a malformed one is left to buildTrack.
 */
export function translationExtent(
  tracks: readonly ({ readonly path?: string; readonly values?: ArrayLike<number> } | undefined)[],
): number {
  let extent = 0;
  for (const t of tracks) {
    if (t?.path !== 'translation' || !t.values) continue;
    for (let i = 0; i < t.values.length; i++) extent = Math.max(extent, Math.abs(t.values[i]) || 0);
  }
  return extent;
}

/** The largest magnitude among `values`, at least 1. */
function unitScale(values: Float32Array): number {
  let largest = 1;
  for (let i = 0; i < values.length; i++) largest = Math.max(largest, Math.abs(values[i]));
  return largest;
}

function buildTrack(clipName: string, raw: RawTrack, translationScale: number): UnsharedTrack {
  const where = `track ${raw.target}.${raw.path}`;
  if (!(raw.path in WIDTHS)) fail(clipName, `${where} has an unknown path`);
  const interpolation = INTERPOLATIONS[raw.interpolation ?? 'LINEAR'];
  if (interpolation === undefined) fail(clipName, `${where} has unknown interpolation "${raw.interpolation}"`);
  const keys = raw.times.length;
  if (keys === 0) fail(clipName, `${where} has no keys`);
  if (!isFiniteArray(raw.times)) fail(clipName, `${where} has a key time that is not a finite number`);
  for (let k = 1; k < keys; k++) {
    if (!(raw.times[k] > raw.times[k - 1])) fail(clipName, `${where}: key times are not increasing at key ${k}`);
  }
  const perKey = interpolation === CUBICSPLINE ? 3 : 1;
  let width = WIDTHS[raw.path];
  if (width === 0) {
    width = raw.values.length / (keys * perKey);
    if (!Number.isInteger(width) || width < 1) {
      fail(clipName, `${where} has ${raw.values.length} values, not a whole number of weights for ${keys} keys`);
    }
  } else if (raw.values.length !== keys * width * perKey) {
    fail(clipName, `${where} has ${raw.values.length} values, expected ${keys * width * perKey}`);
  }
  if (!isFiniteArray(raw.values)) fail(clipName, `${where} has a value that is not a finite number`);
  const values = Float32Array.from(raw.values);
  if (raw.path === 'rotation') {
    // Keys must be unit quaternions; tangents (cubic) are left as authored.
    const valueOffset = interpolation === CUBICSPLINE ? 4 : 0;
    for (let k = 0; k < keys; k++) normalize(values, k * 4 * perKey + valueOffset);
  }
  const times = Float32Array.from(raw.times);
  const scale = raw.path === 'translation' ? translationScale : raw.path === 'rotation' ? 1 : unitScale(values);
  if (isStill(values, keys, width, interpolation, STILL_TOLERANCE * scale)) {
    // one key samples the same (within the tolerance) and is written once, not every frame (ClipBinding.moving)
    const at = interpolation === CUBICSPLINE ? width : 0;
    return {
      target: raw.target,
      path: raw.path,
      interpolation: STEP,
      width,
      times: times.subarray(0, 1),
      values: values.slice(at, at + width),
    };
  }
  return { target: raw.target, path: raw.path, interpolation, width, times, values };
}

/**
 * Whether every key lies within `tolerance` of the first key's value (and, for cubic splines, every tangent
 * within `tolerance` of zero).
 */
function isStill(values: Float32Array, keys: number, width: number, interpolation: number, tolerance: number): boolean {
  const cubic = interpolation === CUBICSPLINE;
  const stride = cubic ? width * 3 : width;
  const at = cubic ? width : 0;
  for (let k = 0; k < keys; k++) {
    for (let c = 0; c < width; c++) {
      if (!(Math.abs(values[k * stride + at + c] - values[at + c]) <= tolerance)) return false;
      if (
        cubic &&
        !(Math.abs(values[k * stride + c]) <= tolerance && Math.abs(values[k * stride + 2 * width + c]) <= tolerance)
      )
        return false;
    }
  }
  return true;
}

/**
 * Validates a raw clip and builds the runtime one.
 * @throws AnimError `bad-clip` naming the clip and track: no keys, non-finite or non-increasing times,
 * wrong value counts, non-finite values, unknown path or interpolation, a bad duration.
 */
export function buildClip(raw: RawClip): Clip {
  const name = raw.name;
  if (typeof name !== 'string') fail(String(name), 'has no name');
  const translationScale = translationExtent(raw.tracks);
  const unshared = raw.tracks.map((t) => buildTrack(name, t, translationScale));
  // the authored range (glTF: the largest input max), not the built tracks': a still track keeps one key
  let end = 0;
  for (const t of raw.tracks) end = Math.max(end, t.times[t.times.length - 1]);
  const duration = raw.duration ?? end;
  if (!Number.isFinite(duration) || duration < 0) fail(name, `duration ${raw.duration} is not a finite number ≥ 0`);
  const timelines: Float32Array[] = [];
  const values = new Float32Array(unshared.reduce((n, t) => n + t.values.length, 0));
  const valueStarts = new Int32Array(unshared.length);
  let start = 0;
  const tracks = unshared.map((t, i): Track => {
    let timeline = timelines.findIndex((times) => sameTimes(times, t.times));
    if (timeline < 0) timeline = timelines.push(t.times) - 1;
    values.set(t.values, start);
    valueStarts[i] = start;
    start += t.values.length;
    return {
      target: t.target,
      path: t.path,
      interpolation: t.interpolation,
      width: t.width,
      times: timelines[timeline],
      values: values.subarray(valueStarts[i], start),
      timeline,
    };
  });
  const keyRates = Float64Array.from(timelines, keyRate);
  return { name, duration, tracks, timelines, keyRates, values, valueStarts, extras: raw.extras ?? {} };
}

/**
 * Keys per second of a timeline whose every key lies within a quarter of a step of an even grid (a key index
 * guessed from a time is then off by at most one), else 0.
 */
function keyRate(times: Float32Array): number {
  const n = times.length;
  if (n < 2) return 0;
  const step = (times[n - 1] - times[0]) / (n - 1);
  if (!(step > 0)) return 0;
  for (let k = 1; k < n - 1; k++) if (Math.abs(times[k] - (times[0] + k * step)) > step / 4) return 0;
  return 1 / step;
}

function sameTimes(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Ints per track in a binding's sampling plan. */
export const OP_SIZE = 5;
/** How the sampler treats a track: the common cases have their own loop; the rest go through the Track. */
export const SAMPLE_VEC3 = 0;
export const SAMPLE_ROTATION = 1;
export const SAMPLE_STEP3 = 2;
export const SAMPLE_STEP4 = 3;
export const SAMPLE_TRACK = 4;

function sampleKind(track: Track): number {
  if (track.interpolation === STEP)
    return track.width === 3 ? SAMPLE_STEP3 : track.width === 4 ? SAMPLE_STEP4 : SAMPLE_TRACK;
  if (track.interpolation !== LINEAR) return SAMPLE_TRACK;
  return track.path === 'rotation' ? SAMPLE_ROTATION : track.width === 3 ? SAMPLE_VEC3 : SAMPLE_TRACK;
}

/** Where a skeleton's pose keeps one mesh's morph weights. */
export interface MorphSlot {
  readonly offset: number;
  readonly count: number;
}

/** A clip bound to one skeleton: each track resolved to a joint or a morph weight slot. */
export interface ClipBinding {
  readonly clip: Clip;
  /** Joint per track, -1 when the track is a morph track or its target is not in the skeleton. */
  readonly joints: Int16Array;
  /**
   * The sampler's plan, OP_SIZE ints per track that drives something: how to sample it (SAMPLE_*), its
   * timeline, where its values start in the clip's `values`, where it writes in the pose's `data`, and
   * the track's index.
   */
  readonly ops: Int32Array;
  /**
   * Where the moving tracks' ops start in `ops`. The ops before are still tracks' (one key): their sample
   * never changes, so a pose that keeps what was sampled into it writes them once (ScratchPoses).
   */
  readonly moving: number;
  /** Targets of tracks that found nothing to drive. */
  readonly unbound: readonly string[];
}

/**
 * Resolves a clip's track targets by name against a skeleton (and its morph weight slots). Tracks whose
 * target is missing are listed in `unbound` and skipped at sampling time; with `strict` they throw.
 * @throws AnimError `unknown-joint` in strict mode; `bad-clip` when a weights track's width does not
 * match the mesh's morph target count.
 */
export function bindClip(
  clip: Clip,
  skeleton: Skeleton,
  morphs: ReadonlyMap<string, MorphSlot> = new Map(),
  strict = false,
): ClipBinding {
  const joints = new Int16Array(clip.tracks.length).fill(-1);
  const ops: number[][] = [];
  const unbound: string[] = [];
  const poseBase = posePathOffsets(skeleton.jointCount);
  clip.tracks.forEach((track, i) => {
    let at: number;
    if (track.path === 'weights') {
      const slot = morphs.get(track.target);
      if (slot && slot.count !== track.width) {
        fail(clip.name, `weights track on "${track.target}" has ${track.width} weights, the mesh has ${slot.count}`);
      }
      if (!slot) {
        unbound.push(track.target);
        return;
      }
      at = poseBase.weights + slot.offset;
    } else {
      const joint = skeleton.indexByName.get(track.target);
      if (joint === undefined) {
        unbound.push(track.target);
        return;
      }
      joints[i] = joint;
      at = poseBase[track.path] + joint * track.width;
    }
    ops.push([sampleKind(track), track.timeline, clip.valueStarts[i], at, i]);
  });
  if (strict && unbound.length > 0) {
    throw new AnimError('unknown-joint', `clip "${clip.name}" drives unknown joint "${unbound[0]}"`);
  }
  // Of tracks writing the same place, the last wins (as when each wrote in turn): the others are dropped, so
  // the plan can put the still tracks first without changing what is written.
  const last = new Map(ops.map((op) => [op[3], op]));
  const kept = ops.filter((op) => last.get(op[3]) === op);
  const still = kept.filter((op) => clip.tracks[op[4]].times.length === 1);
  const moving = kept.filter((op) => clip.tracks[op[4]].times.length > 1);
  return { clip, joints, ops: Int32Array.from([...still, ...moving].flat()), moving: still.length * OP_SIZE, unbound };
}

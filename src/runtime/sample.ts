import {
  type Clip,
  type ClipBinding,
  CUBICSPLINE,
  LINEAR,
  OP_SIZE,
  SAMPLE_ROTATION,
  SAMPLE_STEP3,
  SAMPLE_STEP4,
  SAMPLE_VEC3,
  STEP,
  type Track,
} from './clip.js';
import { length4 } from './length.js';
import type { Pose } from './pose.js';
import { slerp } from './quat.js';

/**
 * Per-binding sampling state: a search cursor per timeline whose keys are not evenly spaced (at
 * keys[at + i]), the key interval its last sample found, so forward playback finds its key in O(1). Evenly
 * spaced timelines need none: their key comes from the time. A character's caches for all its clips share one
 * array (`at` apart): one array object is one cold cache line in a crowd's frame, where a view per clip would
 * be one each.
 */
export interface SampleCache {
  readonly keys: Int32Array;
  readonly at: number;
}

export function createSampleCache(binding: ClipBinding): SampleCache {
  return { keys: new Int32Array(binding.clip.timelines.length), at: 0 };
}

/**
 * The key interval and fraction of each timeline at the sample being taken: scratch of one sampleClip call,
 * shared by all (nothing of a character's is read or written to find a baked clip's keys: in a crowd each such
 * read misses the cache).
 */
let KEYS = new Int32Array(64);
let FRACTIONS = new Float64Array(64);

/**
 * Above this dot product (key rotations less than about 36° apart, as sampled clips almost always are)
 * the slerp weights come from their series in the squared angle, within 1e-8 of sin(aθ)/sin(θ) (below
 * float32's rounding) and far cheaper than the trigonometry; wider gaps take the exact slerp.
 */
const SERIES_DOT = 0.95;
const THIRD = 1 / 3;
const SIXTH = 1 / 6;
const INV_360 = 1 / 360;
const INV_15120 = 1 / 15120;
const FOUR_45THS = 4 / 45;
const INV_35 = 1 / 35;

/**
 * sin(aθ)/sin(θ) from θ² by its series:
 * a·(1 + (1−a²)θ²·(1/6 + θ²·((7−3a²)/360 + θ²·(31−18a²+3a⁴)/15120))).
 */
function slerpWeight(a: number, theta2: number): number {
  const a2 = a * a;
  const b = 1 - a2;
  return (
    a *
    (1 + b * theta2 * (SIXTH + theta2 * ((7 - 3 * a2) * INV_360 + theta2 * (31 - 18 * a2 + 3 * a2 * a2) * INV_15120)))
  );
}

/** Index k of the key interval [times[k], times[k+1]) holding t, starting from the cached cursor. */
function findKey(times: Float32Array, t: number, cursor: number): number {
  const last = times.length - 2;
  const k = Math.min(cursor, last);
  if (t >= times[k]) {
    // Forward playback: the same interval or the next is the usual answer.
    if (k === last || t < times[k + 1]) return k;
    if (k + 1 === last || t < times[k + 2]) return k + 1;
    let lo = k + 2;
    let hi = last;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (times[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
  if (k > 0 && t >= times[k - 1]) return k - 1;
  let lo = 0;
  let hi = k - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (times[mid] <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Finds each timeline's key interval and fraction at t, into KEYS and FRACTIONS. Clamped ends become key 0
 * or the last key with fraction 0, so every track then just reads or interpolates. An evenly spaced timeline's
 * key is guessed from t and corrected by a step; another's is searched from its cursor in `cache`.
 */
function locateKeys(clip: Clip, t: number, cache: SampleCache): void {
  const { timelines, keyRates } = clip;
  const n = timelines.length;
  if (n > KEYS.length) {
    KEYS = new Int32Array(n);
    FRACTIONS = new Float64Array(n);
  }
  for (let i = 0; i < n; i++) {
    const times = timelines[i];
    const last = times.length - 1;
    // at or past the last key: the last; at or before the first: key 0; both with fraction 0
    let k = 0;
    let s = 0;
    if (t >= times[last]) k = last;
    else if (t > times[0]) {
      const rate = keyRates[i];
      if (rate > 0) {
        k = Math.min(last - 1, Math.floor((t - times[0]) * rate));
        while (k > 0 && times[k] > t) k--;
        while (k < last - 1 && times[k + 1] <= t) k++;
      } else {
        const c = cache.at + i;
        k = findKey(times, t, cache.keys[c]);
        cache.keys[c] = k;
      }
      s = (t - times[k]) / (times[k + 1] - times[k]);
    }
    KEYS[i] = k;
    FRACTIONS[i] = s;
  }
}

/** Shortest-arc rotation between keys a and b (offsets into values) by s. */
function rotationBetween(values: Float32Array, a: number, b: number, s: number, out: Float32Array, o: number): void {
  const ax = values[a];
  const ay = values[a + 1];
  const az = values[a + 2];
  const aw = values[a + 3];
  let bx = values[b];
  let by = values[b + 1];
  let bz = values[b + 2];
  let bw = values[b + 3];
  let dot = ax * bx + ay * by + az * bz + aw * bw;
  if (dot < 0) {
    dot = -dot;
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
  }
  if (dot < SERIES_DOT) {
    slerp(out, o, values, a, values, b, s);
    return;
  }
  // θ² from the cosine by the series of acos²: 2x + x²/3 + 4x³/45 + x⁴/35 with x = 1 − cos θ
  const x = 1 - dot;
  const theta2 = x * (2 + x * (THIRD + x * (FOUR_45THS + x * INV_35)));
  const s0 = slerpWeight(1 - s, theta2);
  const s1 = slerpWeight(s, theta2);
  out[o] = ax * s0 + bx * s1;
  out[o + 1] = ay * s0 + by * s1;
  out[o + 2] = az * s0 + bz * s1;
  out[o + 3] = aw * s0 + bw * s1;
}

/**
 * glTF's CUBICSPLINE between keys k and k + 1 (keys laid out in-tangent, value, out-tangent, `width` floats
 * each) at fraction s of a gap of dt seconds, into out[o..o+width). Shared by joint and property tracks.
 */
export function cubicSpline(
  values: Float32Array,
  k: number,
  width: number,
  s: number,
  dt: number,
  out: Float32Array,
  o: number,
): void {
  const s2 = s * s;
  const s3 = s2 * s;
  const h00 = 2 * s3 - 3 * s2 + 1;
  const h10 = (s3 - 2 * s2 + s) * dt;
  const h01 = -2 * s3 + 3 * s2;
  const h11 = (s3 - s2) * dt;
  const a = k * width * 3;
  const b = a + width * 3;
  for (let c = 0; c < width; c++) {
    out[o + c] =
      h00 * values[a + width + c] + h10 * values[a + 2 * width + c] + h01 * values[b + width + c] + h11 * values[b + c];
  }
}

/** Writes one track's value for key k and fraction s into out[o..o+width). */
function sampleTrack(track: Track, k: number, s: number, out: Float32Array, o: number): void {
  const { width, values, interpolation } = track;
  if (s === 0 || interpolation === STEP) {
    const at = interpolation === CUBICSPLINE ? k * width * 3 + width : k * width;
    for (let c = 0; c < width; c++) out[o + c] = values[at + c];
  } else if (interpolation === LINEAR) {
    const a = k * width;
    if (track.path === 'rotation') rotationBetween(values, a, a + 4, s, out, o);
    else for (let c = 0; c < width; c++) out[o + c] = values[a + c] + (values[a + width + c] - values[a + c]) * s;
  } else {
    cubicSpline(values, k, width, s, track.times[k + 1] - track.times[k], out, o);
    // glTF renormalizes a cubic rotation; only rotations: a weights track on four morph targets is width 4 too
    if (track.path === 'rotation') {
      const inv = 1 / (length4(out[o], out[o + 1], out[o + 2], out[o + 3]) || 1);
      for (let c = 0; c < 4; c++) out[o + c] *= inv;
    }
  }
}

/**
 * Samples a bound clip at `time` into `pose`. Only the joints and weights the clip drives are written:
 * start from the rest pose (setRestPose) so undriven joints keep it. Keys are clamped at both ends.
 * Never throws, never allocates; a non-finite time leaves the pose untouched.
 */
export function sampleClip(binding: ClipBinding, time: number, cache: SampleCache, pose: Pose): void {
  sampleFrom(binding, 0, time, cache, pose);
}

/**
 * sampleClip for a pose that already holds the clip's still tracks (sampleStill, and nothing has written
 * over them since): only the moving tracks are sampled.
 */
export function sampleMoving(binding: ClipBinding, time: number, cache: SampleCache, pose: Pose): void {
  sampleFrom(binding, binding.moving, time, cache, pose);
}

/** Writes the clip's still (one-key) tracks into `pose`: what sampleMoving then leaves as it is. */
export function sampleStill(binding: ClipBinding, pose: Pose): void {
  const { ops, clip } = binding;
  for (let i = 0; i < binding.moving; i += OP_SIZE) sampleTrack(clip.tracks[ops[i + 4]], 0, 0, pose.data, ops[i + 3]);
}

/** The binding's plan from op index `from` on, at `time`. */
function sampleFrom(binding: ClipBinding, from: number, time: number, cache: SampleCache, pose: Pose): void {
  if (!Number.isFinite(time)) return;
  const clip = binding.clip;
  locateKeys(clip, time, cache);
  const keys = KEYS;
  const fractions = FRACTIONS;
  // One flat loop over the binding's plan: one values array in, one pose array out.
  const ops = binding.ops;
  const values = clip.values;
  const out = pose.data;
  for (let i = from; i < ops.length; i += OP_SIZE) {
    const kind = ops[i];
    const k = keys[ops[i + 1]];
    const s = fractions[ops[i + 1]];
    const o = ops[i + 3];
    if (kind === SAMPLE_VEC3) {
      const a = ops[i + 2] + k * 3;
      if (s === 0) {
        out[o] = values[a];
        out[o + 1] = values[a + 1];
        out[o + 2] = values[a + 2];
      } else {
        out[o] = values[a] + (values[a + 3] - values[a]) * s;
        out[o + 1] = values[a + 1] + (values[a + 4] - values[a + 1]) * s;
        out[o + 2] = values[a + 2] + (values[a + 5] - values[a + 2]) * s;
      }
    } else if (kind === SAMPLE_ROTATION) {
      const a = ops[i + 2] + k * 4;
      if (s === 0) {
        out[o] = values[a];
        out[o + 1] = values[a + 1];
        out[o + 2] = values[a + 2];
        out[o + 3] = values[a + 3];
      } else rotationBetween(values, a, a + 4, s, out, o);
    } else if (kind === SAMPLE_STEP3) {
      const a = ops[i + 2] + k * 3;
      out[o] = values[a];
      out[o + 1] = values[a + 1];
      out[o + 2] = values[a + 2];
    } else if (kind === SAMPLE_STEP4) {
      const a = ops[i + 2] + k * 4;
      out[o] = values[a];
      out[o + 1] = values[a + 1];
      out[o + 2] = values[a + 2];
      out[o + 3] = values[a + 3];
    } else sampleTrack(clip.tracks[ops[i + 4]], k, s, out, o);
  }
}

/**
 * One track's value at an arbitrary time (clamped), by binary search: for the few samples a frame needs
 * away from the playhead (root motion at segment ends).
 */
export function sampleTrackAt(track: Track, time: number, out: Float32Array, o: number): void {
  const times = track.times;
  const n = times.length;
  let k = 0;
  let s = 0;
  if (n > 1 && time > times[0]) {
    if (time >= times[n - 1]) k = n - 1;
    else {
      k = findKey(times, time, 0);
      s = (time - times[k]) / (times[k + 1] - times[k]);
    }
  }
  sampleTrack(track, k, s, out, o);
}

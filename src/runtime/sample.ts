import { type ClipBinding, CUBICSPLINE, LINEAR, type Track } from './clip.js';
import type { Pose } from './pose.js';
import { slerp } from './quat.js';

/** Per-binding key cursors: forward playback finds each track's key in O(1). */
export interface SampleCache {
  readonly cursors: Int32Array;
}

export function createSampleCache(binding: ClipBinding): SampleCache {
  return { cursors: new Int32Array(binding.clip.tracks.length) };
}

/** Index k of the key interval [times[k], times[k+1]) holding t, starting from the cached cursor. */
function findKey(times: Float32Array, t: number, cursor: number): number {
  const last = times.length - 2;
  const k = Math.min(cursor, last);
  if (t >= times[k]) {
    // Forward playback: the next interval or the one after is the usual answer.
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

/** Writes a track's value at time t into out[o..o+width), clamped to the first and last keys. */
function sampleTrack(track: Track, t: number, cursors: Int32Array, i: number, out: Float32Array, o: number): void {
  const { times, values, width, interpolation } = track;
  const n = times.length;
  const cubic = interpolation === CUBICSPLINE;
  const stride = cubic ? width * 3 : width;
  const valueAt = cubic ? width : 0; // a cubic key stores in-tangent, value, out-tangent
  if (n === 1 || t <= times[0]) {
    for (let c = 0; c < width; c++) out[o + c] = values[valueAt + c];
    return;
  }
  if (t >= times[n - 1]) {
    const base = (n - 1) * stride + valueAt;
    for (let c = 0; c < width; c++) out[o + c] = values[base + c];
    return;
  }
  const k = findKey(times, t, cursors[i]);
  cursors[i] = k;
  const t0 = times[k];
  const dt = times[k + 1] - t0;
  const s = (t - t0) / dt;
  const a = k * stride;
  const b = a + stride;
  if (interpolation === LINEAR) {
    if (track.path === 'rotation') slerp(out, o, values, a, values, b, s);
    else for (let c = 0; c < width; c++) out[o + c] = values[a + c] + (values[b + c] - values[a + c]) * s;
  } else if (cubic) {
    // glTF cubic Hermite: tangents are scaled by the key interval.
    const s2 = s * s;
    const s3 = s2 * s;
    const h00 = 2 * s3 - 3 * s2 + 1;
    const h10 = (s3 - 2 * s2 + s) * dt;
    const h01 = -2 * s3 + 3 * s2;
    const h11 = (s3 - s2) * dt;
    for (let c = 0; c < width; c++) {
      out[o + c] =
        h00 * values[a + width + c] +
        h10 * values[a + 2 * width + c] +
        h01 * values[b + width + c] +
        h11 * values[b + c];
    }
    if (track.path === 'rotation') {
      const len = Math.hypot(out[o], out[o + 1], out[o + 2], out[o + 3]) || 1;
      for (let c = 0; c < 4; c++) out[o + c] /= len;
    }
  } else {
    for (let c = 0; c < width; c++) out[o + c] = values[a + c];
  }
}

/**
 * Samples a bound clip at `time` into `pose`. Only the joints and weights the clip drives are written:
 * start from the rest pose (setRestPose) so undriven joints keep it. Never throws, never allocates;
 * a non-finite time leaves the pose untouched.
 */
export function sampleClip(binding: ClipBinding, time: number, cache: SampleCache, pose: Pose): void {
  if (!Number.isFinite(time)) return;
  const tracks = binding.clip.tracks;
  const { joints, weightOffsets } = binding;
  const cursors = cache.cursors;
  for (let i = 0; i < tracks.length; i++) {
    const track = tracks[i];
    const j = joints[i];
    switch (track.path) {
      case 'translation':
        if (j >= 0) sampleTrack(track, time, cursors, i, pose.translations, j * 3);
        break;
      case 'rotation':
        if (j >= 0) sampleTrack(track, time, cursors, i, pose.rotations, j * 4);
        break;
      case 'scale':
        if (j >= 0) sampleTrack(track, time, cursors, i, pose.scales, j * 3);
        break;
      case 'weights':
        if (weightOffsets[i] >= 0) sampleTrack(track, time, cursors, i, pose.weights, weightOffsets[i]);
        break;
    }
  }
}

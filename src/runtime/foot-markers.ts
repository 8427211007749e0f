import type { ClipBinding } from './clip.js';
import { localToModel } from './fk.js';
import { copyPose, createPose, setRestPose } from './pose.js';
import { createSampleCache, sampleClip } from './sample.js';
import type { Skeleton } from './skeleton.js';
import type { MarkerInput } from './sync-markers.js';

/** A foot to find touch-downs of: the marker name to give them and its joint. */
export interface FootJoint {
  readonly name: string;
  readonly joint: number;
}

/** Samples per second of clip the detection reads. */
const RATE = 240;
/** A foot is down below this share of its height range above its lowest point… */
const DOWN = 0.1;
/** …and must have risen above this share since, to touch down again (one marker per step, not per wobble). */
const UP = 0.35;

/**
 * Finds where each foot touches down in the window [start, end) of a looping clip (seconds of the clip):
 * the foot joint's height over the cycle (forward kinematics at RATE samples a second) is scaled to its
 * range, and a touch-down is where it comes down into the lowest DOWN of that range after a swing that
 * rose past UP, read between samples. The marker times are seconds from `start`. A foot that never lifts
 * (its range under a millimetre) gives none. Runs at load time: it allocates.
 */
export function detectFootMarkers(
  binding: ClipBinding,
  skeleton: Skeleton,
  feet: readonly FootJoint[],
  start: number,
  end: number,
): MarkerInput[] {
  const length = end - start;
  if (!(length > 0)) return [];
  const count = Math.max(8, Math.ceil(length * RATE));
  const heights = feet.map(() => new Float64Array(count));
  const rest = createPose(skeleton.jointCount);
  setRestPose(skeleton, rest);
  const pose = createPose(skeleton.jointCount);
  const model = new Float32Array(skeleton.jointCount * 16);
  const cache = createSampleCache(binding);
  for (let i = 0; i < count; i++) {
    copyPose(rest, pose);
    sampleClip(binding, start + (i / count) * length, cache, pose);
    localToModel(skeleton, pose, null, model);
    feet.forEach((foot, f) => {
      heights[f][i] = model[foot.joint * 16 + 13];
    });
  }
  const out: MarkerInput[] = [];
  feet.forEach((foot, f) => {
    const h = heights[f];
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < count; i++) {
      lo = Math.min(lo, h[i]);
      hi = Math.max(hi, h[i]);
    }
    if (!(hi - lo > 1e-3)) return;
    const down = lo + DOWN * (hi - lo);
    const up = lo + UP * (hi - lo);
    // start from the highest sample, so the first swing is whole whatever the phase at the window's start
    let top = 0;
    for (let i = 1; i < count; i++) if (h[i] > h[top]) top = i;
    let lifted = true;
    for (let k = 1; k <= count; k++) {
      const i = (top + k) % count;
      const prev = h[(i + count - 1) % count];
      if (h[i] > up) lifted = true;
      if (!lifted || !(h[i] <= down && prev > down)) continue;
      lifted = false;
      // the crossing of `down`, between the two samples
      const t = (i - 1 + (prev - down) / (prev - h[i])) / count;
      out.push({ name: foot.name, time: (((t % 1) + 1) % 1) * length });
    }
  });
  return out.sort((a, b) => a.time - b.time);
}

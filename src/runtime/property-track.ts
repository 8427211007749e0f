import type { Interpolation } from './clip.js';
import { AnimError } from './errors.js';
import { type GltfJson, readAccessor } from './gltf.js';
import { length4 } from './length.js';
import { slerp } from './quat.js';
import { cubicSpline } from './sample.js';

/**
 * A curve that drives any property of a glTF document by its JSON pointer (the KHR_animation_pointer
 * extension): `/materials/0/pbrMetallicRoughness/baseColorFactor`, `/extensions/KHR_lights_punctual/lights/0/intensity`,
 * `/cameras/0/perspective/yfov`, `/nodes/3/extensions/KHR_node_visibility/visible`, …
 */
export interface PropertyTrack {
  readonly pointer: string;
  readonly interpolation: Interpolation;
  readonly times: Float32Array;
  /** Keys of `size` floats (three per key for CUBICSPLINE: in-tangent, value, out-tangent). */
  readonly values: Float32Array;
  /** Floats per value: 1 for a scalar, 3 for a colour, 4 for a colour with alpha or a rotation. */
  readonly size: number;
}

/** The property tracks of one glTF animation (it may also hold joint tracks, which the skeletal runtime reads). */
export interface PropertyClip {
  readonly name: string;
  /** The last key time of its property tracks, in seconds. */
  readonly duration: number;
  readonly tracks: readonly PropertyTrack[];
}

interface PointerChannel {
  sampler: number;
  target: { path: string; extensions?: { KHR_animation_pointer?: { pointer?: unknown } } };
}

function bad(message: string): never {
  throw new AnimError('bad-gltf', message);
}

/**
 * Reads every animation's KHR_animation_pointer channels (target path `pointer`), one PropertyClip per
 * glTF animation, in the document's order (so clip i is animation i, as the skeletal clips are). Throws
 * `bad-gltf` for a pointer channel without a pointer, with a missing sampler, or whose keys do not divide
 * into values.
 */
export function importPropertyClips(json: GltfJson, buffers: readonly ArrayBuffer[]): PropertyClip[] {
  return (json.animations ?? []).map((anim, a) => {
    const name = anim.name ?? `animation_${a}`;
    const tracks: PropertyTrack[] = [];
    for (const channel of anim.channels as PointerChannel[]) {
      if (channel.target.path !== 'pointer') continue;
      const pointer = channel.target.extensions?.KHR_animation_pointer?.pointer;
      if (typeof pointer !== 'string' || !pointer.startsWith('/')) {
        bad(`animation "${name}" has a pointer channel without a JSON pointer`);
      }
      const sampler = anim.samplers[channel.sampler];
      if (!sampler) bad(`animation "${name}" has a channel with missing sampler ${channel.sampler}`);
      const interpolation = (sampler.interpolation ?? 'LINEAR') as Interpolation;
      const times = readAccessor(json, buffers, sampler.input);
      const values = readAccessor(json, buffers, sampler.output);
      const perKey = interpolation === 'CUBICSPLINE' ? 3 : 1;
      const size = values.length / (times.length * perKey);
      if (times.length === 0 || !Number.isInteger(size) || size < 1) {
        bad(`animation "${name}", ${pointer}: ${values.length} values do not fit ${times.length} keys`);
      }
      tracks.push({ pointer, interpolation, times, values, size });
    }
    const duration = tracks.reduce((end, track) => Math.max(end, track.times[track.times.length - 1]), 0);
    return { name, duration, tracks };
  });
}

/**
 * The value of `track` at `time` (clamped to its first and last keys) into `out[0..size)`. LINEAR mixes
 * component by component, except pointers to a rotation, which slerp; CUBICSPLINE follows glTF's Hermite
 * form (a rotation renormalized). Binary search, no allocation; a non-finite time leaves `out` alone.
 */
export function samplePropertyTrack(track: PropertyTrack, time: number, out: Float32Array): void {
  if (!Number.isFinite(time)) return;
  const { times, values, size, interpolation } = track;
  const last = times.length - 1;
  const cubic = interpolation === 'CUBICSPLINE';
  const stride = cubic ? size * 3 : size;
  const valueAt = cubic ? size : 0;
  if (time <= times[0] || last === 0) {
    copyKey(values, valueAt, size, out);
    return;
  }
  if (time >= times[last]) {
    copyKey(values, last * stride + valueAt, size, out);
    return;
  }
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= time) lo = mid;
    else hi = mid;
  }
  const dt = times[lo + 1] - times[lo];
  const s = (time - times[lo]) / dt;
  const rotation = size === 4 && track.pointer.endsWith('/rotation');
  if (interpolation === 'STEP') {
    copyKey(values, lo * stride, size, out);
  } else if (cubic) {
    cubicSpline(values, lo, size, s, dt, out, 0);
    if (rotation) {
      const inv = 1 / (length4(out[0], out[1], out[2], out[3]) || 1);
      for (let c = 0; c < 4; c++) out[c] *= inv;
    }
  } else if (rotation) {
    slerp(out, 0, values, lo * size, values, (lo + 1) * size, s);
  } else {
    const a = lo * size;
    for (let c = 0; c < size; c++) out[c] = values[a + c] + (values[a + size + c] - values[a + c]) * s;
  }
}

function copyKey(values: Float32Array, at: number, size: number, out: Float32Array): void {
  for (let c = 0; c < size; c++) out[c] = values[at + c];
}

// Key poses → animation channels: one conversion shared by every clip, and a sampler over its result.
import { Quaternion } from 'three';
import { bakeKeys } from './bake';
import type { FootPlant } from './legs';
import { type PlayedPose, type Pose, playPose } from './pose';
import { JOINT_NAMES, type JointName, UPPER_BODY_JOINTS, type Vec3 } from './skeleton';

export interface ClipKey {
  time: number;
  pose: Pose;
}

export interface ClipSpec {
  name: string;
  /** A loop is closed by the builder: a copy of its first key at `duration` (its root moved by `rootDelta`). */
  loop: boolean;
  /** `upper` keys only Spine and above (drawn over another clip); `full` keys every joint and the hips' place. */
  layer: 'full' | 'upper';
  duration: number;
  keys: ClipKey[];
  /** A loop's root motion per cycle. */
  rootDelta?: Vec3;
  extras?: Record<string, unknown>;
}

export interface BuiltClip {
  name: string;
  loop: boolean;
  duration: number;
  times: Float32Array;
  /** Per keyed joint, x y z w per key. */
  rotations: Map<JointName, Float32Array>;
  /** The hips' translation per key (full-body clips only). */
  hipsTranslation?: Float32Array;
  extras?: Record<string, unknown>;
}

export function buildClip(spec: ClipSpec): BuiltClip {
  const keys = bakeKeys(closedKeys(spec));
  const keyed = spec.layer === 'full' ? JOINT_NAMES : UPPER_BODY_JOINTS;
  for (const key of keys) {
    for (const name of Object.keys(key.pose.joints) as JointName[]) {
      if (!keyed.includes(name)) throw new Error(`${spec.name}: an ${spec.layer} clip cannot key ${name}`);
    }
  }
  const played = keys.map((k) => playPose(k.pose));
  const rotations = new Map<JointName, Float32Array>();
  for (const name of keyed) {
    const values = new Float32Array(keys.length * 4);
    let previous: Quaternion | undefined;
    played.forEach(({ rotations: r }, i) => {
      const q = r[name].clone();
      // Neighbouring keys in one hemisphere, so that even a component-wise interpolation takes the short way.
      if (previous && previous.dot(q) < 0) q.set(-q.x, -q.y, -q.z, -q.w);
      values.set([q.x, q.y, q.z, q.w], i * 4);
      previous = q;
    });
    if (spec.loop) values.set(values.subarray(0, 4), values.length - 4);
    rotations.set(name, values);
  }
  const hipsTranslation = spec.layer === 'full' ? new Float32Array(played.flatMap((p) => [...p.hips])) : undefined;
  return {
    name: spec.name,
    loop: spec.loop,
    duration: spec.duration,
    times: new Float32Array(keys.map((k) => k.time)),
    rotations,
    hipsTranslation,
    extras: spec.extras,
  };
}

function closedKeys(spec: ClipSpec): ClipKey[] {
  const keys = [...spec.keys].sort((a, b) => a.time - b.time);
  if (keys[0].time !== 0) throw new Error(`${spec.name}: the first key must be at 0 s`);
  const last = keys[keys.length - 1];
  if (!spec.loop) {
    if (last.time !== spec.duration) throw new Error(`${spec.name}: the last key must be at ${spec.duration} s`);
    return keys;
  }
  if (last.time >= spec.duration) throw new Error(`${spec.name}: a loop's keys end before its duration`);
  const first = keys[0].pose;
  const [dx, dy, dz] = spec.rootDelta ?? [0, 0, 0];
  const [x, y, z] = first.hips ?? playPose(first).hips;
  const move = (p?: FootPlant) => p && { ...p, x: p.x + dx, z: p.z + dz, ground: (p.ground ?? 0) + dy };
  const feet = first.feet && { left: move(first.feet.left), right: move(first.feet.right) };
  const closing: Pose = { hips: [x + dx, y + dy, z + dz], joints: first.joints, feet };
  return [...keys, { time: spec.duration, pose: closing }];
}

/** The clip's pose at time t (clamped), slerping rotations and lerping the hips between neighbouring keys. */
export function sampleClip(clip: BuiltClip, time: number): PlayedPose {
  const { times } = clip;
  const t = Math.min(Math.max(time, times[0]), times[times.length - 1]);
  let i = 0;
  while (i < times.length - 2 && times[i + 1] <= t) i++;
  const span = times[i + 1] - times[i];
  const f = span > 0 ? Math.min(1, (t - times[i]) / span) : 0;
  const pose = playPose({ joints: {} });
  for (const [name, v] of clip.rotations) {
    const a = new Quaternion().fromArray(v, i * 4);
    pose.rotations[name] = a.slerp(new Quaternion().fromArray(v, i * 4 + 4), f);
  }
  const h = clip.hipsTranslation;
  if (h) pose.hips = [0, 1, 2].map((c) => h[i * 3 + c] + (h[i * 3 + 3 + c] - h[i * 3 + c]) * f) as unknown as Vec3;
  return pose;
}

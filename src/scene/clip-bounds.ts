import type { ClipBinding } from '../runtime/core.js';
import { type AnimatedBounds, animatedBounds } from './animated-bounds.js';
import type { GltfBinding } from './gltf-binding.js';

/** One model's bounds for one root joint: its rest pose's, and each clip's by its binding. */
interface BoundsByClip {
  rest?: AnimatedBounds;
  /** Weakly held: a clip the page drops (an `<anim-clip src>` replaced) takes its bounds with it. */
  readonly clips: WeakMap<ClipBinding, AnimatedBounds>;
}

/** By model and root joint: every character of one file sweeps the same, so each clip is sampled once. */
const cache = new WeakMap<object, Map<number, BoundsByClip>>();

/** The bounds of one clip on a model (null: its rest pose), sampled the first time a character of it asks. */
export function clipBounds(binding: GltfBinding, rootJoint: number, clip: ClipBinding | null): AnimatedBounds {
  let byJoint = cache.get(binding.asset);
  if (!byJoint) cache.set(binding.asset, (byJoint = new Map()));
  let known = byJoint.get(rootJoint);
  if (!known) byJoint.set(rootJoint, (known = { clips: new WeakMap() }));
  if (clip === null) return (known.rest ??= animatedBounds(binding, [], { rootJoint }));
  let bounds = known.clips.get(clip);
  if (!bounds) known.clips.set(clip, (bounds = animatedBounds(binding, [clip], { rootJoint })));
  return bounds;
}

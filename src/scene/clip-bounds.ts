import type { ClipBinding } from '../runtime/core.js';
import { type AnimatedBounds, animatedBounds } from './animated-bounds.js';
import type { GltfBinding } from './gltf-binding.js';

/**
 * Bounds by model, root joint and clip (null: the rest pose): every character of one file sweeps the same, so
 * each clip is sampled once, the first time one of them asks.
 */
const cache = new WeakMap<object, Map<number, Map<ClipBinding | null, AnimatedBounds>>>();

/** The bounds of one clip on a model (null: its rest pose), sampled once per model and root joint. */
export function clipBounds(binding: GltfBinding, rootJoint: number, clip: ClipBinding | null): AnimatedBounds {
  let byJoint = cache.get(binding.asset);
  if (!byJoint) cache.set(binding.asset, (byJoint = new Map()));
  let byClip = byJoint.get(rootJoint);
  if (!byClip) byJoint.set(rootJoint, (byClip = new Map()));
  let bounds = byClip.get(clip);
  if (!bounds) byClip.set(clip, (bounds = animatedBounds(binding, clip ? [clip] : [], { rootJoint })));
  return bounds;
}

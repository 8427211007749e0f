import { animatedBounds } from './animated-bounds.js';
import type { GltfBinding } from './gltf-binding.js';

/** By model: every character of one file stands as tall at rest, so it is measured once. */
const cache = new WeakMap<object, number>();

/**
 * How tall a model stands in its rest pose, in its own units: the height of the box around its skinned and
 * rigid meshes as the rest pose places them (the file's own node scales included). 0 when it has nothing
 * to measure (no meshes, a flat or non-finite box): a `height` then leaves the model at its own size.
 */
export function restHeight(binding: GltfBinding): number {
  const known = cache.get(binding.asset);
  if (known !== undefined) return known;
  const { inPlace } = animatedBounds(binding, []);
  const height = inPlace.isEmpty() ? 0 : inPlace.max.y - inPlace.min.y;
  const measured = Number.isFinite(height) && height > 0 ? height : 0;
  cache.set(binding.asset, measured);
  return measured;
}

import { clipBounds } from './clip-bounds.js';
import type { GltfBinding } from './gltf-binding.js';

/**
 * How tall a model stands in its rest pose, in its own units: the height of the box around its skinned and
 * rigid meshes as the rest pose places them (the file's own node scales included), measured once per model.
 * 0 when it has nothing to measure (no meshes, a flat or non-finite box): a `height` then leaves the model
 * at its own size.
 */
export function restHeight(binding: GltfBinding): number {
  const rest = clipBounds(binding, -1, null).moving;
  const height = rest.isEmpty() ? 0 : rest.max.y - rest.min.y;
  return Number.isFinite(height) && height > 0 ? height : 0;
}

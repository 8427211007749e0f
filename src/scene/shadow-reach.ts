import type { Box3, Object3D } from 'three';
import { isQuietRoots } from './quiet-roots.js';

/**
 * Tells when something on a stage has moved out of the room its key light's shadow was fitted with. The
 * shadow camera is fitted to the content's framing bounds (a sphere of radius r) with room to spare: it covers
 * 1.5 r (StageLights.fitTo). A character that walks more than that spare half radius from where it stood at
 * the fit would lose its shadow. So the fit records the box its objects' positions spanned, widened on each
 * axis by a quarter of r (a move inside it is shorter than half of r), and each frame checks the positions
 * against it: a few reads an object, nothing allocated.
 */
export class ShadowReach {
  /** The widened box of positions: min x y z, max x y z (empty: nothing to follow). */
  readonly #box = new Float64Array(6);
  #empty = true;

  /** Records where the objects under `content` stand, for a shadow just fitted to `bounds`. */
  record(content: Object3D, bounds: Box3): void {
    const box = this.#box;
    box.fill(Number.POSITIVE_INFINITY, 0, 3);
    box.fill(Number.NEGATIVE_INFINITY, 3, 6);
    this.#empty = bounds.isEmpty() || !spanPositions(content, box);
    if (this.#empty) return;
    const { min, max } = bounds;
    const margin = 0.125 * Math.hypot(max.x - min.x, max.y - min.y, max.z - min.z);
    for (let a = 0; a < 3; a++) {
      box[a] -= margin;
      box[a + 3] += margin;
    }
  }

  /** Whether an object under `content` stands outside the recorded box now. */
  left(content: Object3D): boolean {
    return !this.#empty && outside(content, this.#box);
  }
}

/** Whether `object` counts: what framing reads (shown, not ground). */
function followed(object: Object3D): boolean {
  return object.visible && object.userData.ground !== true;
}

/** Grows `box` by the position of each followed child of `content` and of its quiet roots; false if none. */
function spanPositions(content: Object3D, box: Float64Array): boolean {
  let any = false;
  for (const child of content.children) {
    if (isQuietRoots(child)) {
      if (spanPositions(child, box)) any = true;
      continue;
    }
    if (!followed(child)) continue;
    const { x, y, z } = child.position;
    box[0] = Math.min(box[0], x);
    box[1] = Math.min(box[1], y);
    box[2] = Math.min(box[2], z);
    box[3] = Math.max(box[3], x);
    box[4] = Math.max(box[4], y);
    box[5] = Math.max(box[5], z);
    any = true;
  }
  return any;
}

function outside(content: Object3D, box: Float64Array): boolean {
  const children = content.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (isQuietRoots(child)) {
      if (outside(child, box)) return true;
      continue;
    }
    // the position first: most stand inside, and their flags (userData is an object of its own) stay unread
    const { x, y, z } = child.position;
    const out = x < box[0] || y < box[1] || z < box[2] || x > box[3] || y > box[4] || z > box[5];
    if (out && followed(child)) return true;
  }
  return false;
}

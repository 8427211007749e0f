import { Box3, type Object3D } from 'three';
import { isQuietRoots } from './quiet-roots.js';

/** An object's framing bounds in its own frame, asked for each time the stage frames (they may change with settings). */
export type FrameBoundsSource = () => Box3;

const KEY = 'animFrameBounds';
const _local = new Box3();
const _object = new Box3();

/**
 * Gives `object` framing bounds of its own (a character's animated bounds: every pose of the clips it shows), used
 * instead of its meshes' current boxes when the stage frames its content.
 */
export function setFrameBounds(object: Object3D, source: FrameBoundsSource | null): void {
  if (source) object.userData[KEY] = source;
  else delete object.userData[KEY];
}

/**
 * The world bounds the camera should frame: for each child of `content` (and of its QuietRoots), its framing
 * bounds moved by its world matrix when it has some, else the box of its visible meshes now. Objects marked
 * `userData.ground` (scenery the model stands on) are left out.
 */
export function contentFrameBounds(content: Object3D, out: Box3): Box3 {
  out.makeEmpty();
  content.updateMatrixWorld(true);
  addChildren(content, out);
  return out;
}

function addChildren(parent: Object3D, out: Box3): void {
  for (const child of parent.children) {
    // quiet roots are hidden from three's walks, not from the view: their characters are content
    if (isQuietRoots(child)) {
      child.updateRoots();
      addChildren(child, out);
    }
    if (!child.visible || child.userData.ground) continue;
    const source = child.userData[KEY] as FrameBoundsSource | undefined;
    if (source) {
      const local = source();
      if (!local.isEmpty()) out.union(_local.copy(local).applyMatrix4(child.matrixWorld));
    } else {
      _object.setFromObject(child);
      if (!_object.isEmpty() && isFiniteBox(_object)) out.union(_object);
    }
  }
}

function isFiniteBox(box: Box3): boolean {
  return Number.isFinite(box.min.x + box.min.y + box.min.z + box.max.x + box.max.y + box.max.z);
}

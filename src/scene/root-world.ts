import type { Object3D } from 'three';

/**
 * A character root's world matrix from its parent's current one. three's `updateWorldMatrix(true, false)` would
 * recompose every ancestor as well, and a rig asks up to three times a frame (its tier's sphere, FK, a held
 * pose): for a crowd, thousands of matrices a frame that never change. The roots hang under the stage's content
 * group, which nothing moves and whose world matrix three keeps current.
 */
export function updateRootWorld(root: Object3D): void {
  if (root.matrixAutoUpdate) root.updateMatrix();
  const parent = root.parent;
  if (parent) root.matrixWorld.multiplyMatrices(parent.matrixWorld, root.matrix);
  else root.matrixWorld.copy(root.matrix);
  root.matrixWorldNeedsUpdate = false;
}

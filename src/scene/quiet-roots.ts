import { Group, type Object3D } from 'three';

/**
 * Where a stage keeps the roots of characters under which three has nothing to draw or read: an instanced
 * character's root, whose batch draws its meshes and whose rig writes every matrix it needs. Three's
 * per-frame walks (the matrix update, the render's and the shadow map's projection) would still visit each
 * such root: about 1 ms a frame for a thousand. This group is hidden from the projections, and its matrix
 * update stops at itself (each rig keeps its root's world matrix). Framing reads its children as the
 * content's own (contentFrameBounds). A rig moves its root here and back (CharacterRig.placeOnStage).
 */
export class QuietRoots extends Group {
  readonly isQuietRoots = true;

  constructor() {
    super();
    this.name = 'anim-quiet-roots';
    this.visible = false;
  }

  override updateMatrixWorld(force?: boolean): void {
    if (this.matrixAutoUpdate) this.updateMatrix();
    if (!this.matrixWorldNeedsUpdate && !force) return;
    if (this.parent === null) this.matrixWorld.copy(this.matrix);
    else this.matrixWorld.multiplyMatrices(this.parent.matrixWorld, this.matrix);
    this.matrixWorldNeedsUpdate = false;
  }

  /** Its roots' world matrices from where they are placed now (for a reader between two frames: framing). */
  updateRoots(): void {
    for (const root of this.children) root.updateMatrixWorld(true);
  }
}

export function isQuietRoots(object: Object3D): object is QuietRoots {
  return (object as Partial<QuietRoots>).isQuietRoots === true;
}

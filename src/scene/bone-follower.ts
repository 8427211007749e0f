import { Euler, Group, MathUtils, Matrix4, type PerspectiveCamera, Quaternion, Vector2, Vector3 } from 'three';

const point = new Vector3();
const size = new Vector2();

/** Where a followed point lands on screen: CSS pixels from the canvas's top left, and whether it shows. */
export interface ScreenPoint {
  x: number;
  y: number;
  /** False when the point is behind the camera or outside the view. */
  visible: boolean;
}

/**
 * A group that rides a joint: each `follow` sets its matrix to the joint's world matrix (read from a rig's
 * joint matrices, 16 floats a joint) times a fixed offset, so whatever hangs under it moves with the bone.
 * The group sits in the stage's content (whose transform is the identity), so its matrix is its world matrix.
 * No allocation per frame.
 */
export class BoneFollower {
  readonly object3D = new Group();
  readonly #offset = new Matrix4();

  constructor() {
    this.object3D.name = 'bone-anchor';
    this.object3D.matrixAutoUpdate = false;
  }

  /** The offset in the bone's space: a translation in metres and Euler XYZ angles in degrees. */
  setOffset(position: readonly number[], rotationDegrees: readonly number[]): void {
    const rotation = new Euler(
      rotationDegrees[0] * MathUtils.DEG2RAD,
      rotationDegrees[1] * MathUtils.DEG2RAD,
      rotationDegrees[2] * MathUtils.DEG2RAD,
    );
    this.#offset.compose(
      new Vector3(position[0], position[1], position[2]),
      new Quaternion().setFromEuler(rotation),
      new Vector3(1, 1, 1),
    );
  }

  /**
   * Places the group on joint `joint` of `model` (world matrices, column-major), carried by `held` when the
   * character's pose is held (CharacterRig.heldMatrix).
   */
  follow(model: Float32Array, joint: number, held?: Matrix4): void {
    const matrix = this.object3D.matrix;
    matrix.fromArray(model, joint * 16).multiply(this.#offset);
    if (held) matrix.premultiply(held);
    this.object3D.matrixWorld.copy(matrix);
    // children compute their world matrices from ours on the render's scene update
    this.object3D.matrixWorldNeedsUpdate = true;
  }

  /** Projects the group's origin through `camera` onto a canvas of the renderer's CSS size. */
  project(camera: PerspectiveCamera, cssWidth: number, cssHeight: number, out: ScreenPoint): void {
    camera.updateMatrixWorld();
    point.setFromMatrixPosition(this.object3D.matrixWorld).applyMatrix4(camera.matrixWorldInverse);
    // the camera looks down -Z: anything at or behind the near plane is not on screen
    const inFront = point.z < -camera.near;
    point.applyMatrix4(camera.projectionMatrix);
    out.x = ((point.x + 1) / 2) * cssWidth;
    out.y = ((1 - point.y) / 2) * cssHeight;
    out.visible = inFront && point.x >= -1 && point.x <= 1 && point.y >= -1 && point.y <= 1 && point.z <= 1;
  }

  /** The CSS size of a stage's canvas (a shared object, overwritten by the next call). */
  static cssSize(view: { getSize(target: Vector2): Vector2 }): Vector2 {
    return view.getSize(size);
  }
}

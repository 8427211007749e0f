import { MathUtils, type Object3D } from 'three';

/** Places an object: position in metres, rotation as Euler XYZ in degrees, scale per axis. */
export function setTransform(
  object: Object3D,
  position: readonly number[],
  rotationDegrees: readonly number[],
  scale: readonly number[],
): void {
  object.position.set(position[0], position[1], position[2]);
  object.rotation.set(
    rotationDegrees[0] * MathUtils.DEG2RAD,
    rotationDegrees[1] * MathUtils.DEG2RAD,
    rotationDegrees[2] * MathUtils.DEG2RAD,
  );
  object.scale.set(scale[0], scale[1], scale[2]);
}

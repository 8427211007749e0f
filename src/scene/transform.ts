import type { Object3D } from 'three';

const DEG2RAD = Math.PI / 180;

/** Places an object: position in metres, rotation as Euler XYZ in degrees, scale per axis. */
export function setTransform(
  object: Object3D,
  position: readonly number[],
  rotationDegrees: readonly number[],
  scale: readonly number[],
): void {
  object.position.set(position[0], position[1], position[2]);
  object.rotation.set(rotationDegrees[0] * DEG2RAD, rotationDegrees[1] * DEG2RAD, rotationDegrees[2] * DEG2RAD);
  object.scale.set(scale[0], scale[1], scale[2]);
}

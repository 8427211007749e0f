import { MathUtils, type Vector3 } from 'three';

/** Pitch is kept just short of the poles so the camera's up vector never lines up with its view. */
const MAX_PITCH = 89.9;

/**
 * Places `out` on an orbit around `target`: `yaw` degrees around +Y (0 = on the +Z side, looking toward -Z,
 * i.e. facing a glTF model's front), `pitch` degrees above the horizon, `distance` metres away.
 */
export function orbitPosition(target: Vector3, yaw: number, pitch: number, distance: number, out: Vector3): Vector3 {
  const theta = MathUtils.degToRad(yaw);
  const phi = MathUtils.degToRad(MathUtils.clamp(pitch, -MAX_PITCH, MAX_PITCH));
  return out.set(
    target.x + distance * Math.cos(phi) * Math.sin(theta),
    target.y + distance * Math.sin(phi),
    target.z + distance * Math.cos(phi) * Math.cos(theta),
  );
}

import { type PerspectiveCamera, Spherical, Vector3 } from 'three';

/** Degrees one arrow key press turns the camera. */
export const KEY_ORBIT_STEP = 10;
/** How much one `+` press brings the camera closer (and `-` takes it away). */
export const KEY_ZOOM_FACTOR = 0.85;
/** Pitch limit, radians from straight up and straight down, so the view never flips over a pole. */
const POLE = 0.01;

const offset = new Vector3();
const spherical = new Spherical();

/** The orbit change a key asks for: `[yaw, pitch]` degrees and a distance factor; null for other keys. */
export function orbitKey(key: string): readonly [number, number, number] | null {
  switch (key) {
    case 'ArrowLeft':
      return [-KEY_ORBIT_STEP, 0, 1];
    case 'ArrowRight':
      return [KEY_ORBIT_STEP, 0, 1];
    case 'ArrowUp':
      return [0, KEY_ORBIT_STEP, 1];
    case 'ArrowDown':
      return [0, -KEY_ORBIT_STEP, 1];
    case '+':
    case '=':
      return [0, 0, KEY_ZOOM_FACTOR];
    case '-':
    case '_':
      return [0, 0, 1 / KEY_ZOOM_FACTOR];
    default:
      return null;
  }
}

/**
 * Moves `camera` on its orbit around `target`: `yaw` degrees around +Y (positive swings it to the right of
 * the view, the model turning left), `pitch` degrees up, the distance times `zoom`; then looks at the target.
 */
export function nudgeOrbit(camera: PerspectiveCamera, target: Vector3, yaw: number, pitch: number, zoom: number): void {
  spherical.setFromVector3(offset.subVectors(camera.position, target));
  spherical.theta += (yaw * Math.PI) / 180;
  spherical.phi = Math.min(Math.PI - POLE, Math.max(POLE, spherical.phi - (pitch * Math.PI) / 180));
  spherical.radius = Math.max(camera.near * 2, spherical.radius * zoom);
  camera.position.copy(target).add(offset.setFromSpherical(spherical));
  camera.lookAt(target);
}

import type { Camera } from 'three';

/** Per plane, the clip-space row added to or taken from the fourth: left, right, bottom, top, far, near. */
const ROWS = [0, 0, 1, 1, 2, 2];
const SIGNS = [-1, 1, 1, -1, -1, 1];

/**
 * The camera's view as six planes in one flat array, set once a frame and read by the tiers and the
 * ragdolls' sleep test. Allocates nothing: three's Frustum hands its numbers between small methods, and
 * V8 boxes a double at each call it does not inline.
 */
export class ViewFrustum {
  /** Per plane: the inward normal (x, y, z) and the constant, normalised; a point p is inside when n·p + c ≥ 0. */
  readonly planes = new Float64Array(24);
  /** The projection times the view matrix, column-major (WebGL clip space, as three renders). */
  readonly #clip = new Float64Array(16);

  /** Sets the planes from `camera`'s projection and world matrices (its world matrix brought up to date). */
  setFromCamera(camera: Camera): void {
    camera.updateMatrixWorld();
    const p = camera.projectionMatrix.elements;
    const v = camera.matrixWorldInverse.elements;
    const m = this.#clip;
    for (let c = 0; c < 4; c++)
      for (let r = 0; r < 4; r++)
        m[c * 4 + r] = p[r] * v[c * 4] + p[4 + r] * v[c * 4 + 1] + p[8 + r] * v[c * 4 + 2] + p[12 + r] * v[c * 4 + 3];
    const planes = this.planes;
    for (let i = 0; i < 6; i++) {
      const row = ROWS[i];
      const sign = SIGNS[i];
      for (let c = 0; c < 4; c++) planes[i * 4 + c] = m[c * 4 + 3] + sign * m[c * 4 + row];
      const x = planes[i * 4];
      const y = planes[i * 4 + 1];
      const z = planes[i * 4 + 2];
      const inverse = 1 / Math.sqrt(x * x + y * y + z * z);
      for (let c = 0; c < 4; c++) planes[i * 4 + c] *= inverse;
    }
  }

  /** Whether any of the sphere at (x, y, z) of `radius` may be in view. */
  intersectsSphere(x: number, y: number, z: number, radius: number): boolean {
    const planes = this.planes;
    for (let i = 0; i < 24; i += 4) {
      if (planes[i] * x + planes[i + 1] * y + planes[i + 2] * z + planes[i + 3] < -radius) return false;
    }
    return true;
  }
}

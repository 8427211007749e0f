import { type Camera, Matrix4 } from 'three';

/**
 * The camera's view as six planes in one flat array, set once a frame and read by the tiers and the
 * ragdolls' sleep test. Allocates nothing: three's Frustum hands its numbers between small methods, and
 * V8 boxes a double at each call it does not inline.
 */
export class ViewFrustum {
  /** Per plane: the inward normal (x, y, z) and the constant, normalised; a point p is inside when n·p + c ≥ 0. */
  readonly planes = new Float64Array(24);
  /** The projection times the view matrix (WebGL clip space, as three renders). */
  readonly #clip = new Matrix4();

  /** Sets the planes from `camera`'s projection and world matrices (its world matrix brought up to date). */
  setFromCamera(camera: Camera): void {
    camera.updateMatrixWorld();
    const m = this.#clip.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse).elements;
    const planes = this.planes;
    // plane i: the fourth row of the clip matrix minus (even i) or plus (odd i) row i >> 1 — right, left, top,
    // bottom, far, near; the matrix is column-major
    for (let i = 0; i < 6; i++) {
      const row = i >> 1;
      const sign = i & 1 ? 1 : -1;
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

import { expect } from '@open-wc/testing';
import { Frustum, Matrix4, OrthographicCamera, PerspectiveCamera, Sphere, Vector3 } from 'three';
import { ViewFrustum } from '../../src/scene/view-frustum.js';
import { rng } from '../helpers/math.js';

describe('ViewFrustum', () => {
  it("agrees with three's Frustum on spheres about perspective and orthographic cameras", () => {
    const random = rng(7);
    const frustum = new ViewFrustum();
    const oracle = new Frustum();
    const sphere = new Sphere();
    let inside = 0;
    let outside = 0;
    for (let c = 0; c < 40; c++) {
      const camera =
        c % 4 === 3
          ? new OrthographicCamera(-3, 3, 2, -2, 0.1, 40)
          : new PerspectiveCamera(30 + 60 * random(), 0.5 + random(), 0.1, 10 + 50 * random());
      camera.position.set(20 * random() - 10, 10 * random(), 20 * random() - 10);
      camera.lookAt(new Vector3(4 * random() - 2, random(), 4 * random() - 2));
      camera.updateMatrixWorld();
      frustum.setFromCamera(camera);
      oracle.setFromProjectionMatrix(
        new Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse),
      );
      for (let s = 0; s < 100; s++) {
        sphere.center.set(40 * random() - 20, 20 * random() - 5, 40 * random() - 20);
        sphere.radius = 2 * random();
        const expected = oracle.intersectsSphere(sphere);
        expect(frustum.intersectsSphere(sphere.center.x, sphere.center.y, sphere.center.z, sphere.radius)).to.equal(
          expected,
        );
        if (expected) inside++;
        else outside++;
      }
    }
    // both answers were exercised, often
    expect(inside).to.be.above(400);
    expect(outside).to.be.above(400);
  });

  it('brings the camera’s world matrix up to date first', () => {
    const camera = new PerspectiveCamera(50, 1, 0.1, 100);
    const frustum = new ViewFrustum();
    camera.position.set(0, 0, 5);
    frustum.setFromCamera(camera);
    expect(frustum.intersectsSphere(0, 0, 0, 0.1)).to.equal(true);
    // moved without updateMatrixWorld: the origin is now behind it
    camera.position.set(0, 0, -5);
    frustum.setFromCamera(camera);
    expect(frustum.intersectsSphere(0, 0, 0, 0.1)).to.equal(false);
  });
});

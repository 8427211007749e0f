import { expect } from '@open-wc/testing';
import { Box3, PerspectiveCamera, Vector3 } from 'three';
import { clipPlanes, FRAME_FILL, fitDistance, gridCell, stageScale } from '../../src/scene/framing.js';
import { orbitPosition } from '../../src/scene/orbit.js';

/** The largest |NDC| of the box's corners seen from the fitted camera, across x and y. */
function projectedExtent(box: Box3, yaw: number, pitch: number, fov: number, aspect: number, distance: number): number {
  const camera = new PerspectiveCamera(fov, aspect, 0.001, 1e6);
  const center = box.getCenter(new Vector3());
  orbitPosition(center, yaw, pitch, distance, camera.position);
  camera.lookAt(center);
  camera.updateMatrixWorld();
  let extent = 0;
  for (let i = 0; i < 8; i++) {
    const corner = new Vector3(
      i & 1 ? box.max.x : box.min.x,
      i & 2 ? box.max.y : box.min.y,
      i & 4 ? box.max.z : box.min.z,
    ).project(camera);
    extent = Math.max(extent, Math.abs(corner.x), Math.abs(corner.y));
  }
  return extent;
}

describe('framing math', () => {
  const boxes: [string, Box3][] = [
    ['a person', new Box3(new Vector3(-0.3, 0, -0.2), new Vector3(0.3, 1.8, 0.2))],
    ['a centimetre fox', new Box3(new Vector3(-0.2, 0, -0.7), new Vector3(0.2, 0.9, 0.6))],
    ['a tall thin pole', new Box3(new Vector3(-0.05, 0, -0.05), new Vector3(0.05, 6, 0.05))],
    ['a wide flat slab', new Box3(new Vector3(-4, 0, -1.5), new Vector3(4, 0.3, 1.5))],
    ['a 1 mm grain', new Box3(new Vector3(0, 0, 0), new Vector3(0.001, 0.001, 0.001))],
  ];
  const views = [
    { yaw: 30, pitch: 15, fov: 35, aspect: 760 / 420 },
    { yaw: -120, pitch: 60, fov: 20, aspect: 0.5 },
    { yaw: 0, pitch: -30, fov: 70, aspect: 1 },
  ];
  for (const [name, box] of boxes) {
    it(`fits ${name}: its box fills exactly ${FRAME_FILL} of the view along the tighter axis, for any view`, () => {
      for (const { yaw, pitch, fov, aspect } of views) {
        const distance = fitDistance(box, { yaw, pitch }, fov, aspect);
        expect(projectedExtent(box, yaw, pitch, fov, aspect, distance)).to.be.closeTo(FRAME_FILL, 1e-6);
        // any closer and a corner leaves the fill
        expect(projectedExtent(box, yaw, pitch, fov, aspect, distance * 0.97)).to.be.above(FRAME_FILL);
      }
    });
  }

  it('gives 0 for an empty box', () => {
    expect(fitDistance(new Box3(), { yaw: 0, pitch: 0 }, 35, 1)).to.equal(0);
  });

  it('scales the grid cell, the stage and the clip planes with the model', () => {
    expect([gridCell(1.8), gridCell(0.018), gridCell(180), gridCell(0.9)]).to.deep.equal([1, 0.01, 100, 0.1]);
    expect(gridCell(Number.NaN)).to.equal(1);
    expect(stageScale(new Box3(new Vector3(0, 0, 0), new Vector3(0.1, 0.18, 0.1)))).to.be.closeTo(0.1, 1e-9);
    expect(stageScale(new Box3())).to.equal(1);
    const person = clipPlanes(1, 4, 16);
    const mouse = clipPlanes(0.01, 0.04, 0.16);
    expect(mouse.near / person.near).to.be.closeTo(0.01, 1e-9);
    expect(mouse.far / person.far).to.be.closeTo(0.01, 1e-9);
    expect(person.near).to.be.below(4 - 1);
    expect(person.far).to.be.above(16 + 1);
  });
});

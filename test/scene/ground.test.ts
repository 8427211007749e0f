/** The stage's ground disc: where it sits and how it scales under a model's framing bounds. */
import { expect } from '@open-wc/testing';
import { Box3, Vector3 } from 'three';
import { Ground } from '../../src/scene/ground.js';

const box = (minY: number, maxY: number, half = 0.3) =>
  new Box3(new Vector3(-half, minY, -half), new Vector3(half, maxY, half));

describe('Ground.fitTo', () => {
  const ground = new Ground();
  after(() => ground.dispose());

  it('stays at y = 0 under a standing model, and under one whose clip dips a little below the floor', () => {
    ground.fitTo(box(0, 1.8));
    expect(ground.position.y).to.equal(0);
    // the mannequin lying to get up, its unsimulated cape 34 cm through the floor: the floor is still the floor
    ground.fitTo(box(-0.34, 2.2));
    expect(ground.position.y).to.equal(0);
    ground.fitTo(box(0.02, 1.8));
    expect(ground.position.y).to.equal(0);
  });

  it('moves under a model centred on the origin, and under one floating clearly above it', () => {
    ground.fitTo(box(-0.6, 0.6));
    expect(ground.position.y).to.equal(-0.6);
    ground.fitTo(box(0.5, 2.3));
    expect(ground.position.y).to.equal(0.5);
  });

  it('scales with the model: a centimetre model gets a centimetre-fine grid', () => {
    ground.fitTo(box(0, 1.8));
    const personCell = ground.uniforms.uGridCell.value;
    const personScale = ground.scale.x;
    ground.fitTo(box(0, 0.018, 0.003));
    expect(ground.uniforms.uGridCell.value).to.be.below(personCell / 10);
    expect(ground.scale.x).to.be.below(personScale / 10);
  });
});

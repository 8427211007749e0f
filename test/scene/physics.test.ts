import { expect, fixture, html } from '@open-wc/testing';
import { BoxGeometry, Mesh, MeshBasicMaterial } from 'three';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-cloth.js';
import '../../src/elements/anim-ragdoll.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { startPhysics } from '../../src/scene/physics.js';
import { MANNEQUIN } from '../helpers/character.js';

// the page's resource timing buffer holds 250 entries by default, and the test page's own modules fill it: room
// for the fetches this file watches for
performance.setResourceTimingBufferSize(100000);
const rapierLoaded = () => performance.getEntriesByType('resource').some((entry) => /rapier/i.test(entry.name));

describe('physics world', () => {
  it('loads Rapier only when something asks for physics, then one world per stage', async () => {
    const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 200px; height: 150px"></anim-scene>`);
    scene.innerHTML = `<anim-character src="${MANNEQUIN}" clip="walk"><anim-cloth mesh="Cape"></anim-cloth><anim-ragdoll></anim-ragdoll></anim-character>`;
    await scene.querySelector('anim-character')!.ready;
    scene.step(1 / 60);
    expect(rapierLoaded(), 'a page with characters, cloth and a resting ragdoll element loads no Rapier').to.equal(
      false,
    );
    const physics = await startPhysics(scene.stage!);
    expect(rapierLoaded(), 'loaded on first use').to.equal(true);
    expect(await startPhysics(scene.stage!)).to.equal(physics);
  });

  it('steps in fixed steps, carrying the remainder; stands on the ground; rays hit the ground and scenery', async () => {
    const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 200px; height: 150px"></anim-scene>`);
    const physics = await startPhysics(scene.stage!);
    const R = physics.rapier;
    let steps = 0;
    physics.addListener({ afterStep: () => steps++ });
    physics.update(0.01);
    expect(steps, 'less than a step: none yet').to.equal(0);
    physics.update(0.01);
    expect(steps, 'the remainder carried: one step').to.equal(1);
    physics.update(1);
    expect(steps, 'a long stall is capped').to.equal(1 + physics.maxSteps);

    const ball = physics.world.createRigidBody(R.RigidBodyDesc.dynamic().setTranslation(0, 1, 0));
    physics.world.createCollider(R.ColliderDesc.ball(0.1), ball);
    for (let i = 0; i < 180; i++) physics.step();
    expect(ball.translation().y).to.be.closeTo(0.1, 0.01);

    const down = physics.castRay([2, 3, 0], [0, -1, 0], 10);
    expect(down?.distance).to.be.closeTo(3, 1e-4);
    const box = new Mesh(new BoxGeometry(1, 1, 1), new MeshBasicMaterial());
    box.position.set(2, 0.5, 0);
    const colliders = physics.addStaticMeshes(box);
    expect(physics.castRay([2, 3, 0], [0, -1, 0], 10)?.distance).to.be.closeTo(2, 1e-4);
    physics.removeColliders(colliders);
    expect(physics.castRay([2, 3, 0], [0, -1, 0], 10)?.distance).to.be.closeTo(3, 1e-4);
    expect(physics.castRay([2, 3, 0], [0, 1, 0], 10)).to.equal(null);
  });
});

describe('physics world: scenery', () => {
  it('gives <anim-model collider> static colliders, follows it when it moves, drops them when unmarked', async () => {
    await import('../../src/elements/anim-model.js');
    const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 200px; height: 150px"></anim-scene>`);
    scene.innerHTML = `<anim-model src="${MANNEQUIN}" collider position="1 0 0"></anim-model>`;
    const model = scene.querySelector('anim-model')!;
    await new Promise<void>((resolve) => model.addEventListener('anim-load', () => resolve(), { once: true }));
    await model.updateComplete;
    const physics = await startPhysics(scene.stage!);
    scene.step(1 / 60);
    // straight down onto the statue's head (about 1.75 m tall), then beside it onto the ground
    const head = physics.castRay([1, 3, 0], [0, -1, 0], 10);
    expect(3 - head!.distance).to.be.within(1.6, 1.85);
    model.setAttribute('position', '3 0 0');
    await model.updateComplete;
    scene.step(1 / 60);
    expect(physics.castRay([1, 3, 0], [0, -1, 0], 10)!.distance).to.be.closeTo(3, 1e-4);
    expect(3 - physics.castRay([3, 3, 0], [0, -1, 0], 10)!.distance).to.be.within(1.6, 1.85);
    model.removeAttribute('collider');
    await model.updateComplete;
    scene.step(1 / 60);
    expect(physics.castRay([3, 3, 0], [0, -1, 0], 10)!.distance).to.be.closeTo(3, 1e-4);
  });
});

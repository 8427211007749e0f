import { expect, fixture, html } from '@open-wc/testing';
import type { BufferGeometry, LineBasicMaterial, LineSegments } from 'three';
import { BoxGeometry, Color, Mesh } from 'three';
import type { AnimController } from '../../src/elements/anim-controller.js';
import '../../src/elements/anim-controller.js';
import '../../src/elements/anim-ragdoll.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { type PhysicsWorld, runningPhysics, startPhysics } from '../../src/scene/physics.js';
import { collectErrors, MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';

const DT = 1 / 60;
type Lines = LineSegments<BufferGeometry, LineBasicMaterial>;

const overlayOf = (scene: AnimScene) => scene.stage!.scene.getObjectByName('anim-colliders') as Lines | undefined;
const drawnPoints = (lines: Lines) => (lines.visible ? lines.geometry.drawRange.count : 0);

/**
 * End points of the colliders' outlines in Rapier's own debug render: all of its points less the axes it draws
 * for every body (3 segments), the anchor and separation lines of every joint (3 segments) and the ground
 * slab's 12 edges, which the overlay leaves out.
 */
function rapierColliderPoints(physics: PhysicsWorld): number {
  const all = physics.world.debugRender().vertices.length / 3;
  return all - 6 * physics.world.bodies.len() - 6 * physics.world.impulseJoints.len() - 24;
}

/** Drawn end points whose colour is `css` (the overlay's palette). */
function pointsColoured(lines: Lines, css: string): number[] {
  const target = new Color(css);
  const colors = lines.geometry.getAttribute('color');
  const found: number[] = [];
  for (let i = 0; i < drawnPoints(lines); i++) {
    // the buffer holds float32s
    const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
    if (near(colors.getX(i), target.r) && near(colors.getY(i), target.g) && near(colors.getZ(i), target.b)) {
      found.push(i);
    }
  }
  return found;
}

function meanY(lines: Lines, points: number[]): number {
  const positions = lines.geometry.getAttribute('position');
  return points.reduce((sum, i) => sum + positions.getY(i), 0) / points.length;
}

const GREY = '#7a8592';
const BLUE = '#2f7ff0';
const ORANGE = '#ff8a1c';

describe('<anim-scene debug="colliders">', () => {
  it('draws a ragdoll and the ground as Rapier outlines them, following the bodies as they fall', async () => {
    const { scene, character, errors } = await mountCharacter(`src="${MANNEQUIN}" clip="idle"`);
    scene.debug = ['colliders'];
    await scene.updateComplete;
    await character.ragdoll({ velocity: [0, 0, -2] });
    const physics = runningPhysics(scene.stage!)!;
    scene.step(DT);
    const lines = overlayOf(scene)!;
    expect(lines, 'the overlay').to.exist;
    expect(lines.visible).to.equal(true);
    expect(lines.material.depthTest).to.equal(false);
    expect(drawnPoints(lines)).to.equal(rapierColliderPoints(physics));
    // all of it is the ragdoll's capsules (the ground slab is left out)
    const bodies = pointsColoured(lines, ORANGE);
    expect(bodies.length).to.be.above(100);
    expect(bodies).to.have.length(drawnPoints(lines));

    const before = meanY(lines, bodies);
    for (let i = 0; i < 30; i++) scene.step(DT);
    expect(drawnPoints(lines)).to.equal(rapierColliderPoints(physics));
    const after = meanY(lines, pointsColoured(lines, ORANGE));
    expect(before - after, 'the capsules fell').to.be.above(0.2);
    // the drawn points are where Rapier has the bodies now
    const now = physics.world.debugRender();
    const positions = lines.geometry.getAttribute('position');
    const ys = new Set<number>();
    for (let i = 0; i < now.vertices.length / 3; i++) ys.add(now.vertices[i * 3 + 1]);
    for (const i of bodies) expect(ys.has(positions.getY(i)), `point ${i} is one of Rapier's`).to.equal(true);
    expect(errors).to.deep.equal([]);
  });

  it('draws a controller capsule blue and moves it with the character', async () => {
    const { scene, character, errors } = await mountCharacter(
      `src="${MANNEQUIN}"`,
      '<anim-controller></anim-controller>',
    );
    const controller = character.querySelector<AnimController>('anim-controller')!;
    await controller.ready;
    scene.debug = ['colliders'];
    await scene.updateComplete;
    scene.step(DT);
    const lines = overlayOf(scene)!;
    const physics = runningPhysics(scene.stage!)!;
    expect(drawnPoints(lines)).to.equal(rapierColliderPoints(physics));
    const capsule = pointsColoured(lines, BLUE);
    expect(capsule.length).to.be.above(20);
    const positions = lines.geometry.getAttribute('position');
    const meanZ = (points: number[]) => points.reduce((sum, i) => sum + positions.getZ(i), 0) / points.length;
    const startZ = meanZ(capsule);
    expect(startZ).to.be.closeTo(controller.place[2], 0.05);
    controller.input.forward = 1;
    for (let i = 0; i < 60; i++) scene.step(DT);
    const moved = pointsColoured(lines, BLUE);
    expect(meanZ(moved) - startZ, 'the capsule walked').to.be.above(0.3);
    expect(meanZ(moved)).to.be.closeTo(controller.place[2], 0.05);
    expect(errors).to.deep.equal([]);
  });

  it('keeps one geometry over many frames, and removes and disposes it when the view goes off', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="idle"`);
    const memory = scene.stage!.renderer.info.memory;
    await character.ragdoll();
    for (let i = 0; i < 5; i++) scene.step(DT);
    const withoutOverlay = memory.geometries;
    scene.debug = ['colliders'];
    await scene.updateComplete;
    for (let i = 0; i < 5; i++) scene.step(DT);
    const lines = overlayOf(scene)!;
    const geometry = lines.geometry;
    expect(memory.geometries).to.equal(withoutOverlay + 1);
    for (let i = 0; i < 300; i++) scene.step(DT);
    expect(memory.geometries, 'no growth over 300 frames').to.equal(withoutOverlay + 1);
    expect(lines.geometry, 'the same buffers').to.equal(geometry);

    let disposed = false;
    geometry.addEventListener('dispose', () => {
      disposed = true;
    });
    scene.debug = [];
    await scene.updateComplete;
    scene.step(DT);
    expect(overlayOf(scene)).to.equal(undefined);
    expect(disposed).to.equal(true);
    expect(memory.geometries).to.equal(withoutOverlay);
  });

  it('draws nothing and reports nothing without a physics world', async () => {
    const { scene, errors } = await mountCharacter(`src="${MANNEQUIN}" clip="walk"`);
    scene.debug = ['colliders'];
    await scene.updateComplete;
    for (let i = 0; i < 10; i++) scene.step(DT);
    await settle();
    expect(runningPhysics(scene.stage!)).to.equal(undefined);
    const lines = overlayOf(scene)!;
    expect(drawnPoints(lines)).to.equal(0);
    expect(errors).to.deep.equal([]);
    // a world started later shows at once: here a box of scenery, 12 triangles of 3 edges
    const box = new Mesh(new BoxGeometry(1, 1, 1));
    box.userData.collider = true;
    scene.stage!.content.add(box);
    const physics = await startPhysics(scene.stage!);
    scene.step(DT);
    expect(drawnPoints(lines)).to.equal(rapierColliderPoints(physics));
    expect(pointsColoured(lines, GREY)).to.have.length(72);
    box.removeFromParent();
    scene.step(DT);
    expect(drawnPoints(lines)).to.equal(0);
    expect(lines.visible).to.equal(false);
  });
});

/** The stats box's value for a line, by its label. */
const stat = (scene: AnimScene, label: string) =>
  scene.shadowRoot!.querySelector<HTMLElement>(`[part="stats"] b[data-stat="${label}"]`);

describe('<anim-scene debug="stats">', () => {
  it('shows fps, frame time, characters, draw calls and triangles from frames stepped by hand', async () => {
    const scene = await fixture<AnimScene>(
      html`<anim-scene paused debug="stats" style="width: 320px; height: 240px"></anim-scene>`,
    );
    const errors = collectErrors(scene);
    scene.innerHTML = `<anim-character src="${MANNEQUIN}" clip="walk"></anim-character>
      <anim-character src="${MANNEQUIN}" clip="idle" position="1 0 0"></anim-character>`;
    await Promise.all([...scene.querySelectorAll('anim-character')].map((c) => c.ready));
    const box = scene.shadowRoot!.querySelector<HTMLElement>('[part="stats"]')!;
    expect(box, 'the box').to.exist;
    expect(stat(scene, 'fps')!.textContent).to.equal('–');

    // 29 frames of 1/60 s are under half a second: nothing yet
    for (let i = 0; i < 29; i++) scene.step(DT);
    expect(stat(scene, 'fps')!.textContent).to.equal('–');
    scene.step(DT);
    expect(stat(scene, 'fps')!.textContent).to.equal('60');
    expect(stat(scene, 'frame')!.textContent).to.equal('16.7 ms');
    expect(stat(scene, 'work')!.textContent).to.match(/^\d+\.\d\d ms$/);
    expect(stat(scene, 'characters')!.textContent).to.equal('2');
    expect(Number(stat(scene, 'actors')!.textContent)).to.be.at.least(2);
    expect(Number(stat(scene, 'draw calls')!.textContent)).to.be.above(0);
    expect(stat(scene, 'triangles')!.textContent).to.match(/^\d+(\.\dk)?$/);
    expect(stat(scene, 'triangles')!.textContent).not.to.equal('0');
    expect(stat(scene, 'physics')!.hidden, 'no world, no physics line').to.equal(true);

    // 15 frames of 1/30 s: the next reading says 30
    for (let i = 0; i < 15; i++) scene.step(1 / 30);
    expect(stat(scene, 'fps')!.textContent).to.equal('30');
    expect(stat(scene, 'frame')!.textContent).to.equal('33.3 ms');
    expect(errors).to.deep.equal([]);
    scene.remove();
  });

  it('shows the physics step time while a world runs', async () => {
    const scene = await fixture<AnimScene>(
      html`<anim-scene paused physics debug="stats colliders" style="width: 320px; height: 240px"></anim-scene>`,
    );
    await startPhysics(scene.stage!);
    for (let i = 0; i < 30; i++) scene.step(DT);
    expect(stat(scene, 'physics')!.hidden).to.equal(false);
    expect(stat(scene, 'physics')!.textContent).to.match(/^\d+\.\d\d ms$/);
    expect(stat(scene, 'characters')!.textContent).to.equal('0');
    scene.remove();
  });

  it('stops updating when the view goes off or the element leaves', async () => {
    const scene = await fixture<AnimScene>(
      html`<anim-scene paused debug="stats" style="width: 320px; height: 240px"></anim-scene>`,
    );
    const stage = scene.stage!;
    let readings = 0;
    const publish = stage.onStats!;
    stage.onStats = (reading) => {
      readings++;
      publish(reading);
    };
    for (let i = 0; i < 60; i++) scene.step(DT);
    expect(readings).to.equal(2);
    scene.debug = ['skeleton'];
    await scene.updateComplete;
    expect(scene.shadowRoot!.querySelector('[part="stats"]'), 'the box is gone').to.equal(null);
    for (let i = 0; i < 60; i++) scene.step(DT);
    expect(readings).to.equal(2);

    // on again: a fresh box, empty until its first reading
    scene.debug = ['stats'];
    await scene.updateComplete;
    expect(stat(scene, 'fps')!.textContent).to.equal('–');
    for (let i = 0; i < 30; i++) scene.step(DT);
    expect(readings).to.equal(3);
    scene.remove();
    expect(stage.onStats).to.equal(null);
    stage.advance(DT);
    expect(readings).to.equal(3);
  });

  it('a bad value is one bad-attribute and keeps the views it had', async () => {
    const scene = await fixture<AnimScene>(
      html`<anim-scene paused debug="stats" style="width: 320px; height: 240px"></anim-scene>`,
    );
    const errors = collectErrors(scene);
    scene.setAttribute('debug', 'colliders sparkles');
    await scene.updateComplete;
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute']);
    expect(errors[0].message).to.contain('sparkles');
    expect(scene.debug).to.deep.equal(['stats']);
    expect(overlayOf(scene)).to.equal(undefined);
    expect(scene.shadowRoot!.querySelector('[part="stats"]')).to.exist;
    scene.remove();
  });
});

/**
 * Physics that cannot start: the optional Rapier package missing, or present but unable to start (a page whose
 * CSP forbids WebAssembly). Each failure is one anim-error however many elements waited on it, the page keeps
 * animating, and the next request tries again.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-controller.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { setRapierImporter, startPhysics } from '../../src/scene/physics.js';
import { collectErrors, MANNEQUIN, settle } from '../helpers/character.js';

/** A module import failing as a browser fails one it cannot resolve. */
const missing = () => Promise.reject(new TypeError('Failed to resolve module specifier "@dimforge/rapier3d-compat"'));
/** A module that imports but cannot compile its WebAssembly. */
const cannotStart = () =>
  Promise.resolve({ init: () => Promise.reject(new Error('CompileError: WebAssembly.instantiate(): disallowed')) });

async function sceneWith(markup: string) {
  const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 64px; height: 48px"></anim-scene>`);
  const errors = collectErrors(scene);
  scene.innerHTML = markup;
  const walker = scene.querySelector<AnimCharacter>('#walker')!;
  await walker.ready;
  return { scene, errors, walker };
}

/** Steps until the physics rejections have been reported (they arrive over a few microtask turns). */
async function stepAndSettle(scene: AnimScene, frames = 5) {
  for (let i = 0; i < frames; i++) {
    await settle();
    scene.step(1 / 30);
  }
}

describe('physics that cannot start', () => {
  afterEach(() => setRapierImporter(undefined));

  it('without the Rapier package: one physics-unavailable naming the package, the rest animates', async () => {
    setRapierImporter(missing);
    const { scene, errors, walker } = await sceneWith(`
      <anim-character id="walker" src="${MANNEQUIN}" clip="walk"></anim-character>
      <anim-character id="runner" src="${MANNEQUIN}" clip="run"><anim-controller></anim-controller></anim-character>`);
    scene.physics = true;
    await scene.updateComplete;
    const before = walker.time;
    await stepAndSettle(scene);
    expect(errors.map((e) => e.code)).to.deep.equal(['physics-unavailable']);
    expect(errors[0].message).to.contain('@dimforge/rapier3d-compat');
    expect(walker.time, 'the walk went on').to.be.greaterThan(before);
  });

  it('present but unable to start: one physics-failed', async () => {
    setRapierImporter(cannotStart);
    const { scene, errors } = await sceneWith(
      `<anim-character id="walker" src="${MANNEQUIN}" clip="walk"></anim-character>`,
    );
    scene.physics = true;
    await scene.updateComplete;
    await stepAndSettle(scene);
    expect(errors.map((e) => e.code)).to.deep.equal(['physics-failed']);
    expect(errors[0].message).to.contain('CompileError');
  });

  it('tries again on the next request once the package is there', async () => {
    setRapierImporter(missing);
    const { scene, errors } = await sceneWith(
      `<anim-character id="walker" src="${MANNEQUIN}" clip="walk"></anim-character>`,
    );
    const stage = scene.stage!;
    let failure: unknown;
    await startPhysics(stage).catch((error: unknown) => {
      failure = error;
    });
    expect((failure as { code?: string }).code).to.equal('physics-unavailable');
    setRapierImporter(undefined);
    const world = await startPhysics(stage);
    expect(world.world, 'a running world after the retry').to.not.equal(undefined);
    expect(errors, 'a direct call reports nothing on the page').to.deep.equal([]);
  });
});

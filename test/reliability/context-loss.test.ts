/**
 * The browser takes the WebGL context away and gives it back (WEBGL_lose_context does both, asynchronously, as a
 * GPU reset would): the owner of the stage reports the loss as one `context-lost` and the return as
 * `anim-context-restored`, after which the scene draws its characters again.
 */
import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import type { WebGLRenderer } from 'three';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { releaseIdleRenderer } from '../../src/scene/shared-renderer.js';
import { collect, collectErrors, MANNEQUIN, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';
import { imagePixels } from '../helpers/pixels.js';

/** How many distinct colours an image (a data URL) holds: 1 for a blank or background-only frame. */
async function distinctColours(url: string): Promise<number> {
  return new Set(new Uint32Array((await imagePixels(url)).data.buffer)).size;
}

function loseContext(renderer: WebGLRenderer): WEBGL_lose_context {
  const extension = renderer.getContext().getExtension('WEBGL_lose_context');
  expect(extension, 'WEBGL_lose_context is available').to.not.equal(null);
  return extension!;
}

/** Loses the context, then restores it; checks one context-lost and one anim-context-restored on `owner`. */
async function loseAndRestore(owner: HTMLElement, renderer: WebGLRenderer, step: () => void) {
  const errors = collectErrors(owner);
  const restored = collect(owner, 'anim-context-restored');
  const extension = loseContext(renderer);
  const lost = oneEvent(owner, 'anim-error');
  extension.loseContext();
  await lost;
  // the browser allows a restore once the lost event's dispatch has returned (its listeners' microtasks run first)
  await settle();
  step(); // frames during the loss draw nothing and report nothing more
  step();
  const back = oneEvent(owner, 'anim-context-restored');
  extension.restoreContext();
  await back;
  await settle();
  expect(errors.map((e) => e.code)).to.deep.equal(['context-lost']);
  expect(errors[0].source).to.equal(owner);
  expect(restored).to.have.length(1);
}

describe('WebGL context loss', () => {
  // each case loses a context of its own: the page's renderer is freed between them (Chromium may not give the
  // same context back a second time in one page)
  afterEach(() => {
    fixtureCleanup();
    releaseIdleRenderer();
  });

  it('<anim-scene>: one context-lost, then anim-context-restored, and the characters draw again', async function () {
    // a restored context compiles every shader and prefilters the room light again: on SwiftShader under load,
    // close to a minute
    this.timeout(180000);
    const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 96px; height: 96px"></anim-scene>`);
    scene.innerHTML = `<anim-character src="${MANNEQUIN}" clip="walk"></anim-character>`;
    const walker = scene.querySelector<AnimCharacter>('anim-character')!;
    await walker.ready;
    scene.step(1 / 30);
    const before = await distinctColours(scene.screenshot());
    expect(before, 'a character on the background').to.be.greaterThan(10);

    await loseAndRestore(scene, scene.stage!.renderer, () => scene.step(1 / 30));

    const time = walker.time;
    scene.step(1 / 30);
    expect(walker.time, 'the walk went on').to.be.greaterThan(time);
    const after = await distinctColours(scene.screenshot());
    expect(after, `drawn again (${before} colours before the loss)`).to.be.greaterThan(before / 2);
  });

  it('a lone character (a stage of its own): the same, on the character', async function () {
    this.timeout(180000);
    const walker = await fixture<AnimCharacter>(
      html`<anim-character src=${MANNEQUIN} clip="walk" style="width: 96px; height: 96px"></anim-character>`,
    );
    await walker.ready;
    const stage = internals(walker).stage!;
    stage.step(1 / 30);
    const before = await distinctColours(stage.screenshot());
    expect(before, 'a character on the background').to.be.greaterThan(10);

    await loseAndRestore(walker, stage.renderer, () => stage.step(1 / 30));

    stage.step(1 / 30);
    const after = await distinctColours(stage.screenshot());
    expect(after, `drawn again (${before} colours before the loss)`).to.be.greaterThan(before / 2);
  });
});

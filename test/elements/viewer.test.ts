/**
 * Viewers (an `<anim-scene>`, or an `<anim-character>` with a stage of its own): the placeholder or poster
 * until the first frame with the models loaded (`reveal`, `dismissPoster()`), the canvas's accessible name
 * (`alt`), keyboard orbit, and on the character: `pause()` / `play()` without a name, `repetitions`, and
 * `prefers-reduced-motion` holding a clip that would start by itself.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-character.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import '../../src/elements/anim-scene.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { motionPreference } from '../../src/elements/reduced-motion.js';
import type { Stage } from '../../src/scene/stage.js';
import { collect, collectErrors, MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

const placeholder = (el: Element) => el.shadowRoot!.querySelector<HTMLElement>('[part="placeholder"]')!;
const revealed = (el: Element) => placeholder(el).classList.contains('revealed');

async function viewer(attributes = ''): Promise<{ character: AnimCharacter; stage: Stage }> {
  const host = await fixture(html`<div></div>`);
  host.innerHTML = `<anim-character src="${MANNEQUIN}" clip="walk" ${attributes} style="width: 120px; height: 120px"></anim-character>`;
  const character = host.querySelector('anim-character')!;
  await character.updateComplete;
  return { character, stage: internals(character).stage! };
}

/** Presses `key` on the canvas; returns whether the viewer took it (the page's default was prevented). */
function press(canvas: HTMLCanvasElement, key: string): boolean {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  canvas.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('viewers: loading and accessibility', () => {
  describe('placeholder, poster and reveal', () => {
    it('reveal="auto": a placeholder until the first frame with the model loaded, then it goes', async () => {
      const { character, stage } = await viewer();
      expect(placeholder(character), 'shown while loading').to.exist;
      expect(placeholder(character).querySelector('.spinner'), 'a neutral placeholder').to.exist;
      stage.step(0); // a frame before the model is in: still covered
      await character.updateComplete;
      expect(revealed(character)).to.equal(false);
      await character.ready;
      placeholder(character).style.transition = 'none'; // read the end state, not a fade
      stage.step(0);
      await character.updateComplete;
      expect(revealed(character)).to.equal(true);
      expect(getComputedStyle(placeholder(character)).visibility).to.equal('hidden');
    });

    it('poster shows the image in the placeholder; reveal="manual" keeps it until dismissPoster()', async () => {
      const { character, stage } = await viewer('reveal="manual" poster="/assets/mannequin-walk-sprites.png"');
      const image = placeholder(character).querySelector('img[part="poster"]')!;
      expect(image.getAttribute('src')).to.equal('/assets/mannequin-walk-sprites.png');
      await character.ready;
      for (let i = 0; i < 3; i++) stage.step(1 / 30);
      await character.updateComplete;
      expect(revealed(character), 'manual: frames do not reveal').to.equal(false);
      character.dismissPoster();
      await character.updateComplete;
      expect(revealed(character)).to.equal(true);
    });

    it('a scene waits for the models of the characters inside', async () => {
      const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 120px; height: 90px"></anim-scene>`);
      scene.innerHTML = `<anim-character src="${MANNEQUIN}"></anim-character>`;
      const character = scene.querySelector('anim-character')!;
      scene.step(0);
      await scene.updateComplete;
      expect(revealed(scene), 'a load is in flight').to.equal(false);
      await character.ready;
      scene.step(0);
      await scene.updateComplete;
      expect(revealed(scene)).to.equal(true);
    });

    it('a failed load reveals too (the error shows over the background)', async () => {
      const { character, stage } = await viewer();
      character.src = '/assets/missing.glb';
      await character.ready.catch(() => {});
      stage.step(0);
      await character.updateComplete;
      expect(revealed(character)).to.equal(true);
    });
  });

  describe('alt and keyboard orbit', () => {
    it('the canvas is an image with an accessible name: alt, or a default', async () => {
      const { character, stage } = await viewer('alt="A mannequin walking"');
      expect(stage.canvas.getAttribute('role')).to.equal('img');
      expect(stage.canvas.getAttribute('aria-label')).to.equal('A mannequin walking');
      character.removeAttribute('alt');
      await character.updateComplete;
      expect(stage.canvas.getAttribute('aria-label')).to.equal('Animated 3D character');
      const scene = await fixture<AnimScene>(html`<anim-scene alt="The stage"></anim-scene>`);
      expect(scene.stage!.canvas.getAttribute('aria-label')).to.equal('The stage');
      expect(scene.alt).to.equal('The stage');
    });

    it('arrow keys orbit and +/- zoom a viewer whose canvas has focus', async () => {
      const { stage } = await viewer();
      const { canvas, camera } = stage;
      expect(canvas.tabIndex).to.equal(0);
      const target = stage.orbitTarget.clone();
      const start = camera.position.clone();
      const distance = start.distanceTo(target);
      expect(press(canvas, 'ArrowRight')).to.equal(true);
      expect(camera.position.distanceTo(start), 'the camera moved').to.be.greaterThan(0.1);
      expect(camera.position.distanceTo(target), 'on its orbit').to.be.closeTo(distance, 1e-6);
      const height = camera.position.y;
      press(canvas, 'ArrowUp');
      expect(camera.position.y, 'up raises the camera').to.be.greaterThan(height);
      press(canvas, '+');
      expect(camera.position.distanceTo(target), '+ comes closer').to.be.lessThan(distance * 0.9);
      press(canvas, '-');
      expect(camera.position.distanceTo(target)).to.be.closeTo(distance, 1e-6);
      expect(press(canvas, 'a'), 'other keys are left to the page').to.equal(false);
    });

    it('a scene takes keys only with controls, and its controls keep what the keys did', async () => {
      const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 80px; height: 80px"></anim-scene>`);
      const { canvas, camera } = scene.stage!;
      expect(canvas.hasAttribute('tabindex')).to.equal(false);
      expect(press(canvas, 'ArrowLeft')).to.equal(false);
      scene.controls = true;
      await scene.updateComplete;
      expect(canvas.tabIndex).to.equal(0);
      const before = camera.position.clone();
      expect(press(canvas, 'ArrowLeft')).to.equal(true);
      scene.step(1 / 30);
      expect(camera.position.distanceTo(before), 'still turned after a frame').to.be.greaterThan(0.1);
    });
  });

  describe('pause(), play() and repetitions', () => {
    it('pause() freezes the character, play() without a name resumes it', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="walk"`);
      scene.step(0.1);
      character.pause();
      expect(character.paused).to.equal(true);
      const time = character.time;
      scene.step(0.2);
      expect(character.time).to.equal(time);
      character.play();
      expect(character.paused).to.equal(false);
      scene.step(0.2);
      expect(character.time).to.be.closeTo(time + 0.2, 1e-5);
      expect(character.clip, 'the same clip').to.equal('walk');
    });

    it('repetitions: a looping clip plays N times, then holds its last frame with one anim-finish', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="walk" repetitions="2"`);
      const loops = collect<{ count: number }>(character, 'anim-loop');
      const finishes = collect<{ clip: string }>(character, 'anim-finish');
      const duration = character.duration;
      const step = duration / 20;
      for (let t = 0; t < duration * 3.5; t += step) scene.step(step);
      await settle();
      expect(loops.map((l) => l.count)).to.deep.equal([1]);
      expect(finishes).to.deep.equal([{ clip: 'walk' }]);
      expect(character.time).to.be.closeTo(duration, 1e-4);
      character.play(); // a finished clip starts over
      scene.step(step);
      expect(character.time).to.be.closeTo(step, 1e-4);
    });

    it('play(name, {repetitions}) and repetitions="1"; "infinite" loops for ever', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="idle" repetitions="1"`);
      const finishes = collect<{ clip: string }>(character, 'anim-finish');
      const step = character.duration / 10;
      for (let i = 0; i < 15; i++) scene.step(step);
      await settle();
      expect(finishes.map((f) => f.clip)).to.deep.equal(['idle']);
      character.play('walk', { fade: 0, repetitions: 3 });
      const loops = collect<{ count: number }>(character, 'anim-loop');
      const walkStep = character.duration / 10;
      for (let i = 0; i < 45; i++) scene.step(walkStep);
      await settle();
      expect(loops.map((l) => l.count)).to.deep.equal([1, 2]);
      expect(finishes.map((f) => f.clip)).to.deep.equal(['idle', 'walk']);
      character.repetitions = 'infinite';
      expect(character.repetitions).to.equal(null);
    });

    it('bad values: one bad-attribute each, the value stays', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" repetitions="2" reveal="manual"`);
      const errors = collectErrors(scene);
      character.setAttribute('repetitions', '0');
      character.setAttribute('repetitions', '1.5');
      character.setAttribute('repetitions', 'lots');
      character.setAttribute('reveal', 'sideways');
      scene.setAttribute('reveal', 'later');
      character.play('walk', { repetitions: -2 });
      await settle();
      expect(errors.map((e) => e.code)).to.deep.equal(Array(6).fill('bad-attribute'));
      expect(errors[2].message).to.contain('"lots"');
      expect(errors[3].message).to.contain('"sideways"');
      expect([character.repetitions, character.reveal, scene.reveal]).to.deep.equal([2, 'manual', 'auto']);
    });
  });

  describe('prefers-reduced-motion', () => {
    const original = motionPreference.reduced;
    afterEach(() => {
      motionPreference.reduced = original;
    });

    it('a clip that would start by itself shows its first frame until play()', async () => {
      motionPreference.reduced = () => true;
      const { character, stage } = await viewer();
      await character.ready;
      for (let i = 0; i < 5; i++) stage.step(0.1);
      expect(character.time, 'held').to.equal(0);
      expect(character.clip).to.equal('walk');
      character.play();
      stage.step(0.1);
      expect(character.time).to.be.closeTo(0.1, 1e-5);
    });

    it('play(name) is asking too; without the preference the clip starts at once', async () => {
      motionPreference.reduced = () => true;
      const held = await mountCharacter(`src="${MANNEQUIN}" clip="idle"`);
      held.scene.step(0.1);
      expect(held.character.time).to.equal(0);
      held.character.play('walk', { fade: 0 });
      held.scene.step(0.1);
      expect(held.character.time).to.be.closeTo(0.1, 1e-5);
      motionPreference.reduced = () => false;
      const free = await mountCharacter(`src="${MANNEQUIN}" clip="idle"`);
      free.scene.step(0.1);
      expect(free.character.time).to.be.closeTo(0.1, 1e-5);
    });
  });
});

/**
 * Child elements given bad input, table-driven: each case adds markup to a scene holding two loaded characters
 * (`host`, which the markup may name, and `walker`, a bystander) and states the outcome: which code, how many
 * times, on which element. In every case the walker keeps animating.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { LitElement } from 'lit';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-cloth.js';
import '../../src/elements/bone-anchor.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { ErrorCode } from '../../src/elements/errors.js';
import { collectErrors, MANNEQUIN, settle } from '../helpers/character.js';

interface Case {
  name: string;
  /** Where the markup goes: inside the loaded `host` character, or directly in the scene. */
  into: 'host' | 'scene';
  markup: string;
  code: ErrorCode;
  count: number;
  /** The element the error names as its source. */
  source: string;
  /** Text the message must quote. */
  quotes: string;
}

const CASES: Case[] = [
  {
    name: 'a cloth appended to a loaded character, on a mesh the model lacks',
    into: 'host',
    markup: '<anim-cloth mesh="Nope"></anim-cloth>',
    code: 'unknown-mesh',
    count: 1,
    source: 'anim-cloth',
    quotes: '"Nope"',
  },
  {
    name: 'a cloth appended to a loaded character, pinning vertices the mesh lacks',
    into: 'host',
    markup: '<anim-cloth mesh="Cape" pin="vertices 0 999999"></anim-cloth>',
    code: 'bad-attribute',
    count: 1,
    source: 'anim-cloth',
    quotes: '999999',
  },
  {
    name: 'a cloth without mesh, appended to a loaded character',
    into: 'host',
    markup: '<anim-cloth></anim-cloth>',
    code: 'unknown-mesh',
    count: 1,
    source: 'anim-cloth',
    quotes: 'Cape',
  },
  {
    name: 'a bone-anchor whose for names an element that is not a character',
    into: 'scene',
    markup: '<div id="plate"></div><bone-anchor for="plate" bone="Head"></bone-anchor>',
    code: 'missing-target',
    count: 1,
    source: 'bone-anchor',
    quotes: 'for="plate" names a <div>',
  },
  {
    name: 'a bone-anchor whose for names no element',
    into: 'scene',
    markup: '<bone-anchor for="nobody" bone="Head"></bone-anchor>',
    code: 'missing-target',
    count: 1,
    source: 'bone-anchor',
    quotes: 'for="nobody" names no element',
  },
];

async function twoCharacters() {
  const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 64px; height: 48px"></anim-scene>`);
  scene.innerHTML = `
    <anim-character id="host" src="${MANNEQUIN}" clip="idle"></anim-character>
    <anim-character id="walker" src="${MANNEQUIN}" clip="walk" position="1.5 0 0"></anim-character>`;
  const host = scene.querySelector<AnimCharacter>('#host')!;
  const walker = scene.querySelector<AnimCharacter>('#walker')!;
  await Promise.all([host.ready, walker.ready]);
  await settle();
  scene.step(1 / 30);
  await settle();
  return { scene, host, walker };
}

describe('child elements given bad input', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.count} × ${c.code} on <${c.source}>`, async () => {
      const { scene, host, walker } = await twoCharacters();
      const errors = collectErrors(scene);
      (c.into === 'host' ? host : scene).insertAdjacentHTML('beforeend', c.markup);
      // an element whose code is fetched on first use (a cloth's solver) binds once its updateComplete resolves
      for (const element of scene.querySelectorAll(c.source)) await (element as Partial<LitElement>).updateComplete;
      const before = walker.time;
      for (let i = 0; i < 6; i++) {
        await settle();
        scene.step(1 / 30);
      }
      await settle();
      expect(
        errors.map((e) => e.code),
        JSON.stringify(errors.map((e) => e.message)),
      ).to.deep.equal(Array(c.count).fill(c.code));
      expect(errors[0].source.localName).to.equal(c.source);
      expect(errors[0].message).to.contain(c.quotes);
      expect(walker.time, 'the other character kept animating').to.be.greaterThan(before);
    });
  }
});

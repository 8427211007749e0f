import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-scene.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { characterCode } from '../../src/elements/character-code.js';
import { collectErrors, MANNEQUIN } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

// the test page's own modules fill the resource timing buffer's 250 entries: room for the fetches watched here
performance.setResourceTimingBufferSize(100000);

describe('<anim-character> posing code', () => {
  // first in this file: no character has fetched the posing code yet
  it('is fetched with the first model; a failed fetch is one load-failed, and the next load fetches it', async () => {
    const fetched = () =>
      performance.getEntriesByType('resource').filter((entry) => entry.name.includes('scene/character-code')).length;
    expect(characterCode.loaded, 'not loaded by importing the element').to.equal(undefined);
    expect(fetched(), 'not fetched by importing the element').to.equal(0);

    const fetch = characterCode.fetch;
    characterCode.fetch = () => Promise.reject(new Error('offline'));
    const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 320px; height: 240px"></anim-scene>`);
    const character = document.createElement('anim-character') as AnimCharacter;
    const errors = collectErrors(character);
    character.setAttribute('src', MANNEQUIN);
    character.setAttribute('clip', 'walk');
    scene.append(character);
    const failure = await character.ready.then(
      () => null,
      (error: { code?: string }) => error,
    );
    characterCode.fetch = fetch;
    expect(failure?.code, 'ready rejects').to.equal('load-failed');
    expect(errors.map((e) => e.code)).to.deep.equal(['load-failed']);
    expect(errors[0].message).to.contain('character code').and.to.contain('offline');
    expect(internals(character).rig, 'no rig without its code').to.equal(undefined);
    scene.step(1 / 60);
    expect(characterCode.loaded, 'not tried again by the frames').to.equal(undefined);

    // a new load (here: the character put back on the page) fetches the code again
    character.remove();
    scene.append(character);
    await character.ready;
    expect(fetched(), 'fetched once, by the second load').to.equal(1);
    expect(characterCode.loaded).to.not.equal(undefined);
    const time = character.time;
    scene.step(0.1);
    expect(character.time, 'the character animates').to.be.closeTo(time + 0.1, 1e-6);
    expect(errors).to.have.length(1);
  });

  it('makes every rig of the page from the one fetch', async () => {
    const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 320px; height: 240px"></anim-scene>`);
    scene.innerHTML = `<anim-character src="${MANNEQUIN}" clip="walk"></anim-character>
      <anim-character src="${MANNEQUIN}" clip="run" position="1.5 0 0"></anim-character>`;
    const characters = [...scene.querySelectorAll('anim-character')] as AnimCharacter[];
    await Promise.all(characters.map((c) => c.ready));
    const fetched = performance.getEntriesByType('resource').filter((e) => e.name.includes('scene/character-code'));
    expect(fetched, 'the module is fetched once per page').to.have.length(1);
    for (const c of characters) expect(internals(c).rig).to.not.equal(undefined);
  });
});

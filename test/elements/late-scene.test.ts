// Markup upgraded before <anim-scene> is defined (its module loads last): the 3D elements inside it wait and
// join the scene's stage instead of each making one of their own. This file must not import anim-scene.js
// up front (each test file runs in its own page).
import { expect } from '@open-wc/testing';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-model.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimModel } from '../../src/elements/anim-model.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { internals } from '../helpers/internals.js';

const MANNEQUIN = '/assets/mannequin.glb';

describe('elements inside an <anim-scene> defined later', () => {
  it('wait for the scene and join its stage; a lone character still makes its own at once', async () => {
    expect(customElements.get('anim-scene')).to.equal(undefined);
    const host = document.createElement('div');
    host.innerHTML = `
      <anim-scene paused><anim-character src="${MANNEQUIN}" clip="walk"></anim-character><anim-model></anim-model></anim-scene>
      <anim-character class="lone"></anim-character>`;
    document.body.append(host);
    const character = host.querySelector<AnimCharacter>('anim-scene anim-character')!;
    const model = host.querySelector<AnimModel>('anim-model')!;
    const lone = host.querySelector<AnimCharacter>('.lone')!;
    await character.updateComplete;
    expect(internals(character).stage).to.equal(undefined);
    expect(model.hasAttribute('data-own-stage')).to.equal(false);
    expect(internals(lone).stage).to.not.equal(undefined);
    await lone.updateComplete;
    expect(lone.shadowRoot!.querySelector('canvas')).to.not.equal(null);

    await import('../../src/elements/anim-scene.js');
    await customElements.whenDefined('anim-scene');
    const scene = host.querySelector<AnimScene>('anim-scene')!;
    await character.ready;
    await character.updateComplete;
    expect(internals(character).stage).to.equal(scene.stage);
    expect(character.shadowRoot!.querySelector('canvas')).to.equal(null);
    expect(model.hasAttribute('data-own-stage')).to.equal(false);
    const names = scene.stage!.content.children.map((c) => c.name);
    expect(names).to.include.members(['anim-character', 'anim-model']);
    host.remove();
    expect(internals(character).stage).to.equal(undefined);
  });
});

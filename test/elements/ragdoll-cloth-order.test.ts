/**
 * A ragdoll's capsules are sized from the body meshes, and a mesh a cloth takes over is no part of the body:
 * the sizes must not depend on whether the cloth bound before the first `ragdoll()` or after it.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-cloth.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimCloth } from '../../src/elements/anim-cloth.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { collectErrors, MANNEQUIN, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

const DT = 1 / 60;

async function mannequin(inner: string) {
  const scene = await fixture<AnimScene>(
    html`<anim-scene paused ground style="width: 64px; height: 48px"></anim-scene>`,
  );
  const errors = collectErrors(scene);
  scene.innerHTML = `<anim-character src="${MANNEQUIN}" clip="idle">${inner}</anim-character>`;
  const character = scene.querySelector('anim-character') as AnimCharacter;
  await character.ready;
  await settle();
  return { scene, character, errors };
}

/** Each body's capsule radius, by body name. */
function radii(character: AnimCharacter): Record<string, number> {
  const layout = internals(character).ragdoll!.layout;
  return Object.fromEntries(layout.bodies.map((body) => [body.name, body.radius]));
}

describe('ragdoll capsules and cloth', () => {
  it('are the same whether the cloth bound before the first ragdoll() or after it', async () => {
    const first = await mannequin('<anim-cloth mesh="Cape" pin="top 0.05"></anim-cloth>');
    await first.character.ragdoll();
    const clothFirst = radii(first.character);

    const later = await mannequin('');
    await later.character.ragdoll();
    const withCape = radii(later.character);
    // the test can tell: sized with the cape on the back, the torso is wider
    expect(withCape.torso, 'the cape widens the torso').to.be.above(clothFirst.torso + 0.01);

    for (let f = 0; f < 30; f++) later.scene.step(DT);
    later.character.getUp();
    expect(internals(later.character).ragdoll!.status, 'stood up').to.equal('off');
    const cloth = document.createElement('anim-cloth') as AnimCloth;
    cloth.setAttribute('mesh', 'Cape');
    cloth.setAttribute('pin', 'top 0.05');
    later.character.append(cloth);
    await settle();
    expect(cloth.driver, 'the cloth bound').to.not.equal(undefined);
    await later.character.ragdoll();
    expect(radii(later.character), 'sized again without the cape').to.deep.equal(clothFirst);
    expect(first.errors).to.deep.equal([]);
    expect(later.errors).to.deep.equal([]);
  });
});

import { expect } from '@open-wc/testing';
import { footIkCode } from '../../src/elements/character-foot-ik.js';
import { collectErrors, MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

// This file imports the character's entry alone (through the helper), as a page that imports
// `anim-elements/elements/anim-character.js` does: the optional children are not defined here until imported.

const VAULT = '<anim-warp clip="vault" name="vault" windows="0%-20% 20%-53% 53%-67%"></anim-warp>';
const TARGETS = [
  { x: 0, y: -0.14, z: 0.42 },
  { x: 0, y: 0.2, z: 1.62 },
  { x: 0, y: -0.01, z: 1.96 },
];

describe("a character's entry and its children", () => {
  it('defines the children that describe clips and the graph, not the optional ones', () => {
    const core = ['anim-clip', 'anim-event', 'anim-marker', 'anim-param', 'anim-state', 'anim-transition'];
    const graph = ['anim-layer', 'anim-blend-point'];
    for (const tag of [...core, ...graph]) expect(customElements.get(tag), tag).to.not.equal(undefined);
    for (const tag of ['anim-bind', 'anim-rig', 'anim-warp', 'anim-ik', 'anim-foot-ik', 'anim-ragdoll']) {
      expect(customElements.get(tag), tag).to.equal(undefined);
    }
  });

  it('leaves out an optional child whose entry is not imported, and takes it once the entry is', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="idle"`, VAULT);
    const errors = collectErrors(scene);
    character.warp('vault', TARGETS);
    await settle();
    expect(character.warping).to.equal(false);
    expect(errors.map((e) => e.code)).to.deep.equal(['unknown-clip']);
    expect(errors[0].message).to.contain('(warps: none)');

    await import('../../src/elements/anim-warp.js');
    character.warp('vault', TARGETS);
    expect(character.warping).to.equal(true);
    scene.step(1 / 60);
    await settle();
    expect(errors).to.have.length(1);
  });

  it('fetches the foot IK code when a character first asks for it; a failed fetch is one load-failed, then retried', async () => {
    // the page has fetched hundreds of modules: make room in the resource timing buffer for the ones to come
    performance.clearResourceTimings();
    const fetched = () =>
      performance.getEntriesByType('resource').filter((entry) => entry.name.includes('foot-ik-driver')).length;
    const { scene, character, errors } = await mountCharacter(`src="${MANNEQUIN}" clip="walk"`);
    expect(fetched(), 'not fetched by a character without foot IK').to.equal(0);
    expect(footIkCode.loaded).to.equal(undefined);

    const fetch = footIkCode.fetch;
    footIkCode.fetch = () => Promise.reject(new Error('offline'));
    character.footIk = true;
    await character.updateComplete;
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['load-failed']);
    expect(errors[0].message).to.contain('foot IK').and.to.contain('offline');
    expect(internals(character).footIk).to.equal(null);
    const time = character.time;
    scene.step(0.1);
    expect(character.time, 'animates on without it').to.be.closeTo(time + 0.1, 1e-6);

    footIkCode.fetch = fetch;
    character.footIk = false;
    await character.updateComplete;
    character.footIk = true;
    await character.updateComplete;
    expect(fetched(), 'fetched once asked').to.equal(1);
    expect(internals(character).footIk, 'running once its attribute’s update completes').to.not.equal(null);
    expect(errors).to.have.length(1);

    // a character that asks for it in its markup has it from its first pose (its load waits for the code)
    const other = await mountCharacter(`src="${MANNEQUIN}" clip="walk" foot-ik`);
    expect(internals(other.character).footIk).to.not.equal(null);
  });
});

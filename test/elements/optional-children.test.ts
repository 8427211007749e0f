import { expect } from '@open-wc/testing';
import { collectErrors, MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';

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
});

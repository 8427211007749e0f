/**
 * The stage's content version, which caches over the scene's objects compare (the ground probes walk the scene
 * again when it moves): a character's framing growing (a clip shown for the first time) refits the stage but is
 * no new object; a character joining is.
 */
import { expect } from '@open-wc/testing';
import { MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';

describe('stage content version', () => {
  it('stays for a framing change and moves when a character joins', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="idle"`);
    const stage = scene.stage!;
    const changes: boolean[] = [];
    const contentChanged = stage.contentChanged;
    stage.contentChanged = (framing = false) => {
      changes.push(framing);
      contentChanged.call(stage, framing);
    };
    scene.step(1 / 30);
    const version = stage.contentVersion;
    character.clip = 'wave';
    await character.updateComplete;
    scene.step(1 / 30);
    expect(changes, 'the wave, shown for the first time, grew the framing').to.include(true);
    expect(stage.contentVersion, 'no new object').to.equal(version);

    scene.insertAdjacentHTML('beforeend', `<anim-character src="${MANNEQUIN}" position="2 0 0"></anim-character>`);
    await scene.querySelectorAll('anim-character')[1].ready;
    await settle();
    expect(stage.contentVersion, 'a character joined').to.be.above(version);
  });
});

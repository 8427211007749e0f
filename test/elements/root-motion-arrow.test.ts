import { expect } from '@open-wc/testing';
import type { Group, Mesh } from 'three';
import { MANNEQUIN, mountCharacter } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

describe('debug="root-motion": the arrow under a character', () => {
  it('points where root motion carries the character, as long as its speed; none in place or when off', async () => {
    const { scene, character } = await mountCharacter(
      `src="${MANNEQUIN}" clip="walk" root-motion="apply" heading="90"`,
    );
    const findArrow = () => scene.stage!.scene.getObjectByName('root-motion-arrow') as Group | undefined;
    for (let i = 0; i < 60; i++) scene.step(1 / 60);
    // made the first frame it is wanted: a character that never shows it pays nothing for it, not even a
    // call a frame (its views join the stage's frame only when the debug view comes on)
    expect(findArrow(), 'no arrow before debug="root-motion"').to.equal(undefined);
    const actors = scene.stage!.actorCount;

    scene.debug = ['root-motion'];
    await scene.updateComplete;
    expect(scene.stage!.actorCount, 'the views join the frame').to.equal(actors + 1);
    for (let i = 0; i < 90; i++) scene.step(1 / 60);
    const arrow = findArrow()!;
    expect(arrow.visible).to.equal(true);
    const shaft = arrow.children[0] as Mesh;
    expect(shaft.visible).to.equal(true);
    // walking at 1.18 m/s towards +X (heading 90°): 0.59 m of arrow along +X
    expect(shaft.scale.z).to.be.closeTo(0.5 * (1.3 / 1.1), 0.03);
    expect(Math.sin(shaft.rotation.y)).to.be.closeTo(1, 0.01);
    const root = internals(character).rig!.root.position;
    expect(arrow.position.x).to.be.closeTo(root.x, 1e-6);
    // it starts past the toes (0.3 m ahead), so it never covers the feet
    expect(shaft.position.x).to.be.closeTo(0.3, 1e-6);
    expect(shaft.position.z).to.be.closeTo(0, 1e-6);

    character.play('walk-inplace', { fade: 0 });
    for (let i = 0; i < 90; i++) scene.step(1 / 60);
    expect(shaft.visible).to.equal(false);
    expect(arrow.children[1].visible, 'no speed label in place').to.equal(false);

    character.rootMotion = 'off';
    scene.step(1 / 60);
    expect(arrow.visible).to.equal(false);
    expect(findArrow(), 'out of the scene while hidden').to.equal(undefined);

    scene.debug = [];
    await scene.updateComplete;
    character.rootMotion = 'apply';
    scene.step(1 / 60);
    expect(findArrow(), 'not back once debug is off').to.equal(undefined);
  });

  it('the ground trail: made when a walk is shown in place, none for a character whose root motion plays', async () => {
    const trailOf = (scene: { stage?: { scene: Group['parent'] } }) =>
      scene.stage!.scene!.getObjectByName('ground-trail');
    const inPlace = await mountCharacter(`src="${MANNEQUIN}" clip="walk"`);
    for (let i = 0; i < 60; i++) inPlace.scene.step(1 / 60);
    expect(trailOf(inPlace.scene)?.visible, 'in place (root-motion="auto")').to.equal(true);
    const playing = await mountCharacter(`src="${MANNEQUIN}" clip="walk" root-motion="off"`);
    for (let i = 0; i < 60; i++) playing.scene.step(1 / 60);
    expect(trailOf(playing.scene), 'root motion in the skeleton').to.equal(undefined);
    // shown in place later: the views, out of the frame until then, join it and make the trail
    const actors = playing.scene.stage!.actorCount;
    playing.character.rootMotion = 'auto';
    for (let i = 0; i < 60; i++) playing.scene.step(1 / 60);
    expect(playing.scene.stage!.actorCount).to.equal(actors + 1);
    expect(trailOf(playing.scene)?.visible, 'in place after root-motion="auto"').to.equal(true);
  });
});

import { expect } from '@open-wc/testing';
import { type Demo, mountDemo } from '../../demo/demo.js';
import { clipsSection } from '../../demo/sections/clips.js';
import { propsSection } from '../../demo/sections/props.js';
import type { AnimModel } from '../../src/elements/anim-model.js';
import type { AnimSprite } from '../../src/elements/anim-sprite.js';
import type { BoneAnchor } from '../../src/elements/bone-anchor.js';

const loaded = (el: AnimModel | AnimSprite) =>
  ('loaded' in el ? el.loaded : el.frameCount > 0)
    ? Promise.resolve()
    : new Promise((resolve) => el.addEventListener('anim-load', resolve, { once: true }));

describe('demo: the props and sprites section', () => {
  let demo: Demo | undefined;
  afterEach(() => demo?.dispose());

  it('anchors a plate and a figure to the mannequin, bobs a prop, walks a sprite; leaving removes them', async () => {
    const root = document.createElement('div');
    root.style.cssText = 'position: fixed; left: 0; top: 0; width: 360px; height: 240px;';
    document.body.append(root);
    demo = await mountDemo(root, { paused: true, sections: [clipsSection, propsSection] });
    demo.show('props');
    const { scene, character } = demo;
    const models = [...scene.querySelectorAll<AnimModel>('anim-model')];
    const sprite = scene.querySelector<AnimSprite>('anim-sprite')!;
    await Promise.all([...models.map(loaded), loaded(sprite)]);
    const [carried, prop] = models;
    const before = prop.object3D.position.y;
    scene.step(0.4);
    scene.step(0.4);
    expect(prop.object3D.position.y, 'the prop bobs').to.not.equal(before);
    expect(sprite.frame, 'the sprite walks').to.be.greaterThan(0);
    const hand = character.boneMatrix('RightHand')!;
    const anchors = [...scene.querySelectorAll<BoneAnchor>('bone-anchor')];
    expect(anchors).to.have.length(2);
    expect(carried.object3D.parent).to.equal(anchors[0].object3D);
    expect([...anchors[0].object3D.matrixWorld.elements.slice(12, 15)]).to.deep.equal([...hand.slice(12, 15)]);
    expect(anchors[1].onScreen, 'the name plate shows').to.equal(true);

    const select = demo.panel.querySelector('select')!;
    select.value = 'in-out-sine';
    select.dispatchEvent(new Event('change'));
    expect(prop.querySelector('anim-tween')!.easing).to.equal('in-out-sine');

    demo.show('clips');
    expect(scene.querySelectorAll('bone-anchor, anim-sprite, anim-tween, anim-model')).to.have.length(0);
    expect(character.hasAttribute('id'), 'the id it lent the plate is gone').to.equal(false);
  });
});

import { expect } from '@open-wc/testing';
import { type SkinnedMesh, Vector3 } from 'three';
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

  it('puts the generated sword and shield on the mannequin, bobs a lantern, walks a sprite; leaving removes them', async () => {
    const root = document.createElement('div');
    root.style.cssText = 'position: fixed; left: 0; top: 0; width: 360px; height: 240px;';
    document.body.append(root);
    demo = await mountDemo(root, { paused: true, sections: [clipsSection, propsSection] });
    demo.show('props');
    const { scene, character } = demo;
    const models = [...scene.querySelectorAll<AnimModel>('anim-model')];
    const sprite = scene.querySelector<AnimSprite>('anim-sprite')!;
    await Promise.all([...models.map(loaded), loaded(sprite)]);
    // real props, not small copies of the mannequin standing in its T-pose
    expect(models.map((m) => m.src.split('/').pop())).to.deep.equal(['sword.glb', 'shield.glb', 'lantern.glb']);
    for (const model of models) {
      let skinned = 0;
      model.object3D.traverse((o) => {
        if ((o as SkinnedMesh).isSkinnedMesh) skinned++;
      });
      expect(skinned, `${model.src} has no skin`).to.equal(0);
    }
    const [sword, , prop] = models;
    const before = prop.object3D.position.y;
    scene.step(0.4);
    scene.step(0.4);
    expect(prop.object3D.position.y, 'the lantern bobs').to.not.equal(before);
    expect(sprite.frame, 'the sprite walks').to.be.greaterThan(0);
    const hand = character.boneMatrix('RightHand')!;
    const anchors = [...scene.querySelectorAll<BoneAnchor>('bone-anchor')];
    expect(anchors).to.have.length(3);
    expect(sword.object3D.parent).to.equal(anchors[0].object3D);
    // the grip is in the palm: within a hand's length of the wrist
    const grip = new Vector3().setFromMatrixPosition(sword.object3D.matrixWorld);
    expect(grip.distanceTo(new Vector3(hand[12], hand[13], hand[14]))).to.be.below(0.15);
    expect(anchors[2].onScreen, 'the name plate shows').to.equal(true);

    const select = demo.panel.querySelector('select')!;
    select.value = 'in-out-sine';
    select.dispatchEvent(new Event('change'));
    expect(prop.querySelector('anim-tween')!.easing).to.equal('in-out-sine');

    demo.show('clips');
    expect(scene.querySelectorAll('bone-anchor, anim-sprite, anim-tween, anim-model')).to.have.length(0);
    expect(character.hasAttribute('id'), 'the id it lent the plate is gone').to.equal(false);
  });
});

import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-scene.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { collectErrors } from '../helpers/character.js';
import { blobUrl } from '../helpers/glb.js';
import { internals } from '../helpers/internals.js';
import { boxGlb } from '../helpers/shape-glb.js';

describe('a standalone <anim-character> is a viewer with the scene camera and light attributes', () => {
  it('fits its own stage to the model and follows camera-orbit, field-of-view and frame()', async () => {
    const src = blobUrl(boxGlb({ size: [0.2, 0.5, 0.2], scale: 0.01 }));
    const el = await fixture<AnimCharacter>(
      html`<anim-character style="width: 300px; height: 200px" src=${src} camera-orbit="0deg 0deg auto" field-of-view="40deg" tone-mapping="agx"></anim-character>`,
    );
    await el.ready;
    await el.updateComplete;
    const stage = internals(el).stage!;
    expect(stage.camera.fov).to.equal(40);
    expect(stage.look.toneMapping).to.equal(6); // AgXToneMapping
    const orbit = el.getCameraOrbit();
    expect(orbit.yaw).to.be.closeTo(0, 1e-6);
    expect(orbit.pitch).to.be.closeTo(0, 1e-6);
    // a 5 mm box (0.5 units at 0.01): the camera stands millimetres away, with near and far to match
    expect(orbit.distance).to.be.within(0.005, 0.05);
    expect(stage.camera.near).to.be.below(orbit.distance / 10);
    expect(el.getCameraTarget()[1]).to.be.closeTo(0.0025, 1e-6);
    el.cameraOrbit = '90deg 0deg 200%';
    await el.updateComplete;
    expect(el.getCameraOrbit().distance).to.be.closeTo(orbit.distance * 2, 1e-9);
    stage.camera.position.set(1, 1, 1);
    el.frame();
    expect(el.getCameraOrbit().yaw).to.be.closeTo(90, 1e-6);
  });

  it('a bad value gives one bad-attribute naming it; inside a scene the scene steers the camera', async () => {
    const scene = await fixture<AnimScene>(
      html`<anim-scene field-of-view="50"><anim-character field-of-view="20"></anim-character></anim-scene>`,
    );
    const hero = scene.querySelector('anim-character')!;
    await hero.updateComplete;
    expect(scene.stage!.camera.fov).to.equal(50);
    const errors = collectErrors(hero);
    const warn = console.warn;
    console.warn = () => {};
    hero.setAttribute('camera-orbit', '0 0 far');
    console.warn = warn;
    await hero.updateComplete;
    expect(errors).to.have.length(1);
    expect(errors[0].code).to.equal('bad-attribute');
    expect(errors[0].message).to.include('"0 0 far"');
  });
});

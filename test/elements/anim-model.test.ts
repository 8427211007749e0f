import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { Box3, BufferGeometry, type Mesh, type MeshStandardMaterial, type PointLight, Vector3 } from 'three';
import '../../src/elements/anim-model.js';
import '../../src/elements/anim-scene.js';
import { type AnimModel, modelPlayerCode } from '../../src/elements/anim-model.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';
import { expectClose } from '../helpers/math.js';
import { pointerGlb } from '../helpers/pointer-glb.js';
import { MODELS } from '../helpers/shared-models.js';

const MANNEQUIN = '/assets/mannequin.glb';

async function inScene(template: ReturnType<typeof html>) {
  const scene = await fixture<AnimScene>(template);
  const model = scene.querySelector('anim-model')!;
  if (!model.loaded) await oneEvent(model, 'anim-load');
  return { scene, model };
}

describe('<anim-model>', () => {
  // first in this file: no model has fetched its player yet
  it('a player that cannot be fetched is one load-failed naming it: the file is freed, nothing is left unhandled, the next model tries again', async () => {
    const fetch = modelPlayerCode.fetch;
    const dispose = BufferGeometry.prototype.dispose;
    const rejections: unknown[] = [];
    const onRejection = (e: PromiseRejectionEvent) => rejections.push(e.reason);
    let freed = 0;
    modelPlayerCode.fetch = () => Promise.reject(new Error('offline'));
    BufferGeometry.prototype.dispose = function (this: BufferGeometry) {
      if (this.hasAttribute('skinIndex')) freed++; // the mannequin's, not the stage's own
      dispose.call(this);
    };
    window.addEventListener('unhandledrejection', onRejection);
    try {
      const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
      const errors: AnimErrorDetail[] = [];
      scene.addEventListener('anim-error', (e) => errors.push(e.detail));
      // b's download fails before it awaits the player, whose fetch failed too: only the download is reported
      scene.innerHTML = `
        <anim-model id="a" src=${MANNEQUIN}></anim-model>
        <anim-model id="b" src="/assets/nothing-here.glb"></anim-model>`;
      while (errors.length < 2) await oneEvent(scene, 'anim-error');
      const byId = Object.fromEntries(errors.map((e) => [(e.source as Element).id, e]));
      expect([byId.a.code, byId.b.code]).to.deep.equal(['load-failed', 'load-failed']);
      expect(byId.a.message).to.contain('model player').and.to.contain('offline');
      expect(byId.b.message).to.contain('nothing-here.glb');
      const a = scene.querySelector<AnimModel>('#a')!;
      expect(a.loaded).to.equal(false);
      expect(a.object3D.children, 'the file is not shown').to.have.length(0);
      expect(freed, "the file's skinned geometry is freed").to.be.above(0);

      modelPlayerCode.fetch = fetch;
      const c = document.createElement('anim-model');
      c.src = MANNEQUIN;
      scene.append(c);
      await oneEvent(c, 'anim-load');
      expect(c.object3D.children).to.have.length(1);
      await new Promise((resolve) => setTimeout(resolve)); // a rejection nobody handled is reported by now
      expect(rejections).to.deep.equal([]);
      expect(errors).to.have.length(2);
    } finally {
      modelPlayerCode.fetch = fetch;
      BufferGeometry.prototype.dispose = dispose;
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });

  it('loads the mannequin into the scene and fires anim-load with the src', async () => {
    const scene = await fixture<AnimScene>(html`<anim-scene paused><anim-model></anim-model></anim-scene>`);
    const model = scene.querySelector('anim-model')!;
    model.src = MANNEQUIN;
    const event = await oneEvent(model, 'anim-load');
    expect(event.detail.src).to.equal(MANNEQUIN);
    expect(event.detail.clips).to.include.members(['idle', 'walk', 'run', 'wave']);
    expect(event.detail.bones).to.include.members(['Hips', 'Head', 'LeftHand']);
    expect(model.loaded).to.equal(true);
    expect(model.object3D.parent).to.equal(scene.stage!.content);
    let meshes = 0;
    model.object3D.traverse((o) => {
      if ((o as Mesh).isMesh) meshes++;
    });
    expect(meshes).to.be.greaterThan(0);
    // a standing figure about 1.6 to 2 m tall, feet at the ground
    const box = new Box3().setFromObject(model.object3D);
    expect(box.min.y).to.be.closeTo(0, 0.1);
    expect(box.max.y).to.be.within(1.5, 2.1);
  });

  it('places the model by position (metres), rotation (degrees) and scale', async () => {
    const { model } = await inScene(html`
      <anim-scene paused>
        <anim-model src=${MANNEQUIN} position="1 0 -50cm" rotation="0 90 0" scale="2"></anim-model>
      </anim-scene>
    `);
    const o = model.object3D;
    expect(o.position.toArray()).to.deep.equal([1, 0, -0.5]);
    expect(o.rotation.y).to.be.closeTo(Math.PI / 2, 1e-12);
    expect(o.scale.toArray()).to.deep.equal([2, 2, 2]);
    model.scale = [1, 2, 3];
    model.rotation = '0 0 0.5turn';
    await model.updateComplete;
    expect(o.scale.toArray()).to.deep.equal([1, 2, 3]);
    expect(o.rotation.z).to.be.closeTo(Math.PI, 1e-12);
    // the model's front (+Z) turns with it
    model.rotation = '0 90 0';
    await model.updateComplete;
    o.updateMatrixWorld(true);
    const front = new Vector3(0, 0, 1).transformDirection(o.matrixWorld);
    expect(front.x).to.be.closeTo(1, 1e-9);
  });

  it('changing src replaces the model; leaving the scene takes it away', async () => {
    const { scene, model } = await inScene(
      html`<anim-scene paused><anim-model src=${MANNEQUIN}></anim-model></anim-scene>`,
    );
    const first = model.object3D.children[0];
    model.src = `${MANNEQUIN}?again`;
    await oneEvent(model, 'anim-load');
    expect(model.object3D.children).to.have.length(1);
    expect(model.object3D.children[0]).to.not.equal(first);
    model.remove();
    expect(scene.stage!.content.children).to.not.include(model.object3D);
  });

  it('on its own it makes a stage of its own, freed when it leaves', async () => {
    const model = await fixture<AnimModel>(html`<anim-model src=${MANNEQUIN}></anim-model>`);
    const canvas = model.shadowRoot!.querySelector('canvas')!;
    expect(canvas).to.exist;
    expect(model.getBoundingClientRect().height).to.equal(300);
    model.remove();
    expect(canvas.isConnected).to.equal(false);
  });

  describe('bad input', () => {
    let warn: typeof console.warn;
    beforeEach(() => {
      warn = console.warn;
      console.warn = () => {};
    });
    afterEach(() => {
      console.warn = warn;
    });

    it('load-failed for a missing file or one that is no URL, bad-gltf for a file that is not glTF', async () => {
      const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
      const errors: AnimErrorDetail[] = [];
      scene.addEventListener('anim-error', (e) => errors.push(e.detail));
      // listened to first: the URL that is none fails at once
      scene.innerHTML = `
        <anim-model id="a" src="/assets/nothing-here.glb"></anim-model>
        <anim-model id="b" src="/package.json"></anim-model>
        <anim-model id="c" src="http://["></anim-model>`;
      while (errors.length < 3) await oneEvent(scene, 'anim-error');
      const byId = Object.fromEntries(errors.map((e) => [(e.source as Element).id, e]));
      expect(byId.a.code).to.equal('load-failed');
      expect(byId.a.message).to.contain('nothing-here.glb');
      expect(byId.b.code).to.equal('bad-gltf');
      expect([byId.c.code, byId.c.message]).to.deep.equal(['load-failed', 'http://[: not a valid URL']);
    });

    it('bad position, rotation and scale each give one bad-attribute and keep the value', async () => {
      const model = await fixture<AnimModel>(html`<anim-model position="1 2 3"></anim-model>`);
      const errors: AnimErrorDetail[] = [];
      model.addEventListener('anim-error', (e) => errors.push(e.detail));
      model.setAttribute('position', '1 2');
      model.setAttribute('rotation', 'up');
      model.setAttribute('scale', '1 x 1');
      await Promise.resolve();
      expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute', 'bad-attribute', 'bad-attribute']);
      expect(errors[1].message).to.contain('"up"');
      expect([model.position, model.rotation, model.scale]).to.deep.equal([
        [1, 2, 3],
        [0, 0, 0],
        [1, 1, 1],
      ]);
      model.removeAttribute('position');
      expect(model.position).to.deep.equal([0, 0, 0]);
    });
  });
});

describe('<anim-model> property clips (KHR_animation_pointer)', () => {
  const urls: string[] = [];
  after(() => {
    for (const url of urls) URL.revokeObjectURL(url);
  });

  async function pulseModel(attributes: string) {
    const bytes = await pointerGlb('pulse', [
      {
        pointer: '/materials/0/pbrMetallicRoughness/baseColorFactor',
        times: [0, 1],
        values: [1, 1, 1, 1, 1, 0, 0, 0.5],
      },
      { pointer: '/materials/0/emissiveFactor', times: [0, 2], values: [0, 0, 0, 0, 1, 0] },
      { pointer: '/extensions/KHR_lights_punctual/lights/0/intensity', times: [0, 1, 2], values: [0, 8, 0] },
      {
        pointer: '/nodes/0/extensions/KHR_node_visibility/visible',
        times: [0, 1.5],
        values: [1, 0],
        interpolation: 'STEP',
      },
      { pointer: '/animations/0/whatever', times: [0, 1], values: [0, 1] },
    ]);
    const url = URL.createObjectURL(new Blob([bytes], { type: 'model/gltf-binary' }));
    urls.push(url);
    const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
    const errors: AnimErrorDetail[] = [];
    scene.addEventListener('anim-error', (e) => errors.push(e.detail));
    scene.innerHTML = `<anim-model src="${url}" ${attributes}></anim-model>`;
    const model = scene.querySelector('anim-model')!;
    await oneEvent(model, 'anim-load');
    const lamp = model.object3D.getObjectByName('Lamp') as Mesh;
    const light = model.object3D.getObjectByProperty('isLight', true) as PointLight;
    return { scene, model, errors, material: lamp.material as MeshStandardMaterial, lamp, light };
  }

  it("drives a material's colour, opacity and emissive, a light's intensity and a node's visibility", async () => {
    const { scene, model, material, lamp, light } = await pulseModel('clip="pulse"');
    expect(model.clips).to.deep.equal(['pulse']);
    scene.step(0.25);
    expectClose(material.color.toArray(), [1, 0.75, 0.75], 1e-6, 'colour, linear');
    expect(material.opacity).to.be.closeTo(0.875, 1e-6);
    expect(material.emissive.g).to.be.closeTo(0.125, 1e-6);
    expect(light.intensity).to.be.closeTo(2, 1e-6);
    expect(lamp.visible).to.equal(true);
    scene.step(1.5);
    expect(light.intensity).to.be.closeTo(2, 1e-6);
    expect(lamp.visible).to.equal(false);
  });

  it('loops, reporting anim-loop; once finishes with anim-finish', async () => {
    const { scene, model, light } = await pulseModel('clip="pulse"');
    const loops: unknown[] = [];
    model.addEventListener('anim-loop', (e) => loops.push(e.detail));
    scene.step(2.5);
    expect(light.intensity).to.be.closeTo(4, 1e-6);
    expect(loops).to.deep.equal([{ clip: 'pulse', count: 1 }]);
    model.loop = 'once';
    await model.updateComplete;
    const finishes: unknown[] = [];
    model.addEventListener('anim-finish', (e) => finishes.push(e.detail));
    scene.step(3);
    expect(finishes).to.deep.equal([{ clip: 'pulse', count: 0 }]);
    expect(light.intensity).to.equal(0);
  });

  it('without a clip nothing moves; an unknown clip is one unknown-clip', async () => {
    const { scene, model, light, errors } = await pulseModel('');
    scene.step(0.5);
    expect(light.intensity).to.equal(1);
    const warn = console.warn;
    console.warn = () => {};
    model.clip = 'blink';
    await model.updateComplete;
    await Promise.resolve();
    console.warn = warn;
    expect(errors.map((e) => e.code)).to.deep.equal(['unknown-clip']);
    expect(errors[0].message).to.contain('pulse');
  });
});

describe('<anim-model> on real models', () => {
  it('loads RobotExpressive and reports its clips and bones', async () => {
    const { model } = await inScene(
      html`<anim-scene paused><anim-model src=${MODELS.robot} scale="0.5"></anim-model></anim-scene>`,
    );
    expect(model.clips).to.include.members(['Dance', 'Wave', 'Walking']);
    const box = new Box3().setFromObject(model.object3D);
    expect(box.isEmpty()).to.equal(false);
    expect(box.max.y).to.be.greaterThan(0.5);
  });
});

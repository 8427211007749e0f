import { expect, fixture, html } from '@open-wc/testing';
import { Euler, Matrix4, Quaternion, Vector3 } from 'three';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-model.js';
import '../../src/elements/anim-scene.js';
import '../../src/elements/bone-anchor.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimModel } from '../../src/elements/anim-model.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { BoneAnchor } from '../../src/elements/bone-anchor.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';
import { internals } from '../helpers/internals.js';
import { expectClose } from '../helpers/math.js';
import { MODELS } from '../helpers/shared-models.js';

const MANNEQUIN = '/assets/mannequin.glb';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A paused scene holding `markup`; resolves once every character in it is posed and every model loaded. */
async function mount(markup: string) {
  const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 400px; height: 300px"></anim-scene>`);
  const errors: AnimErrorDetail[] = [];
  scene.addEventListener('anim-error', (e) => errors.push(e.detail));
  scene.innerHTML = markup;
  for (const character of scene.querySelectorAll('anim-character')) await character.ready;
  for (const model of scene.querySelectorAll('anim-model')) {
    if (!model.loaded) await new Promise((resolve) => model.addEventListener('anim-load', resolve, { once: true }));
  }
  await settle();
  scene.step(0);
  return { scene, errors, character: scene.querySelector<AnimCharacter>('anim-character')! };
}

describe('<bone-anchor>', () => {
  it("3D children ride the bone: their world matrix is the bone's on every frame of a crossfade", async () => {
    const { scene, character } = await mount(`
      <anim-character src="${MANNEQUIN}" clip="walk" fade="0.4">
        <bone-anchor bone="RightHand"><anim-model src="${MANNEQUIN}" scale="0.2"></anim-model></bone-anchor>
      </anim-character>`);
    const prop = scene.querySelector<AnimModel>('anim-model')!;
    const anchor = scene.querySelector<BoneAnchor>('bone-anchor')!;
    expect(prop.object3D.parent).to.equal(anchor.object3D);
    scene.step(0.3);
    character.play('run');
    const before = character.boneMatrix('RightHand')!;
    for (let frame = 0; frame < 20; frame++) {
      scene.step(1 / 30);
      const bone = character.boneMatrix('RightHand')!;
      expectClose(anchor.object3D.matrixWorld.elements, bone, 1e-5, `anchor, frame ${frame}`);
      // the prop's own scale sits under the bone
      const expected = new Matrix4().fromArray(bone).multiply(new Matrix4().makeScale(0.2, 0.2, 0.2));
      expectClose(prop.object3D.matrixWorld.elements, expected.elements, 1e-5, `prop, frame ${frame}`);
    }
    expect(character.boneMatrix('RightHand')![12], 'the hand moved').to.not.be.closeTo(before[12], 1e-3);
  });

  it('follows the final pose, after the model-space modifiers (IK)', async () => {
    const { scene, character } = await mount(`
      <anim-character src="${MANNEQUIN}" clip="idle"><bone-anchor bone="LeftHand"></bone-anchor></anim-character>`);
    const anchor = scene.querySelector<BoneAnchor>('bone-anchor')!;
    const rig = internals(character).rig!;
    const joint = rig.binding.asset.skeleton.indexByName.get('LeftHand')!;
    // a stand-in IK solver: reaches the hand half a metre up
    const reach = { apply: (model: Float32Array) => void (model[joint * 16 + 13] += 0.5) };
    rig.modelModifiers.push(reach);
    scene.step(1 / 30);
    const bone = character.boneMatrix('LeftHand')!;
    expectClose(anchor.object3D.matrixWorld.elements, bone, 1e-5, 'after IK');
    const reached = anchor.object3D.matrixWorld.elements[13];
    rig.modelModifiers.pop();
    scene.step(0);
    expect(anchor.object3D.matrixWorld.elements[13], 'without the solver').to.be.closeTo(reached - 0.5, 1e-5);
  });

  it('offset and rotation are in the bone space', async () => {
    const { scene, character } = await mount(`
      <anim-character src="${MANNEQUIN}" clip="walk">
        <bone-anchor bone="Head" offset="0 20cm 0" rotation="0 90 45"></bone-anchor>
      </anim-character>`);
    const anchor = scene.querySelector<BoneAnchor>('bone-anchor')!;
    scene.step(0.25);
    const offset = new Matrix4().compose(
      new Vector3(0, 0.2, 0),
      new Quaternion().setFromEuler(new Euler(0, Math.PI / 2, Math.PI / 4)),
      new Vector3(1, 1, 1),
    );
    const expected = new Matrix4().fromArray(character.boneMatrix('Head')!).multiply(offset);
    expectClose(anchor.object3D.matrixWorld.elements, expected.elements, 1e-5);
  });

  it('an HTML child lands on the projected bone (within 1 px) and hides behind the camera', async () => {
    const { scene, character } = await mount(`
      <anim-character id="hero" src="${MANNEQUIN}" clip="walk"></anim-character>
      <bone-anchor for="hero" bone="Head"><div style="width: 40px; height: 12px; background: #223">Hero</div></bone-anchor>`);
    const anchor = scene.querySelector<BoneAnchor>('bone-anchor')!;
    const plate = anchor.querySelector('div')!;
    for (const t of [0.1, 0.2, 0.3]) {
      scene.step(t);
      const head = new Vector3().setFromMatrixPosition(new Matrix4().fromArray(character.boneMatrix('Head')!));
      const ndc = head.project(scene.stage!.camera);
      const canvas = scene.stage!.canvas.getBoundingClientRect();
      const rect = plate.getBoundingClientRect();
      expect(anchor.onScreen).to.equal(true);
      expect(getComputedStyle(anchor).visibility).to.equal('visible');
      expect(rect.left + rect.width / 2).to.be.closeTo(canvas.left + ((ndc.x + 1) / 2) * canvas.width, 1);
      expect(rect.top + rect.height / 2).to.be.closeTo(canvas.top + ((1 - ndc.y) / 2) * canvas.height, 1);
    }
    // look away from the character, with the camera in front of it: the head is behind the camera
    scene.cameraTarget = [0, 1.6, -3];
    scene.cameraOrbit = { yaw: 0, pitch: 0, distance: 1 };
    scene.step(0.1);
    expect(anchor.onScreen).to.equal(false);
    expect(getComputedStyle(plate).visibility).to.equal('hidden');
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

    it('an unknown bone is one unknown-bone, and the character animates on', async () => {
      const { scene, errors, character } = await mount(`
        <anim-character src="${MANNEQUIN}" clip="walk"><bone-anchor bone="Tail"></bone-anchor></anim-character>`);
      const before = character.boneMatrix('Hips')!;
      for (let i = 0; i < 5; i++) scene.step(0.1);
      await settle();
      expect(errors.map((e) => e.code)).to.deep.equal(['unknown-bone']);
      expect(errors[0].message).to.contain('"Tail"');
      expect(character.boneMatrix('Hips')).to.not.deep.equal(before);
    });

    it('for naming nothing, or no character around, is missing-target', async () => {
      const { errors } = await mount(`
        <bone-anchor id="a" for="nobody" bone="Head"></bone-anchor>
        <bone-anchor id="b" bone="Head"></bone-anchor>`);
      expect(errors.map((e) => [e.code, (e.source as Element).id])).to.deep.equal([
        ['missing-target', 'a'],
        ['missing-target', 'b'],
      ]);
    });

    it('a bad offset is bad-attribute and keeps the value', async () => {
      const anchor = await fixture<BoneAnchor>(html`<bone-anchor for="x" offset="0 1 0"></bone-anchor>`);
      const errors: AnimErrorDetail[] = [];
      anchor.addEventListener('anim-error', (e) => errors.push(e.detail));
      anchor.setAttribute('offset', 'up');
      await settle();
      expect(errors.map((e) => e.code)).to.include('bad-attribute');
      expect(anchor.offset).to.deep.equal([0, 1, 0]);
    });
  });
});

describe('<bone-anchor> on real models', () => {
  it("rides a Mixamo rig's right hand (centimetres under a 0.01 armature) through a walk-to-run crossfade, carrying the Fox", async () => {
    const { scene, character, errors } = await mount(`
      <anim-character src="${MODELS.mixamo}" clip="Walk" fade="0.3">
        <bone-anchor bone="mixamorig:RightHand" offset="0 10cm 0">
          <anim-model src="${MODELS.fox}" scale="0.005"></anim-model>
        </bone-anchor>
      </anim-character>`);
    const anchor = scene.querySelector<BoneAnchor>('bone-anchor')!;
    const fox = scene.querySelector<AnimModel>('anim-model')!;
    scene.step(0.2);
    character.play('Run');
    const offset = new Matrix4().makeTranslation(0, 0.1, 0);
    for (let frame = 0; frame < 12; frame++) {
      scene.step(1 / 30);
      const expected = new Matrix4().fromArray(character.boneMatrix('mixamorig:RightHand')!).multiply(offset);
      expectClose(anchor.object3D.matrixWorld.elements, expected.elements, 1e-5, `frame ${frame}`);
      expect(fox.object3D.parent).to.equal(anchor.object3D);
    }
    expect(errors).to.deep.equal([]);
  });
});

import { expect } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-rig.js';
import type { AnimRig } from '../../src/elements/anim-rig.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { collectErrors, MANNEQUIN, settle } from '../helpers/character.js';
import { expectClose } from '../helpers/math.js';

/** The mannequin's legs swapped left for right: a valid map that plays the walk visibly differently. */
const SWAPPED_LEGS = {
  leftUpperLeg: 'RightUpperLeg',
  leftLowerLeg: 'RightLowerLeg',
  leftFoot: 'RightFoot',
  rightUpperLeg: 'LeftUpperLeg',
  rightLowerLeg: 'LeftLowerLeg',
  rightFoot: 'LeftFoot',
};
const SWAPPED_LEGS_MARKUP =
  '<anim-rig left-upper-leg="RightUpperLeg" left-lower-leg="RightLowerLeg" left-foot="RightFoot" right-upper-leg="LeftUpperLeg" right-lower-leg="LeftLowerLeg" right-foot="LeftFoot"></anim-rig>';
const RETARGETED_WALK = `<anim-clip name="again" src="${MANNEQUIN}#walk" retarget></anim-clip>`;

/** Characters in one paused scene, each posed before this resolves; `errors` from the start. */
async function mountMany(markup: string) {
  const scene = document.createElement('anim-scene') as AnimScene;
  scene.setAttribute('paused', '');
  scene.style.cssText = 'width: 320px; height: 240px; display: block';
  document.body.append(scene);
  const errors = collectErrors(scene);
  scene.innerHTML = markup;
  const characters = [...scene.querySelectorAll('anim-character')];
  await Promise.all(characters.map((c) => c.ready));
  await settle();
  return { scene, characters, errors };
}

/** Waits (on loads, not on animation time) until `done` holds; fails after a second. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done(), what).to.equal(true);
}

const differs = (a: Float32Array, b: Float32Array) => a.some((v, i) => Math.abs(v - b[i]) > 1e-3);

describe('<anim-rig>: the humanoid map by hand, in markup', () => {
  afterEach(() => {
    for (const scene of document.querySelectorAll('body > anim-scene')) scene.remove();
  });

  it('is the JSON map of the rig attribute in markup: the same retargeted pose, not the automatic one', async () => {
    const { scene, characters, errors } = await mountMany(`
      <anim-character src="${MANNEQUIN}" clip="again" fade="0" rig='${JSON.stringify(SWAPPED_LEGS)}'>${RETARGETED_WALK}</anim-character>
      <anim-character src="${MANNEQUIN}" clip="again" fade="0">${SWAPPED_LEGS_MARKUP}${RETARGETED_WALK}</anim-character>
      <anim-character src="${MANNEQUIN}" clip="again" fade="0">${RETARGETED_WALK}</anim-character>`);
    expect(errors).to.deep.equal([]);
    const [json, markup, auto] = characters;
    expect(markup.querySelector('anim-rig')!.map).to.deep.equal(SWAPPED_LEGS);
    scene.step(0.4);
    for (const bone of ['LeftFoot', 'RightLowerLeg', 'Hips']) {
      expectClose(markup.boneMatrix(bone)!, json.boneMatrix(bone)!, 1e-6, bone);
    }
    expect(differs(markup.boneMatrix('LeftFoot')!, auto.boneMatrix('LeftFoot')!), 'the map is used').to.equal(true);
  });

  it('rebinds retargeted clips when an <anim-rig> is added, edited or removed', async () => {
    const { scene, characters } = await mountMany(`
      <anim-character src="${MANNEQUIN}" clip="again" fade="0" rig='${JSON.stringify(SWAPPED_LEGS)}'>${RETARGETED_WALK}</anim-character>
      <anim-character src="${MANNEQUIN}" clip="again" fade="0">${RETARGETED_WALK}</anim-character>`);
    const [json, character] = characters;
    scene.step(0.4);
    const swapped = json.boneMatrix('LeftFoot')!;
    const own = character.boneMatrix('LeftFoot')!;
    const foot = () => {
      scene.step(0);
      return character.boneMatrix('LeftFoot')!;
    };
    character.insertAdjacentHTML('afterbegin', SWAPPED_LEGS_MARKUP);
    await until(() => !differs(foot(), swapped), 'the added map is used');
    const rig = character.querySelector('anim-rig')!;
    rig.map = {};
    expect(rig.hasAttribute('left-foot')).to.equal(false);
    await until(() => !differs(foot(), own), 'an emptied map is the automatic one');
    rig.map = SWAPPED_LEGS;
    expect(rig.getAttribute('right-upper-leg')).to.equal('LeftUpperLeg');
    await until(() => !differs(foot(), swapped), 'the map set as a property is used');
    rig.remove();
    await until(() => !differs(foot(), own), 'without the element the map is the automatic one');
  });

  it('wins over a JSON map slot by slot', async () => {
    const { scene, characters } = await mountMany(`
      <anim-character src="${MANNEQUIN}" clip="again" fade="0" rig='${JSON.stringify(SWAPPED_LEGS)}'>${RETARGETED_WALK}</anim-character>
      <anim-character src="${MANNEQUIN}" clip="again" fade="0" rig='{"leftFoot": "LeftFoot", "rightFoot": "RightFoot"}'>${SWAPPED_LEGS_MARKUP}${RETARGETED_WALK}</anim-character>`);
    const [json, both] = characters;
    scene.step(0.4);
    expectClose(both.boneMatrix('LeftFoot')!, json.boneMatrix('LeftFoot')!, 1e-6, 'the markup map wins');
  });

  it('reports an unknown slot and an empty bone as bad-attribute on itself, once each', async () => {
    const { scene, characters, errors } = await mountMany(`
      <anim-character src="${MANNEQUIN}" clip="walk"><anim-rig id="bad" class="x" data-note="kept" left-uper-arm="LeftUpperArm" hips=""></anim-rig></anim-character>`);
    const rig = scene.querySelector<AnimRig>('#bad')!;
    expect(errors.map((e) => [e.code, e.source])).to.deep.equal([
      ['bad-attribute', rig],
      ['bad-attribute', rig],
    ]);
    expect(errors[0].message).to.contain('left-uper-arm').and.contain('left-upper-arm');
    expect(errors[1].message).to.contain('hips=""');
    expect(rig.map).to.deep.equal({});
    rig.setAttribute('head', 'Head');
    await settle();
    expect(errors.length, 'a rescan does not repeat them').to.equal(2);
    expect(rig.map).to.deep.equal({ head: 'Head' });
    rig.map = { tail: 'Head' } as never;
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute', 'bad-attribute', 'bad-attribute']);
    expect(errors[2].message).to.contain('"tail"');
    const [character] = characters;
    scene.step(0.3);
    expect(character.time).to.be.closeTo(0.3, 1e-6);
  });

  it('reports a bone the model lacks as unknown-bone on the character, as the JSON map does; the character keeps its clips', async () => {
    const { scene, characters, errors } = await mountMany(`
      <anim-character src="${MANNEQUIN}" clip="walk"><anim-rig hips="Pelvis"></anim-rig>${RETARGETED_WALK}</anim-character>
      <anim-character src="${MANNEQUIN}" clip="walk" rig='{"hips": "Pelvis"}'>${RETARGETED_WALK}</anim-character>`);
    const [markup, json] = characters;
    for (const character of characters) {
      const own = errors.filter((e) => e.source === character);
      expect(own.map((e) => e.code)).to.deep.equal(['unknown-bone']);
      expect(own[0].message).to.contain('"Pelvis"');
      expect(character.clips).to.include('walk').and.not.include('again');
    }
    expect(errors.length).to.equal(2);
    scene.step(0.3);
    for (const character of [markup, json]) expect(character.time).to.be.closeTo(0.3, 1e-6);
  });

  it('a JSON map naming a slot that does not exist is a bad-attribute and the previous map stays', async () => {
    const { characters, errors } = await mountMany(`<anim-character src="${MANNEQUIN}"></anim-character>`);
    const [character] = characters;
    character.setAttribute('rig', '{"tail": "Hips"}');
    await settle();
    expect(character.rig).to.equal('auto');
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute']);
    expect(errors[0].message).to.contain('"tail"');
  });

  it('outside a character it reports bad-attribute; alone it maps nothing', async () => {
    const errors = collectErrors(document);
    const rig = document.createElement('anim-rig');
    rig.setAttribute('hips', 'Hips');
    document.body.append(rig);
    await settle();
    expect(errors.map((e) => [e.code, e.source])).to.deep.equal([['bad-attribute', rig]]);
    expect(rig.map).to.deep.equal({ hips: 'Hips' });
    rig.remove();
    expect((document.createElement('anim-rig') as AnimRig).map).to.deep.equal({});
  });
});

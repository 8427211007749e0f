import { expect } from '@open-wc/testing';
import { AnimationMixer, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { AnimClip } from '../../src/elements/anim-clip.js';
import { collectErrors, MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';
import { expectClose } from '../helpers/math.js';
import { fetchModel, MODELS, SHARED, sharedModelsPresent } from '../helpers/shared-models.js';

/** One long take sliced into clips by play windows: the repository's fox, and FoxTake.glb where served. */
const TAKES = [
  {
    file: MODELS.fox,
    take: 'Survey',
    survey: [0, 1.2],
    walk: [1.5, 3],
    run: [2.4, 3.4],
    bones: ['b_Head_05', 'b_LeftFoot02_018', 'b_Tail03_014'],
  },
  ...((await sharedModelsPresent())
    ? [
        {
          file: `${SHARED}FoxTake.glb`,
          take: 'Armature|Take 001|BaseLayer',
          survey: [0, 3.4],
          walk: [4, 5.5],
          run: [12, 13],
          bones: ['b_Head', 'b_LeftFoot02', 'b_Tail03'],
        },
      ]
    : []),
];

describe('<anim-clip>', () => {
  it('names a model clip for the character, with its own loop and speed', async () => {
    const clips = `<anim-clip name="stroll" from="walk" speed="0.5"></anim-clip>
      <anim-clip name="hop" from="jump" loop="once"></anim-clip>`;
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="stroll"`, clips);
    expect(character.clips).to.include.members(['walk', 'jump', 'stroll', 'hop']);
    scene.step(0.4);
    expect(character.time).to.be.closeTo(0.2, 1e-6);
    character.play('hop', { fade: 0 });
    for (let i = 0; i < 20; i++) scene.step(0.1);
    expect(character.time, 'held at the end: once').to.be.closeTo(character.duration, 1e-6);
  });

  it('defaults', () => {
    const clip = document.createElement('anim-clip');
    expect([clip.name, clip.from, clip.start, clip.end, clip.loop, clip.speed]).to.deep.equal([
      '',
      '',
      null,
      null,
      null,
      1,
    ]);
  });

  for (const { file, take, survey, walk, run, bones } of TAKES) {
    it(`slices ${file}'s take ${take} into clips that play their own window`, async () => {
      const clips = `<anim-clip name="survey" from="${take}" start="${survey[0]}" end="${survey[1]}"></anim-clip>
      <anim-clip name="walk" from="${take}" start="${walk[0]}" end="${walk[1]}"></anim-clip>
      <anim-clip name="run" from="${take}" start="${run[0]}s" end="${run[1] * 1000}ms"></anim-clip>`;
      const { scene, character } = await mountCharacter(`src="${file}" clip="walk" fade="0"`, clips);
      expect(character.clips).to.include.members(['survey', 'walk', 'run']);
      // the oracle: three's own mixer on its own copy of the model, at the take's time
      const gltf = await new GLTFLoader().parseAsync(await fetchModel(file), '');
      const mixer = new AnimationMixer(gltf.scene);
      mixer.clipAction(gltf.animations.find((a) => a.name === take)!).play();
      const bone = (name: string): Object3D => gltf.scene.getObjectByName(name)!;
      const check = (takeTime: number, what: string) => {
        mixer.setTime(takeTime);
        gltf.scene.updateMatrixWorld(true);
        for (const name of bones) {
          expectClose(character.boneMatrix(name)!, bone(name).matrixWorld.elements, 1e-4, `${what} ${name}`);
        }
      };
      expect(character.duration).to.be.closeTo(1.5, 1e-6);
      check(walk[0], 'walk at 0');
      scene.step(0.75);
      expect(character.time).to.be.closeTo(0.75, 1e-6);
      check(walk[0] + 0.75, 'walk at 0.75');
      scene.step(1);
      expect(character.time, 'wrapped inside the slice').to.be.closeTo(0.25, 1e-5);
      check(walk[0] + 0.25, 'walk after a loop');
      character.play('run', { fade: 0 });
      expect(character.duration).to.be.closeTo(1, 1e-6);
      scene.step(0.5);
      check(run[0] + 0.5, 'run at 0.5');
    });
  }

  it('editing, adding or removing a clip rebinds on the next frame, keeping the playing clip', async () => {
    const { scene, character } = await mountCharacter(
      `src="${MANNEQUIN}" clip="part" fade="0"`,
      `<anim-clip name="part" from="idle" start="1" end="2"></anim-clip>`,
    );
    scene.step(0.5);
    const clip = character.querySelector<AnimClip>('anim-clip')!;
    clip.end = 2.25;
    await clip.updateComplete;
    expect(character.duration, 'not before the next frame').to.be.closeTo(1, 1e-6);
    scene.step(0.25);
    expect(character.duration).to.be.closeTo(1.25, 1e-6);
    expect(character.time, 'played on from where it was').to.be.closeTo(0.75, 1e-5);
    const extra = document.createElement('anim-clip');
    extra.name = 'extra';
    extra.from = 'wave';
    character.append(extra);
    await settle();
    scene.step(0);
    expect(character.clips).to.include('extra');
    extra.remove();
    scene.step(0);
    expect(character.clips).to.not.include('extra');
    expect(internals(character).rig!.currentClip).to.equal('part');
  });

  it('from naming a clip the model lacks reports unknown-clip once; the other clips still play', async () => {
    const { scene, character, errors } = await mountCharacter(
      `src="${MANNEQUIN}" clip="walk"`,
      `<anim-clip name="ghost" from="moonwalk"></anim-clip><anim-clip name="ok" from="run"></anim-clip>`,
    );
    expect(errors.map((e) => e.code)).to.deep.equal(['unknown-clip']);
    expect(errors[0].message).to.contain('"moonwalk"').and.contain('ghost');
    const late = document.createElement('anim-clip');
    late.name = 'late';
    late.from = 'nope';
    character.append(late);
    await settle();
    for (let i = 0; i < 3; i++) scene.step(0.1);
    await settle();
    expect(
      errors.map((e) => e.code),
      'each reported once, not again on each rebind',
    ).to.deep.equal(['unknown-clip', 'unknown-clip']);
    expect(errors[1].message).to.contain('"nope"');
    expect(character.clips).to.include('ok').and.not.include('ghost');
    expect(character.time).to.be.closeTo(0.3, 1e-6);
  });

  it('start and end take a percentage of the model clip, and read back as they were given', async () => {
    const { scene, character } = await mountCharacter(
      `src="${MANNEQUIN}" clip="mid" fade="0"`,
      `<anim-clip name="mid" from="idle" start="25%" end="75%"></anim-clip>
       <anim-clip name="mixed" from="idle" start="0.5s" end="50%"></anim-clip>`,
    );
    const half = character.duration;
    character.play('idle', { fade: 0 });
    const idle = character.duration;
    expect(half).to.be.closeTo(idle / 2, 1e-6);
    const [mid, mixed] = character.querySelectorAll<AnimClip>('anim-clip');
    expect([mid.start, mid.end, mixed.start, mixed.end]).to.deep.equal(['25%', '75%', 0.5, '50%']);
    character.play('mixed', { fade: 0 });
    scene.step(0);
    expect(character.duration).to.be.closeTo(idle / 2 - 0.5, 1e-6);
    mid.start = 1.25;
    mid.end = '2000ms';
    expect([mid.start, mid.end]).to.deep.equal([1.25, 2]);
  });

  it('an inverted window reports bad-attribute naming both values, and the whole clip plays', async () => {
    const { scene, character, errors } = await mountCharacter(
      `src="${MANNEQUIN}" clip="back" fade="0"`,
      `<anim-clip name="back" from="idle" start="80%" end="0.25s"></anim-clip>`,
    );
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute']);
    expect(errors[0].message).to.contain('80%').and.contain('0.25s').and.contain('back');
    const whole = character.duration;
    scene.step(0.3);
    expect(character.time, 'it plays').to.be.closeTo(0.3, 1e-6);
    character.play('idle', { fade: 0 });
    expect(whole, 'the whole clip, not a frozen frame').to.be.closeTo(character.duration, 1e-6);
  });

  it('bad start, end, loop or speed values keep the previous value and report bad-attribute', async () => {
    const clip = document.createElement('anim-clip');
    document.body.append(clip);
    const errors = collectErrors(clip);
    clip.setAttribute('start', '-1');
    clip.setAttribute('end', '120%');
    clip.setAttribute('loop', 'forever');
    clip.setAttribute('speed', 'fast');
    await settle();
    expect([clip.start, clip.end, clip.loop, clip.speed]).to.deep.equal([null, null, null, 1]);
    expect(errors.map((e) => e.code)).to.deep.equal([
      'bad-attribute',
      'bad-attribute',
      'bad-attribute',
      'bad-attribute',
    ]);
    expect(errors.map((e) => e.message).join(' '))
      .to.contain('"120%"')
      .and.contain('"forever"')
      .and.contain('"fast"');
    clip.remove();
  });
});

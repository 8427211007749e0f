import { expect } from '@open-wc/testing';
import { type Demo, mountDemo } from '../../demo/demo.js';
import { collectErrors } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

describe('the demo', () => {
  let demo: Demo;
  let root: HTMLElement;

  before(async () => {
    root = document.createElement('div');
    root.style.cssText = 'width: 1000px; height: 640px;';
    document.body.append(root);
    demo = await mountDemo(root, { paused: true });
  });

  after(() => {
    demo.dispose();
    root.remove();
  });

  it('mounts the mannequin in one scene and plays idle', () => {
    const errors = collectErrors(root);
    expect(root.querySelectorAll('anim-scene').length).to.equal(1);
    expect(demo.character.clips).to.include.members(['idle', 'walk', 'run', 'jump', 'wave']);
    demo.scene.step(0.5);
    expect(demo.character.clip).to.equal('idle');
    expect(demo.character.time).to.be.closeTo(0.5, 1e-6);
    expect(demo.current).to.equal('clips');
    expect(root.querySelector('a[href="?gallery"]'), 'a link to the gallery').to.exist;
    expect(errors).to.deep.equal([]);
  });

  it('offers a button per clip; a click crossfades over the fade control', () => {
    const buttons = [...demo.panel.querySelectorAll<HTMLButtonElement>('.clip-picker button')];
    expect(buttons.map((b) => b.textContent)).to.deep.equal(demo.character.clips);

    const fade = demo.panel.querySelectorAll<HTMLInputElement>('input[type="range"]')[1];
    fade.value = '0.4';
    fade.dispatchEvent(new Event('input'));
    expect(demo.character.fade).to.equal(0.4);

    buttons.find((b) => b.textContent === 'walk')!.click();
    demo.scene.step(0.2);
    const rig = internals(demo.character).rig!;
    expect(rig.weightOf('walk')).to.be.closeTo(0.5, 1e-6);
    expect(rig.weightOf('idle')).to.be.closeTo(0.5, 1e-6);
    demo.scene.step(0.2);
    expect(rig.weightOf('walk')).to.equal(1);
    expect(rig.weightOf('idle')).to.equal(0);
    expect(buttons.find((b) => b.getAttribute('aria-pressed') === 'true')?.textContent).to.equal('walk');
  });

  it('sets the speed from its slider; the progress bar follows the clip', () => {
    const speed = demo.panel.querySelector<HTMLInputElement>('input[type="range"]')!;
    speed.value = '-1';
    speed.dispatchEvent(new Event('input'));
    expect(demo.character.speed).to.equal(-1);
    const before = demo.character.time;
    demo.scene.step(0.25);
    const after = demo.character.time;
    // backwards by 0.25 s, wrapping through the start of the looping clip
    const d = demo.character.duration;
    expect(d).to.be.above(0.25);
    expect(after, 'a quarter second back').to.be.closeTo((((before - 0.25) % d) + d) % d, 1e-5);
    const progress = demo.panel.querySelector('progress')!;
    expect(progress.value).to.be.closeTo(after / demo.character.duration, 1e-6);
    speed.value = '1';
    speed.dispatchEvent(new Event('input'));
  });

  it('plays walks and runs in place in the Clips tab: the body stays in the frame, no snap back at the loop', () => {
    const rig = internals(demo.character).rig!;
    for (const clip of ['walk', 'run']) {
      demo.character.play(clip, { fade: 0 });
      let farthest = 0;
      let largestJump = 0;
      let last = demo.character.boneMatrix('Hips')![14];
      for (let i = 0; i < 150; i++) {
        demo.scene.step(1 / 30);
        const hips = demo.character.boneMatrix('Hips')!;
        farthest = Math.max(farthest, Math.hypot(hips[12], hips[14]));
        largestJump = Math.max(largestJump, Math.abs(hips[14] - last));
        last = hips[14];
      }
      expect(farthest, `${clip}: metres the hips get from the spot`).to.be.below(0.15);
      expect(largestJump, `${clip}: metres the hips move in a frame`).to.be.below(0.1);
      expect(rig.root.position.length(), `${clip}: the character stays`).to.be.below(1e-6);
    }
    demo.character.play('idle', { fade: 0 });
  });

  it('starts every tab from the demo camera and the idle mannequin', () => {
    const stage = demo.scene.stage!;
    const home = stage.camera.position.clone();
    stage.setOrbit(120, 40, 9);
    stage.setTarget(2, 0, 2);
    demo.character.play('run', { fade: 0 });
    demo.character.speed = 2;
    demo.show('props');
    demo.scene.step(0.5);
    expect(stage.camera.position.distanceTo(home), 'the camera is back').to.be.below(1e-6);
    expect(demo.character.clip).to.equal('idle');
    expect(demo.character.speed).to.equal(1);
    demo.show('clips');
  });
});

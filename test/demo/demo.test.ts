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
});

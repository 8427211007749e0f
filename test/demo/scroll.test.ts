import { expect } from '@open-wc/testing';
import { type Demo, mountDemo } from '../../demo/demo.js';
import { AnimBind } from '../../src/elements/anim-bind.js';
import { collectErrors, settle } from '../helpers/character.js';

describe('the demo’s Scroll section', () => {
  let demo: Demo;
  let root: HTMLElement;

  before(async () => {
    AnimBind.nativeTimelines = false;
    root = document.createElement('div');
    root.style.cssText = 'width: 1000px; height: 640px;';
    document.body.append(root);
    demo = await mountDemo(root, { paused: true });
  });

  after(() => {
    AnimBind.nativeTimelines = true;
    demo.dispose();
    root.remove();
  });

  it('walks the mannequin with the story’s scroll, both ways, and gives idle back on leaving', async () => {
    const errors = collectErrors(root);
    demo.show('scroll');
    await settle();
    const story = demo.panel.querySelector<HTMLElement>('#scroll-story')!;
    expect(story.scrollHeight).to.be.above(story.clientHeight * 2);
    const max = story.scrollHeight - story.clientHeight;
    const at = (fraction: number) => {
      story.scrollTop = fraction * max;
      demo.scene.step(1 / 60);
      return demo.character.time;
    };
    at(0);
    expect(demo.character.clip === 'walk-inplace' || demo.character.time === 0).to.equal(true);
    const duration = demo.character.duration;
    // six cycles over the story: a sixth of it is one whole cycle, a twelfth half of one
    expect(at(1 / 12)).to.be.closeTo(duration / 2, 0.02 * duration);
    expect(at(1 / 24)).to.be.closeTo(duration / 4, 0.02 * duration);
    expect(at(0)).to.be.closeTo(0, 1e-6);
    expect(errors).to.deep.equal([]);
    demo.show('clips');
    await settle();
    expect(demo.character.querySelectorAll('anim-bind, anim-ik').length).to.equal(0);
  });
});

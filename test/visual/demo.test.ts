// A screenshot per demo tab and of the gallery, time stepped by hand, against test/visual/baselines/.
import { html, render } from 'lit';
import { type Demo, mountDemo } from '../../demo/demo.js';
import type { Gallery } from '../../demo/gallery/gallery.js';
import { mountGalleryPage } from '../../demo/gallery/gallery-page.js';
import { SECTIONS } from '../../demo/sections/index.js';
import { advance, capture, HEIGHT, matchBaseline, settled, WIDTH } from './visual.js';

describe('screenshots: the demo tabs and the gallery', () => {
  let root: HTMLElement;
  let demo: Demo | undefined;
  let gallery: Gallery | undefined;
  beforeEach(() => {
    root = document.createElement('div');
    root.className = 'visual-root';
    root.style.cssText = 'position: fixed; left: 0; top: 0; width: 700px; height: 480px;';
    document.body.append(root);
    render(
      html`<style>
        .visual-root anim-scene { position: static !important; width: ${WIDTH}px !important; height: ${HEIGHT}px !important; }
      </style>`,
      document.head.appendChild(document.createElement('div')),
    );
  });
  afterEach(() => {
    demo?.dispose();
    gallery?.dispose();
    demo = undefined;
    gallery = undefined;
    root.remove();
  });

  // the Crowd tab's thousand characters take minutes to load on a software renderer: test/demo/crowd.test.ts
  // checks that tab with a smaller crowd
  for (const section of SECTIONS.filter((s) => s.id !== 'crowd')) {
    it(`demo tab ${section.id}`, async () => {
      demo = await mountDemo(root, { paused: true });
      demo.show(section.id);
      await settled(root);
      advance(demo.scene, 1.5);
      await matchBaseline(`demo--${section.id}`, await capture(demo.scene));
    });
  }

  it('demo tab clips, walking: in place, in frame', async () => {
    demo = await mountDemo(root, { paused: true });
    await settled(root);
    demo.character.play('walk', { fade: 0 });
    advance(demo.scene, 2.5);
    await matchBaseline('demo--clips-walk', await capture(demo.scene));
  });

  it('gallery of the mannequin', async () => {
    gallery = await mountGalleryPage(root, new URLSearchParams(''), { paused: true });
    await settled(root);
    advance(gallery.scene, 1);
    await matchBaseline('gallery--mannequin', await capture(gallery.scene));
  });
});

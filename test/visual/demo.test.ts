// A screenshot per demo tab and of the gallery, time stepped by hand, against test/visual/baselines/.
import { html, render } from 'lit';
import { type Demo, mountDemo } from '../../demo/demo.js';
import type { Gallery } from '../../demo/gallery/gallery.js';
import { mountGalleryPage } from '../../demo/gallery/gallery-page.js';
import { crowdDemo } from '../../demo/sections/crowd.js';
import { SECTIONS } from '../../demo/sections/index.js';
import { sharedModelsPresent } from '../helpers/shared-models.js';
import { advance, capture, clipsBound, HEIGHT, matchBaseline, settled, WIDTH } from './visual.js';

/** The retarget tab shows ../shared/models where that folder is served (test/helpers/shared-models.ts). */
const SHARED_MODELS = await sharedModelsPresent();

describe('screenshots: the demo tabs and the gallery', () => {
  let root: HTMLElement;
  let demo: Demo | undefined;
  let gallery: Gallery | undefined;
  before(() => {
    render(
      html`<style>
        .visual-root anim-scene { position: static !important; width: ${WIDTH}px !important; height: ${HEIGHT}px !important; }
        .visual-root.visual-gallery anim-scene { width: ${2 * WIDTH}px !important; height: ${2 * HEIGHT}px !important; }
      </style>`,
      document.head.appendChild(document.createElement('div')),
    );
  });
  beforeEach(() => {
    root = document.createElement('div');
    root.className = 'visual-root';
    root.style.cssText = 'position: fixed; left: 0; top: 0; width: 700px; height: 480px;';
    document.body.append(root);
  });
  afterEach(() => {
    demo?.dispose();
    gallery?.dispose();
    demo = undefined;
    gallery = undefined;
    root.remove();
  });

  for (const section of SECTIONS) {
    it(`demo tab ${section.id}`, async () => {
      // the Crowd tab's thousand take minutes to load on a software renderer: two hundred from the same seed
      // fill the same plaza (the walkers' paths come from the seed alone)
      const count = crowdDemo.count;
      crowdDemo.count = 200;
      try {
        demo = await mountDemo(root, { paused: true });
        demo.show(section.id);
      } finally {
        crowdDemo.count = count;
      }
      await settled(root);
      let name = `demo--${section.id}`;
      if (section.id === 'retarget') {
        // the tab adds its characters once Soldier's clips are read: wait for its pickers (or its one line
        // saying the shared models are not served), then for them
        const panel = demo.panel;
        for (let i = 0; i < 600 && !panel.querySelector('.clip-picker') && !/not served/.test(panel.textContent!); i++)
          await new Promise((resolve) => setTimeout(resolve, 50));
        await settled(root);
        // without ../shared/models the tab shows the mannequin alone: a picture of its own
        if (!SHARED_MODELS) name += '--unshared';
      }
      await clipsBound(root);
      advance(demo.scene, 1.5, demo.scene.stage);
      await matchBaseline(name, await capture(demo.scene));
    });
  }

  it('demo tab clips, walking: in place, in frame', async () => {
    demo = await mountDemo(root, { paused: true });
    await settled(root);
    demo.character.play('walk', { fade: 0 });
    advance(demo.scene, 2.5, demo.scene.stage);
    await matchBaseline('demo--clips-walk', await capture(demo.scene));
  });

  it('gallery of the mannequin', async () => {
    // the gallery lays its grid out for its width (a cell at least as wide as its label): drawn at twice the
    // size, five columns, scaled down to the picture
    root.classList.add('visual-gallery');
    gallery = await mountGalleryPage(root, new URLSearchParams(''), { paused: true });
    await settled(root);
    advance(gallery.scene, 1, gallery.scene.stage);
    await matchBaseline('gallery--mannequin', await capture(gallery.scene));
  });
});

// Screenshot tests of stories (stories/*.stories.ts), rendered as Storybook would (the meta's args and render,
// the story's own), with time stepped by hand, against test/visual/baselines/story--<file>--<Story>.png. The
// story modules are split over a few test files (stories-*.test.ts) so each stays within the runner's limits.
import { html, render } from 'lit';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { characterInternals } from '../../src/elements/internals.js';
import { advance, capture, HEIGHT, matchBaseline, settled, type Viewer, WIDTH } from './visual.js';

// biome-ignore lint/suspicious/noExplicitAny: a story module's shapes vary with its args
export type Any = any;

/** Seconds of stage time each story runs before its picture. */
const SECONDS = 1;

/** The story's template, as Storybook builds it: args merged, loaders run, decorators applied. */
async function storyTemplate(meta: Any, story: Any): Promise<unknown> {
  const args = { ...(meta.args ?? {}), ...(story.args ?? {}) };
  const loaders = [...(meta.loaders ?? []), ...(story.loaders ?? [])];
  const loaded = Object.assign({}, ...(await Promise.all(loaders.map((load: Any) => load({ args })))));
  const context = { args, loaded, argTypes: { ...(meta.argTypes ?? {}), ...(story.argTypes ?? {}) } };
  const renderStory = story.render ?? meta.render;
  let storyFn = () => renderStory(args, context);
  for (const decorate of [...(story.decorators ?? []), ...(meta.decorators ?? [])]) {
    const inner = storyFn;
    storyFn = () => decorate(inner, context);
  }
  return storyFn();
}

/** A screenshot test per story of each module in `files` (file name → the story module). */
export function screenshotStories(files: Record<string, Record<string, Any>>): void {
  describe(`screenshots: the stories of ${Object.keys(files).join(', ')}`, () => {
    let root: HTMLElement;
    beforeEach(() => {
      root = document.createElement('div');
      root.className = 'visual-root';
      document.body.append(root);
    });
    afterEach(() => {
      render(html``, root);
      root.remove();
    });

    for (const [file, module] of Object.entries(files)) {
      const meta = module.default;
      for (const [name, story] of Object.entries(module)) {
        if (name === 'default' || typeof story !== 'object' || story === null) continue;
        it(`${file} · ${name}`, async () => {
          render(
            html`<style>
              .visual-root anim-scene { width: ${WIDTH}px !important; height: ${HEIGHT}px !important; flex: none !important; }
            </style>
            ${await storyTemplate(meta, story)}`,
            root,
          );
          const scene = root.querySelector<AnimScene>('anim-scene');
          const lone = scene ? null : root.querySelector<AnimCharacter>('anim-character');
          if (!scene && !lone) throw new Error(`${file} · ${name} draws no <anim-scene> and no lone <anim-character>`);
          if (scene) scene.paused = true;
          // a lone character is a viewer with a stage of its own: time moves by step() only there too
          const stage = lone ? characterInternals(lone)?.stage : undefined;
          if (stage) stage.loop.paused = true;
          await settled(root);
          const viewer: Viewer = scene ?? stage!;
          advance(viewer, SECONDS);
          await matchBaseline(`story--${file}--${name}`, await capture(viewer));
        });
      }
    }
  });
}

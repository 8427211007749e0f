// Screenshot tests of stories (stories/*.stories.ts), rendered as Storybook would (the meta's args and render,
// the story's own), with time stepped by hand, against test/visual/baselines/story--<file>--<Story>.png. The
// story modules are split over a few test files (stories-*.test.ts) so each stays within the runner's limits.
import { html, render } from 'lit';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { characterInternals } from '../../src/elements/internals.js';
import { startPhysics } from '../../src/scene/physics.js';
import { pageTicker } from '../../src/scene/tween/page-ticker.js';
import { storySetupDone } from '../../stories/support/story-setup.js';
import { advance, capture, capturePage, clipsBound, HEIGHT, matchBaseline, settled, WIDTH } from './visual.js';

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

/**
 * Renders `story` of the module whose default export is `meta` into `root` as Storybook would, at WIDTH ×
 * HEIGHT, steps it SECONDS by hand and returns the picture. `adjust` runs once it is on the page, before time
 * moves (the checks that a broken view fails use it).
 */
export async function captureStory(
  root: HTMLElement,
  meta: Any,
  story: Any,
  adjust?: (root: HTMLElement) => void,
): Promise<CanvasRenderingContext2D> {
  render(
    html`<style>
      .visual-root anim-scene, .visual-root > anim-character {
        width: ${WIDTH}px !important; height: ${HEIGHT}px !important; flex: none !important;
      }
    </style>
    ${await storyTemplate(meta, story)}`,
    root,
  );
  adjust?.(root);
  const scene = root.querySelector<AnimScene>('anim-scene');
  const lone = scene ? null : root.querySelector<AnimCharacter>('anim-character');
  if (!scene && !lone) {
    // a story of the page itself (tweens of CSS, sprites drawn by CSS): step each of them, then the page
    await settled(root);
    const actors = [...root.querySelectorAll<HTMLElement & { step(dt: number): void }>('anim-tween, anim-sprite')];
    if (actors.length === 0) throw new Error('the story draws no scene, viewer, tween or sprite');
    for (const actor of actors) advance(actor, SECONDS);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return capturePage(root);
  }
  if (scene) scene.paused = true;
  // a lone character is a viewer with a stage of its own: time moves by step() only there too
  const own = () => (lone ? characterInternals(lone)?.stage : undefined);
  if (own()) own()!.loop.paused = true;
  await settled(root);
  await storySetupDone();
  await clipsBound(root);
  const stage = scene?.stage ?? own();
  if (!stage) throw new Error('the viewer has no stage');
  stage.loop.paused = true;
  // a scene with physics starts its world by itself: start from there (ragdolls and controllers were awaited)
  if (root.querySelector('anim-scene[physics]')) {
    await startPhysics(stage);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  advance(scene ?? stage, SECONDS, stage);
  return capture(stage);
}

/** A new empty root for a story, at the page's top-left corner; `dropRoot` takes it away. */
export function storyRoot(): HTMLElement {
  const root = document.createElement('div');
  root.className = 'visual-root';
  // at the page's corner, on white: a page story's screenshot is the root's top-left WIDTH × HEIGHT
  root.style.cssText = 'position: absolute; left: 0; top: 0; background: white';
  document.body.append(root);
  // tweens and sprites outside a scene move only when stepped
  pageTicker.paused = true;
  return root;
}

export function dropRoot(root: HTMLElement): void {
  render(html``, root);
  root.remove();
  pageTicker.paused = false;
}

/** A screenshot test per story of each module in `files` (file name → the story module). */
export function screenshotStories(files: Record<string, Record<string, Any>>): void {
  describe(`screenshots: the stories of ${Object.keys(files).join(', ')}`, () => {
    let root: HTMLElement;
    beforeEach(() => {
      root = storyRoot();
    });
    afterEach(() => dropRoot(root));

    for (const [file, module] of Object.entries(files)) {
      for (const [name, story] of Object.entries(module)) {
        if (name === 'default' || typeof story !== 'object' || story === null) continue;
        it(`${file} · ${name}`, async () => {
          await matchBaseline(`story--${file}--${name}`, await captureStory(root, module.default, story));
        });
      }
    }
  });
}

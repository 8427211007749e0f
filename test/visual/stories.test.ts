// A screenshot per story (stories/*.stories.ts), rendered as Storybook would (the meta's args and render,
// the story's own), with time stepped by hand, against test/visual/baselines/story--<file>--<Story>.png.
import { html, render } from 'lit';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import * as blendPoint from '../../stories/anim-blend-point.stories.js';
import * as character from '../../stories/anim-character.stories.js';
import * as clip from '../../stories/anim-clip.stories.js';
import * as clipRetarget from '../../stories/anim-clip-retarget.stories.js';
import * as cloth from '../../stories/anim-cloth.stories.js';
import * as controller from '../../stories/anim-controller.stories.js';
import * as event from '../../stories/anim-event.stories.js';
import * as footIk from '../../stories/anim-foot-ik.stories.js';
import * as graphView from '../../stories/anim-graph-view.stories.js';
import * as ik from '../../stories/anim-ik.stories.js';
import * as layer from '../../stories/anim-layer.stories.js';
import * as model from '../../stories/anim-model.stories.js';
import * as param from '../../stories/anim-param.stories.js';
import * as ragdoll from '../../stories/anim-ragdoll.stories.js';
import * as rig from '../../stories/anim-rig.stories.js';
import * as scene from '../../stories/anim-scene.stories.js';
import * as sprite from '../../stories/anim-sprite.stories.js';
import * as state from '../../stories/anim-state.stories.js';
import * as transition from '../../stories/anim-transition.stories.js';
import * as tween from '../../stories/anim-tween.stories.js';
import * as warp from '../../stories/anim-warp.stories.js';
import * as boneAnchor from '../../stories/bone-anchor.stories.js';
import { advance, capture, HEIGHT, matchBaseline, settled, WIDTH } from './visual.js';

// biome-ignore lint/suspicious/noExplicitAny: a story module's shapes vary with its args
type Any = any;

const FILES: Record<string, Record<string, Any>> = {
  'anim-blend-point': blendPoint,
  'anim-character': character,
  'anim-clip': clip,
  'anim-clip-retarget': clipRetarget,
  'anim-cloth': cloth,
  'anim-controller': controller,
  'anim-event': event,
  'anim-foot-ik': footIk,
  'anim-graph-view': graphView,
  'anim-ik': ik,
  'anim-layer': layer,
  'anim-model': model,
  'anim-param': param,
  'anim-ragdoll': ragdoll,
  'anim-rig': rig,
  'anim-scene': scene,
  'anim-sprite': sprite,
  'anim-state': state,
  'anim-transition': transition,
  'anim-tween': tween,
  'anim-warp': warp,
  'bone-anchor': boneAnchor,
};

/** Seconds of stage time each story runs before its picture. */
const SECONDS = 1.5;

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

describe('screenshots: every story', () => {
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

  for (const [file, module] of Object.entries(FILES)) {
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
        const stage = root.querySelector<AnimScene>('anim-scene');
        if (!stage) throw new Error(`${file} · ${name} draws no <anim-scene>`);
        stage.paused = true;
        await settled(root);
        advance(stage, SECONDS);
        await matchBaseline(`story--${file}--${name}`, await capture(stage));
      });
    }
  }
});

/**
 * Many viewers on one page: every stage draws through the page's one WebGL renderer into its own 2D canvas.
 * Twenty-four standalone characters (past the ~16 live contexts a browser keeps) all draw, the page holds one
 * WebGL context, a lost context is reported once per viewer and every viewer draws again once it is back.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/elements/anim-character.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import '../../src/elements/anim-scene.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { releaseIdleRenderer, sharedRenderer, sharedSurfaceCount } from '../../src/scene/shared-renderer.js';
import type { Stage } from '../../src/scene/stage.js';
import { collect, collectErrors, MANNEQUIN, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

const COUNT = 24;
const LOSS_COUNT = 8;
const BACKGROUND = [0xe9, 0xeb, 0xee];

/** Pixels of a viewer's own canvas (what the page shows) unlike the background (a flat clear colour: any margin over rounding does; the light mannequin on it differs by little). */
function drawnPixels(stage: Stage): number {
  const { canvas } = stage;
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let drawn = 0;
  for (let i = 0; i < data.length; i += 4) {
    const d =
      Math.abs(data[i] - BACKGROUND[0]) + Math.abs(data[i + 1] - BACKGROUND[1]) + Math.abs(data[i + 2] - BACKGROUND[2]);
    if (d > 12) drawn++;
  }
  return drawn;
}

/** Counts the WebGL contexts made on the page while `body` runs. */
async function countingContexts<T>(body: () => Promise<T>): Promise<{ result: T; contexts: number }> {
  const original = HTMLCanvasElement.prototype.getContext;
  const made = new Set<unknown>();
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
    const context = (original as (...a: unknown[]) => unknown).call(this, type, ...rest);
    if (context && (type === 'webgl' || type === 'webgl2')) made.add(context);
    return context;
  } as typeof original;
  try {
    const result = await body();
    return { result, contexts: made.size };
  } finally {
    HTMLCanvasElement.prototype.getContext = original;
  }
}

/** `count` standalone characters in a grid, posed and drawn once by hand. */
async function mountViewers(count = COUNT): Promise<{ viewers: AnimCharacter[]; stages: Stage[] }> {
  const cells = Array.from(
    { length: count },
    (_, i) =>
      html`<anim-character src=${MANNEQUIN} clip="walk" paused data-i=${i} style="width: 64px; height: 64px"></anim-character>`,
  );
  const grid = await fixture(html`<div style="display: grid; grid-template-columns: repeat(8, 64px)">${cells}</div>`);
  const viewers = [...grid.querySelectorAll('anim-character')];
  await Promise.all(viewers.map((v) => v.ready));
  const stages = viewers.map((v) => internals(v).stage!);
  for (const stage of stages) stage.step(1 / 30);
  return { viewers, stages };
}

describe('many viewers on one page', () => {
  it(`${COUNT} standalone characters all draw, through one WebGL context`, async () => {
    const before = sharedSurfaceCount();
    const { result, contexts } = await countingContexts(mountViewers);
    const { viewers, stages } = result;
    expect(contexts, 'WebGL contexts made for the viewers').to.equal(before === 0 ? 1 : 0);
    expect(sharedSurfaceCount()).to.equal(before + COUNT);
    expect(new Set(stages.map((s) => s.renderer)).size, 'one renderer for all').to.equal(1);
    for (const [i, stage] of stages.entries()) {
      expect(viewers[i].shadowRoot!.querySelector('canvas')).to.equal(stage.canvas);
      expect(drawnPixels(stage), `viewer ${i} shows its character`).to.be.greaterThan(60);
    }
  });

  it('each viewer keeps its own look: background and exposure do not leak between viewers', async () => {
    const pair = await fixture(html`<div>
      <anim-scene paused background="rgb(255, 0, 0)" style="width: 32px; height: 32px"></anim-scene>
      <anim-scene paused background="transparent" style="width: 48px; height: 24px"></anim-scene>
    </div>`);
    const [red, clear] = [...pair.querySelectorAll<AnimScene>('anim-scene')];
    red.step(0);
    clear.step(0);
    const pixel = (scene: AnimScene) => [...scene.stage!.canvas.getContext('2d')!.getImageData(4, 4, 1, 1).data];
    expect(pixel(red)).to.deep.equal([255, 0, 0, 255]);
    expect(pixel(clear), 'transparent, not the red viewer drawn before it').to.deep.equal([0, 0, 0, 0]);
  });

  it('a lost context: one context-lost per viewer, then every viewer draws again once it is back', async () => {
    // fewer than above (the loss and its return are the same for any number): the page stays quick under load
    const { viewers, stages } = await mountViewers(LOSS_COUNT);
    const errors = viewers.map(collectErrors);
    const restored = viewers.map((v) => collect(v, 'anim-context-restored'));
    const extension = sharedRenderer()!.getContext().getExtension('WEBGL_lose_context')!;
    expect(extension, 'WEBGL_lose_context').to.not.equal(null);
    const lost = oneEvent(viewers[LOSS_COUNT - 1], 'anim-error');
    extension.loseContext();
    await lost;
    await settle();
    for (const stage of stages) expect(stage.render(), 'nothing draws while lost').to.equal(false);
    const back = oneEvent(viewers[LOSS_COUNT - 1], 'anim-context-restored');
    extension.restoreContext();
    await back;
    await settle();
    for (const [i, stage] of stages.entries()) {
      expect(
        errors[i].map((e) => e.code),
        `viewer ${i}`,
      ).to.deep.equal(['context-lost']);
      expect(restored[i], `viewer ${i} restored`).to.have.length(1);
      // wipe what the viewer showed before the loss: the pixels must come from a new render
      stage.canvas.getContext('2d')!.clearRect(0, 0, stage.canvas.width, stage.canvas.height);
      stage.step(1 / 30);
      expect(drawnPixels(stage), `viewer ${i} draws again`).to.be.greaterThan(60);
    }
  });

  it('the last viewer to leave keeps the context a while for the next, then frees it', async () => {
    const first = await fixture<AnimScene>(html`<anim-scene style="width: 16px; height: 16px"></anim-scene>`);
    expect(sharedSurfaceCount(), 'no viewer left over from other tests').to.equal(1);
    const kept = first.stage!.renderer;
    first.remove();
    expect(kept.getContext().isContextLost(), 'kept for a viewer that comes soon').to.equal(false);
    const viewer = await fixture<AnimScene>(html`<anim-scene style="width: 16px; height: 16px"></anim-scene>`);
    expect(viewer.stage!.renderer, 'the next viewer draws with the same renderer').to.equal(kept);
    const gl = viewer.stage!.renderer.getContext();
    viewer.remove();
    releaseIdleRenderer(); // what the idle timer does a few seconds later
    expect(gl.isContextLost()).to.equal(true);
    expect(sharedRenderer()).to.equal(undefined);
    const next = await fixture<AnimScene>(html`<anim-scene style="width: 16px; height: 16px"></anim-scene>`);
    next.step(0);
    expect(next.stage!.renderer.getContext().isContextLost()).to.equal(false);
  });
});

// Screenshot comparison for the visual tests: a scene drawn into a small fixed-size image, checked against the
// committed baseline under test/visual/baselines/ (written by `npm run screenshots:update`, in the same headless
// Chromium on SwiftShader). The tolerance passes rendering noise and fails a blank, T-posed or cropped view.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { characterInternals } from '../../src/elements/internals.js';
import type { Stage } from '../../src/scene/stage.js';

export const WIDTH = 320;
export const HEIGHT = 240;
/**
 * A pixel differs when one of its channels is off by more than this (0–255). Low, because the default look
 * (a light mannequin under the neutral room light on a light ground) has little contrast, and frames stepped
 * by hand render the same each run.
 */
export const PIXEL_THRESHOLD = 16;
/**
 * At most this fraction of the image may differ. A figure's arms are about 1% of the image, so a T-pose in
 * place of an idle fails; a blank or a cropped view differs over far more.
 */
export const MAX_DIFFERENT = 0.005;
/**
 * At least this fraction must differ from the image's corner colour: something is drawn. Low, because a lone
 * viewer's light figure on its light background stands out from it on about 1% of the image.
 */
export const MIN_CONTENT = 0.004;

let mode: Promise<boolean> | undefined;

/** True in `npm run screenshots:update`: the images become the baselines. */
export function updating(): Promise<boolean> {
  mode ??= fetch('/__visual/mode')
    .then((r) => (r.ok ? r.json() : { update: false }))
    .then((m: { update: boolean }) => m.update);
  return mode;
}

function canvas(): CanvasRenderingContext2D {
  const c = document.createElement('canvas');
  c.width = WIDTH;
  c.height = HEIGHT;
  return c.getContext('2d', { willReadFrequently: true })!;
}

async function drawUrl(url: string): Promise<CanvasRenderingContext2D> {
  const image = new Image();
  image.src = url;
  await image.decode();
  const context = canvas();
  context.drawImage(image, 0, 0, WIDTH, HEIGHT);
  return context;
}

/** What the screenshots step and capture: an `<anim-scene>`, or a lone character's own stage. */
export type Viewer = Pick<AnimScene, 'step' | 'screenshot'>;

/** The scene as it renders now, scaled to WIDTH × HEIGHT. */
export async function capture(scene: Viewer): Promise<CanvasRenderingContext2D> {
  const url = scene.screenshot();
  expect(url, 'the scene has a canvas to capture').to.match(/^data:image\/png/);
  return drawUrl(url);
}

/**
 * The page as Chromium draws it under `element` (its bounding box, for a story drawn by the page itself, with
 * no canvas to read), scaled to fit WIDTH × HEIGHT on white.
 */
export async function capturePage(element: Element): Promise<CanvasRenderingContext2D> {
  const { left, top, width, height } = element.getBoundingClientRect();
  const base64 = await executeServerCommand<string, object>('visual-page-screenshot', {
    x: left,
    y: top,
    width: Math.ceil(width),
    height: Math.ceil(height),
  });
  const image = new Image();
  image.src = `data:image/png;base64,${base64}`;
  await image.decode();
  const context = canvas();
  context.fillStyle = 'white';
  context.fillRect(0, 0, WIDTH, HEIGHT);
  const scale = Math.min(WIDTH / image.width, HEIGHT / image.height);
  context.drawImage(image, 0, 0, image.width * scale, image.height * scale);
  return context;
}

/** The fraction of pixels that differ from the top-left corner's colour. */
export function contentFraction(image: ImageData): number {
  const d = image.data;
  let count = 0;
  for (let i = 0; i < d.length; i += 4) {
    const off = Math.max(Math.abs(d[i] - d[0]), Math.abs(d[i + 1] - d[1]), Math.abs(d[i + 2] - d[2]));
    if (off > PIXEL_THRESHOLD) count++;
  }
  return count / (d.length / 4);
}

/**
 * The fraction of pixels of `a` and `b` (same size) that differ by more than PIXEL_THRESHOLD, and the box
 * around them (`left top right bottom` in pixels, or `none`): a failure in CI says where the picture changed.
 */
export function differences(a: ImageData, b: ImageData): { fraction: number; box: string } {
  let count = 0;
  let left = a.width;
  let top = a.height;
  let right = -1;
  let bottom = -1;
  for (let i = 0; i < a.data.length; i += 4) {
    const off = Math.max(
      Math.abs(a.data[i] - b.data[i]),
      Math.abs(a.data[i + 1] - b.data[i + 1]),
      Math.abs(a.data[i + 2] - b.data[i + 2]),
    );
    if (off <= PIXEL_THRESHOLD) continue;
    count++;
    const x = (i / 4) % a.width;
    const y = Math.floor(i / 4 / a.width);
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  return { fraction: count / (a.data.length / 4), box: count ? `${left} ${top} ${right} ${bottom}` : 'none' };
}

/** The committed baseline `name` (without `.png`). */
async function baseline(name: string): Promise<ImageData> {
  const response = await fetch(`/test/visual/baselines/${name}.png`);
  if (!response.ok)
    throw new Error(`no baseline test/visual/baselines/${name}.png: run \`npm run screenshots:update\``);
  const url = URL.createObjectURL(await response.blob());
  const image = (await drawUrl(url)).getImageData(0, 0, WIDTH, HEIGHT);
  URL.revokeObjectURL(url);
  return image;
}

/** The fraction of the pixels of `context`'s image unlike the committed baseline `name`. */
export async function baselineDifference(name: string, context: CanvasRenderingContext2D): Promise<number> {
  return differences(context.getImageData(0, 0, WIDTH, HEIGHT), await baseline(name)).fraction;
}

/**
 * Checks `context`'s image against the baseline `name` (or, while updating, writes it as the baseline).
 * Either way the image must show something.
 */
export async function matchBaseline(name: string, context: CanvasRenderingContext2D): Promise<void> {
  const image = context.getImageData(0, 0, WIDTH, HEIGHT);
  expect(contentFraction(image), `${name}: something is drawn`).to.be.above(MIN_CONTENT);
  const file = `${name}.png`;
  const png = () => new Promise<Blob>((resolve) => context.canvas.toBlob((b) => resolve(b!), 'image/png'));
  if (await updating()) {
    const response = await fetch(`/__visual/baseline/${file}`, { method: 'PUT', body: await png() });
    expect(response.ok, `${file} written`).to.equal(true);
    return;
  }
  const { fraction, box } = differences(image, await baseline(name));
  // the picture that failed goes to test/visual/failures/, to be looked at beside its baseline
  if (fraction >= MAX_DIFFERENT) await fetch(`/__visual/failure/${file}`, { method: 'PUT', body: await png() });
  expect(
    fraction,
    `${name}: fraction of pixels unlike the baseline, within ${box} (its picture: test/visual/failures/${file})`,
  ).to.be.below(MAX_DIFFERENT);
}

/** Resolves once every character and model under `root` has loaded (or failed), at most `timeout` ms later. */
export async function settled(root: Element, timeout = 30000): Promise<void> {
  const waits: Promise<unknown>[] = [];
  for (const character of root.querySelectorAll<HTMLElement & { ready: Promise<void> }>('anim-character'))
    waits.push(character.ready.catch(() => undefined));
  // a crowd makes its characters after its first update
  for (const crowd of root.querySelectorAll<
    HTMLElement & { updateComplete: Promise<unknown>; ready: Promise<unknown> }
  >('anim-crowd'))
    waits.push(crowd.updateComplete.then(() => crowd.ready).catch(() => undefined));
  // a sprite reports its sheet once (call this right after rendering, before the sheet can arrive); a sprite
  // or a model without a file (a gaze target, a placeholder) never reports: nothing to wait for
  for (const sprite of root.querySelectorAll('anim-sprite[src]'))
    waits.push(
      new Promise((resolve) => {
        sprite.addEventListener('anim-load', resolve, { once: true });
        sprite.addEventListener('anim-error', resolve, { once: true });
      }),
    );
  // a controller makes its capsule once physics has started
  for (const controller of root.querySelectorAll<HTMLElement & { ready: Promise<void> }>('anim-controller'))
    waits.push(controller.ready.catch(() => undefined));
  // a ragdoll down from the markup falls once its model, physics and code have loaded: a picture taken before
  // shows the character standing (how a run under load differed from the next)
  for (const ragdoll of root.querySelectorAll('anim-character > anim-ragdoll[active]')) {
    const character = ragdoll.parentElement!;
    const status = characterInternals(character)?.ragdoll?.status;
    if (status === undefined || status === 'off')
      waits.push(
        new Promise((resolve) => {
          character.addEventListener('anim-ragdoll', resolve, { once: true });
          character.addEventListener('anim-error', resolve, { once: true });
        }),
      );
  }
  for (const model of root.querySelectorAll<HTMLElement & { loaded?: boolean }>('anim-model[src]')) {
    if (!model.loaded)
      waits.push(
        new Promise((resolve) => {
          model.addEventListener('anim-load', resolve, { once: true });
          model.addEventListener('anim-error', resolve, { once: true });
        }),
      );
  }
  let timer = 0;
  await Promise.race([
    Promise.all(waits),
    new Promise((resolve) => {
      timer = window.setTimeout(resolve, timeout);
    }),
  ]);
  clearTimeout(timer);
  // a cloth or an IK chain binds once its model has loaded and its solver's code has arrived
  for (const part of root.querySelectorAll<HTMLElement & { updateComplete: Promise<unknown> }>('anim-cloth, anim-ik'))
    await part.updateComplete;
  // scripts of the page that wait a frame (a story's replay) run before time is stepped by hand
  for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}

/**
 * Resolves once each character under `root` lists the clip it was asked for (a retargeted clip binds a moment
 * after its character loaded, each from its own file), or a few seconds later for one that never binds.
 */
export async function clipsBound(root: Element): Promise<void> {
  for (const character of root.querySelectorAll<AnimCharacter>('anim-character')) {
    const clip = character.clip;
    for (let i = 0; i < 100 && clip && !character.clips.includes(clip); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Advances `target` (a scene, a stage, a tween …) by `seconds` in fixed steps of 1/30 s. The frames of `stage`
 * (the scene's, by default `target` if it is one) are posed but not drawn: only the last is looked at and the
 * capture draws it; a software renderer takes a good part of a second per frame, and drawing feeds nothing
 * back into the next frame.
 */
export function advance(
  target: { step(dt: number): void },
  seconds: number,
  stage: { render(): boolean } | undefined = 'render' in target ? (target as Stage) : undefined,
): void {
  // an own property shadows the class's method for the while
  if (stage) stage.render = () => false;
  try {
    for (let t = 0; t < seconds - 1e-9; t += 1 / 30) target.step(1 / 30);
  } finally {
    if (stage) delete (stage as Partial<Stage>).render;
  }
}

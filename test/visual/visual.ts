// Screenshot comparison for the visual tests: a scene drawn into a small fixed-size image, checked against the
// committed baseline under test/visual/baselines/ (written by `npm run screenshots:update`, in the same headless
// Chromium on SwiftShader). The tolerance passes rendering noise and fails a blank, T-posed or cropped view.
import { expect } from '@open-wc/testing';
import type { AnimScene } from '../../src/elements/anim-scene.js';

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
/** At least this fraction must differ from the image's corner colour: something is drawn. */
export const MIN_CONTENT = 0.02;

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

/** The fraction of pixels of `a` and `b` (same size) that differ by more than PIXEL_THRESHOLD. */
export function differingFraction(a: ImageData, b: ImageData): number {
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const off = Math.max(
      Math.abs(a.data[i] - b.data[i]),
      Math.abs(a.data[i + 1] - b.data[i + 1]),
      Math.abs(a.data[i + 2] - b.data[i + 2]),
    );
    if (off > PIXEL_THRESHOLD) count++;
  }
  return count / (a.data.length / 4);
}

/**
 * Checks `context`'s image against the baseline `name` (or, while updating, writes it as the baseline).
 * Either way the image must show something.
 */
export async function matchBaseline(name: string, context: CanvasRenderingContext2D): Promise<void> {
  const image = context.getImageData(0, 0, WIDTH, HEIGHT);
  expect(contentFraction(image), `${name}: something is drawn`).to.be.above(MIN_CONTENT);
  const file = `${name}.png`;
  if (await updating()) {
    const blob = await new Promise<Blob>((resolve) => context.canvas.toBlob((b) => resolve(b!), 'image/png'));
    const response = await fetch(`/__visual/baseline/${file}`, { method: 'PUT', body: blob });
    expect(response.ok, `${file} written`).to.equal(true);
    return;
  }
  const response = await fetch(`/test/visual/baselines/${file}`);
  if (!response.ok) throw new Error(`no baseline test/visual/baselines/${file}: run \`npm run screenshots:update\``);
  const url = URL.createObjectURL(await response.blob());
  const baseline = (await drawUrl(url)).getImageData(0, 0, WIDTH, HEIGHT);
  URL.revokeObjectURL(url);
  const fraction = differingFraction(image, baseline);
  expect(
    fraction,
    `${name}: fraction of pixels unlike the baseline (after a camera change: npm run screenshots:update)`,
  ).to.be.below(MAX_DIFFERENT);
}

/** Resolves once every character and model under `root` has loaded (or failed), at most `timeout` ms later. */
export async function settled(root: Element, timeout = 30000): Promise<void> {
  const waits: Promise<unknown>[] = [];
  for (const character of root.querySelectorAll<HTMLElement & { ready: Promise<void> }>('anim-character'))
    waits.push(character.ready.catch(() => undefined));
  for (const model of root.querySelectorAll<HTMLElement & { loaded?: boolean }>('anim-model')) {
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
  // scripts of the page that wait a frame (a story's replay) run before time is stepped by hand
  for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** Advances `scene` by `seconds` in fixed steps of 1/30 s. */
export function advance(scene: Pick<Viewer, 'step'>, seconds: number): void {
  for (let t = 0; t < seconds - 1e-9; t += 1 / 30) scene.step(1 / 30);
}

/**
 * The cost of many viewers on one page (not part of `npm test` or `npm run bench`: it needs a browser):
 * `npx web-test-runner bench/viewers.bench.ts`. Mounts 1, 8 and 24 standalone characters (160 × 160 CSS px,
 * the mannequin walking), steps every viewer once per frame by hand and prints the milliseconds per frame,
 * per viewer, and the part spent copying each frame into the viewer's canvas (`drawImage`).
 */
import { fixture, html } from '@open-wc/testing';
import '../src/elements/anim-character.js';
import type { AnimCharacter } from '../src/elements/anim-character.js';
import { internals } from '../test/helpers/internals.js';

const FRAMES = 60;

async function measure(count: number): Promise<string> {
  const cells = Array.from(
    { length: count },
    () =>
      html`<anim-character src="/assets/mannequin.glb" clip="walk" paused style="width: 160px; height: 160px"></anim-character>`,
  );
  const grid = await fixture(html`<div style="display: flex; flex-wrap: wrap">${cells}</div>`);
  const viewers = [...grid.querySelectorAll<AnimCharacter>('anim-character')];
  await Promise.all(viewers.map((v) => v.ready));
  const stages = viewers.map((v) => internals(v).stage!);
  for (let f = 0; f < 10; f++) for (const stage of stages) stage.step(1 / 60);
  const drawImage = CanvasRenderingContext2D.prototype.drawImage;
  let copyMs = 0;
  CanvasRenderingContext2D.prototype.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
    const t = performance.now();
    (drawImage as (...a: unknown[]) => void).apply(this, args);
    copyMs += performance.now() - t;
  };
  const start = performance.now();
  for (let f = 0; f < FRAMES; f++) for (const stage of stages) stage.step(1 / 60);
  // waits for the GPU work of the frames, so it is counted
  const gl = stages[0].renderer.getContext();
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  const ms = (performance.now() - start) / FRAMES;
  CanvasRenderingContext2D.prototype.drawImage = drawImage;
  grid.remove();
  return `${count} viewers: ${ms.toFixed(2)} ms/frame, ${(ms / count).toFixed(2)} ms per viewer, copy ${(copyMs / FRAMES / count).toFixed(3)} ms per viewer`;
}

describe('viewers per page', function () {
  // a benchmark, not a test: SwiftShader on a busy machine takes its time
  this.timeout(600000);
  // the first mount also warms up the page (shader programs, JIT): measured and left out
  it('warm-up', async () => void (await measure(2)));
  for (const count of [1, 8, 24]) it(`${count} viewers`, async () => console.log(await measure(count)));
});

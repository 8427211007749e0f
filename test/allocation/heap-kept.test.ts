/**
 * The per-frame path keeps nothing: steady frames of a scene with every per-frame part (a state graph, foot IK,
 * an IK chain, cloth, a ragdoll knocked up each stretch, a third-person controller with its spring arm, a scenery
 * collider: test/helpers/busy-scene.ts) leave the used heap after gc() where it was (Chromium runs with `--js-flags=--expose-gc` and
 * `--enable-precise-memory-info`, tools/find-chrome.mjs).
 *
 * Short-lived garbage, which gc() frees, is frame-garbage.test.ts's.
 */
import { expect } from '@open-wc/testing';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import { busyScene } from '../helpers/busy-scene.js';
import { canCollect, heapAfterGc, leastGrowth } from '../helpers/heap.js';

const DT = 1 / 60;
/** Frames per stretch of the heap-after-gc() test. */
const FRAMES_KEPT = 400;
/** Stretches of FRAMES_KEPT frames; the last four's growth is judged. */
const STRETCHES = 10;

describe('the frame allocates nothing', () => {
  it('keeps the used heap after gc() flat over steady frames', async function () {
    this.timeout(600000);
    expect(canCollect(), 'Chromium runs with --expose-gc').to.equal(true);
    const { scene, controller, characters } = await busyScene();
    const faller = characters.find((c) => c.id === 'faller') as AnimCharacter;
    controller.input.forward = 1;
    const settled = async () => {
      // knocked up, the ragdoll simulates through most of the stretch and then settles
      await faller.ragdoll({ velocity: [0, 6, 0] });
      for (let f = 0; f < FRAMES_KEPT; f++) scene.step(DT);
      return heapAfterGc();
    };
    // the first stretches free what loading left behind (megabytes) and hold the code compiled; V8's warm-up
    // (feedback, optimised code) then keeps landing tens of kilobytes in some stretches and none in others, fading
    // to nothing after about twenty (30 stretches measured). Something kept per frame grows in every stretch, so
    // the least growth of the later stretches is what counts.
    const readings: number[] = [];
    for (let i = 0; i < STRETCHES; i++) readings.push(await settled());
    console.log(`used heap after gc(), every ${FRAMES_KEPT} frames: ${readings.join(' B, ')} B`);
    expect(leastGrowth(readings, 4) / FRAMES_KEPT, 'bytes kept per frame').to.be.below(64);
  });
});

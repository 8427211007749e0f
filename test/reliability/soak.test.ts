/**
 * A bounded soak: 100 characters on the built-in locomotion graph, every param set at random every frame
 * (speeds from standing to past a run, jumps, falls of any speed, landings on and off), stepped by hand for
 * SOAK_FRAMES frames. Every joint's world matrix stays finite, and the used heap after gc() stays flat within the
 * noise between the second reading and the last (Chromium runs with `--js-flags=--expose-gc`).
 *
 * The frames pose every character (`lod="off"`) but draw nothing: drawing 100 skinned characters on SwiftShader
 * would make the soak minutes long, and the GPU side is the lifecycle test's.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { collectErrors, MANNEQUIN, settle } from '../helpers/character.js';
import { canCollect, heapAfterGc } from '../helpers/heap.js';
import { internals } from '../helpers/internals.js';

const CHARACTERS = 100;
const SOAK_FRAMES = 10000;
/** Heap readings (after gc()) every this many frames. */
const READ_EVERY = 2000;
const DT = 1 / 60;
/**
 * Heap growth from the second reading to the last that counts as noise: V8's code and feedback still settle.
 * A frame that kept 100 bytes would grow it by 0.8 MB over the 8,000 frames; one that kept a few bytes per
 * character, 2 MB or more.
 */
const HEAP_NOISE = 500_000;

/** A small seeded generator (mulberry32): the same soak every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The first joint matrix entry that is not finite, as text, or null. */
function notFinite(characters: readonly AnimCharacter[]): string | null {
  for (let c = 0; c < characters.length; c++) {
    const model = internals(characters[c]).rig!.model;
    for (let i = 0; i < model.length; i++) {
      if (!Number.isFinite(model[i])) return `character ${c}, joint ${i >> 4}: ${model[i]}`;
    }
  }
  return null;
}

describe('soak: 100 characters on the locomotion graph, random params every frame', () => {
  it(`${SOAK_FRAMES} frames: every joint matrix finite, the heap after gc() flat`, async function () {
    this.timeout(900000);
    expect(canCollect(), 'Chromium runs with --expose-gc').to.equal(true);
    const scene = await fixture<AnimScene>(
      html`<anim-scene paused lod="off" style="width: 32px; height: 32px"></anim-scene>`,
    );
    const errors = collectErrors(scene);
    const characters: AnimCharacter[] = [];
    for (let i = 0; i < CHARACTERS; i++) {
      const character = document.createElement('anim-character');
      // instanced: one load of the file, a copy for each
      Object.assign(character, { src: MANNEQUIN, graph: 'locomotion', instancing: 'auto' });
      character.position = [(i % 10) * 1.5, 0, Math.floor(i / 10) * 1.5];
      scene.append(character);
      characters.push(character);
    }
    await Promise.all(characters.map((c) => c.ready));
    // the graphs arrive after the models (a built-in graph is still a request)
    for (let i = 0; i < 3; i++) {
      await settle();
      scene.step(DT);
    }
    expect(
      characters.every((c) => c.state !== null),
      'every character runs the graph',
    ).to.equal(true);
    const stage = scene.stage!;
    stage.render = () => true; // posed, not drawn
    const next = random(16);
    const readings: number[] = [];
    const visited = new Set<string | null>();
    const posed = characters.map((c) => internals(c).rig!.posedFrames);
    let bad: string | null = null;
    const start = performance.now();
    for (let frame = 1; frame <= SOAK_FRAMES && !bad; frame++) {
      for (let c = 0; c < CHARACTERS; c++) {
        const character = characters[c];
        character.setParam('speed', next() * 8);
        character.setParam('grounded', next() > 0.1);
        character.setParam('fall', next() * 12);
        if (next() < 0.02) character.trigger('jump');
      }
      stage.step(DT);
      bad = notFinite(characters);
      if (frame % READ_EVERY === 0) {
        readings.push(await heapAfterGc());
        for (const character of characters) visited.add(character.state);
      }
    }
    const ms = performance.now() - start;
    console.log(
      `${SOAK_FRAMES} frames of ${CHARACTERS} characters: ${(ms / SOAK_FRAMES).toFixed(2)} ms a frame (${(ms / 1000).toFixed(0)} s); heap after gc() every ${READ_EVERY} frames: ${readings.join(', ')} B`,
    );
    expect(bad, 'a joint matrix entry that is not finite').to.equal(null);
    expect(readings[readings.length - 1] - readings[1], 'heap growth after the first reading, bytes').to.be.below(
      HEAP_NOISE,
    );
    const deltas = characters.map((c, i) => internals(c).rig!.posedFrames - posed[i]);
    // at least: a paused scene may also redraw (a frame of 0 s) between the steps
    expect(Math.min(...deltas), 'frames every character was posed in').to.be.at.least(SOAK_FRAMES);
    expect([...visited], 'states seen at the readings').to.include.members(['locomotion', 'jump']);
    expect(errors).to.deep.equal([]);
  });
});

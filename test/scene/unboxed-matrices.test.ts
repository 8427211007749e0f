/**
 * three keeps a matrix's numbers in a plain array (Matrix4.elements). V8 stores an array's doubles unboxed only
 * while the arrays made at the same place in the code have held numbers alone: freezing one (or sealing it)
 * can teach that place to make arrays of boxed values from then on, for the whole page. The library once froze
 * one shared identity matrix's elements: in the crowd bench every Matrix4 of the page then boxed its numbers,
 * each write of a fraction allocated, and a root's world matrix took 0.59 µs to update instead of 0.23. Whether
 * V8 keeps that lesson depends on when its feedback is made, so this checks the cause, not its symptom: the
 * library freezes, seals or locks no array while it loads and runs (posed and held characters, IK, cloth, a
 * controller, a ragdoll-ready character).
 */
import { expect } from '@open-wc/testing';
import type { AnimCharacter } from '../../src/elements/anim-character.js';

const LOCKS = ['freeze', 'seal', 'preventExtensions'] as const;
/** `lock: caller` for each array the library's own code locked. */
const locked: string[] = [];
const originals = LOCKS.map((name) => Object[name]);
LOCKS.forEach((name, i) => {
  const original = originals[i] as <T>(o: T) => T;
  Object[name] = (<T>(o: T): T => {
    if (Array.isArray(o)) {
      const caller = (new Error().stack ?? '').split('\n').find((line) => line.includes('/src/'));
      if (caller) locked.push(`${name}: ${caller.trim()}`);
    }
    return original(o);
  }) as never;
});
// imported after the spies are in place: a module may lock an array as it loads
const { busyScene } = await import('../helpers/busy-scene.js');
const { MANNEQUIN } = await import('../helpers/character.js');
await import('../../src/index.js');

const DT = 1 / 60;

describe('arrays the library makes', () => {
  after(() => {
    LOCKS.forEach((name, i) => {
      Object[name] = originals[i] as never;
    });
  });

  it('are never frozen or sealed, so V8 keeps three matrices unboxed', async () => {
    const { scene } = await busyScene();
    // two walkers with nothing that needs them every frame: held between posed frames under these tiers
    scene.insertAdjacentHTML(
      'beforeend',
      `<anim-character src="${MANNEQUIN}" clip="walk" position="0 0 -3"></anim-character>
       <anim-character src="${MANNEQUIN}" graph="locomotion" position="2 0 -3"></anim-character>`,
    );
    await Promise.all([...scene.querySelectorAll<AnimCharacter>('anim-character')].map((c) => c.ready));
    scene.setAttribute('lod', '100% 100%');
    await scene.updateComplete;
    let held = 0;
    for (let f = 0; f < 12; f++) {
      scene.stage!.step(DT);
      held += scene.stage!.lod.counts.quarter;
    }
    expect(held, 'characters held between posed frames').to.be.above(0);
    expect(locked).to.deep.equal([]);
  });
});

import { fixture, html, waitUntil } from '@open-wc/testing';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { compileGraph } from '../../src/graph/index.js';
import { layoutGraph } from '../../src/graph/graph-layout.js';
import { MANNEQUIN, settle } from '../helpers/character.js';

const big = (n: number) => ({
  params: [{ name: 'speed', type: 'float' as const }],
  states: Array.from({ length: n }, (_, i) => ({ name: `s${i}`, clip: i % 2 ? 'walk' : 'idle' })),
  transitions: Array.from({ length: n }, (_, i) => ({ from: `s${i}`, to: `s${(i + 1) % n}`, when: `speed > ${i % 97}` })),
});

describe('measure', () => {
  it('compile and add', async () => {
    const def = big(10000);
    let best = Infinity;
    for (let r = 0; r < 7; r++) { const t0 = performance.now(); compileGraph(def); best = Math.min(best, performance.now() - t0); }
    const g = compileGraph(def);
    let lay = Infinity;
    for (let r = 0; r < 5; r++) { const t0 = performance.now(); layoutGraph(g); lay = Math.min(lay, performance.now() - t0); }
    console.log(`MEASURE compile 10k: ${best.toFixed(1)} ms; layout ${lay.toFixed(1)} ms`);
    const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
    const el = document.createElement('anim-character');
    el.src = MANNEQUIN;
    el.setAttribute('graph', URL.createObjectURL(new Blob([JSON.stringify(def)])));
    scene.append(el);
    await el.ready;
    await waitUntil(() => el.state !== null, '', { timeout: 60000 });
    let add = Infinity;
    for (let r = 0; r < 5; r++) {
      const s = document.createElement('anim-state');
      s.setAttribute('name', `extra${r}`);
      s.setAttribute('clip', 'walk');
      const t0 = performance.now();
      el.append(s);
      await s.updateComplete;
      await Promise.resolve();
      el.state;
      scene.step(1 / 60);
      add = Math.min(add, performance.now() - t0);
      await settle();
    }
    console.log(`MEASURE add one <anim-state> to a 10k graph (to the next frame): ${add.toFixed(1)} ms`);
  });
});

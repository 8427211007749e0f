// Editing a large running graph (issue 16): the compile is spread over tasks between frames, the graph in
// force running meanwhile; params set in the meantime carry over, and a newer edit drops the compile in flight.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';
import { collectErrors, MANNEQUIN, settle } from '../helpers/character.js';

const N = 10000;
const ringFile = () =>
  URL.createObjectURL(
    new Blob([
      JSON.stringify({
        params: [{ name: 'speed', type: 'float' }],
        states: Array.from({ length: N }, (_, i) => ({ name: `s${i}`, clip: i % 2 ? 'walk' : 'idle' })),
        transitions: Array.from({ length: N }, (_, i) => ({ from: `s${i}`, to: `s${(i + 1) % N}`, when: 'speed > 1' })),
      }),
    ]),
  );

function part(tag: string, attributes: Record<string, string>): Element {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

describe('<anim-character>: editing a graph of 10,000 states', () => {
  let scene: AnimScene;
  let el: AnimCharacter;
  let errors: AnimErrorDetail[];
  beforeEach(async () => {
    scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 160px; height: 120px"></anim-scene>`);
    el = document.createElement('anim-character');
    el.src = MANNEQUIN;
    el.setAttribute('graph', ringFile());
    scene.append(el);
    await el.ready;
    await waitUntil(() => el.state !== null, 'the graph runs', { timeout: 30000 });
    scene.step(0.1);
    errors = collectErrors(scene);
  });

  it('compiles the edit over several tasks while the graph in force runs, then puts it in force', async () => {
    el.append(
      part('anim-param', { name: 'detour', type: 'bool' }),
      part('anim-state', { name: 'detour', clip: 'walk' }),
      part('anim-transition', { from: 's0', to: 'detour', when: 'detour', priority: '1' }),
    );
    await settle();
    await settle();
    // not compiled in one go: two tasks later the edit is not in force yet
    expect(el.params).to.not.have.property('detour');
    el.setParam('detour', true);
    el.setParam('speed', 0.5);
    const before = el.time;
    scene.step(0.1);
    expect(el.time, 'the graph in force keeps running').to.not.equal(before);
    expect(el.state).to.equal('s0');
    await waitUntil(() => 'detour' in el.params, 'the edit is in force', { timeout: 30000 });
    expect(el.params, 'params set meanwhile carry over').to.include({ detour: true, speed: 0.5 });
    scene.step(0.1);
    expect(el.state).to.equal('detour');
    expect(errors, errors.map((e) => e.message).join('\n')).to.have.length(0);
  });

  it('a newer edit drops the compile in flight: a mistake corrected before it compiled is never reported', async () => {
    const wrong = part('anim-transition', { from: 's0', to: 'nowhere' });
    el.append(wrong);
    await settle();
    await settle();
    wrong.setAttribute('to', 's5');
    el.append(part('anim-param', { name: 'late', type: 'float', value: '2' }));
    await waitUntil(() => 'late' in el.params, 'the second edit is in force', { timeout: 30000 });
    await settle();
    expect(el.params.late).to.equal(2);
    expect(errors, errors.map((e) => e.message).join('\n')).to.have.length(0);
  });

  it('in a hidden page (timers throttled to a minute, no frames to keep) the edit compiles in one task', async () => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    try {
      el.append(part('anim-param', { name: 'unseen', type: 'bool' }));
      await settle();
      await settle();
      expect(el.params).to.have.property('unseen');
    } finally {
      delete (document as { hidden?: boolean }).hidden;
    }
  });
});

// Reliability of the state graph (issue 16): each case is a character whose graph once broke the page, and
// what must happen instead — exactly these coded errors, on these elements, the character itself running
// and a walking character beside it still animating.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';
import type { AnimStateDetail } from '../../src/elements/graph-events.js';
import { collect, collectErrors, MANNEQUIN, settle } from '../helpers/character.js';

interface GraphCase {
  name: string;
  /** The character's graph: markup children, or a graph file's JSON. */
  markup?: string;
  file?: () => object;
  /** Exactly these errors, in order: code, the tag of the element reporting it, words its message holds. */
  errors: { code: string; on: string; says?: string[] }[];
  /** Anything else that must hold once the character ran a few frames. */
  after?: (el: AnimCharacter, entered: AnimStateDetail[], scene: AnimScene) => void | Promise<void>;
}

const layers = (n: number) =>
  Array.from(
    { length: n },
    (_, l) => `<anim-layer name="l${l}"><anim-state name="l${l}-s" clip="wave"></anim-state></anim-layer>`,
  ).join('');
const IDLE = '<anim-param name="go" type="bool"></anim-param><anim-state name="idle" clip="idle"></anim-state>';
const when = (condition: string) =>
  `${IDLE}<anim-state name="walk" clip="walk"></anim-state><anim-transition from="idle" to="walk" when="${condition}"></anim-transition>`;

const cases: GraphCase[] = [
  {
    name: '200 layers (a layer index past 8 bits in the per-frame records)',
    markup: IDLE + layers(199),
    errors: [],
    after: (_el, entered) => {
      expect(entered.length, 'every layer reports its entry').to.equal(200);
      expect(entered[199]).to.deep.equal({ state: 'l198-s', layer: 'l198' });
    },
  },
  {
    name: '70 layers entering in one frame (more than 64 graph events)',
    markup: IDLE + layers(69),
    errors: [],
    after: (_el, entered) => expect(entered.length).to.equal(70),
  },
  {
    name: 'a condition of 2,000 nested parentheses',
    markup: when(`${'('.repeat(2000)}go${')'.repeat(2000)}`),
    errors: [{ code: 'bad-condition', on: 'anim-transition', says: ['at most'] }],
  },
  {
    name: 'a condition of 6,000 !',
    markup: when(`${'!'.repeat(6000)}go`),
    errors: [{ code: 'bad-condition', on: 'anim-transition', says: ['at most'] }],
  },
  {
    name: 'a condition of 40 nested parentheses (short, but deeper than conditions go)',
    markup: when(`${'('.repeat(40)}go${')'.repeat(40)}`),
    errors: [{ code: 'bad-condition', on: 'anim-transition', says: ['32'] }],
  },
  {
    name: 'a condition of 6,000 && terms',
    markup: when(Array.from({ length: 6000 }, () => 'go').join(' &amp;&amp; ')),
    errors: [{ code: 'bad-condition', on: 'anim-transition', says: ['512'] }],
  },
  {
    name: 'a condition naming an unknown param (the code the docs list)',
    markup: when('sped > 1'),
    errors: [{ code: 'unknown-param', on: 'anim-transition', says: ['"sped"'] }],
  },
  {
    name: 'an <anim-state> whose window starts after it ends',
    markup: '<anim-state name="idle" clip="idle" start="1s" end="0.5s"></anim-state>',
    errors: [{ code: 'bad-attribute', on: 'anim-state', says: ['1s', '0.5s'] }],
    after: (el) => {
      // the whole clip plays: the cycle is the clip's length, not the half second of the window
      expect(el.duration).to.be.greaterThan(0.5);
    },
  },
  {
    name: 'a graph file state whose window starts after it ends',
    file: () => ({ states: [{ name: 'idle', clip: 'idle', start: '90%', end: '10%' }] }),
    errors: [{ code: 'bad-graph', on: 'anim-character', says: ['90%', '10%'] }],
  },
  {
    name: '10,000 states and 10,000 transitions, then one more <anim-state>',
    file: () => ({
      params: [{ name: 'speed', type: 'float' }],
      states: Array.from({ length: 10000 }, (_, i) => ({ name: `s${i}`, clip: i % 2 ? 'walk' : 'idle' })),
      transitions: Array.from({ length: 10000 }, (_, i) => ({
        from: `s${i}`,
        to: `s${(i + 1) % 10000}`,
        when: 'speed > 1',
      })),
    }),
    errors: [],
    after: async (el, _entered, scene) => {
      const added = document.createElement('anim-state');
      added.setAttribute('name', 'extra');
      added.setAttribute('clip', 'walk');
      el.append(added);
      await settle();
      el.setParam('speed', 2);
      scene.step(0.1);
      expect(el.state).to.equal('s1');
    },
  },
];

describe('reliability: state graphs', () => {
  let scene: AnimScene;
  let witness: AnimCharacter;
  let errors: AnimErrorDetail[];
  beforeEach(async () => {
    scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 160px; height: 120px"></anim-scene>`);
    witness = document.createElement('anim-character');
    witness.src = MANNEQUIN;
    witness.clip = 'walk';
    scene.append(witness);
    await witness.ready;
    errors = collectErrors(scene);
  });

  for (const c of cases) {
    it(c.name, async () => {
      const el = document.createElement('anim-character');
      const entered = collect<AnimStateDetail>(el, 'anim-state-enter');
      el.src = MANNEQUIN;
      if (c.file) el.setAttribute('graph', URL.createObjectURL(new Blob([JSON.stringify(c.file())])));
      el.innerHTML = c.markup ?? '';
      scene.append(el);
      await el.ready;
      await waitUntil(() => el.state !== null, 'the graph runs', { timeout: 30000 });
      await settle();
      const before = { mine: el.time, witness: witness.time };
      scene.step(0.1);
      scene.step(0.1);
      await settle();
      expect(
        errors.map((e) => [e.code, (e.source as Element).localName]),
        errors.map((e) => e.message).join('\n'),
      ).to.deep.equal(c.errors.map((e) => [e.code, e.on]));
      c.errors.forEach((e, i) => {
        for (const word of e.says ?? []) expect(errors[i].message).to.contain(word);
      });
      expect(el.time, 'the character runs its graph').to.not.equal(before.mine);
      expect(witness.time, 'the other character keeps animating').to.be.closeTo(
        (before.witness + 0.2) % witness.duration,
        1e-5,
      );
      await c.after?.(el, entered, scene);
    });
  }
});

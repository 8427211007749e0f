import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-model.js';
import { AnimBind } from '../../src/elements/anim-bind.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimEventDetail } from '../../src/elements/character-events.js';
import { PageTimeline } from '../../src/elements/page-timeline.js';
import { parseRange, parseTimeline } from '../../src/elements/timeline-range.js';
import { collect, collectErrors, MANNEQUIN, settle } from '../helpers/character.js';

const DT = 1 / 60;
/** The mannequin's walk, seconds. */
const WALK = 1.1;
/** The browser's timelines catch up with a scroll on its next frame. */
const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/** A tall page with a fixed, paused scene (time moves only by step()) and one character. */
async function page(children: string, attributes = `src="${MANNEQUIN}"`) {
  const root = await fixture<HTMLDivElement>(html`<div style="height: 5000px; position: relative"></div>`);
  root.innerHTML = `
    <div id="card" style="position: absolute; top: 1500px; height: 200px; width: 100px"></div>
    <anim-scene paused style="position: fixed; top: 0; left: 0; width: 200px; height: 150px">
      <anim-character ${attributes}>${children}</anim-character>
    </anim-scene>`;
  const scene = root.querySelector<AnimScene>('anim-scene')!;
  const character = root.querySelector<AnimCharacter>('anim-character')!;
  const errors = collectErrors(root);
  await character.ready;
  await settle();
  return { root, scene, character, errors, bind: root.querySelector<AnimBind>('anim-bind')! };
}

const STROLL = `<anim-clip name="stroll" from="walk">
    <anim-event time="0.3" name="a"></anim-event><anim-event time="0.8" name="b"></anim-event>
  </anim-clip>`;

afterEach(() => {
  window.scrollTo(0, 0);
  AnimBind.nativeTimelines = true;
});

for (const native of [true, false]) {
  describe(`<anim-bind> on a scroll timeline (${native ? 'the browser’s ScrollTimeline' : 'the computed fallback'})`, () => {
    it('holds the clip at the scrolled time both ways, each event once per crossing', async () => {
      AnimBind.nativeTimelines = native;
      const { scene, character, bind, errors } = await page(
        `${STROLL}<anim-bind clip="stroll" timeline="scroll(root block)" range="0px 1000px"></anim-bind>`,
      );
      const events = collect<AnimEventDetail>(character, 'anim-event');
      const scrollTo = async (y: number) => {
        window.scrollTo(0, y);
        if (native) await frames();
        events.length = 0;
        scene.step(DT);
        await settle();
        return events.map((e) => e.name);
      };
      await scrollTo(0);
      expect(bind.nativeTimeline).to.equal(native);
      expect(character.clip === null || character.clip === 'stroll').to.equal(true);
      const path: [number, string[]][] = [
        [400, ['a']],
        [800, ['b']],
        [600, ['b']],
        [100, ['a']],
        [150, []],
        [1000, ['a', 'b']],
        [2000, []],
        [900, []],
        [0, ['b', 'a']],
      ];
      for (const [y, expected] of path) {
        const fired = await scrollTo(y);
        expect(character.time, `time at scroll ${y}`).to.be.closeTo((Math.min(y, 1000) / 1000) * WALK, 1e-5);
        expect(fired, `events at scroll ${y}`).to.deep.equal(expected);
      }
      // time standing still does not move a held clip
      scene.step(0.5);
      expect(character.time).to.be.closeTo(0, 1e-9);
      expect(errors).to.deep.equal([]);
    });
  });
}

for (const native of [true, false]) {
  describe(`<anim-bind> on the nearest scroller (${native ? 'the browser’s ScrollTimeline' : 'the computed fallback'})`, () => {
    it('follows the scrolling box around the scene, not the viewers that clip their canvas', async () => {
      AnimBind.nativeTimelines = native;
      const root = await fixture<HTMLDivElement>(html`<div style="height: 300px; overflow-y: auto"></div>`);
      root.innerHTML = `
      <anim-scene paused style="position: sticky; top: 0; display: block; width: 200px; height: 150px">
        <anim-character src="${MANNEQUIN}">
          <anim-bind clip="walk" timeline="scroll(nearest block)"></anim-bind>
        </anim-character>
      </anim-scene>
      <div style="height: 1300px"></div>`;
      const scene = root.querySelector<AnimScene>('anim-scene')!;
      const character = root.querySelector<AnimCharacter>('anim-character')!;
      const errors = collectErrors(root);
      await character.ready;
      await settle();
      // 150 + 1300 px of content in a 300 px box: 1150 px to scroll; half way is half the walk
      for (const [y, progress] of [
        [575, 0.5],
        [1150, 1],
        [0, 0],
      ]) {
        root.scrollTop = y;
        if (native) await frames();
        scene.step(DT);
        expect(character.time, `time at ${y}`).to.be.closeTo(progress * WALK, 1e-4);
      }
      expect(errors).to.deep.equal([]);
    });
  });
}

describe('<anim-bind> through several cycles, and onto another element’s number', () => {
  it('walks a clip through its cycles when `to` passes its end, events once per crossing', async () => {
    AnimBind.nativeTimelines = false;
    const { scene, character } = await page(
      `${STROLL}<anim-bind clip="stroll" timeline="scroll(root)" range="0px 1000px" to="300%"></anim-bind>`,
    );
    const events = collect<AnimEventDetail>(character, 'anim-event');
    const scrollTo = async (y: number) => {
      window.scrollTo(0, y);
      events.length = 0;
      scene.step(DT);
      await settle();
      return events.map((e) => e.name);
    };
    await scrollTo(0);
    expect(await scrollTo(500)).to.deep.equal(['a', 'b', 'a']);
    expect(character.time).to.be.closeTo(1.65 - WALK, 1e-5);
    expect(await scrollTo(0)).to.deep.equal(['a', 'b', 'a']);
    expect(character.time).to.be.closeTo(0, 1e-5);
  });

  it('sets a number on another element by a dotted path', async () => {
    const { scene, root } = await page(
      `<anim-bind for="#gaze" property="object3D.position.x" pointer="page x" from="-2" to="2"></anim-bind>`,
    );
    root.querySelector('anim-scene')!.insertAdjacentHTML('beforeend', '<anim-model id="gaze"></anim-model>');
    const bind = root.querySelector<AnimBind>('anim-bind')!;
    bind.property = 'object3D.position.x';
    bind.for = '#gaze';
    bind.requestUpdate('for');
    await bind.updateComplete;
    document.body.dispatchEvent(
      new PointerEvent('pointermove', { clientX: window.innerWidth / 4, clientY: 0, bubbles: true }),
    );
    scene.step(DT);
    const gaze = root.querySelector('#gaze') as HTMLElement & { object3D: { position: { x: number } } };
    expect(gaze.object3D.position.x).to.be.closeTo(-1, 1e-6);
  });
});

describe('<anim-bind> timelines: the computed fallback against the browser’s own', () => {
  it('agrees with ScrollTimeline and ViewTimeline at every offset, for every kind of range', async () => {
    const { root } = await page('');
    const card = root.querySelector('#card')!;
    const cases: [string, string][] = [
      ['scroll(root)', '10% 90%'],
      ['scroll(root block)', '200px 1200px'],
      ['view()', 'normal'],
      ['view()', 'cover 20% cover 80%'],
      ['view()', 'entry 0% exit 100%'],
      ['view()', 'contain'],
      ['view()', 'entry'],
      ['view()', 'exit 10% exit 90%'],
      ['view()', 'entry-crossing 10% exit-crossing 90%'],
      ['view(block 50px 10%)', 'cover'],
    ];
    const pairs = cases.map(([t, r]) => {
      const timeline = parseTimeline(t);
      const range = parseRange(r);
      if (!timeline.ok || !range.ok) throw new Error(`${t} ${r}`);
      return {
        what: `${t} ${r}`,
        native: new PageTimeline(timeline.value, range.value, card, true),
        computed: new PageTimeline(timeline.value, range.value, card, false),
      };
    });
    // before the browser's timelines have had a frame (or on a page whose time is stepped by hand) the
    // computed progress stands in: a number at once, never NaN
    window.scrollTo(0, 950);
    for (const p of pairs) expect(p.native.read(), `${p.what} before a frame`).to.be.closeTo(p.computed.read(), 1e-5);
    let compared = 0;
    for (const y of [0, 700, 950, 1000, 1150, 1300, 1450, 1600, 1750, 2500, 0]) {
      window.scrollTo(0, y);
      await frames();
      for (const p of pairs) {
        const native = p.native.read();
        expect(p.native.native).to.equal(true);
        // the browser measures in 64ths of a pixel: over a few thousand pixels of range, 1e-5 of progress
        expect(p.computed.read(), `${p.what} at ${y}`).to.be.closeTo(native, 1e-5);
        compared++;
      }
    }
    expect(compared).to.equal(110);
    for (const p of pairs) {
      p.native.dispose();
      p.computed.dispose();
    }
  });
});

describe('<anim-bind> params from the pointer, CSS and inputs', () => {
  const graph = `<anim-param name="p" type="float"></anim-param><anim-state name="idle" clip="idle"></anim-state>`;

  it('normalizes the pointer over the scene and over the page', async () => {
    const { scene, character, root } = await page(
      `${graph}<anim-bind param="p" pointer="x" from="-1" to="1"></anim-bind>`,
    );
    root
      .querySelector('anim-character')!
      .insertAdjacentHTML('beforeend', '<anim-bind param="q" pointer="page y"></anim-bind>');
    character.insertAdjacentHTML('beforeend', '<anim-param name="q" type="float"></anim-param>');
    await settle();
    const box = scene.getBoundingClientRect();
    document.body.dispatchEvent(
      new PointerEvent('pointermove', {
        clientX: box.left + box.width * 0.75,
        clientY: window.innerHeight / 4,
        bubbles: true,
      }),
    );
    scene.step(DT);
    expect(character.getParam('p')).to.be.closeTo(0.5, 1e-6);
    expect(character.getParam('q')).to.be.closeTo(0.25, 1e-6);
    // beyond the scene's edge it holds at the edge
    document.body.dispatchEvent(
      new PointerEvent('pointermove', { clientX: box.right + 300, clientY: 0, bubbles: true }),
    );
    scene.step(DT);
    expect(character.getParam('p')).to.equal(1);
  });

  it('reads a CSS custom property, inherited, and only when styles changed', async () => {
    const { scene, character, bind } = await page(`${graph}<anim-bind param="p" bind="--speed"></anim-bind>`);
    // counted from before the change: a frame the page runs on its own during settle() may be the one that reads it
    const reads = { n: 0 };
    const original = CSSStyleDeclaration.prototype.getPropertyValue;
    CSSStyleDeclaration.prototype.getPropertyValue = function (this: CSSStyleDeclaration, name: string) {
      if (name === '--speed') reads.n++;
      return original.call(this, name);
    };
    try {
      document.body.style.setProperty('--speed', '2.5');
      await settle();
      scene.step(DT);
      expect(character.getParam('p')).to.equal(2.5);
      for (let f = 0; f < 10; f++) scene.step(DT);
      expect(reads.n, 'computed style read once for one change').to.equal(1);
      document.body.style.setProperty('--speed', '0.75');
      await settle();
      scene.step(DT);
      scene.step(DT);
      expect(character.getParam('p')).to.equal(0.75);
      expect(reads.n).to.equal(2);
      expect(bind.value).to.equal(0.75);
    } finally {
      CSSStyleDeclaration.prototype.getPropertyValue = original;
      document.body.style.removeProperty('--speed');
    }
  });

  it('follows an input element’s value, mapped by from and to', async () => {
    const input = document.createElement('input');
    Object.assign(input, { id: 'slider', type: 'range', min: '0', max: '10', value: '3' });
    document.body.append(input);
    try {
      const { scene, character } = await page(
        `${graph}<anim-bind param="p" bind="#slider" from="1" to="3"></anim-bind>`,
      );
      scene.step(DT);
      expect(character.getParam('p')).to.equal(7);
      input.value = '5';
      input.dispatchEvent(new Event('input'));
      scene.step(DT);
      expect(character.getParam('p')).to.equal(11);
    } finally {
      input.remove();
    }
  });
});

describe('<anim-bind> reduced motion and bad input', () => {
  it('holds the still pose when the page prefers reduced motion', async () => {
    AnimBind.nativeTimelines = false;
    const { scene, character } = await page(
      `${STROLL}<anim-bind clip="stroll" timeline="scroll(root)" range="0px 1000px" still="50%"></anim-bind>`,
    );
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      for (const y of [0, 800]) {
        window.scrollTo(0, y);
        scene.step(DT);
        expect(character.time).to.be.closeTo(WALK / 2, 1e-6);
      }
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
    scene.step(DT);
    expect(character.time, 'the scroll again').to.be.closeTo(0.88, 1e-6);
  });

  it('reports one bad-attribute naming each bad value, and keeps the last good one', async () => {
    const { bind, errors } = await page(`${STROLL}<anim-bind clip="stroll" timeline="scroll(root)"></anim-bind>`);
    bind.timeline = 'scroll(sideways)';
    bind.range = 'entry 120 exit';
    bind.still = '2';
    await bind.updateComplete;
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute', 'bad-attribute', 'bad-attribute']);
    expect(errors[0].message).to.contain('"scroll(sideways)"');
    expect(errors[1].message).to.contain('"entry 120 exit"');
    expect(bind.timeline).to.equal('scroll(root)');
    expect(bind.range).to.equal(null);
  });

  it('reports no source or two, a param the graph lacks, a clip under a graph, an input that is missing', async () => {
    const { scene, character, errors } = await page(
      `<anim-param name="p"></anim-param><anim-state name="idle" clip="idle"></anim-state>
       <anim-bind param="p"></anim-bind>
       <anim-bind param="p" pointer="x" bind="--x"></anim-bind>
       <anim-bind param="nope" bind="--x"></anim-bind>
       <anim-bind clip="walk" pointer="x"></anim-bind>
       <anim-bind param="p" bind="#nothing-here"></anim-bind>`,
    );
    document.body.style.setProperty('--x', '1');
    document.body.dispatchEvent(new PointerEvent('pointermove', { clientX: 5, clientY: 5, bubbles: true }));
    await settle();
    scene.step(DT);
    scene.step(DT);
    await settle();
    document.body.style.removeProperty('--x');
    const codes = errors.map((e) => e.code).sort();
    expect(codes).to.deep.equal(['bad-attribute', 'bad-attribute', 'graph-active', 'missing-target', 'unknown-param']);
    expect(errors.find((e) => e.code === 'unknown-param')!.message).to.contain('"nope"');
    expect(character.getParam('p')).to.equal(0);
  });
});

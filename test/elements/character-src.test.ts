import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { loadStall } from '../../src/elements/character-loader.js';
import { collect, collectErrors, MANNEQUIN, settle } from '../helpers/character.js';

/** Every URL fetched while `work` runs (fetch still answers). */
async function fetchedDuring(work: () => Promise<void>): Promise<string[]> {
  const urls: string[] = [];
  const real = window.fetch;
  window.fetch = (input, init) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return real(input, init);
  };
  try {
    await work();
  } finally {
    window.fetch = real;
  }
  return urls;
}

/** A scene with one walking character; every anim-* event that reaches the scene is recorded by type. */
async function walking(): Promise<{ scene: AnimScene; el: AnimCharacter; events: string[] }> {
  const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
  const el = document.createElement('anim-character');
  el.setAttribute('src', MANNEQUIN);
  el.setAttribute('clip', 'walk');
  scene.append(el);
  await el.ready;
  await settle();
  const events: string[] = [];
  for (const type of ['anim-error', 'anim-load', 'anim-progress', 'anim-play']) {
    scene.addEventListener(type, () => events.push(type));
  }
  return { scene, el, events };
}

const progressBar = (el: AnimCharacter) => el.shadowRoot!.querySelector('[part="progress-bar"]');

describe('<anim-character> attributes removed or set to null restore their default', () => {
  const clears: { name: string; clear: (el: AnimCharacter) => void }[] = [
    { name: "removeAttribute('src')", clear: (el) => el.removeAttribute('src') },
    { name: 'src = null', clear: (el) => (el.src = null) },
    { name: 'src = undefined', clear: (el) => (el.src = undefined as unknown as null) },
    { name: "src = ''", clear: (el) => (el.src = '') },
  ];
  for (const { name, clear } of clears) {
    it(`${name}: no model, no fetch, no error; ready resolves`, async () => {
      const { el, events } = await walking();
      const urls = await fetchedDuring(async () => {
        clear(el);
        await el.updateComplete;
        await settle();
        await el.ready;
      });
      expect(urls.filter((u) => u.endsWith('null') || u.endsWith('undefined'))).to.deep.equal([]);
      expect(urls).to.deep.equal([]);
      expect(el.object3D, 'the model is taken off').to.equal(undefined);
      expect(el.src).to.equal(null);
      expect(events).to.deep.equal([]);
    });
  }

  for (const [name, clear] of [
    ["removeAttribute('clip')", (el: AnimCharacter) => el.removeAttribute('clip')],
    ['clip = null', (el: AnimCharacter) => (el.clip = null)],
  ] as const) {
    it(`${name}: the rest pose, no unknown-clip "null"`, async () => {
      const { el, scene, events } = await walking();
      clear(el);
      await el.updateComplete;
      scene.step(1);
      await settle();
      expect(el.clip).to.equal(null);
      expect(events).to.deep.equal([]);
    });
  }

  for (const [attribute, value, fallback] of [
    ['graph', '', null],
    ['root-bone', 'Hips', null],
    ['position', '1 2 3', [0, 0, 0]],
    ['heading', '90', 0],
    ['speed', '2', 1],
    ['fade', '1s', 0.25],
    ['loop', 'once', null],
  ] as const) {
    it(`removing ${attribute} restores its default silently`, async () => {
      const { el, events } = await walking();
      if (value) el.setAttribute(attribute, value);
      await el.updateComplete;
      el.removeAttribute(attribute);
      await el.updateComplete;
      await settle();
      const property = attribute.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as keyof AnimCharacter;
      expect(el[property]).to.deep.equal(fallback);
      expect(events.filter((e) => e === 'anim-error')).to.deep.equal([]);
    });
  }
});

describe('<anim-character> ready answers for the src set last', () => {
  it('set a new src, then await ready: the new model', async () => {
    const { el } = await walking();
    const first = el.object3D;
    el.src = `${MANNEQUIN}?second`;
    await el.ready;
    expect(el.object3D).to.exist;
    expect(el.object3D, 'ready resolved for the new model').not.to.equal(first);
  });

  it('a good model, then a missing one: ready rejects with the new load-failed', async () => {
    const { el } = await walking();
    const errors = collectErrors(el);
    el.src = '/assets/no-such-model.glb';
    const outcome = await el.ready.then(
      () => 'resolved',
      (e: { code: string }) => e.code,
    );
    expect(outcome).to.equal('load-failed');
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['load-failed']);
  });

  it('a failed model, then a good one: ready resolves (the old error is not answered)', async () => {
    const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
    const el = document.createElement('anim-character');
    el.src = '/assets/no-such-model.glb';
    scene.append(el);
    await el.ready.catch(() => {});
    el.src = MANNEQUIN;
    await el.ready;
    expect(el.object3D).to.exist;
  });

  it('set away and back within a task: ready resolves for the model still shown', async () => {
    const { el } = await walking();
    const first = el.object3D;
    el.src = `${MANNEQUIN}?other`;
    el.src = MANNEQUIN;
    await el.ready;
    expect(el.object3D).to.equal(first);
  });
});

describe('<anim-character> a load cut short', () => {
  /** A fetch of `hang.glb` that never answers (until aborted); other URLs go through. */
  function hangingFetch(): () => void {
    const real = window.fetch;
    window.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.includes('hang.glb')) return real(input, init);
      return new Promise((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    };
    return () => {
      window.fetch = real;
    };
  }

  for (const [name, replace] of [
    ["src = ''", (el: AnimCharacter) => (el.src = '')],
    ["removeAttribute('src')", (el: AnimCharacter) => el.removeAttribute('src')],
  ] as const) {
    it(`${name} during a load hides the progress; no event for the cancelled load`, async () => {
      const restore = hangingFetch();
      try {
        const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
        const el = document.createElement('anim-character');
        const seen = [
          ...['anim-error', 'anim-load', 'anim-progress'].map((type) => [type, collect(scene, type)] as const),
        ];
        el.setAttribute('src', '/hang.glb');
        scene.append(el);
        await settle();
        await el.updateComplete;
        expect(progressBar(el), 'the progress shows while loading').to.exist;
        replace(el);
        await el.updateComplete;
        await settle();
        await el.updateComplete;
        expect(progressBar(el), 'the progress is hidden').to.equal(null);
        await el.ready;
        for (const [type, events] of seen) expect(events, type).to.deep.equal([]);
      } finally {
        restore();
      }
    });
  }

  it('a load replaced mid-way shows the new one only, and hides the bar when it lands', async () => {
    const restore = hangingFetch();
    try {
      const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
      const el = document.createElement('anim-character');
      const errors = collectErrors(scene);
      el.src = '/hang.glb';
      scene.append(el);
      await settle();
      el.src = MANNEQUIN;
      await el.ready;
      await el.updateComplete;
      expect(progressBar(el)).to.equal(null);
      expect(errors).to.deep.equal([]);
    } finally {
      restore();
    }
  });
});

describe('<anim-character> a load that stalls', () => {
  it('reports load-stalled once after loadStall.seconds without data, and keeps waiting', async () => {
    // a hand-driven timer: the test fires it, no wall clock
    const timers: { fire: () => void; ms: number; live: boolean }[] = [];
    const { setTimer, seconds } = loadStall;
    loadStall.setTimer = (fire, ms) => {
      const timer = { fire, ms, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    };
    const real = window.fetch;
    let aborted = false;
    window.fetch = (_input, init) =>
      new Promise((_, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    const warn = console.warn;
    console.warn = () => {};
    try {
      const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
      const errors = collectErrors(scene);
      const el = document.createElement('anim-character');
      el.src = '/stall.glb';
      scene.append(el);
      await settle();
      const live = () => timers.filter((t) => t.live);
      expect(live().map((t) => t.ms)).to.deep.equal([30_000]);
      const first = live()[0];
      first.live = false; // a timer that fired is spent
      first.fire();
      await settle();
      expect(errors.map((e) => [e.code, e.source])).to.deep.equal([['load-stalled', el]]);
      expect(errors[0].message).to.contain('/stall.glb').and.contain('30s');
      expect(live(), 'reported once: no timer armed again').to.deep.equal([]);
      expect(aborted, 'the load keeps waiting').to.equal(false);
      await el.updateComplete;
      expect(progressBar(el), 'the progress still shows').to.exist;
      // a load cleared before the timer fires reports nothing
      el.src = '/stall.glb?again';
      await settle();
      el.src = null;
      await settle();
      expect(timers.filter((t) => t.live)).to.deep.equal([]);
      expect(errors.length).to.equal(1);
    } finally {
      Object.assign(loadStall, { setTimer, seconds });
      window.fetch = real;
      console.warn = warn;
    }
  });
});

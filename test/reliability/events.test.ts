import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { PointLight } from 'three';
import '../../src/elements/anim-controller.js';
import '../../src/elements/anim-model.js';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-sprite.js';
import '../../src/elements/anim-tween.js';
import type { AnimModel } from '../../src/elements/anim-model.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';
import { queueEvent } from '../../src/elements/events.js';
import { eventQueue } from '../../src/scene/event-queue.js';
import { ModelAnimation } from '../../src/scene/model-animation.js';
import { pointerGlb } from '../helpers/pointer-glb.js';

/** Errors that escape to the page (a listener's exception, an InvalidStateError from a nested dispatch). */
function watchUncaught(): { errors: unknown[]; stop: () => void } {
  const errors: unknown[] = [];
  const onError = (e: ErrorEvent) => {
    errors.push(e.error ?? e.message);
    e.preventDefault();
  };
  window.addEventListener('error', onError);
  return { errors, stop: () => window.removeEventListener('error', onError) };
}

function quietConsole(): () => void {
  const { warn, error } = console;
  console.warn = () => {};
  console.error = () => {};
  return () => Object.assign(console, { warn, error });
}

/** A lamp model whose light pulses 0 → 8 → 0 over 2 s, looping. */
async function lampUrl(): Promise<string> {
  const bytes = await pointerGlb('pulse', [
    { pointer: '/extensions/KHR_lights_punctual/lights/0/intensity', times: [0, 1, 2], values: [0, 8, 0] },
  ]);
  return URL.createObjectURL(new Blob([bytes], { type: 'model/gltf-binary' }));
}

const lightOf = (model: AnimModel) => model.object3D.getObjectByProperty('isLight', true) as PointLight;

describe('events: the queue is re-entrant', () => {
  // a table of listeners that step again from inside an anim-* handler, and what each must see
  const cases: { name: string; nested: (scene: AnimScene) => void; expected: string[] }[] = [
    { name: 'scene.step() inside the handler', nested: (s) => s.step(0.1), expected: ['frame 1', 'frame 2'] },
    {
      name: 'two nested steps',
      nested: (s) => {
        s.step(0.1);
        s.step(0.1);
      },
      expected: ['frame 1', 'frame 2', 'frame 3'],
    },
    { name: 'a step of 0 (a redraw)', nested: (s) => s.step(0), expected: ['frame 1', 'frame 2'] },
  ];
  for (const { name, nested, expected } of cases) {
    it(`${name}: every event once, in order, nothing uncaught`, async () => {
      const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
      const source = document.createElement('div');
      scene.append(source);
      let frame = 0;
      scene.stage!.addActor({ update: () => queueEvent(source, 'anim-play', { clip: `frame ${++frame}` }) });
      const seen: string[] = [];
      let steppedFromListener = false;
      source.addEventListener('anim-play', (e) => {
        seen.push(e.detail.clip);
        if (!steppedFromListener) {
          steppedFromListener = true;
          nested(scene);
        }
      });
      const uncaught = watchUncaught();
      try {
        scene.step(0.1);
      } finally {
        uncaught.stop();
      }
      expect(uncaught.errors).to.deep.equal([]);
      expect(seen).to.deep.equal(expected);
      expect(eventQueue.size).to.equal(0);
    });
  }

  it('events already queued behind the one whose listener steps are not lost or repeated', () => {
    const a = document.createElement('div');
    const order: string[] = [];
    a.addEventListener('anim-play', (e) => {
      order.push(e.detail.clip);
      if (e.detail.clip === 'first') {
        // a nested frame that queues its own event
        eventQueue.beginFrame();
        queueEvent(a, 'anim-play', { clip: 'nested' });
        eventQueue.endFrame();
      }
    });
    eventQueue.beginFrame();
    queueEvent(a, 'anim-play', { clip: 'first' });
    queueEvent(a, 'anim-play', { clip: 'second' });
    const uncaught = watchUncaught();
    eventQueue.endFrame();
    uncaught.stop();
    expect(uncaught.errors).to.deep.equal([]);
    expect(order).to.deep.equal(['first', 'second', 'nested']);
    expect(eventQueue.size).to.equal(0);
  });
});

describe('events: <anim-model> dispatches through the queue', () => {
  it('queues anim-load (never dispatched from inside the load)', async () => {
    const url = await lampUrl();
    const queued: string[] = [];
    const enqueue = eventQueue.enqueue;
    eventQueue.enqueue = function (target, event) {
      queued.push(event.type);
      enqueue.call(this, target, event);
    };
    try {
      const scene = await fixture<AnimScene>(
        html`<anim-scene paused><anim-model src=${url}></anim-model></anim-scene>`,
      );
      const event = await oneEvent(scene.querySelector('anim-model')!, 'anim-load');
      expect(event.detail.src).to.equal(url);
    } finally {
      eventQueue.enqueue = enqueue;
      URL.revokeObjectURL(url);
    }
    expect(queued).to.include('anim-load');
  });
});

describe('errors: an actor that throws during the frame', () => {
  it('reports internal once on its element, stays in the loop, and the rest keeps animating', async () => {
    const url = await lampUrl();
    const scene = await fixture<AnimScene>(html`
      <anim-scene paused>
        <anim-model id="broken" src=${url} clip="pulse"></anim-model>
        <anim-model id="healthy" src=${url} clip="pulse"></anim-model>
      </anim-scene>
    `);
    const [broken, healthy] = [...scene.querySelectorAll('anim-model')];
    await Promise.all([broken, healthy].map((m) => (m.loaded ? null : oneEvent(m, 'anim-load'))));
    const errors: AnimErrorDetail[] = [];
    scene.addEventListener('anim-error', (e) => errors.push(e.detail));
    // the first model's animation throws while armed (actors run in the order they joined: broken first)
    const update = ModelAnimation.prototype.update;
    let armed = true;
    let victim: ModelAnimation | undefined;
    ModelAnimation.prototype.update = function (this: ModelAnimation, dt: number) {
      victim ??= this;
      if (armed && this === victim) throw new TypeError('the lamp broke');
      update.call(this, dt);
    };
    const restore = quietConsole();
    const still = lightOf(broken).intensity;
    try {
      for (let i = 0; i < 5; i++) scene.step(0.25);
      expect(errors.map((e) => [e.code, e.source])).to.deep.equal([['internal', broken]]);
      expect(errors[0].message).to.contain('the lamp broke');
      expect(lightOf(healthy).intensity, 'the other model animated: 1.25 s into the pulse').to.be.closeTo(6, 1e-6);
      expect(lightOf(broken).intensity, 'the broken one stood still').to.equal(still);

      // it stays in the loop: fixed, it animates again; a new failure after a clean frame reports anew
      armed = false;
      scene.step(0.5);
      expect(lightOf(broken).intensity).to.be.closeTo(4, 1e-6);
      armed = true;
      scene.step(0.25);
      scene.step(0.25);
      expect(errors.map((e) => e.code)).to.deep.equal(['internal', 'internal']);
    } finally {
      ModelAnimation.prototype.update = update;
      restore();
      URL.revokeObjectURL(url);
    }
  });
});

describe('errors: public methods and properties answer unusual values with one coded error', () => {
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  const megabyte = '1'.repeat(1 << 20);
  type Case = [string, string, (el: HTMLElement & Record<string, unknown>) => void, string, RegExp];
  const call =
    (method: string, ...args: unknown[]) =>
    (el: Record<string, unknown>) =>
      (el[method] as (...a: unknown[]) => void)(...args);
  const set = (property: string, value: unknown) => (el: Record<string, unknown>) => {
    el[property] = value;
  };
  const cases: Case[] = [
    ['anim-scene', 'step(10n)', call('step', 10n), 'bad-attribute', /^step\(10n\)/],
    ['anim-scene', 'step(Symbol)', call('step', Symbol('dt')), 'bad-attribute', /^step\(Symbol\(dt\)\)/],
    ['anim-scene', 'step(NaN)', call('step', Number.NaN), 'bad-attribute', /^step\(NaN\)/],
    ['anim-scene', 'step(circular)', call('step', circular), 'bad-attribute', /^step\(\{self: \[circular\]\}\)/],
    ['anim-scene', 'exposure = Symbol', set('exposure', Symbol('x')), 'bad-attribute', /^exposure: Symbol\(x\)/],
    [
      'anim-scene',
      'gravity = [Symbol]',
      set('gravity', [Symbol('g'), 0, 0]),
      'bad-attribute',
      /^gravity: \[Symbol\(g\)/,
    ],
    ['anim-scene', 'exposure = circular', set('exposure', circular), 'bad-attribute', /^exposure: /],
    [
      'anim-scene',
      'exposure = null-prototype',
      set('exposure', Object.create(null)),
      'bad-attribute',
      /^exposure: \{\}/,
    ],
    ['anim-scene', 'exposure = 1 MB', set('exposure', megabyte), 'bad-attribute', /… \(1,048,576 characters\)/],
    ['anim-scene', 'exposure = -Infinity', set('exposure', Number.NEGATIVE_INFINITY), 'bad-attribute', /-Infinity/],
    ['anim-tween', 'seek(10n)', call('seek', 10n), 'bad-attribute', /^seek\(10n\)/],
    ['anim-tween', 'step(Infinity)', call('step', Number.POSITIVE_INFINITY), 'bad-attribute', /^step\(Infinity\)/],
    ['anim-sprite', 'seek(Symbol)', call('seek', Symbol('t')), 'bad-attribute', /^seek\(Symbol\(t\)\)/],
    ['anim-sprite', 'step(NaN)', call('step', Number.NaN), 'bad-attribute', /^step\(NaN\)/],
    ['anim-model', 'position = [1n, circular]', set('position', [1n, circular]), 'bad-attribute', /^position: /],
    ['anim-model', 'rotation = Symbol', set('rotation', Symbol('r')), 'bad-attribute', /^rotation: Symbol\(r\)/],
    [
      'anim-controller',
      'teleport(0, NaN, 0)',
      call('teleport', 0, Number.NaN, 0),
      'bad-attribute',
      /^teleport\(NaN\): y/,
    ],
  ];
  for (const [tag, what, act, code, message] of cases) {
    it(`<${tag}> ${what}: one ${code}, nothing thrown`, async () => {
      const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
      const el = document.createElement(tag) as unknown as HTMLElement & Record<string, unknown>;
      if (tag !== 'anim-scene') scene.append(el);
      const target = tag === 'anim-scene' ? (scene as unknown as HTMLElement & Record<string, unknown>) : el;
      await new Promise((resolve) => setTimeout(resolve));
      const errors: AnimErrorDetail[] = [];
      scene.addEventListener('anim-error', (e) => errors.push(e.detail));
      const restore = quietConsole();
      try {
        expect(() => act(target)).not.to.throw();
        await new Promise((resolve) => setTimeout(resolve));
      } finally {
        restore();
      }
      const own = errors.filter((e) => e.source === target);
      expect(own.map((e) => e.code)).to.deep.equal([code]);
      expect(own[0].message).to.match(message);
      expect(own[0].message.length, 'a readable message').to.be.below(400);
    });
  }
});

import { expect } from '@open-wc/testing';
import { type AnimErrorDetail, reportError } from '../../src/elements/errors.js';
import { eventQueue } from '../../src/scene/event-queue.js';

function collectErrors(target: EventTarget): AnimErrorDetail[] {
  const seen: AnimErrorDetail[] = [];
  target.addEventListener('anim-error', (e) => seen.push((e as CustomEvent<AnimErrorDetail>).detail));
  return seen;
}

describe('reportError', () => {
  let warnings: unknown[][];
  const originalWarn = console.warn;
  beforeEach(() => {
    warnings = [];
    console.warn = (...args: unknown[]) => warnings.push(args);
  });
  afterEach(() => {
    console.warn = originalWarn;
  });

  it('dispatches one bubbling, composed anim-error on a microtask, never synchronously', async () => {
    const el = document.createElement('div');
    document.body.append(el);
    const atBody = collectErrors(document.body);
    reportError(el, 'bad-attribute', 'speed: "abc" is not a number');
    expect(atBody, 'not dispatched inside the call').to.have.length(0);
    await Promise.resolve();
    expect(atBody).to.deep.equal([{ code: 'bad-attribute', message: 'speed: "abc" is not a number', source: el }]);
    el.remove();
  });

  it('waits for the end of a frame when raised inside one', async () => {
    const el = document.createElement('div');
    const seen = collectErrors(el);
    eventQueue.beginFrame();
    reportError(el, 'unknown-clip', 'no clip "Fly"');
    await Promise.resolve();
    expect(seen, 'held while the frame runs').to.have.length(0);
    eventQueue.endFrame();
    expect(seen.map((d) => d.code)).to.deep.equal(['unknown-clip']);
  });

  it('warns once per code per element, but fires every time', async () => {
    const a = document.createElement('div');
    const b = document.createElement('div');
    const seen = [...[a, b].map(collectErrors)];
    reportError(a, 'bad-attribute', 'one');
    reportError(a, 'bad-attribute', 'two');
    reportError(a, 'load-failed', 'three');
    reportError(b, 'bad-attribute', 'four');
    await Promise.resolve();
    expect(seen[0].map((d) => d.message)).to.deep.equal(['one', 'two', 'three']);
    expect(seen[1].map((d) => d.message)).to.deep.equal(['four']);
    expect(warnings.map((w) => String(w[0]))).to.deep.equal([
      '<div> bad-attribute: one',
      '<div> load-failed: three',
      '<div> bad-attribute: four',
    ]);
  });

  it('keeps the order of events queued by listeners', async () => {
    const el = document.createElement('div');
    const order: string[] = [];
    el.addEventListener('anim-error', (e) => {
      order.push(e.detail.message);
      if (e.detail.message === 'first') reportError(el, 'bad-attribute', 'from listener');
    });
    reportError(el, 'bad-attribute', 'first');
    reportError(el, 'bad-attribute', 'second');
    await Promise.resolve();
    await Promise.resolve();
    expect(order).to.deep.equal(['first', 'second', 'from listener']);
    expect(eventQueue.size).to.equal(0);
  });
});

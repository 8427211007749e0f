import { expect } from '@open-wc/testing';
import {
  advanceClock,
  type Clock,
  createClock,
  crossedEvents,
  resetClock,
  type WrapMode,
} from '../../src/runtime/index.js';

function clock(wrap: WrapMode, speed = 1, start = 0, end = 1): Clock {
  const c = createClock();
  resetClock(c, start, end, speed, wrap);
  return c;
}

/** Runs a clock in fixed steps and records times, loops, finishes and crossed events by name. */
function run(c: Clock, dt: number, steps: number, events: number[] = []) {
  const times = Float32Array.from(events);
  const out = new Int32Array(64);
  const fired: number[] = [];
  let loops = 0;
  let finishes = 0;
  for (let i = 0; i < steps; i++) {
    advanceClock(c, dt);
    const n = crossedEvents(c, times, out, 0);
    for (let k = 0; k < n; k++) fired.push(events[out[k]]);
    loops += c.stepLoops;
    if (c.stepFinished) finishes++;
  }
  return { fired, loops, finishes, time: c.time };
}

describe('runtime: clock wrap modes', () => {
  it('repeat wraps forward and reports each loop', () => {
    // steps are powers of two so the sums are exact
    const r = run(clock('repeat'), 0.25, 12); // 3.0 s
    expect(r.loops).to.equal(3);
    expect(r.time).to.be.closeTo(0, 1e-9);
    const r2 = run(clock('repeat'), 0.25, 5);
    expect(r2.time).to.be.closeTo(0.25, 1e-9);
  });

  it('repeat wraps backward with a negative speed', () => {
    const c = clock('repeat', -1);
    expect(c.time).to.equal(1);
    const r = run(c, 0.3, 4); // 1 → 0.7 → 0.4 → 0.1 → 0.8 (wrapped)
    expect(r.loops).to.equal(1);
    expect(r.time).to.be.closeTo(0.8, 1e-9);
  });

  it('once stops at the end, finishes once, and no longer advances', () => {
    const c = clock('once');
    const r = run(c, 0.4, 6);
    expect(r.finishes).to.equal(1);
    expect(c.finished).to.equal(true);
    expect(r.time).to.equal(1);
    const back = run(clock('once', -2), 0.2, 5);
    expect(back.finishes).to.equal(1);
    expect(back.time).to.equal(0);
  });

  it('clamp holds at the edge, reports it once, and moves again when the speed changes sign', () => {
    const c = clock('clamp');
    const r = run(c, 0.4, 6);
    expect(r.finishes).to.equal(1);
    expect(c.finished).to.equal(false);
    c.speed = -1;
    const back = run(c, 0.4, 1);
    expect(back.time).to.be.closeTo(0.6, 1e-9);
    const again = run(c, 0.4, 3);
    expect(again.finishes).to.equal(1);
    expect(again.time).to.equal(0);
  });

  it('pingpong bounces at each end, counting a loop per bounce', () => {
    const r = run(clock('pingpong'), 0.3, 5); // 1.5 s: up to 1, back to 0.5
    expect(r.loops).to.equal(1);
    expect(r.time).to.be.closeTo(0.5, 1e-9);
    const r2 = run(clock('pingpong'), 0.25, 12); // 3.0 s: 1, 0, 1
    expect(r2.loops).to.equal(3);
    expect(r2.time).to.be.closeTo(1, 1e-9);
  });

  it('plays inside a window [start, end]', () => {
    const r = run(clock('repeat', 1, 2, 3), 0.25, 8); // 2 s in a 1 s window: two loops, back at its start
    expect(r.time).to.be.closeTo(2, 1e-9);
    expect(r.loops).to.equal(2);
  });

  it('ignores a non-finite dt', () => {
    const c = clock('repeat');
    advanceClock(c, Number.NaN);
    advanceClock(c, Number.POSITIVE_INFINITY);
    expect(c.time).to.equal(0);
  });
});

describe('runtime: clip events crossed per step', () => {
  it('forward: each event once, including one at the start on the first step', () => {
    const r = run(clock('once'), 0.1, 12, [0, 0.25, 0.5, 1]);
    expect(r.fired).to.deep.equal([0, 0.25, 0.5, 1]);
  });

  it('an event exactly on a step boundary fires once', () => {
    const r = run(clock('once'), 0.25, 4, [0.5]);
    expect(r.fired).to.deep.equal([0.5]);
  });

  it('repeat: once per loop across the seam; events at the end fire as a loop ends, at the start as one begins', () => {
    const r = run(clock('repeat'), 0.25, 12, [0, 0.5, 1]); // 3 s: three loops
    expect(r.fired.filter((e) => e === 0.5).length).to.equal(3);
    // the start fires at play and after each of the 3 seams; the end at each seam
    expect(r.fired.filter((e) => e === 0).length).to.equal(4);
    expect(r.fired.filter((e) => e === 1).length).to.equal(3);
  });

  it('repeat in one huge step fires each event once per loop crossed, in order', () => {
    const c = clock('repeat');
    const r = run(c, 2.5, 1, [0.5]);
    expect(r.fired).to.deep.equal([0.5, 0.5, 0.5]);
    expect(r.loops).to.equal(2);
  });

  it('backward: events fire in reverse order, once each', () => {
    const r = run(clock('once', -1), 0.1, 12, [0.2, 0.6]);
    expect(r.fired).to.deep.equal([0.6, 0.2]);
  });

  it('pingpong: an event at the turning point fires once per bounce, others once per pass', () => {
    const r = run(clock('pingpong'), 0.25, 12, [0.5, 1]); // 0→1→0→1
    expect(r.fired).to.deep.equal([0.5, 1, 0.5, 0.5, 1]);
  });

  it('never fires events outside the play window', () => {
    const r = run(clock('repeat', 1, 0.2, 0.8), 0.1, 30, [0.1, 0.9, 0.5]);
    expect(r.fired.every((e) => e === 0.5)).to.equal(true);
    expect(r.fired.length).to.equal(5);
  });
});

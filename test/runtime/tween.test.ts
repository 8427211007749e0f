import { expect } from '@open-wc/testing';
import { Quaternion, Color as ThreeColor } from 'three';
import {
  advanceTween,
  createTweenState,
  createTweenTiming,
  interpolateValues,
  linearToSrgb,
  NAMED_EASINGS,
  resetTween,
  seekTween,
  srgbToLinear,
  TWEEN_END,
  TWEEN_LOOP,
  TWEEN_START,
  type TweenState,
  type TweenTiming,
} from '../../src/runtime/index.js';
import { expectQuatClose } from '../helpers/math.js';

/** Plays a tween in fixed steps; per step the progress and the events raised. */
function run(timing: TweenTiming, dt: number, count: number): Array<{ p: number; e: number; loops: number }> {
  const state = createTweenState();
  resetTween(timing, state);
  state.playing = true;
  const out = [];
  for (let i = 0; i < count; i++) {
    advanceTween(timing, state, dt);
    out.push({ p: Math.round(state.progress * 1e9) / 1e9, e: state.events, loops: state.loops });
  }
  return out;
}

const progressOf = (steps: Array<{ p: number }>) => steps.map((s) => s.p);
const eventsOf = (steps: Array<{ e: number }>) => steps.map((s) => s.e);

describe('tween timing', () => {
  it('holds the start during the delay, then runs, reporting start and end once', () => {
    const steps = run(createTweenTiming({ duration: 1, delay: 0.5 }), 0.25, 8);
    expect(progressOf(steps)).to.deep.equal([0, 0, 0.25, 0.5, 0.75, 1, 1, 1]);
    expect(eventsOf(steps)).to.deep.equal([0, TWEEN_START, 0, 0, 0, TWEEN_END, 0, 0]);
  });

  it('iterations n plays n times with a loop event at each seam', () => {
    const steps = run(createTweenTiming({ duration: 1, iterations: 3 }), 0.5, 7);
    expect(progressOf(steps)).to.deep.equal([0.5, 0, 0.5, 0, 0.5, 1, 1]);
    expect(eventsOf(steps)).to.deep.equal([TWEEN_START, TWEEN_LOOP, 0, TWEEN_LOOP, 0, TWEEN_END, 0]);
  });

  it('counts every seam one large step crosses', () => {
    const steps = run(createTweenTiming({ duration: 0.25, iterations: Number.POSITIVE_INFINITY }), 0.875, 2);
    expect(steps[0]).to.deep.equal({ p: 0.5, e: TWEEN_START | TWEEN_LOOP, loops: 3 });
    expect(steps[1]).to.deep.equal({ p: 0, e: TWEEN_LOOP, loops: 4 });
  });

  it('infinite iterations never end (30 seams in 30 s)', () => {
    const steps = run(createTweenTiming({ duration: 1, iterations: Number.POSITIVE_INFINITY }), 0.75, 40);
    expect(steps.some((s) => s.e & TWEEN_END)).to.equal(false);
    expect(steps.filter((s) => s.e & TWEEN_LOOP)).to.have.length(30);
  });

  it('direction: reverse, alternate and alternate-reverse at fixed steps', () => {
    const at = (direction: TweenTiming['direction']) =>
      progressOf(run(createTweenTiming({ duration: 1, iterations: 3, direction }), 0.25, 12));
    expect(at('reverse')).to.deep.equal([0.75, 0.5, 0.25, 1, 0.75, 0.5, 0.25, 1, 0.75, 0.5, 0.25, 0]);
    expect(at('alternate')).to.deep.equal([0.25, 0.5, 0.75, 1, 0.75, 0.5, 0.25, 0, 0.25, 0.5, 0.75, 1]);
    expect(at('alternate-reverse')).to.deep.equal([0.75, 0.5, 0.25, 0, 0.25, 0.5, 0.75, 1, 0.75, 0.5, 0.25, 0]);
  });

  it('an even number of alternate iterations ends back at the start', () => {
    const steps = run(createTweenTiming({ duration: 1, iterations: 2, direction: 'alternate' }), 0.5, 5);
    expect(progressOf(steps)).to.deep.equal([0.5, 1, 0.5, 0, 0]);
    expect(eventsOf(steps)).to.deep.equal([TWEEN_START, TWEEN_LOOP, 0, TWEEN_END, 0]);
  });

  it('applies the easing to each iteration', () => {
    const timing = createTweenTiming({ duration: 2, easing: NAMED_EASINGS['in-quad'] });
    expect(progressOf(run(timing, 0.5, 4))).to.deep.equal([0.0625, 0.25, 0.5625, 1]);
  });

  it('a zero duration jumps to the end once the delay is over', () => {
    const steps = run(createTweenTiming({ duration: 0, delay: 0.2 }), 0.1, 3);
    expect(progressOf(steps)).to.deep.equal([0, 1, 1]);
    expect(eventsOf(steps)).to.deep.equal([0, TWEEN_START | TWEEN_END, 0]);
  });

  it('does nothing while not playing or for a non-finite dt', () => {
    const timing = createTweenTiming();
    const state = createTweenState();
    advanceTween(timing, state, 0.5);
    expect([state.time, state.events]).to.deep.equal([0, 0]);
    state.playing = true;
    advanceTween(timing, state, Number.NaN);
    advanceTween(timing, state, Number.POSITIVE_INFINITY);
    expect([state.time, state.events]).to.deep.equal([0, 0]);
  });

  it('seek moves within the active part without events, and a seeked tween plays on from there', () => {
    const timing = createTweenTiming({ duration: 1, delay: 2, iterations: 2, direction: 'alternate' });
    const state: TweenState = createTweenState();
    seekTween(timing, state, 1.25);
    expect([state.time, state.iteration, state.progress, state.events]).to.deep.equal([3.25, 1, 0.75, 0]);
    seekTween(timing, state, 99);
    expect([state.progress, state.ended]).to.deep.equal([0, true]);
    seekTween(timing, state, -5);
    expect([state.time, state.progress, state.ended]).to.deep.equal([2, 0, false]);
    state.playing = true;
    advanceTween(timing, state, 0.5);
    expect([state.progress, state.events]).to.deep.equal([0.5, 0]);
  });
});

describe('tween values', () => {
  it('mixes numbers and vectors, extrapolating past the ends', () => {
    const out = new Float32Array(3);
    interpolateValues('linear', out, [0, 10, -2], [1, 20, 2], 3, 0.25);
    expect([...out]).to.deep.equal([0.25, 12.5, -1]);
    interpolateValues('linear', out, [0, 0, 0], [1, 1, 1], 3, 1.1);
    expect(out[0]).to.be.closeTo(1.1, 1e-6);
  });

  it("slerps quaternions along the shortest arc, as three's Quaternion.slerp does", () => {
    const a = new Quaternion().setFromAxisAngle({ x: 0, y: 1, z: 0 } as never, 0.3);
    const b = new Quaternion(0.2, -0.5, 0.4, 0.7).normalize();
    const negB = [-b.x, -b.y, -b.z, -b.w];
    const out = new Float32Array(4);
    for (const t of [0, 0.25, 0.5, 0.75, 1]) {
      interpolateValues('quaternion', out, a.toArray(), negB, 4, t);
      const expected = a.clone().slerp(b, t);
      expectQuatClose(out, expected.toArray(), 1e-6, `t=${t}`);
    }
  });

  it("converts colours between sRGB and linear light as three's Color does", () => {
    for (const c of [0, 0.02, 0.04045, 0.2, 0.5, 0.9, 1]) {
      const color = new ThreeColor().setRGB(c, c, c, 'srgb');
      expect(srgbToLinear(c), `srgb ${c}`).to.be.closeTo(color.r, 1e-7);
      // the two pieces of the curve meet only to 1e-7 (0.04045 / 12.92 vs 0.0031308)
      expect(linearToSrgb(srgbToLinear(c)), `round trip ${c}`).to.be.closeTo(c, 1e-7);
    }
  });
});

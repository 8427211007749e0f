import { type Easing, linear } from './easing.js';

/** Which way each iteration runs: CSS's four directions. */
export type TweenDirection = 'normal' | 'reverse' | 'alternate' | 'alternate-reverse';
export const TWEEN_DIRECTIONS: readonly TweenDirection[] = ['normal', 'reverse', 'alternate', 'alternate-reverse'];

/** What one tween does over time; plain data, shared by any number of {@link TweenState}s. */
export interface TweenTiming {
  /** Seconds one iteration lasts (0 jumps straight to its end). */
  duration: number;
  /** Seconds before the first iteration starts. */
  delay: number;
  /** Iterations after the first: 0 plays once, 2 plays three times, `Infinity` never ends. */
  repeat: number;
  direction: TweenDirection;
  easing: Easing;
}

export function createTweenTiming(overrides: Partial<TweenTiming> = {}): TweenTiming {
  return { duration: 1, delay: 0, repeat: 0, direction: 'normal', easing: linear, ...overrides };
}

/** Flags an advance reports (bitwise or'd in {@link TweenState.events}). */
export const TWEEN_START = 1;
export const TWEEN_LOOP = 2;
export const TWEEN_END = 4;

/** One tween's playback: its time and what the last advance crossed. Made once, reused every frame. */
export interface TweenState {
  /** Seconds since the tween began, the delay included. */
  time: number;
  /** Whether `advanceTween` moves time. */
  playing: boolean;
  /** Whether the first iteration has begun (the start was reported). */
  started: boolean;
  /** Whether the last iteration has ended (the end was reported). */
  ended: boolean;
  /** The current iteration, 0-based. */
  iteration: number;
  /** Eased progress from the start value (0) to the end value (1); may overshoot for back and elastic. */
  progress: number;
  /** TWEEN_START | TWEEN_LOOP | TWEEN_END flags raised by the last advance. */
  events: number;
  /** Iterations the last advance completed without ending (usually 0 or 1). */
  loops: number;
}

export function createTweenState(): TweenState {
  return { time: 0, playing: false, started: false, ended: false, iteration: 0, progress: 0, events: 0, loops: 0 };
}

/** Seconds from the end of the delay to the end of the last iteration (`Infinity` when it repeats forever). */
export function activeDuration(timing: TweenTiming): number {
  return timing.duration * (timing.repeat + 1);
}

/**
 * Where `time` (delay included) lies: the iteration and the eased progress, following CSS animations with
 * fill `both`: during the delay the tween holds its starting point, after the end its final point (which
 * is the start value again after an even number of alternate iterations).
 */
export function sampleTween(timing: TweenTiming, state: TweenState, time: number): void {
  const { duration, repeat } = timing;
  const active = Math.max(0, time - timing.delay);
  let iteration: number;
  let fraction: number;
  if (duration <= 0) {
    // a zero-length tween is at the end of its last iteration as soon as it begins
    iteration = Number.isFinite(repeat) ? repeat : 0;
    fraction = time >= timing.delay ? 1 : 0;
  } else if (active >= duration * (repeat + 1)) {
    iteration = repeat;
    fraction = 1;
  } else {
    iteration = Math.floor(active / duration);
    fraction = (active - iteration * duration) / duration;
  }
  state.iteration = iteration;
  state.progress = timing.easing(directed(timing.direction, iteration, fraction));
}

/** The iteration's fraction as it runs in `direction` (reversed on the odd or even iterations). */
function directed(direction: TweenDirection, iteration: number, fraction: number): number {
  const odd = iteration % 2 === 1;
  switch (direction) {
    case 'reverse':
      return 1 - fraction;
    case 'alternate':
      return odd ? 1 - fraction : fraction;
    case 'alternate-reverse':
      return odd ? fraction : 1 - fraction;
    default:
      return fraction;
  }
}

/**
 * Advances a playing tween by `dt` seconds (negative runs it backwards, without events), samples it, and
 * raises the events crossed: the start when the delay is over, a loop at each iteration boundary passed,
 * the end when the last iteration finishes. A non-finite dt does nothing. Never allocates.
 */
export function advanceTween(timing: TweenTiming, state: TweenState, dt: number): void {
  state.events = 0;
  state.loops = 0;
  if (!state.playing || !Number.isFinite(dt)) return;
  const total = timing.delay + activeDuration(timing);
  const from = state.time;
  const to = Math.min(Math.max(0, from + dt), total);
  state.time = to;
  sampleTween(timing, state, to);
  if (dt <= 0) return;

  if (!state.started && to >= timing.delay) {
    state.started = true;
    state.events |= TWEEN_START;
  }
  if (timing.duration > 0 && to > timing.delay) {
    // iteration boundaries strictly inside the active interval, crossed by (from, to]
    const last = Number.isFinite(timing.repeat) ? timing.repeat : Number.POSITIVE_INFINITY;
    const before = Math.min(Math.floor(Math.max(0, from - timing.delay) / timing.duration), last);
    const after = Math.min(Math.floor((to - timing.delay) / timing.duration), last);
    if (after > before) {
      state.loops = after - before;
      state.events |= TWEEN_LOOP;
    }
  }
  if (!state.ended && to >= total) {
    state.ended = true;
    state.playing = false;
    state.events |= TWEEN_END;
  }
}

/**
 * Moves a tween to `time` seconds of its active part (0 = the start of the first iteration, after the
 * delay), clamped to [0, the end]. Raises no events: seeking is scrubbing. A tween seeked to its end counts as
 * ended, and one seeked back before it may end again.
 */
export function seekTween(timing: TweenTiming, state: TweenState, time: number): void {
  state.events = 0;
  state.loops = 0;
  if (Number.isNaN(time)) return;
  const active = Math.min(Math.max(0, time), activeDuration(timing));
  state.time = timing.delay + active;
  state.started = true;
  state.ended = active >= activeDuration(timing);
  sampleTween(timing, state, state.time);
}

/** Puts a tween back before its delay, not playing, with nothing reported. */
export function resetTween(timing: TweenTiming, state: TweenState): void {
  state.time = 0;
  state.playing = false;
  state.started = false;
  state.ended = false;
  state.events = 0;
  state.loops = 0;
  sampleTween(timing, state, 0);
}

import { type Easing, linear } from './easing.js';

/** Which way each iteration runs: the four playback directions of Web Animations (and CSS). */
export type TweenDirection = 'normal' | 'reverse' | 'alternate' | 'alternate-reverse';
export const TWEEN_DIRECTIONS: readonly TweenDirection[] = ['normal', 'reverse', 'alternate', 'alternate-reverse'];

/** Whether the tween applies before its delay ends (`backwards`), after its last iteration (`forwards`), both, or neither. */
export type TweenFill = 'none' | 'forwards' | 'backwards' | 'both';
export const TWEEN_FILLS: readonly TweenFill[] = ['none', 'forwards', 'backwards', 'both'];

/**
 * What one tween does over time, as a Web Animations effect's timing (no iteration start, no end delay);
 * plain data, shared by any number of {@link TweenState}s.
 */
export interface TweenTiming {
  /** Seconds one iteration lasts (0 jumps straight to the end of the last). */
  duration: number;
  /** Seconds before the first iteration starts. */
  delay: number;
  /** How many iterations play: 0 or more, fractions allowed (1.5 ends half-way through the second), `Infinity` never ends. */
  iterations: number;
  direction: TweenDirection;
  fill: TweenFill;
  easing: Easing;
}

export function createTweenTiming(overrides: Partial<TweenTiming> = {}): TweenTiming {
  return { duration: 1, delay: 0, iterations: 1, direction: 'normal', fill: 'both', easing: linear, ...overrides };
}

/** Flags an advance reports (bitwise or'd in {@link TweenState.events}). */
export const TWEEN_START = 1;
export const TWEEN_LOOP = 2;
export const TWEEN_END = 4;

/** One tween's playback: its time and what the last advance crossed. Made once, reused every frame. */
export interface TweenState {
  /** Seconds since the tween began, the delay included (Web Animations' local time). */
  time: number;
  /** Whether `advanceTween` moves time. */
  playing: boolean;
  /** Whether the first iteration has begun (the start was reported). */
  started: boolean;
  /** Whether the last iteration has ended (the end was reported). */
  ended: boolean;
  /** Whether the tween applies at `time`: false before the delay without a backwards fill, and after the end without a forwards one. */
  inEffect: boolean;
  /** The current iteration, 0-based (Web Animations' current iteration; kept while not in effect). */
  iteration: number;
  /** Eased progress from the start value (0) to the end value (1), may overshoot for back and elastic; kept while not in effect. */
  progress: number;
  /** TWEEN_START | TWEEN_LOOP | TWEEN_END flags raised by the last advance. */
  events: number;
  /** Iterations the last advance completed without ending (usually 0 or 1). */
  loops: number;
}

export function createTweenState(): TweenState {
  return {
    time: 0,
    playing: false,
    started: false,
    ended: false,
    inEffect: false,
    iteration: 0,
    progress: 0,
    events: 0,
    loops: 0,
  };
}

/** Seconds from the end of the delay to the end of the last iteration (`Infinity` when it repeats forever). */
export function activeDuration(timing: TweenTiming): number {
  // Web Animations: a zero-length iteration makes a zero-length active interval, even repeated for ever
  return timing.duration > 0 ? timing.duration * timing.iterations : 0;
}

/**
 * Where `time` (delay included) lies, as Web Animations computes an effect's timing (its phases, fill
 * modes, iteration progress and directed progress, with the easing's before flag): sets `inEffect`, and
 * while in effect the iteration and the eased progress.
 */
export function sampleTween(timing: TweenTiming, state: TweenState, time: number): void {
  const { duration, delay, iterations, fill } = timing;
  const active = activeDuration(timing);
  const before = time < delay;
  const after = !before && time >= delay + active;
  const fills = before
    ? fill === 'backwards' || fill === 'both'
    : after
      ? fill === 'forwards' || fill === 'both'
      : true;
  state.inEffect = fills;
  if (!fills) return;
  const activeTime = before ? 0 : Math.min(time - delay, active);
  const overall = duration > 0 ? activeTime / duration : before ? 0 : iterations;
  let simple = Number.isFinite(overall) ? overall % 1 : 0;
  if (simple === 0 && !before && activeTime === active && iterations !== 0) simple = 1;
  let iteration = Math.floor(overall) - (simple === 1 ? 1 : 0);
  if (after && !Number.isFinite(iterations)) iteration = Number.POSITIVE_INFINITY;
  if (iteration < 0) iteration = 0;
  const forwards = isForwards(timing.direction, iteration);
  state.iteration = iteration;
  state.progress = timing.easing(forwards ? simple : 1 - simple, (before && forwards) || (after && !forwards));
}

/**
 * Whether `iteration` runs forwards under `direction`. An endless count (a zero-length tween repeated for
 * ever, after its end) counts as even, so `alternate-reverse` runs it reversed, as Chromium does.
 */
function isForwards(direction: TweenDirection, iteration: number): boolean {
  if (direction === 'normal') return true;
  if (direction === 'reverse') return false;
  const even = !Number.isFinite(iteration) || iteration % 2 === 0;
  return direction === 'alternate' ? even : !even;
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
    const last = Number.isFinite(timing.iterations) ? Math.ceil(timing.iterations) - 1 : Number.POSITIVE_INFINITY;
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
  state.iteration = 0;
  sampleTween(timing, state, 0);
}

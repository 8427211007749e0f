import type { WrapMode } from './wrap-modes.js';

/** Most time segments one advance records (events beyond them in a single huge step are dropped). */
export const MAX_SEGMENTS = 8;

/**
 * Playback time of one clip inside a play window [start, end] (seconds). `once` plays to the end (or,
 * backwards, the start), reports the finish and stops; `clamp` holds at the edge it reached but keeps
 * running, so a speed that changes sign moves it again; `repeat` wraps; `pingpong` bounces, each bounce a
 * loop. Each advance records the time segments it swept (for clip events) and what happened.
 */
export interface Clock {
  time: number;
  speed: number;
  start: number;
  end: number;
  wrap: WrapMode;
  /** Pingpong travel direction relative to the speed's sign: 1 or -1. */
  bounce: number;
  /** Loops completed since play. */
  loops: number;
  /** A `once` clock that reached its end; it no longer advances. */
  finished: boolean;
  /** False until the first advance, which includes the start time in its segment. */
  started: boolean;
  /** Whether a clamp clock sits at the edge it last reached (so the finish is reported once). */
  atEdge: boolean;
  /** Loops completed by the last advance. */
  stepLoops: number;
  /** Whether the last advance reached the end (once, clamp). */
  stepFinished: boolean;
  /** The last advance's segments: from, to, includeFrom (0/1), includeTo (0/1) each. */
  readonly segments: Float64Array;
  segmentCount: number;
}

/** A new clock; its segments in `segments` (MAX_SEGMENTS × 4 floats, a view into a playback's block) if given. */
export function createClock(segments: Float64Array = new Float64Array(MAX_SEGMENTS * 4)): Clock {
  return {
    time: 0,
    speed: 1,
    start: 0,
    end: 0,
    wrap: 'repeat',
    bounce: 1,
    loops: 0,
    finished: false,
    started: false,
    atEdge: false,
    stepLoops: 0,
    stepFinished: false,
    segments,
    segmentCount: 0,
  };
}

/** Restarts a clock in [start, end] at the edge it plays from (the end when the speed is negative). */
export function resetClock(c: Clock, start: number, end: number, speed: number, wrap: WrapMode): void {
  c.start = start;
  c.end = Math.max(start, end);
  c.speed = speed;
  c.wrap = wrap;
  c.time = speed < 0 ? c.end : start;
  c.bounce = 1;
  c.loops = 0;
  c.finished = false;
  c.started = false;
  c.atEdge = false;
  c.stepLoops = 0;
  c.stepFinished = false;
  c.segmentCount = 0;
}

function pushSegment(c: Clock, from: number, to: number, includeFrom: boolean, includeTo: boolean): void {
  if (c.segmentCount >= MAX_SEGMENTS) return;
  const o = c.segmentCount++ * 4;
  c.segments[o] = from;
  c.segments[o + 1] = to;
  c.segments[o + 2] = includeFrom ? 1 : 0;
  c.segments[o + 3] = includeTo ? 1 : 0;
}

/** Advances the clock by dt × speed. A non-finite dt or a finished clock does nothing. */
export function advanceClock(c: Clock, dt: number): void {
  c.segmentCount = 0;
  c.stepLoops = 0;
  c.stepFinished = false;
  if (c.finished || !Number.isFinite(dt)) return;
  const delta = dt * c.speed;
  if (delta === 0 || !Number.isFinite(delta)) return;
  const first = !c.started;
  c.started = true;
  const length = c.end - c.start;
  if (length <= 0) {
    c.time = c.start;
    if (c.wrap === 'once' || (c.wrap === 'clamp' && !c.atEdge)) finish(c);
    return;
  }
  switch (c.wrap) {
    case 'repeat':
      advanceRepeat(c, delta, length, first);
      break;
    case 'pingpong':
      advancePingPong(c, delta, length, first);
      break;
    default:
      advanceToEdge(c, delta, first);
  }
}

/**
 * Moves the clock by `delta` seconds of the clip as an advance would, whatever its speed: the swept segments
 * are recorded, so the events between fire once, in the direction it moved (for a clock a binding holds).
 */
export function moveClock(c: Clock, delta: number): void {
  const speed = c.speed;
  c.speed = 1;
  advanceClock(c, delta);
  c.speed = speed;
}

function finish(c: Clock): void {
  c.stepFinished = true;
  c.atEdge = true;
  if (c.wrap === 'once') c.finished = true;
}

function advanceToEdge(c: Clock, delta: number, first: boolean): void {
  const from = c.time;
  const target = from + delta;
  if (delta > 0) {
    if (target < c.end) {
      pushSegment(c, from, target, first, true);
      c.time = target;
      c.atEdge = false;
      return;
    }
    if (from < c.end || first) pushSegment(c, from, c.end, first, true);
    c.time = c.end;
  } else {
    if (target > c.start) {
      pushSegment(c, from, target, first, true);
      c.time = target;
      c.atEdge = false;
      return;
    }
    if (from > c.start || first) pushSegment(c, from, c.start, first, true);
    c.time = c.start;
  }
  if (!c.atEdge || from !== c.time) finish(c);
}

function advanceRepeat(c: Clock, delta: number, length: number, first: boolean): void {
  // A seam is two moments: the end of one loop (events at `end` fire) and the start of the next.
  const from = c.time;
  if (delta > 0) {
    const target = from + delta;
    if (target < c.end) {
      pushSegment(c, from, target, first, true);
      c.time = target;
      return;
    }
    pushSegment(c, from, c.end, first, true);
    const over = target - c.end;
    const full = Math.floor(over / length);
    const rest = over - full * length;
    for (let i = 0; i < full && i < MAX_SEGMENTS; i++) pushSegment(c, c.start, c.end, true, true);
    pushSegment(c, c.start, c.start + rest, true, true);
    c.time = c.start + rest;
    c.stepLoops = full + 1;
  } else {
    const target = from + delta;
    if (target >= c.start) {
      pushSegment(c, from, target, first, true);
      c.time = target;
      return;
    }
    pushSegment(c, from, c.start, first, true);
    const over = c.start - target;
    const full = Math.floor(over / length);
    const rest = over - full * length;
    for (let i = 0; i < full && i < MAX_SEGMENTS; i++) pushSegment(c, c.end, c.start, true, true);
    pushSegment(c, c.end, c.end - rest, true, true);
    c.time = rest === 0 ? c.start : c.end - rest;
    c.stepLoops = full + 1;
  }
  c.loops += c.stepLoops;
}

function advancePingPong(c: Clock, delta: number, length: number, first: boolean): void {
  let remaining = Math.abs(delta);
  let forward = delta * c.bounce > 0;
  // Whole round trips beyond a few are counted, not walked.
  const trips = Math.floor(remaining / (2 * length));
  if (trips > 2) {
    remaining -= (trips - 2) * 2 * length;
    c.stepLoops += (trips - 2) * 2;
  }
  let includeFrom = first;
  while (remaining > 0) {
    const edge = forward ? c.end : c.start;
    const room = Math.abs(edge - c.time);
    if (remaining < room) {
      const to = c.time + (forward ? remaining : -remaining);
      pushSegment(c, c.time, to, includeFrom, true);
      c.time = to;
      break;
    }
    pushSegment(c, c.time, edge, includeFrom, true);
    c.time = edge;
    remaining -= room;
    includeFrom = false;
    forward = !forward;
    c.bounce = -c.bounce;
    c.stepLoops++;
  }
  c.loops += c.stepLoops;
}

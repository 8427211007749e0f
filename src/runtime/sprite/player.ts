import { advanceClock, type Clock, createClock, resetClock } from '../clock.js';
import { AnimError } from '../errors.js';
import type { WrapMode } from '../wrap-modes.js';
import type { SpriteSheet } from './sheet.js';

export interface SpriteTimingOptions {
  /** Frames per second for frames without a time of their own (default 12). */
  fps?: number;
  /** Seconds per frame, overriding the atlas and fps: one value for every frame, or one per played frame. */
  durations?: readonly number[];
  /** Whether `fps` overrides the atlas's own frame times (default false: the atlas's times win). */
  fpsOverridesAtlas?: boolean;
  /** First and last frame played, inclusive (default the whole sheet). */
  frameStart?: number;
  frameEnd?: number;
}

/** When each played frame begins: frames `first..last` of a sheet laid end to end. Immutable. */
export interface SpriteTimeline {
  readonly first: number;
  readonly last: number;
  /** Per played frame its start time in seconds, plus the total length at the end (count + 1 values). */
  readonly starts: Float64Array;
  readonly length: number;
}

function bad(message: string): never {
  throw new AnimError('bad-sprite-sheet', message);
}

/**
 * Lays out the frames `frameStart..frameEnd` in time. Throws `bad-sprite-sheet` for a frame range outside
 * the sheet, an fps that is not positive, or durations that are not positive or do not match the range.
 */
export function buildSpriteTimeline(sheet: SpriteSheet, options: SpriteTimingOptions = {}): SpriteTimeline {
  const { fps = 12, durations, fpsOverridesAtlas = false } = options;
  const first = options.frameStart ?? 0;
  const last = options.frameEnd ?? sheet.count - 1;
  if (!Number.isInteger(first) || !Number.isInteger(last) || first < 0 || last >= sheet.count || first > last) {
    bad(`frames ${first}..${last} are not a range within the sheet's ${sheet.count} frames (0..${sheet.count - 1})`);
  }
  if (!(fps > 0) || !Number.isFinite(fps)) bad(`fps must be a positive number, got ${fps}`);
  const count = last - first + 1;
  if (durations && durations.length !== 1 && durations.length !== count) {
    bad(`${durations.length} durations for ${count} frames: give one for all, or one per frame`);
  }
  const starts = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) {
    const atlas = sheet.durations[first + i];
    let seconds = 1 / fps;
    if (durations) seconds = durations.length === 1 ? durations[0] : durations[i];
    else if (!fpsOverridesAtlas && !Number.isNaN(atlas)) seconds = atlas;
    if (!(seconds > 0) || !Number.isFinite(seconds)) bad(`frame ${first + i} would last ${seconds} s; it must be > 0`);
    starts[i + 1] = starts[i] + seconds;
  }
  return { first, last, starts, length: starts[count] };
}

/** The sheet frame shown at `time` seconds into a timeline (clamped to its ends). Binary search, no allocation. */
export function spriteFrameAt(timeline: SpriteTimeline, time: number): number {
  const { starts } = timeline;
  const count = starts.length - 1;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= time) lo = mid;
    else hi = mid - 1;
  }
  return timeline.first + lo;
}

/** One sprite's playback over a timeline: a runtime Clock (once, repeat, pingpong, clamp) and the frame it shows. */
export interface SpritePlayer {
  timeline: SpriteTimeline;
  readonly clock: Clock;
  /** The sheet frame shown now. */
  frame: number;
  /** Whether the last advance changed the frame. */
  frameChanged: boolean;
}

export function createSpritePlayer(timeline: SpriteTimeline, wrap: WrapMode = 'repeat', speed = 1): SpritePlayer {
  const player: SpritePlayer = { timeline, clock: createClock(), frame: 0, frameChanged: false };
  restartSprite(player, timeline, wrap, speed);
  return player;
}

/** Starts over on `timeline` from the edge `speed` plays from. */
export function restartSprite(player: SpritePlayer, timeline: SpriteTimeline, wrap: WrapMode, speed: number): void {
  player.timeline = timeline;
  resetClock(player.clock, 0, timeline.length, speed, wrap);
  player.frame = spriteFrameAt(timeline, player.clock.time);
  player.frameChanged = false;
}

/**
 * Advances by `dt` seconds. Afterwards `frame` is the frame to show, `frameChanged` says whether it
 * changed, and the clock's `stepLoops` / `stepFinished` say whether a loop or the finish was passed.
 */
export function advanceSprite(player: SpritePlayer, dt: number): void {
  advanceClock(player.clock, dt);
  // a clock that reached its end sits at `length`, which is the end of the last frame, not a new one
  const frame = spriteFrameAt(player.timeline, Math.min(player.clock.time, player.timeline.length - 1e-9));
  player.frameChanged = frame !== player.frame;
  player.frame = frame;
}

/** Jumps to `time` seconds into the timeline (clamped), keeping the clock's wrap and speed. */
export function seekSprite(player: SpritePlayer, time: number): void {
  if (Number.isNaN(time)) return;
  const { clock, timeline } = player;
  clock.time = Math.min(Math.max(0, time), timeline.length);
  clock.finished = false;
  clock.atEdge = false;
  const frame = spriteFrameAt(timeline, Math.min(clock.time, timeline.length - 1e-9));
  player.frameChanged = frame !== player.frame;
  player.frame = frame;
}

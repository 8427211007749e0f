/** What `debug="stats"` shows: averages over the last window of frames, counts and the last render's cost. */
export interface StatsReading {
  /** Frames per second of the frames' own intervals (wall clock, or the `dt` of `step(dt)`). */
  fps: number;
  /** Mean interval between frames, milliseconds. */
  frameMs: number;
  /** Mean time a frame's own work took (actors, physics, render), milliseconds. */
  workMs: number;
  /** Characters on the stage (their rigs) and actors of every kind. */
  characters: number;
  actors: number;
  /** The last render's draw calls and triangles (`renderer.info.render`). */
  drawCalls: number;
  triangles: number;
  /** Mean time the physics world spent stepping per frame, milliseconds; NaN while no world runs. */
  physicsMs: number;
}

/** What a frame reports besides its timing: read once, when a window closes. */
export interface StatsSource {
  readonly characterCount: number;
  readonly actorCount: number;
}

/**
 * Collects per-frame timings and publishes a `StatsReading` about twice a second (when the frames' intervals
 * add up to `window` seconds), so a page-side display changes a few times a second, never every frame. The
 * same reading object is refilled each time: nothing is allocated per frame.
 */
export class FrameStats {
  readonly reading: StatsReading = {
    fps: 0,
    frameMs: 0,
    workMs: 0,
    characters: 0,
    actors: 0,
    drawCalls: 0,
    triangles: 0,
    physicsMs: Number.NaN,
  };
  #frames = 0;
  #seconds = 0;
  #workMs = 0;
  #physicsMs = 0;
  #physicsFrames = 0;

  constructor(
    readonly publish: (reading: Readonly<StatsReading>) => void,
    readonly window = 0.5,
  ) {}

  /**
   * One frame: `interval` seconds since the previous one (0 for a redraw, which is not counted), `workMs`
   * of work, the render's `drawCalls` and `triangles`, the physics step time (NaN without a world).
   */
  frame(
    source: StatsSource,
    interval: number,
    workMs: number,
    drawCalls: number,
    triangles: number,
    physicsMs: number,
  ): void {
    if (!(interval > 0)) return;
    this.#frames++;
    this.#seconds += interval;
    this.#workMs += workMs;
    if (!Number.isNaN(physicsMs)) {
      this.#physicsMs += physicsMs;
      this.#physicsFrames++;
    }
    // a hair under the window, so 30 steps of 1/60 s close it despite rounding
    if (this.#seconds < this.window - 1e-9) return;
    const r = this.reading;
    r.fps = this.#frames / this.#seconds;
    r.frameMs = (1000 * this.#seconds) / this.#frames;
    r.workMs = this.#workMs / this.#frames;
    r.characters = source.characterCount;
    r.actors = source.actorCount;
    r.drawCalls = drawCalls;
    r.triangles = triangles;
    r.physicsMs = this.#physicsFrames > 0 ? this.#physicsMs / this.#physicsFrames : Number.NaN;
    this.#frames = 0;
    this.#seconds = 0;
    this.#workMs = 0;
    this.#physicsMs = 0;
    this.#physicsFrames = 0;
    this.publish(r);
  }
}

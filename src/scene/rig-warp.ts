import type { Object3D } from 'three';
import { type Clock, MotionWarp, type RootMotion, type WarpTarget, type WarpWindow } from '../runtime/core.js';

/**
 * One motion warp in progress on a rig: the clip plays once, its root motion bent onto the targets window
 * by window (MotionWarp), the clip's play rate set by the warp each frame, and the rig's root placed where
 * the warp puts the character. Ends when the clip finishes (completed) or another clip takes over.
 */
export class RigWarp {
  readonly warp: MotionWarp;
  /** Where each window ended: x, y, z, yaw per window (NaN until reached), for checks and debugging. */
  readonly reached: Float64Array;
  /** The slowest and fastest rates the warp has used so far. */
  minRateUsed = Number.POSITIVE_INFINITY;
  maxRateUsed = 0;
  #previous = 0;
  #baseSpeed = 1;

  /**
   * `clip`: the clip's index in `rootMotion`'s bindings; `duration`: its length in seconds. Returns null when
   * the targets don't fit the windows (count, or a non-finite number).
   */
  static start(
    rootMotion: RootMotion,
    clip: number,
    duration: number,
    windows: readonly WarpWindow[],
    targets: readonly WarpTarget[],
    root: Object3D,
  ): RigWarp | null {
    const warp = new MotionWarp(rootMotion, clip, duration, windows);
    const { x, y, z } = root.position;
    return warp.begin(x, y, z, root.rotation.y, targets) ? new RigWarp(warp) : null;
  }

  private constructor(warp: MotionWarp) {
    this.warp = warp;
    this.reached = new Float64Array(warp.windows.length * 4).fill(Number.NaN);
  }

  get clip(): number {
    return this.warp.clip;
  }

  /** The clip's clock just started: remember its own speed, which the warp's rate multiplies. */
  started(clock: Clock): void {
    this.#baseSpeed = clock.speed;
    this.#previous = clock.time;
  }

  /** Before the clip advances: its rate for this frame. */
  beforeUpdate(clock: Clock): void {
    const rate = this.warp.rate;
    clock.speed = this.#baseSpeed * rate;
    this.#previous = clock.time;
    if (rate < this.minRateUsed) this.minRateUsed = rate;
    if (rate > this.maxRateUsed) this.maxRateUsed = rate;
  }

  /** After the clip advanced: the character's new place on `root`. Returns whether the clip finished. */
  afterUpdate(clock: Clock, root: Object3D): boolean {
    const warp = this.warp;
    let from = this.#previous;
    const to = clock.time;
    // stop at each window end passed, to note where the character was there
    while (warp.windowIndex < warp.windows.length) {
      const i = warp.windowIndex;
      const end = warp.ends[i];
      if (!(from < end && end <= to)) break;
      warp.update(from, end);
      const o = i * 4;
      this.reached[o] = warp.position[0];
      this.reached[o + 1] = warp.position[1];
      this.reached[o + 2] = warp.position[2];
      this.reached[o + 3] = warp.yaw;
      from = end;
      if (warp.windowIndex === i) break;
    }
    warp.update(from, to);
    const p = warp.position;
    root.position.set(p[0], p[1], p[2]);
    root.rotation.y = warp.yaw;
    return clock.finished;
  }

  end(): void {
    this.warp.end();
  }
}

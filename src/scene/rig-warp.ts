import type { Object3D } from 'three';
import { type Clock, MotionWarp, type RootMotion, type WarpTarget, type WarpWindow } from '../runtime/index.js';

/**
 * One motion warp in progress on a rig: the clip plays once, its root motion bent onto the targets window
 * by window (MotionWarp), the clip's play rate set by the warp each frame, and the rig's root placed where
 * the warp puts the character. Ends when the clip finishes (completed) or another clip takes over.
 */
export class RigWarp {
  readonly warp: MotionWarp;
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
    clock.speed = this.#baseSpeed * this.warp.rate;
    this.#previous = clock.time;
  }

  /** After the clip advanced: the character's new place on `root`. Returns whether the clip finished. */
  afterUpdate(clock: Clock, root: Object3D): boolean {
    this.warp.update(this.#previous, clock.time);
    const p = this.warp.position;
    root.position.set(p[0], p[1], p[2]);
    root.rotation.y = this.warp.yaw;
    return clock.finished;
  }

  end(): void {
    this.warp.end();
  }
}

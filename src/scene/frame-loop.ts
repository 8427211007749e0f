import { MAX_FRAME_DT } from './tick-actor.js';

/**
 * The one requestAnimationFrame loop of a stage. It runs while the stage is started, not paused, the page
 * is visible and the observed element is on screen; otherwise no frame is requested at all, so a hidden or
 * scrolled-away scene costs nothing. Time is measured from rAF timestamps, scaled by `timeScale`, and
 * clamped so a long stall (a debugger, a frozen tab) does not become one huge step.
 */
export class FrameLoop {
  /** Longest step one frame may take, in seconds, before scaling. */
  static readonly MAX_FRAME_DT = MAX_FRAME_DT;

  /** Multiplies wall-clock time (not `step` time). 0 freezes animation but keeps rendering. */
  timeScale = 1;
  /** Wall-clock seconds since the previous frame, neither clamped nor scaled; 0 for a redraw or a first frame. */
  interval = 0;

  readonly #tick: (dt: number) => void;
  readonly #intersection: IntersectionObserver;
  #started = false;
  #paused = false;
  #onScreen = true;
  #rafId = 0;
  #lastTime = -1;
  #redrawRequested = false;

  /** `tick(dt)` receives scaled seconds; `dt` is 0 for a redraw of a paused or idle stage. */
  constructor(tick: (dt: number) => void, observed: Element) {
    this.#tick = tick;
    this.#intersection = new IntersectionObserver((entries) => {
      this.#onScreen = entries[entries.length - 1].isIntersecting;
      this.#schedule();
    });
    this.#intersection.observe(observed);
    document.addEventListener('visibilitychange', this.#onVisibility);
  }

  get paused(): boolean {
    return this.#paused;
  }

  set paused(value: boolean) {
    this.#paused = value;
    this.#schedule();
  }

  /** Whether frames are being requested continuously right now. */
  get running(): boolean {
    return this.#started && !this.#paused && this.#onScreen && !document.hidden;
  }

  start(): void {
    this.#started = true;
    this.#schedule();
  }

  stop(): void {
    this.#started = false;
    this.#cancel();
  }

  /** Asks for one frame with dt = 0 (a configuration change while paused still shows). */
  requestRedraw(): void {
    this.#redrawRequested = true;
    this.#schedule();
  }

  dispose(): void {
    this.stop();
    this.#intersection.disconnect();
    document.removeEventListener('visibilitychange', this.#onVisibility);
  }

  readonly #onVisibility = (): void => this.#schedule();

  #schedule(): void {
    const wanted = this.running || (this.#started && this.#redrawRequested && this.#onScreen && !document.hidden);
    if (!wanted) {
      this.#cancel();
      return;
    }
    if (this.#rafId === 0) this.#rafId = requestAnimationFrame(this.#frame);
  }

  #cancel(): void {
    if (this.#rafId !== 0) cancelAnimationFrame(this.#rafId);
    this.#rafId = 0;
    // the next running frame starts a fresh interval instead of counting the paused time
    this.#lastTime = -1;
  }

  readonly #frame = (time: number): void => {
    this.#rafId = 0;
    this.#redrawRequested = false;
    this.interval = 0;
    if (this.running) {
      if (this.#lastTime >= 0) this.interval = (time - this.#lastTime) / 1000;
      this.#lastTime = time;
    }
    const dt = Math.min(this.interval, FrameLoop.MAX_FRAME_DT) * this.timeScale;
    this.#tick(dt);
    this.#schedule();
  };
}

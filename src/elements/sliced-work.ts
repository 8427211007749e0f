import type { Paced } from '../graph/index.js';

/** The longest a slice holds the main thread, in ms: a quarter of a 60 Hz frame, so frames keep their time. */
export const SLICE_MS = 4;

/**
 * Paced work run a slice at a time, each in a task of its own (frames render between them). `done` gets
 * the result; `cancel()` drops the work where it is. Slices are measured by the clock, which only decides
 * where the work pauses, never what it computes.
 */
export class SlicedWork<T> {
  #cancelled = false;

  constructor(
    readonly work: Paced<T>,
    readonly done: (value: T) => void,
    readonly failed: (error: unknown) => void,
  ) {
    this.#schedule();
  }

  cancel(): void {
    this.#cancelled = true;
  }

  #schedule(): void {
    setTimeout(() => this.#slice(), 0);
  }

  #slice(): void {
    if (this.#cancelled) return;
    // a hidden page draws no frames to keep, and throttles timers hard (a minute apart): finish at once there
    const until = document.hidden ? Number.POSITIVE_INFINITY : performance.now() + SLICE_MS;
    try {
      for (;;) {
        const step = this.work.next();
        if (step.done) {
          this.done(step.value);
          return;
        }
        if (performance.now() >= until) break;
      }
    } catch (error) {
      this.failed(error);
      return;
    }
    this.#schedule();
  }
}

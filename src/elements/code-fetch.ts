import { reportError } from './errors.js';
import type { FirstUse } from './first-use.js';

/**
 * One element's wait for code fetched on first use. `need()` hands back the module once it has arrived;
 * before that it starts the fetch (once) and returns undefined, and the element's `arrived` callback runs
 * when the code is there (it binds then). A failed fetch is one `load-failed` on the element (then its
 * `failed` callback runs), not tried again until `retry()` (a change of the page's making: a reconnect, an
 * attribute that rebuilds, another graph to draw).
 */
export class CodeFetch<T> {
  readonly #host: HTMLElement;
  readonly #code: FirstUse<T>;
  /** What the code is, for the message: "the cloth solver". */
  readonly #what: string;
  readonly #arrived: () => void;
  readonly #onFailure: (() => void) | undefined;
  #fetching: Promise<void> | undefined;
  #failed = false;

  constructor(host: HTMLElement, code: FirstUse<T>, what: string, arrived: () => void, failed?: () => void) {
    this.#host = host;
    this.#code = code;
    this.#what = what;
    this.#arrived = arrived;
    this.#onFailure = failed;
  }

  /** Whether a fetch is on its way. */
  get fetching(): boolean {
    return this.#fetching !== undefined;
  }

  /** Whether the last fetch failed (and was reported), and no retry was asked for since. */
  get failed(): boolean {
    return this.#failed;
  }

  need(): T | undefined {
    const loaded = this.#code.loaded;
    if (loaded || this.#fetching || this.#failed) return loaded;
    this.#fetching = this.#code.load().then(
      () => {
        this.#fetching = undefined;
        if (this.#host.isConnected) this.#arrived();
      },
      (error) => {
        this.#fetching = undefined;
        this.#failed = true;
        this.#onFailure?.();
        if (this.#host.isConnected)
          reportError(this.#host, 'load-failed', `${this.#what} could not be fetched (${error})`);
      },
    );
    return undefined;
  }

  retry(): void {
    this.#failed = false;
  }

  /**
   * The element's updateComplete with the fetch an update started, and the update its arrival made:
   * `update` is the element's own `super.getUpdateComplete`.
   */
  async afterUpdates(update: () => Promise<boolean>): Promise<boolean> {
    let done = await update();
    while (this.#fetching) {
      await this.#fetching;
      done = await update();
    }
    return done;
  }
}

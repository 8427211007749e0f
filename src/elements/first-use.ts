import { CodedError } from '../scene/coded-error.js';

/**
 * Code fetched on first use (a dynamic import): `load()` starts the fetch once and hands every asker the same
 * promise; a failed fetch is forgotten, so the next asker tries again. `loaded` holds the module once it has
 * arrived, for work that must stay synchronous (a frame, a sync of markup).
 */
export class FirstUse<T> {
  loaded: T | undefined;
  #loading: Promise<T> | undefined;

  constructor(public fetch: () => Promise<T>) {}

  load(): Promise<T> {
    this.#loading ??= this.fetch().then(
      (module) => (this.loaded = module),
      (error) => {
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }

  /**
   * Starts the fetch beside other work (a file's download) and gives the promise to await after it. A failed
   * fetch rejects with a load-failed naming `what`; a caller that gives up before awaiting (an aborted or
   * failed download) leaves no unhandled rejection behind.
   */
  loadBeside(what: string): Promise<T> {
    const loading = this.load().catch((error: unknown) => {
      throw new CodedError('load-failed', `the ${what} could not be fetched (${error})`, { cause: error });
    });
    loading.catch(() => {});
    return loading;
  }
}

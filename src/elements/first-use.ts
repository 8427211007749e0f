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
}

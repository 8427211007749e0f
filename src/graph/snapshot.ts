import type { GraphInstance } from './instance.js';

/**
 * Saves and restores a graph run's whole state (its instance's slots, fades and blend weights, and the
 * params) as a row of numbers, so a run can be put back to any frame it was in: the inspector's scrubber
 * and the start of a replay. The row is `size` numbers; saving and restoring allocate nothing.
 */
export class GraphSnapshot {
  readonly size: number;
  readonly #arrays: (Int32Array | Float64Array)[];

  constructor(
    readonly instance: GraphInstance,
    readonly params: Float64Array,
  ) {
    this.#arrays = instance.stateArrays();
    let size = 1 + params.length;
    for (const a of this.#arrays) size += a.length;
    this.size = size;
  }

  save(out: Float64Array, offset: number): void {
    let o = offset;
    out[o++] = this.instance.entryPending ? 1 : 0;
    for (let i = 0; i < this.params.length; i++) out[o++] = this.params[i];
    const arrays = this.#arrays;
    for (let k = 0; k < arrays.length; k++) {
      const a = arrays[k];
      for (let i = 0; i < a.length; i++) out[o++] = a[i];
    }
  }

  restore(from: ArrayLike<number>, offset: number): void {
    let o = offset;
    this.instance.entryPending = from[o++] === 1;
    for (let i = 0; i < this.params.length; i++) this.params[i] = from[o++];
    const arrays = this.#arrays;
    for (let k = 0; k < arrays.length; k++) {
      const a = arrays[k];
      for (let i = 0; i < a.length; i++) a[i] = from[o++];
    }
  }
}

/**
 * The event buffer of the runtime's per-frame kernels (a playback, a graph instance): records stored as
 * columns (a kind, then integer and float fields), sized once at construction. A kernel clears it at the
 * start of an update and pushes what it raises; readers walk rows [0, count). Nothing is allocated after
 * construction: a record past the capacity is dropped and counted in `dropped`, never grown mid-frame.
 */
export class EventColumns {
  /** Each record's kind (a kernel's own constants, 0–255). */
  readonly kind: Uint8Array;
  /** The integer fields, one column each (indices, counts, flags). */
  readonly ints: readonly Int32Array[];
  /** The float fields, one column each (times). */
  readonly floats: readonly Float64Array[];
  /** Records of the last update. */
  count = 0;
  /** Records the last update raised past the capacity (not stored). */
  dropped = 0;

  constructor(capacity: number, intColumns: number, floatColumns = 0) {
    this.kind = new Uint8Array(capacity);
    this.ints = Array.from({ length: intColumns }, () => new Int32Array(capacity));
    this.floats = Array.from({ length: floatColumns }, () => new Float64Array(capacity));
  }

  get capacity(): number {
    return this.kind.length;
  }

  clear(): void {
    this.count = 0;
    this.dropped = 0;
  }

  /** Starts a record of `kind` and returns its row for the fields, or -1 when full (the record is dropped). */
  push(kind: number): number {
    const row = this.count;
    if (row >= this.kind.length) {
      this.dropped++;
      return -1;
    }
    this.kind[row] = kind;
    this.count = row + 1;
    return row;
  }
}

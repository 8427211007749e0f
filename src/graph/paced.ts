/**
 * Work that can pause: a generator that yields between items, so a caller on the page's main thread can
 * spread a large compile over several tasks (the previous graph runs meanwhile), while every other caller
 * runs it straight through with `finish`.
 */
export type Paced<T> = Generator<void, T, void>;

/** Items handled between two pauses: small enough that a pause comes every fraction of a millisecond. */
export const PACE_ITEMS = 256;

/** Whether item `i` of a loop is where the work may pause. */
export function pausesAt(i: number): boolean {
  return i % PACE_ITEMS === PACE_ITEMS - 1;
}

/** Runs paced work to its end at once. */
export function finish<T>(work: Paced<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

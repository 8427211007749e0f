import { expect } from '@open-wc/testing';

/** A seeded pseudo-random generator (mulberry32), so numeric tests are repeatable. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomQuat(r: () => number): number[] {
  const q = [r() - 0.5, r() - 0.5, r() - 0.5, r() - 0.5];
  const n = Math.hypot(...q);
  return q.map((v) => v / n);
}

export function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, tol: number, what = ''): void {
  expect(actual.length, `${what} length`).to.equal(expected.length);
  for (let i = 0; i < actual.length; i++) {
    if (!(Math.abs(actual[i] - expected[i]) <= tol)) {
      expect.fail(`${what}[${i}]: ${actual[i]} differs from ${expected[i]} by more than ${tol}`);
    }
  }
}

/** Quaternions compared without regard to sign (q and −q are one rotation). */
export function expectQuatClose(actual: ArrayLike<number>, expected: ArrayLike<number>, tol: number, what = ''): void {
  const dot = actual[0] * expected[0] + actual[1] * expected[1] + actual[2] * expected[2] + actual[3] * expected[3];
  const s = dot < 0 ? -1 : 1;
  expectClose(
    [actual[0] * s, actual[1] * s, actual[2] * s, actual[3] * s],
    [expected[0], expected[1], expected[2], expected[3]],
    tol,
    what,
  );
}

/**
 * The used JS heap after full collections: Chromium runs the tests with `--js-flags=--expose-gc` and
 * `--enable-precise-memory-info` (tools/find-chrome.mjs).
 */

/** Whether gc() is exposed (false in a browser started without the flag). */
export const canCollect = () => typeof (globalThis as { gc?: unknown }).gc === 'function';

/** Used heap after a full collection; Rapier's wrappers are finalized in a task after one, hence the second. */
export async function heapAfterGc(): Promise<number> {
  const gc = (globalThis as unknown as { gc: () => void }).gc;
  gc();
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  return (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize;
}

/**
 * The least growth between consecutive readings over the last `count` of them: something kept per frame grows in
 * every stretch, while V8's warm-up (feedback, compiled code) lands kilobytes in some stretches and none in others.
 */
export function leastGrowth(readings: readonly number[], count: number): number {
  let least = Number.POSITIVE_INFINITY;
  for (let i = readings.length - count; i < readings.length; i++)
    least = Math.min(least, readings[i] - readings[i - 1]);
  return least;
}

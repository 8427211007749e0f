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

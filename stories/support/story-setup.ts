// Work a story starts after it renders (a level put into its scene once physics runs, …). The screenshot
// tests (test/visual/story-runner.ts) wait for it before they step time, so the picture does not depend on
// how fast that work finished.
const pending = new Set<Promise<unknown>>();

/** Registers `work` as part of the story's setup; returns it. */
export function storySetup<T>(work: Promise<T>): Promise<T> {
  pending.add(work);
  const done = () => pending.delete(work);
  work.then(done, done);
  return work;
}

/**
 * Runs `work` on the next animation frame (once the story's elements are on the page), registered as setup:
 * the screenshot tests step time only after it has finished.
 */
export function setupAfterFrame<T>(work: () => T | Promise<T>): Promise<T> {
  return storySetup(new Promise((resolve) => requestAnimationFrame(resolve)).then(work));
}

/** Resolves once every setup registered so far has finished (or failed). */
export async function storySetupDone(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

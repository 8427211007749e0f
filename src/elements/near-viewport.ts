/** How far outside the viewport a lazy element starts loading: a screen's worth of scrolling ahead. */
const MARGIN = '100% 0px';

/**
 * Calls `onNear` once, when `el` comes within about a viewport's height of being visible (`loading="lazy"`).
 * Returns a function that stops watching.
 */
export function whenNearViewport(el: Element, onNear: () => void): () => void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: MARGIN },
  );
  observer.observe(el);
  return () => observer.disconnect();
}

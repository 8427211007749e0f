/**
 * What the page's bindings (`<anim-bind>`) watch, shared by all of them and cheap to poll every frame: the
 * pointer's last position, and a layout epoch bumped whenever styles or layout may have changed (a resize, a
 * `style` or `class` attribute, nodes added or removed). A binding re-reads computed style or element boxes
 * only when the epoch has moved, so a still page costs a few number comparisons a frame.
 * Listeners are installed for the first binding and removed with the last.
 */

let users = 0;
let observer: MutationObserver | null = null;

/** The pointer in viewport px (NaN until it has moved over the page) and a count of its moves. */
export const pointer = { x: Number.NaN, y: Number.NaN, moves: 0 };

let epoch = 1;

/** The pointer's position 0–1 (clamped) along `axis` over `el`'s box, or over the viewport when `el` is null. */
export function pointerProgress(axis: 'x' | 'y', el: Element | null): number {
  let v: number;
  if (el === null) v = axis === 'x' ? pointer.x / window.innerWidth : pointer.y / window.innerHeight;
  else {
    const box = el.getBoundingClientRect();
    v = axis === 'x' ? (pointer.x - box.left) / box.width : (pointer.y - box.top) / box.height;
  }
  return Math.min(1, Math.max(0, v));
}

/** Bumped whenever styles or layout may have changed; compare it with the value read last. */
export function layoutEpoch(): number {
  return epoch;
}

const bump = (): void => {
  epoch++;
};

const onPointer = (e: PointerEvent): void => {
  pointer.x = e.clientX;
  pointer.y = e.clientY;
  pointer.moves++;
};

/** Starts watching (for one more binding); call `unwatchPage` when it lets go. */
export function watchPage(): void {
  if (users++ > 0) return;
  window.addEventListener('pointermove', onPointer, { passive: true, capture: true });
  window.addEventListener('pointerdown', onPointer, { passive: true, capture: true });
  window.addEventListener('resize', bump, { passive: true });
  observer = new MutationObserver(bump);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['style', 'class'],
    childList: true,
    subtree: true,
  });
}

export function unwatchPage(): void {
  if (users === 0 || --users > 0) return;
  window.removeEventListener('pointermove', onPointer, { capture: true });
  window.removeEventListener('pointerdown', onPointer, { capture: true });
  window.removeEventListener('resize', bump);
  observer?.disconnect();
  observer = null;
}

let reducedMotion: MediaQueryList | null = null;

/** Whether the page asks for reduced motion (`prefers-reduced-motion: reduce`), read without allocating. */
export function prefersReducedMotion(): boolean {
  reducedMotion ??= matchMedia('(prefers-reduced-motion: reduce)');
  return reducedMotion.matches;
}

/**
 * The error convention of every element: a bad input never throws out of an element and never stops the
 * other characters. It becomes one `anim-error` event (`detail: {code, message, source}`, bubbling and
 * composed) plus one console warning per code **per element**: a page with two broken characters warns
 * about each, while one character with a bad value set every frame warns once.
 */
import { ERROR_CODES, type ErrorCode } from '../scene/coded-error.js';
import { eventQueue } from '../scene/event-queue.js';

export type { ErrorCode };
export { ERROR_CODES };

export interface AnimErrorDetail {
  /** A stable code, see {@link ErrorCode}. */
  code: ErrorCode;
  /** What went wrong, naming the bad value (a URL, a clip name, an attribute value). */
  message: string;
  /** The element that reported it (the event may bubble far from it). */
  source: Element;
}

declare global {
  interface HTMLElementEventMap {
    'anim-error': CustomEvent<AnimErrorDetail>;
  }
}

const warnedCodes = new WeakMap<Element, Set<ErrorCode>>();

/**
 * Reports a bad input on `el`: queues one `anim-error` event (dispatched after the current frame, or on a
 * microtask outside a frame, never synchronously) and warns on the console the first time `el` reports
 * `code`. Never throws.
 */
export function reportError(el: Element, code: ErrorCode, message: string): void {
  let warned = warnedCodes.get(el);
  if (!warned) warnedCodes.set(el, (warned = new Set()));
  if (!warned.has(code)) {
    warned.add(code);
    console.warn(`<${el.localName}> ${code}: ${message}`);
  }
  const detail: AnimErrorDetail = { code, message, source: el };
  eventQueue.enqueue(el, new CustomEvent('anim-error', { detail, bubbles: true, composed: true }));
}

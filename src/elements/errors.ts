/**
 * The error convention of every element: a bad input never throws out of an element and never stops the
 * other characters. It becomes one `anim-error` event (`detail: {code, message, source}`, bubbling and
 * composed) plus one console warning per code **per element**: a page with two broken characters warns
 * about each, while one character with a bad value set every frame warns once (a crowd's copies count as
 * one element: see warnAmong).
 *
 * {@link reportCaught} is the one guard between the layers below and the page: a coded error (the
 * runtime's or the scene's) becomes `anim-error` with its public code, anything else `internal` on the
 * element that owns the work, with the original message.
 */
import { describeValue } from '../runtime/describe-value.js';
import { AnimError, ERROR_CODES, type ErrorCode, publicCode } from '../runtime/errors.js';
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

const warnedCodes = new WeakMap<Element, Set<ErrorCode>>();

/**
 * Has `el` warn on the console once per code together with every element given the same `warned` set: a
 * crowd's copies are alike, so a problem of its template warns once for all of them, not once per copy.
 */
export function warnAmong(el: Element, warned: Set<ErrorCode>): void {
  warnedCodes.set(el, warned);
}

/**
 * Reports a bad input on `el`: queues one `anim-error` event (dispatched after the current frame, or on a
 * microtask outside a frame, never synchronously) and warns on the console the first time `el` reports
 * `code`. Never throws. Messages longer than MAX_MESSAGE characters are cut, saying how long they were.
 */
export function reportError(el: Element, code: ErrorCode, text: string): void {
  const message = shortMessage(text);
  let warned = warnedCodes.get(el);
  if (!warned) warnedCodes.set(el, (warned = new Set()));
  if (!warned.has(code)) {
    warned.add(code);
    console.warn(`<${el.localName}> ${code}: ${message}`);
  }
  const detail: AnimErrorDetail = { code, message, source: el };
  eventQueue.enqueue(el, new CustomEvent('anim-error', { detail, bubbles: true, composed: true }));
}

/** Longest message an anim-error carries: a megabyte-long name quoted whole would flood every listener and log. */
const MAX_MESSAGE = 600;

/** `message` cut to MAX_MESSAGE characters, saying how long it was. */
function shortMessage(message: string): string {
  if (message.length <= MAX_MESSAGE) return message;
  return `${message.slice(0, MAX_MESSAGE - 40)}… (message cut: ${message.length} characters)`;
}

/** The public code and message for a caught `error`: its own code when it carries one, else `internal`. */
export function classifyError(error: unknown, context?: string): { code: ErrorCode; message: string } {
  const prefix = context ? `${context}: ` : '';
  if (error instanceof AnimError) return { code: publicCode(error.code), message: `${prefix}${error.message}` };
  const what = error instanceof Error ? `${error.name}: ${error.message}` : describeValue(error);
  return { code: 'internal', message: `${prefix}unexpected ${what}` };
}

/**
 * The guard: reports a caught `error` on `el` (see {@link classifyError}) and returns the code and message
 * reported; `context` (a URL, a method call) starts the message. An `internal` error also goes to the
 * console whole, stack and all. Never throws.
 */
export function reportCaught(el: Element, error: unknown, context?: string): { code: ErrorCode; message: string } {
  const reported = classifyError(error, context);
  if (reported.code === 'internal') console.error(`<${el.localName}>`, error);
  reportError(el, reported.code, reported.message);
  return reported;
}

const reportedCauses = new Set<string>();

/**
 * Reports a failure that several elements, or several tries, may meet (the scene, a controller and a ragdoll
 * all asking for physics while its package is missing) once per page: the first element to meet a cause (its
 * code and message) reports it; later meetings of the same cause stay quiet, a different cause is reported.
 */
export function reportCaughtOnce(el: Element, error: unknown, context?: string): void {
  const { code, message } = classifyError(error, context);
  const cause = `${code}|${message}`;
  if (reportedCauses.has(cause)) return;
  reportedCauses.add(cause);
  reportCaught(el, error, context);
}

/**
 * Runs `work` for a public method of `el`; anything it throws is reported by {@link reportCaught} and
 * `fallback` returned instead, so no bad argument ever throws out of an element.
 */
export function guarded<T>(el: Element, context: string, work: () => T, fallback: T): T {
  try {
    return work();
  } catch (error) {
    reportCaught(el, error, context);
    return fallback;
  }
}

import { reportError } from './errors.js';
import type { Parsed } from './units.js';

/**
 * The rule every parsed property setter follows: `null`/`undefined` (attribute removed) restores the
 * default; text that parses becomes the new value; anything else reports one `bad-attribute` error naming
 * the attribute and the value, and keeps the current value.
 *
 * Non-string input (a number set from JavaScript) goes through the same parser as its text, so
 * `el.exposure = -1` and `exposure="-1"` fail alike.
 */
export function acceptValue<T>(
  el: Element,
  attribute: string,
  input: unknown,
  parse: (text: string) => Parsed<T>,
  current: T,
  fallback: T,
): T {
  if (input === null || input === undefined) return fallback;
  const parsed = parse(String(input));
  if (parsed.ok) return parsed.value;
  reportError(el, 'bad-attribute', `${attribute}: ${parsed.message}`);
  return current;
}

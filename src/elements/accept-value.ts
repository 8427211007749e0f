import { cutText, describeValue } from '../runtime/describe-value.js';
import { reportError } from './errors.js';
import type { Parsed } from './units.js';

/**
 * The rule every parsed property setter follows: `null`/`undefined` (attribute removed) restores the
 * default; text that parses becomes the new value; anything else reports one `bad-attribute` error naming
 * the attribute and the value (cut to a readable length), and keeps the current value.
 *
 * Non-string input (a number set from JavaScript) goes through the same parser as its text, so
 * `el.exposure = -1` and `exposure="-1"` fail alike; a value with no text (a Symbol, an object whose
 * `toString` throws) is reported, never thrown.
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
  const text = textOf(input);
  if (text === undefined) {
    reportError(el, 'bad-attribute', `${attribute}: ${describeValue(input)} is not a value it takes`);
    return current;
  }
  const parsed = parse(text);
  if (parsed.ok) return parsed.value;
  // parsers quote the whole text: a 1 MB attribute is echoed cut, with its length
  const message = text.length > 100 ? parsed.message.split(text).join(cutText(text)) : parsed.message;
  reportError(el, 'bad-attribute', `${attribute}: ${message}`);
  return current;
}

/** The text a value parses from: a string as it is, a number or a BigInt as written; undefined for a Symbol or a value whose `toString` fails. */
function textOf(input: unknown): string | undefined {
  if (typeof input === 'string') return input;
  if (typeof input === 'symbol') return undefined;
  try {
    return String(input);
  } catch {
    return undefined;
  }
}

/**
 * A public method's numeric argument: true when `value` is a finite number; otherwise reports one
 * `bad-attribute` naming the call and the value (`step(NaN)`, `seek(10n)`, `step(Symbol(x))`) and returns false.
 */
export function acceptFinite(el: Element, call: string, value: unknown, meaning: string): value is number {
  if (typeof value === 'number' && Number.isFinite(value)) return true;
  reportError(el, 'bad-attribute', `${call}(${describeValue(value)}): ${meaning}`);
  return false;
}

/**
 * A list property's input as the text its attribute would hold (`[1, 2, 3]` → `"1 2 3"`); anything else as
 * it is. A list that has no text (it holds a Symbol) is passed on as it is, for {@link acceptValue} to report.
 */
export function listText(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  try {
    return value.join(' ');
  } catch {
    return value;
  }
}

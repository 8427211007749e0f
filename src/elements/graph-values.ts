/**
 * Parsers for the graph elements' attributes, on top of units.ts: a number or a param's name, a param's
 * value (a number or true/false).
 */
import type { ParamType } from '../graph/index.js';
import { type Parsed, parseNumber } from './units.js';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A number (`1.5`), or the name of a param whose value is used each frame (`speed`). */
export function parseNumberOrParam(text: string, range: { min?: number; max?: number } = {}): Parsed<number | string> {
  const trimmed = text.trim();
  if (IDENTIFIER.test(trimmed)) return { ok: true, value: trimmed };
  const n = parseNumber(trimmed, range);
  if (n.ok) return n;
  const bounds = range.min !== undefined && range.max !== undefined ? ` from ${range.min} to ${range.max}` : '';
  return { ok: false, message: `"${text}" is neither a number${bounds} nor a param name` };
}

/** A param's value: `true` / `false`, or a number. */
export function parseParamValue(text: string): Parsed<number | boolean> {
  const word = text.trim().toLowerCase();
  if (word === 'true') return { ok: true, value: true };
  if (word === 'false') return { ok: true, value: false };
  const n = parseNumber(text);
  return n.ok ? n : { ok: false, message: `"${text}" is not a number, true or false` };
}

/**
 * A value given to a param from script, coerced to the param's type: numbers for float and int (numeric
 * text too), true/false (or 1/0, or their text) for bool and trigger. Undefined when it does not fit.
 */
export function coerceParamValue(type: ParamType, value: unknown): number | boolean | undefined {
  let v = value;
  if (typeof value === 'string') {
    const parsed = parseParamValue(value);
    if (!parsed.ok) return undefined;
    v = parsed.value;
  }
  if (type === 'bool' || type === 'trigger') {
    if (typeof v === 'boolean') return v;
    return v === 0 || v === 1 ? v === 1 : undefined;
  }
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

import { WRAP_MODES } from '../runtime/core.js';
import { type Parsed, parseEnum, parseLength, parseNumber, parseTime } from './units.js';

// The readers of <anim-sprite>'s attributes: counts, indices, rates, the loop enum, frame times.

export const parseCount = (text: string) => parseWhole(text, 1);
export const parseIndex = (text: string) => parseWhole(text, 0);
export const parseFps = (text: string) => parseNumber(text, { min: Number.MIN_VALUE });
export const parseWrap = (text: string) => parseEnum(text, WRAP_MODES);
export const parseHeight = (text: string) => parseLength(text, { min: Number.MIN_VALUE });

function parseWhole(text: string, min: number): Parsed<number> {
  const n = parseNumber(text, { min });
  return n.ok && !Number.isInteger(n.value) ? { ok: false, message: `"${text}" is not a whole number` } : n;
}

export function parseDurations(text: string): Parsed<number[]> {
  const out: number[] = [];
  for (const part of text.trim().split(/[\s,]+/)) {
    const time = parseTime(part, { min: Number.MIN_VALUE });
    if (!time.ok) return { ok: false, message: `"${text}" is not a list of frame times (e.g. "100ms 100ms 250ms")` };
    out.push(time.value);
  }
  return { ok: true, value: out };
}

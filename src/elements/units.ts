/**
 * The one converter from markup to values. Every attribute of every element goes through here, so units
 * mean the same thing everywhere:
 *
 * - times: a bare number is seconds; `150ms` and `0.15s` are accepted. Result in seconds.
 * - angles: a bare number is degrees; `deg`, `rad` and `turn` are accepted. Result in degrees (element
 *   properties speak degrees; the scene converts to radians).
 * - lengths: a bare number is metres; `m`, `cm` and `mm` are accepted. Result in metres.
 * - vectors: three lengths separated by spaces or commas (`"0 1.2 0"`, `"0, 120cm, 0"`).
 * - camera orbit: `"yaw pitch distance"` (`"30deg 15deg 4m"`).
 * - booleans: by presence, as in HTML (`controls` and `controls="false"` are both true).
 * - enums and token lists: one (or several, space separated) of a fixed set of words.
 *
 * Parsers never throw: each returns `{ ok: true, value }` or `{ ok: false, message }`, and the message
 * quotes the bad text so the error event can name it.
 */

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

export interface NumberRange {
  /** Smallest accepted value (inclusive). */
  min?: number;
  /** Largest accepted value (inclusive). */
  max?: number;
}

export interface CameraOrbit {
  /** Degrees around the vertical axis; 0 looks at the target from +Z, positive turns counter-clockwise seen from above. */
  yaw: number;
  /** Degrees above the horizon, -90..90. */
  pitch: number;
  /** Metres from the target, > 0. */
  distance: number;
}

export type Vector3Tuple = [x: number, y: number, z: number];

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const fail = <T>(text: string, expected: string): Parsed<T> => ({
  ok: false,
  message: `"${text}" is not ${expected}`,
});

// A CSS-like number followed by an optional unit: "1", "-.5", "2e3", "150ms", "90deg".
const QUANTITY = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)([a-z]*)$/i;

/** Scale factors from each accepted unit to the base unit; the empty unit is the bare number. */
type UnitTable = Readonly<Record<string, number>>;
const TIME_UNITS: UnitTable = { '': 1, s: 1, ms: 0.001 };
const ANGLE_UNITS: UnitTable = { '': 1, deg: 1, rad: 180 / Math.PI, turn: 360 };
const LENGTH_UNITS: UnitTable = { '': 1, m: 1, cm: 0.01, mm: 0.001 };

function describeRange(range: NumberRange, unit: string): string {
  const { min, max } = range;
  if (min !== undefined && max !== undefined) return ` between ${min}${unit} and ${max}${unit}`;
  if (min !== undefined) return min === 0 ? ' (zero or more)' : ` of at least ${min}${unit}`;
  if (max !== undefined) return ` of at most ${max}${unit}`;
  return '';
}

function parseQuantity(
  text: string,
  units: UnitTable,
  expected: string,
  range: NumberRange,
  unit = '',
): Parsed<number> {
  const what = `${expected}${describeRange(range, unit)}`;
  const match = QUANTITY.exec(text.trim());
  if (!match) return fail(text, what);
  const factor = units[match[2].toLowerCase()];
  if (factor === undefined) return fail(text, what);
  const value = Number(match[1]) * factor;
  if (!Number.isFinite(value)) return fail(text, what);
  if (range.min !== undefined && value < range.min) return fail(text, what);
  if (range.max !== undefined && value > range.max) return fail(text, what);
  return ok(value);
}

/** A plain number (no unit), e.g. `exposure="1.2"`. */
export function parseNumber(text: string, range: NumberRange = {}): Parsed<number> {
  return parseQuantity(text, { '': 1 }, 'a number', range);
}

/** A time in seconds: `2`, `0.15s`, `150ms`. */
export function parseTime(text: string, range: NumberRange = {}): Parsed<number> {
  return parseQuantity(text, TIME_UNITS, 'a time (seconds, or with s / ms)', range, 's');
}

/** An angle in degrees: `90`, `90deg`, `1.57rad`, `0.25turn`. */
export function parseAngle(text: string, range: NumberRange = {}): Parsed<number> {
  return parseQuantity(text, ANGLE_UNITS, 'an angle (degrees, or with deg / rad / turn)', range, 'deg');
}

/** A length in metres: `1.8`, `1.8m`, `180cm`, `1800mm`. */
export function parseLength(text: string, range: NumberRange = {}): Parsed<number> {
  return parseQuantity(text, LENGTH_UNITS, 'a length (metres, or with m / cm / mm)', range, 'm');
}

function splitList(text: string): string[] {
  const trimmed = text.trim();
  return trimmed === '' ? [] : trimmed.split(/[\s,]+/);
}

/** Three lengths, `"x y z"` in metres (spaces or commas between them). */
export function parseVector3(text: string): Parsed<Vector3Tuple> {
  const parts = splitList(text);
  const expected = 'a vector "x y z" of three lengths in metres';
  if (parts.length !== 3) return fail(text, expected);
  const out: number[] = [];
  for (const part of parts) {
    const length = parseLength(part);
    if (!length.ok) return fail(text, expected);
    out.push(length.value);
  }
  return ok(out as Vector3Tuple);
}

/** `"yaw pitch distance"`: two angles (degrees by default) and a length, e.g. `"30deg 15deg 4m"`. */
export function parseCameraOrbit(text: string): Parsed<CameraOrbit> {
  const parts = splitList(text);
  const expected = 'a camera orbit "yaw pitch distance" (e.g. "30deg 15deg 4m"; pitch within ±90deg, distance > 0)';
  if (parts.length !== 3) return fail(text, expected);
  const yaw = parseAngle(parts[0]);
  const pitch = parseAngle(parts[1], { min: -90, max: 90 });
  const distance = parseLength(parts[2], { min: 0 });
  if (!yaw.ok || !pitch.ok || !distance.ok || distance.value === 0) return fail(text, expected);
  return ok({ yaw: yaw.value, pitch: pitch.value, distance: distance.value });
}

/** The canonical text of a camera orbit, e.g. `"30deg 15deg 4m"`. */
export function formatCameraOrbit(orbit: CameraOrbit): string {
  return `${orbit.yaw}deg ${orbit.pitch}deg ${orbit.distance}m`;
}

/** HTML boolean attributes: present (any value, even `"false"`) means true, absent (null) means false. */
export function parseBooleanAttribute(text: string | null): boolean {
  return text !== null;
}

/** One word out of `allowed`, compared without regard to case and surrounding spaces. */
export function parseEnum<T extends string>(text: string, allowed: readonly T[]): Parsed<T> {
  const word = text.trim().toLowerCase();
  const found = allowed.find((candidate) => candidate === word);
  return found === undefined ? fail(text, `one of ${allowed.join(', ')}`) : ok(found);
}

/** Zero or more words out of `allowed`, separated by spaces or commas; duplicates collapse. */
export function parseTokenList<T extends string>(text: string, allowed: readonly T[]): Parsed<T[]> {
  const out: T[] = [];
  for (const part of splitList(text)) {
    const token = parseEnum(part, allowed);
    if (!token.ok) return fail(text, `a list of ${allowed.join(', ')}`);
    if (!out.includes(token.value)) out.push(token.value);
  }
  return ok(out);
}

/** A CSS colour the browser understands (`#223`, `rebeccapurple`, `rgb(…)`, `oklch(…)`, `transparent`). */
export function parseColor(text: string): Parsed<string> {
  const trimmed = text.trim();
  return trimmed !== '' && CSS.supports('color', trimmed) ? ok(trimmed) : fail(text, 'a CSS colour');
}

/** Three angles, `"x y z"` in degrees (each may carry deg / rad / turn): Euler angles applied X, then Y, then Z. */
export function parseAngles3(text: string): Parsed<Vector3Tuple> {
  const parts = splitList(text);
  const expected = 'three angles "x y z" in degrees';
  if (parts.length !== 3) return fail(text, expected);
  const out: number[] = [];
  for (const part of parts) {
    const angle = parseAngle(part);
    if (!angle.ok) return fail(text, expected);
    out.push(angle.value);
  }
  return ok(out as Vector3Tuple);
}

/** A scale: one number for all three axes (`"2"`) or three (`"1 2 1"`). */
export function parseScale(text: string): Parsed<Vector3Tuple> {
  const parts = splitList(text);
  const expected = 'a scale: one number, or three "x y z"';
  if (parts.length !== 1 && parts.length !== 3) return fail(text, expected);
  const out: number[] = [];
  for (const part of parts) {
    const n = parseNumber(part);
    if (!n.ok) return fail(text, expected);
    out.push(n.value);
  }
  return ok((out.length === 1 ? [out[0], out[0], out[0]] : out) as Vector3Tuple);
}

// ClipTime lives in the runtime (pure), so the graph layer reads a graph file's windows with it too.
export { type ClipTime, formatClipTime, parseClipTime, resolveClipTime } from '../runtime/clip-time.js';

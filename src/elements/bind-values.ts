/** The values `<anim-bind>` parses: its pointer source, its `bind` source, and its mapping values. */
import type { Parsed } from './units.js';

export interface PointerSource {
  axis: 'x' | 'y';
  /** Over the character's box (`scene`, the scene's for a character in one) or the viewport (`page`). */
  area: 'scene' | 'page';
}

export type BindSource = { kind: 'css'; property: string } | { kind: 'input'; selector: string };

/** A mapping value: a plain number (seconds for a clip), or a percentage (of the clip, or of 1 for a param). */
export interface BindValue {
  value: number;
  percent: boolean;
}

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(text: string, expected: string): Parsed<T> => ({ ok: false, message: `"${text}" is not ${expected}` });

/** `x` or `y`, optionally with `scene` (the default) or `page`, in either order. */
export function parsePointer(text: string): Parsed<PointerSource> {
  const words = text.trim().split(/\s+/);
  const axes = words.filter((w) => w === 'x' || w === 'y') as ('x' | 'y')[];
  const areas = words.filter((w) => w === 'scene' || w === 'page') as ('scene' | 'page')[];
  if (axes.length !== 1 || areas.length > 1 || axes.length + areas.length !== words.length)
    return fail(text, 'a pointer axis, x or y, optionally with scene or page');
  return ok({ axis: axes[0], area: areas[0] ?? 'scene' });
}

/** `--name` (a CSS custom property) or a selector of an input element (`#speed`). */
export function parseBindSource(text: string): Parsed<BindSource> {
  const t = text.trim();
  if (/^--[A-Za-z0-9_-]+$/.test(t) && t.length > 2) return ok({ kind: 'css', property: t });
  const expected = 'a CSS custom property (--name) or a selector of an input element (#slider)';
  if (t === '' || t.startsWith('--')) return fail(text, expected);
  try {
    document.createDocumentFragment().querySelector(t);
  } catch {
    return fail(text, expected);
  }
  return ok({ kind: 'input', selector: t });
}

const VALUE = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)(%|s|ms)?$/i;

/** A number, seconds (`1.5s`, `1500ms`) or a percentage (`40%`). */
export function parseBindValue(text: string): Parsed<BindValue> {
  const m = VALUE.exec(text.trim());
  const value = m ? Number(m[1]) : Number.NaN;
  if (!m || !Number.isFinite(value)) return fail(text, 'a number, a time (1.5s, 1500ms) or a percentage (40%)');
  const unit = (m[2] ?? '').toLowerCase();
  return ok({ value: unit === 'ms' ? value / 1000 : value, percent: unit === '%' });
}

/** `still`: a progress 0–1, or a percentage 0%–100%. */
export function parseStill(text: string): Parsed<number> {
  const parsed = parseBindValue(text);
  if (!parsed.ok || /s$/i.test(text.trim())) return fail(text, 'a progress between 0 and 1, or a percentage');
  const v = parsed.value.percent ? parsed.value.value / 100 : parsed.value.value;
  return v >= 0 && v <= 1 ? ok(v) : fail(text, 'a progress between 0 and 1, or a percentage');
}

/** The text a mapping value was given as. */
export function formatBindValue(v: BindValue): number | string {
  return v.percent ? `${v.value}%` : v.value;
}

/** A mapping value: a percentage of `whole`, else the number itself. */
export function mapped(v: BindValue, whole: number): number {
  return v.percent ? (v.value / 100) * whole : v.value;
}

/** The object a dotted `path` from `target` ends in and its last key, when that is a number; else null. */
export function numberAt(target: object, path: string): { holder: Record<string, unknown>; key: string } | null {
  const keys = path.split('.');
  let holder = target as Record<string, unknown> | null;
  for (const key of keys.slice(0, -1)) holder = (holder?.[key] ?? null) as Record<string, unknown> | null;
  const key = keys[keys.length - 1];
  return holder !== null && typeof holder[key] === 'number' ? { holder, key } : null;
}

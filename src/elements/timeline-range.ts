/**
 * Scroll and view timelines in CSS's own terms, parsed and resolved without the DOM: `scroll()` / `view()`
 * (scroll-animations-1) and `animation-range`. The page measures (see page-timeline.ts); this module turns
 * scroll offsets and sizes into progress, exactly as the browser's ScrollTimeline / ViewTimeline do.
 */
import type { Parsed } from './units.js';

export type ScrollerKind = 'nearest' | 'root' | 'self';
/** `block` and `inline` follow a horizontal writing mode: block is y, inline is x. */
export type TimelineAxis = 'block' | 'inline' | 'x' | 'y';

/** A length or percentage: `px` or `%`. */
export interface LengthPercentage {
  value: number;
  unit: 'px' | '%';
}

export type TimelineSource =
  | { kind: 'scroll'; scroller: ScrollerKind; axis: TimelineAxis }
  | { kind: 'view'; axis: TimelineAxis; insetStart: LengthPercentage | 'auto'; insetEnd: LengthPercentage | 'auto' };

export const RANGE_NAMES = ['cover', 'contain', 'entry', 'exit', 'entry-crossing', 'exit-crossing'] as const;
export type RangeName = (typeof RANGE_NAMES)[number];

/** One end of an `animation-range`: a named range (null: the whole timeline) and an offset into it. */
export interface RangeEdge {
  name: RangeName | null;
  offset: LengthPercentage;
}

export interface TimelineRange {
  start: RangeEdge;
  end: RangeEdge;
}

/** `normal normal`: the whole timeline. */
export const WHOLE_RANGE: TimelineRange = {
  start: { name: null, offset: { value: 0, unit: '%' } },
  end: { name: null, offset: { value: 100, unit: '%' } },
};

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(text: string, expected: string): Parsed<T> => ({ ok: false, message: `"${text}" is not ${expected}` });

const AXES: readonly string[] = ['block', 'inline', 'x', 'y'];
const SCROLLERS: readonly string[] = ['nearest', 'root', 'self'];
const LENGTH = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)(px|%)$/i;

function lengthPercentage(token: string): LengthPercentage | null {
  if (token === '0') return { value: 0, unit: 'px' };
  const m = LENGTH.exec(token);
  if (!m) return null;
  const value = Number(m[1]);
  return Number.isFinite(value) ? { value, unit: m[2] === '%' ? '%' : 'px' } : null;
}

/**
 * `scroll([<scroller> || <axis>])` or `view([<axis> || <inset>{1,2}])`: scroller `nearest` (the default),
 * `root` or `self`; axis `block` (the default), `inline`, `x` or `y`; insets `auto` or lengths in `px` or
 * `%` of the scrollport (one for both ends, or start then end).
 */
export function parseTimeline(text: string): Parsed<TimelineSource> {
  const expected = 'scroll([nearest|root|self] [block|inline|x|y]) or view([block|inline|x|y] [inset [inset]])';
  const m = /^\s*(scroll|view)\(([^()]*)\)\s*$/i.exec(text);
  if (!m) return fail(text, expected);
  const words = m[2].trim() === '' ? [] : m[2].trim().split(/\s+/);
  let axis: TimelineAxis | null = null;
  if (m[1].toLowerCase() === 'scroll') {
    let scroller: ScrollerKind | null = null;
    for (const w of words) {
      if (AXES.includes(w) && axis === null) axis = w as TimelineAxis;
      else if (SCROLLERS.includes(w) && scroller === null) scroller = w as ScrollerKind;
      else return fail(text, expected);
    }
    return ok({ kind: 'scroll', scroller: scroller ?? 'nearest', axis: axis ?? 'block' });
  }
  const insets: (LengthPercentage | 'auto')[] = [];
  for (const w of words) {
    if (AXES.includes(w) && axis === null && insets.length === 0) {
      axis = w as TimelineAxis;
      continue;
    }
    const inset = w === 'auto' ? 'auto' : lengthPercentage(w);
    if (inset === null || insets.length === 2) return fail(text, expected);
    insets.push(inset);
  }
  // the axis may also follow the insets (`view(20px block)`), as CSS's `||` allows
  const start = insets[0] ?? 'auto';
  return ok({ kind: 'view', axis: axis ?? 'block', insetStart: start, insetEnd: insets[1] ?? start });
}

/**
 * CSS `animation-range`: `normal`, or a start and an optional end, each `normal`, a length-percentage of the
 * whole timeline, or a range name (`cover`, `contain`, `entry`, `exit`, `entry-crossing`, `exit-crossing`)
 * with an optional length-percentage into it (0% for a start, 100% for an end). A start with a name and no
 * end ends at that name's 100% (`entry` is `entry 0% entry 100%`); otherwise a missing end is `normal`.
 */
export function parseRange(text: string): Parsed<TimelineRange> {
  const expected =
    'an animation-range: "normal", or a start and an end, each a length (px) or percentage, optionally after a range name (cover, contain, entry, exit, entry-crossing, exit-crossing)';
  const tokens = text.trim().split(/\s+/);
  if (tokens.length === 0 || tokens[0] === '') return fail(text, expected);
  let i = 0;
  const edge = (isStart: boolean): RangeEdge | null => {
    const fallback: LengthPercentage = { value: isStart ? 0 : 100, unit: '%' };
    const token = tokens[i];
    if (token === 'normal') {
      i++;
      return { name: null, offset: fallback };
    }
    if ((RANGE_NAMES as readonly string[]).includes(token)) {
      i++;
      const offset = i < tokens.length ? lengthPercentage(tokens[i]) : null;
      if (offset) i++;
      return { name: token as RangeName, offset: offset ?? fallback };
    }
    const offset = lengthPercentage(token);
    if (!offset) return null;
    i++;
    return { name: null, offset };
  };
  const start = edge(true);
  if (!start) return fail(text, expected);
  let end: RangeEdge | null =
    start.name === null ? WHOLE_RANGE.end : { name: start.name, offset: { value: 100, unit: '%' } };
  if (i < tokens.length) end = edge(false);
  if (!end || i < tokens.length) return fail(text, expected);
  return ok({ start, end });
}

/** The text of a range as CSS writes it. */
export function formatRange(range: TimelineRange): string {
  const edge = (e: RangeEdge) => `${e.name ? `${e.name} ` : ''}${e.offset.value}${e.offset.unit}`;
  return `${edge(range.start)} ${edge(range.end)}`;
}

/**
 * What the page measured along the timeline's axis, in px: the scroll offset and its largest value, the
 * scrollport's size, and for a view timeline the subject's start (its offset at scroll 0) and size and the
 * insets' resolved px.
 */
export interface TimelineGeometry {
  scroll: number;
  maxScroll: number;
  viewport: number;
  subjectStart: number;
  subjectSize: number;
  insetStart: number;
  insetEnd: number;
}

/** Scroll offsets [from, to] of a named range of a view timeline (null: its whole timeline, cover). */
function namedRange(
  kind: TimelineSource['kind'],
  name: RangeName | null,
  g: TimelineGeometry,
  out: Float64Array,
): void {
  if (kind === 'scroll') {
    // a scroll timeline has no named ranges: every name means the whole scroll range
    out[0] = 0;
    out[1] = g.maxScroll;
    return;
  }
  const vs = g.insetStart;
  const ve = g.viewport - g.insetEnd;
  const s = g.subjectStart;
  const h = g.subjectSize;
  const coverStart = s - ve;
  const coverEnd = s + h - vs;
  const fits = h <= ve - vs;
  const containStart = fits ? s + h - ve : s - vs;
  const containEnd = fits ? s - vs : s + h - ve;
  switch (name) {
    case 'contain':
      out[0] = containStart;
      out[1] = containEnd;
      return;
    case 'entry':
      out[0] = coverStart;
      out[1] = containStart;
      return;
    case 'exit':
      out[0] = containEnd;
      out[1] = coverEnd;
      return;
    case 'entry-crossing':
      out[0] = coverStart;
      out[1] = s + h - ve;
      return;
    case 'exit-crossing':
      out[0] = s - vs;
      out[1] = coverEnd;
      return;
    default:
      out[0] = coverStart;
      out[1] = coverEnd;
  }
}

const SPAN = new Float64Array(2);

function edgeOffset(kind: TimelineSource['kind'], edge: RangeEdge, g: TimelineGeometry): number {
  namedRange(kind, edge.name, g, SPAN);
  const { value, unit } = edge.offset;
  return unit === '%' ? SPAN[0] + (SPAN[1] - SPAN[0]) * (value / 100) : SPAN[0] + value;
}

/**
 * Progress 0–1 through `range` at the measured scroll offset, clamped (an animation filling both ways); an
 * empty range is 0 before its point and 1 from it on. Allocates nothing.
 */
export function rangeProgress(kind: TimelineSource['kind'], range: TimelineRange, g: TimelineGeometry): number {
  const from = edgeOffset(kind, range.start, g);
  const to = edgeOffset(kind, range.end, g);
  if (!(to > from)) return g.scroll >= to ? 1 : 0;
  const p = (g.scroll - from) / (to - from);
  return Math.min(1, Math.max(0, p));
}

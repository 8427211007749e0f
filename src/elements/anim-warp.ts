import { css, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { WarpWindow } from '../runtime/core.js';
import { acceptValue } from './accept-value.js';
import { type ClipTimeValue, clipTimeValue } from './clip-time-value.js';
import { type ClipTime, formatClipTime, type Parsed, parseClipTime, parseNumber } from './units.js';

/** A window of a clip: where it starts and ends, both seconds or both shares of the clip. */
export interface WarpSpan {
  readonly start: ClipTime;
  readonly end: ClipTime;
}

const DEFAULT_WINDOWS: readonly WarpSpan[] = [{ start: { fraction: 0 }, end: { fraction: 1 } }];
const DEFAULT_MIN_RATE = 0.5;
const DEFAULT_MAX_RATE = 2;

const EXAMPLE = '"10%-35% 35%-60%" or "0.2s-0.7s 0.7s-1.2s"';
const value = (time: ClipTime) => time.fraction ?? time.seconds;
const unitOf = (time: ClipTime) => (time.fraction !== undefined ? 'percentages' : 'seconds');

/**
 * `"10%-35% 35%-60%"` or `"0.2s-0.7s 0.7s-1.2s"`: windows `start-end` in order, each bound a clip time, all
 * of one list in one unit (so their order is known before the clip's length is), each starting before it
 * ends and none before the previous one ends.
 */
export function parseWindows(text: string): Parsed<WarpSpan[]> {
  const tokens = text
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean);
  const bad = (why: string): Parsed<WarpSpan[]> => ({ ok: false, message: `"${text}": ${why}` });
  const spans: WarpSpan[] = [];
  for (const token of tokens) {
    // split at the hyphen between the bounds, not the one of an exponent (2e-3s)
    const bounds = token.split(/(?<![e])-/i).map(parseClipTime);
    if (bounds.length !== 2 || !bounds[0].ok || !bounds[1].ok) {
      return bad(`"${token}" is not a window "start-end" of clip times (seconds or percentages, e.g. ${EXAMPLE})`);
    }
    const span = { start: bounds[0].value, end: bounds[1].value };
    const first = spans[0]?.start ?? span.start;
    if (unitOf(span.start) !== unitOf(first) || unitOf(span.end) !== unitOf(first)) {
      return bad(`"${token}" mixes seconds and percentages; give every bound of the list in one unit`);
    }
    if (!(value(span.start) < value(span.end))) {
      const [from, to] = [formatClipTime(span.start), formatClipTime(span.end)];
      return bad(`window "${token}" starts at ${from}, not before its end ${to}`);
    }
    const previous = spans[spans.length - 1];
    if (previous && value(span.start) < value(previous.end)) {
      return bad(`"${token}" starts before the previous window ends (${formatClipTime(previous.end)})`);
    }
    spans.push(span);
  }
  if (spans.length === 0) return bad(`names no window (${EXAMPLE})`);
  return { ok: true, value: spans };
}

/** A property value back to markup: a pair `[start, end]` of numbers (seconds) or texts, or the text itself. */
function windowsText(input: unknown): unknown {
  if (!Array.isArray(input)) return input;
  return input.map((w) => (Array.isArray(w) ? `${clipText(w[0])}-${clipText(w[1])}` : String(w))).join(' ');
}

const clipText = (bound: unknown) => (typeof bound === 'number' ? `${bound}s` : String(bound).trim());

const parseRate = (text: string) => {
  const parsed = parseNumber(text, { min: 0 });
  return parsed.ok && parsed.value === 0 ? { ok: false as const, message: `"${text}" is not a rate above 0` } : parsed;
};

/**
 * Motion-warping windows for one clip of a character. `hero.warp('vault', targets)` plays the clip once
 * with its root motion bent so the character ends each window on its target (one target per window,
 * `{x, y, z}` in metres and optionally `yaw` in degrees, with `offset` / `yawOffset` in the target's own
 * frame): the translation is corrected in proportion to the root motion accumulated in the window, the
 * heading turns to the target's by the window's normalized time, and the play rate scales by authored
 * over desired distance, clamped to [`min-rate`, `max-rate`]. The character fires `anim-warp-end` when the
 * clip has played through (or another clip took over). Outside windows the authored motion plays as is.
 *
 * A vault over an obstacle might warp three windows (the front edge, the rear edge, the landing); a climb
 * one (the top of the ledge). The element holds a definition only; it draws nothing.
 *
 * @summary Motion-warping windows for a clip: `warp(name, targets)` bends its root motion onto targets.
 *
 * @attr clip - The clip it warps (a model clip or an `<anim-clip>` name; windows are measured in the whole model clip).
 * @attr name - The name `warp()` calls it by. Default: `clip`.
 * @attr windows - Space-separated windows `start-end` in order, each bound a clip time: seconds into the clip (`"0.2s-0.7s 0.7s-1.2s"`, bare numbers are seconds too) or percentages of its length (`"10%-35% 35%-60% 60%-90%"`), one unit for the whole list; bounds past the clip's end stop at it. Each window starts before it ends and none before the previous one ends; a list that breaks this reports `bad-attribute` naming the bounds and the previous windows stay. Default `"0%-100%"`.
 * @attr min-rate - Slowest play rate inside a window (greater than 0). Default 0.5.
 * @attr max-rate - Fastest play rate inside a window (greater than 0; below `min-rate` it is raised to it). Default 2.
 *
 * @prop {string} clip - See the `clip` attribute.
 * @prop {string} name - See the `name` attribute.
 * @prop {[number | string, number | string][]} windows - See the `windows` attribute: `[start, end]` pairs, seconds as numbers and percentages as text (`[["10%", "35%"]]`, `[[0.2, 0.7]]`); accepts the attribute's text too.
 * @prop {number} minRate - See the `min-rate` attribute.
 * @prop {number} maxRate - See the `max-rate` attribute.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad `windows`, `min-rate` or `max-rate` (`bad-attribute`); the previous value stays.
 */
@customElement('anim-warp')
export class AnimWarp extends LitElement {
  static override styles = css`
    :host {
      display: none;
    }
  `;

  #windows: readonly WarpSpan[] = DEFAULT_WINDOWS;
  #minRate = DEFAULT_MIN_RATE;
  #maxRate = DEFAULT_MAX_RATE;

  @property() clip = '';
  @property() name = '';

  @property()
  get windows(): [ClipTimeValue, ClipTimeValue][] {
    return this.#windows.map((w) => [clipTimeValue(w.start), clipTimeValue(w.end)]);
  }
  set windows(value: readonly (readonly (number | string)[])[] | string | null | undefined) {
    this.#windows = acceptValue(this, 'windows', windowsText(value), parseWindows, this.#windows, DEFAULT_WINDOWS);
  }

  @property({ attribute: 'min-rate' })
  get minRate(): number {
    return this.#minRate;
  }
  set minRate(value: number | string | null | undefined) {
    this.#minRate = acceptValue(this, 'min-rate', value, parseRate, this.#minRate, DEFAULT_MIN_RATE);
  }

  @property({ attribute: 'max-rate' })
  get maxRate(): number {
    return this.#maxRate;
  }
  set maxRate(value: number | string | null | undefined) {
    this.#maxRate = acceptValue(this, 'max-rate', value, parseRate, this.#maxRate, DEFAULT_MAX_RATE);
  }

  /** The name `warp()` finds it by: `name`, else `clip`. */
  get warpName(): string {
    return this.name || this.clip;
  }

  /** The windows as the scene plays them, each with the rate clamp. */
  get definition(): WarpWindow[] {
    const minRate = this.#minRate;
    const maxRate = Math.max(this.#minRate, this.#maxRate);
    return this.#windows.map(({ start, end }) => ({ start, end, minRate, maxRate }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-warp': AnimWarp;
  }
}

import { css, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { WarpWindow } from '../runtime/index.js';
import { acceptValue } from './accept-value.js';
import { type Parsed, parseNumber } from './units.js';

/** A window of a clip as fractions 0–1: `[start, end]`. */
export type WarpSpan = [start: number, end: number];

const DEFAULT_WINDOWS: readonly WarpSpan[] = [[0, 1]];
const DEFAULT_MIN_RATE = 0.5;
const DEFAULT_MAX_RATE = 2;

/** `"0.10-0.35 0.35-0.60"`: spans in order, each inside 0–1, none overlapping the next. */
export function parseWindows(text: string): Parsed<WarpSpan[]> {
  const tokens = text
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean);
  const spans: WarpSpan[] = [];
  for (const token of tokens) {
    const match = /^(\d*\.?\d+)-(\d*\.?\d+)$/.exec(token);
    const start = match ? Number(match[1]) : Number.NaN;
    const end = match ? Number(match[2]) : Number.NaN;
    if (!(start >= 0 && end <= 1 && start < end)) {
      return { ok: false, message: `"${text}": "${token}" is not a window "start-end" of fractions 0–1, start < end` };
    }
    const previous = spans[spans.length - 1];
    if (previous && start < previous[1]) {
      return { ok: false, message: `"${text}": "${token}" starts before the previous window ends` };
    }
    spans.push([start, end]);
  }
  if (spans.length === 0) return { ok: false, message: `"${text}" names no window ("0.1-0.4 0.4-0.7")` };
  return { ok: true, value: spans };
}

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
 * @attr clip - The clip it warps (a model clip or an `<anim-clip>` name; the whole clip: windows are fractions of it).
 * @attr name - The name `warp()` calls it by. Default: `clip`.
 * @attr windows - Space-separated windows `start-end`, fractions 0–1 of the clip, in order: `"0.10-0.35 0.35-0.60 0.60-0.90"`. Default `"0-1"`.
 * @attr min-rate - Slowest play rate inside a window (greater than 0). Default 0.5.
 * @attr max-rate - Fastest play rate inside a window (greater than 0; below `min-rate` it is raised to it). Default 2.
 *
 * @prop {string} clip - See the `clip` attribute.
 * @prop {string} name - See the `name` attribute.
 * @prop {[number, number][]} windows - See the `windows` attribute: `[start, end]` pairs; accepts the text too.
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

  #windows: WarpSpan[] = DEFAULT_WINDOWS.map((w) => [...w] as WarpSpan);
  #minRate = DEFAULT_MIN_RATE;
  #maxRate = DEFAULT_MAX_RATE;

  @property() clip = '';
  @property() name = '';

  @property()
  get windows(): WarpSpan[] {
    return this.#windows;
  }
  set windows(value: readonly (readonly number[])[] | string | null | undefined) {
    const text = Array.isArray(value) ? value.map((w) => `${w[0]}-${w[1]}`).join(' ') : value;
    this.#windows = acceptValue(this, 'windows', text, parseWindows, this.#windows, [
      ...DEFAULT_WINDOWS.map((w) => [...w] as WarpSpan),
    ]);
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
    return this.#windows.map(([start, end]) => ({ start, end, minRate, maxRate }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-warp': AnimWarp;
  }
}

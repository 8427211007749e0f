/** The `lod` attribute of `<anim-scene>`: parsed here, applied by the stage's tier pass (scene/lod.ts). */
import { DEFAULT_LOD, LOD_OFF, type LodSettings } from '../scene/lod.js';
import type { Parsed } from './units.js';

export { DEFAULT_LOD, type LodSettings };

const EXPECTED =
  'a level-of-detail rule: "off", "on", or two fractions of the view height "full half" (0–1 or 0%–100%, full ≥ half)';

/** A fraction of the view's height: `0.15` or `15%`, from 0 to 1. NaN when it is not one. */
function fraction(word: string): number {
  const percent = word.endsWith('%');
  const body = percent ? word.slice(0, -1) : word;
  if (!/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(body)) return Number.NaN;
  const value = Number(body) / (percent ? 100 : 1);
  return value <= 1 ? value : Number.NaN;
}

/**
 * `off` (every character posed every frame), `on` (the default thresholds), or `"full half"`: the
 * fractions of the view's height a character's projected bounds must reach to be posed every frame, and
 * every 2nd frame (below `half`: every 4th). Outside the view a character is never posed either way, unless off.
 */
export function parseLod(text: string): Parsed<LodSettings> {
  const words = text
    .trim()
    .toLowerCase()
    .split(/[\s,]+/);
  if (words.length === 1 && words[0] === 'off') return { ok: true, value: LOD_OFF };
  if (words.length === 1 && words[0] === 'on') return { ok: true, value: DEFAULT_LOD };
  if (words.length === 2) {
    const full = fraction(words[0]);
    const half = fraction(words[1]);
    if (full >= half) return { ok: true, value: { enabled: true, full, half } };
  }
  return { ok: false, message: `"${text}" is not ${EXPECTED}` };
}

/** The attribute text of settings (`off`, or the two fractions as percentages). */
export function formatLod(settings: LodSettings): string {
  if (!settings.enabled) return 'off';
  const percent = (f: number) => `${Math.round(f * 10000) / 100}%`;
  return `${percent(settings.full)} ${percent(settings.half)}`;
}

/**
 * A point in a clip, the one vocabulary of play windows (`start`/`end` on clips, states, windows of a warp,
 * a graph file's states): seconds from the clip's start (`0.4`, `0.4s`, `400ms`), or a fraction of the
 * clip's length written as a percentage (`40%`). Seconds are the default because every other time in the
 * library is seconds; the percentage is there for windows that should follow the clip when its length
 * changes. Pure (no DOM), so the graph layer reads a graph file's windows with it too.
 */
export type ClipTime =
  | { readonly seconds: number; readonly fraction?: undefined }
  | { readonly fraction: number; readonly seconds?: undefined };

const PERCENT = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)%$/i;
const SECONDS = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)(s|ms)?$/i;

/** `0.4`, `0.4s`, `400ms` (seconds, zero or more) or `40%` (0–100% of the clip's length). Never throws. */
export function parseClipTime(
  text: string,
): { readonly ok: true; readonly value: ClipTime } | { readonly ok: false; readonly message: string } {
  const trimmed = text.trim();
  const percent = PERCENT.exec(trimmed);
  if (percent) {
    const value = Number(percent[1]);
    if (Number.isFinite(value) && value >= 0 && value <= 100) return { ok: true, value: { fraction: value / 100 } };
  } else {
    const match = SECONDS.exec(trimmed);
    const value = match ? Number(match[1]) * (match[2]?.toLowerCase() === 'ms' ? 0.001 : 1) : Number.NaN;
    if (Number.isFinite(value) && value >= 0) return { ok: true, value: { seconds: value } };
  }
  return {
    ok: false,
    message: `"${text}" is not a clip time (seconds, with s / ms, or a percentage of the clip such as 40%)`,
  };
}

/** Seconds into a clip of `duration` seconds. */
export function resolveClipTime(time: ClipTime, duration: number): number {
  return time.fraction !== undefined ? time.fraction * duration : time.seconds;
}

/** The canonical text of a clip time: `"0.4s"` or `"40%"`. */
export function formatClipTime(time: ClipTime): string {
  // rounded so 40% reads back as 40%, not 40.00000000000001%
  return time.fraction !== undefined ? `${+(time.fraction * 100).toPrecision(12)}%` : `${time.seconds}s`;
}

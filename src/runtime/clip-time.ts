/**
 * A point in a clip, the one vocabulary of play windows (`start`/`end` on clips, states, windows of a warp):
 * seconds from the clip's start (`0.4`, `0.4s`, `400ms`), or a fraction of the clip's length written as a
 * percentage (`40%`). Seconds are the default because every other time in the library is seconds; the
 * percentage is there for windows that should follow the clip when its length changes. The markup parser
 * is `parseClipTime` in the elements layer; the layers below resolve against the clip's duration here.
 */
export type ClipTime =
  | { readonly seconds: number; readonly fraction?: undefined }
  | { readonly fraction: number; readonly seconds?: undefined };

/** Seconds into a clip of `duration` seconds. */
export function resolveClipTime(time: ClipTime, duration: number): number {
  return time.fraction !== undefined ? time.fraction * duration : time.seconds;
}

/** The canonical text of a clip time: `"0.4s"` or `"40%"` (`57%`, not the `56.99999999999999%` of 0.57 × 100). */
export function formatClipTime(time: ClipTime): string {
  return time.fraction !== undefined ? `${Number((time.fraction * 100).toPrecision(12))}%` : `${time.seconds}s`;
}

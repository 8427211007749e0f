import { type ClipTime, formatClipTime } from './units.js';

/**
 * A clip time as an element property reads it back: seconds as a number (what a page set as `0.4`, `"0.4s"`
 * or `"400ms"`), a share of the clip as its text (`"40%"`). Setters take either, as the attribute does.
 */
export type ClipTimeValue = number | `${number}%`;

export function clipTimeValue(time: ClipTime): ClipTimeValue {
  return time.fraction !== undefined ? (formatClipTime(time) as `${number}%`) : time.seconds;
}

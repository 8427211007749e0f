import { slerp } from '../quat.js';

type Values = Float32Array | Float64Array | number[];

/** How a tween's values mix: component by component, or as unit quaternions along the shortest arc. */
export type TweenValueKind = 'linear' | 'quaternion';

/**
 * Writes the value `progress` of the way from `from` to `to` into `out` (n components each): a straight
 * mix for numbers, vectors and linear-space colours; slerp for quaternions (n = 4). Progress outside [0, 1]
 * (back, elastic) extrapolates. Never allocates.
 */
export function interpolateValues(
  kind: TweenValueKind,
  out: Values,
  from: Values,
  to: Values,
  n: number,
  progress: number,
): void {
  if (kind === 'quaternion') {
    slerp(out, 0, from, 0, to, 0, progress);
    return;
  }
  for (let i = 0; i < n; i++) out[i] = from[i] + (to[i] - from[i]) * progress;
}

/** One sRGB-encoded channel (0..1) to linear light, as CSS Color 4 and three.js define it. */
export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** One linear-light channel to its sRGB encoding (0..1). */
export function linearToSrgb(c: number): number {
  return c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
}

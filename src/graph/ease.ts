/** Crossfade curves by code (EASES order): linear, ease-in (p²), ease-out (1 − (1 − p)²), ease-in-out (smoothstep). */
export function ease(code: number, p: number): number {
  switch (code) {
    case 1:
      return p * p;
    case 2:
      return 1 - (1 - p) * (1 - p);
    case 3:
      return p * p * (3 - 2 * p);
    default:
      return p;
  }
}

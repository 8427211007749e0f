/**
 * Vector lengths for the per-frame paths. V8's `Math.hypot` copies its arguments into a new array on every
 * call, so a frame calling it per point or per joint makes garbage; these make none (and the magnitudes
 * here are far from where hypot's overflow care matters).
 */
export function length2(x: number, y: number): number {
  return Math.sqrt(x * x + y * y);
}

export function length3(x: number, y: number, z: number): number {
  return Math.sqrt(x * x + y * y + z * z);
}

export function length4(x: number, y: number, z: number, w: number): number {
  return Math.sqrt(x * x + y * y + z * z + w * w);
}

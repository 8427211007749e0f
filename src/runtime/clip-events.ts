import type { Clock } from './clock.js';

/**
 * Indices of the clip events (times sorted ascending, seconds) that the clock's last advance crossed,
 * in the order they were crossed, written into `out` from `offset`; returns the new count. Each event
 * fires once per crossing: forward, backward, across a loop seam (an event at the window's end fires as the
 * loop ends, one at its start as the next begins) and at a pingpong bounce (once). Events outside the
 * window never fire. Stops when `out` is full.
 */
export function crossedEvents(clock: Clock, times: Float32Array, out: Int32Array, offset: number): number {
  let count = offset;
  const n = times.length;
  const seg = clock.segments;
  for (let s = 0; s < clock.segmentCount; s++) {
    const a = seg[s * 4];
    const b = seg[s * 4 + 1];
    const includeA = seg[s * 4 + 2] === 1;
    const includeB = seg[s * 4 + 3] === 1;
    const forward = b >= a;
    for (let k = 0; k < n; k++) {
      const i = forward ? k : n - 1 - k;
      const e = times[i];
      if (e < clock.start || e > clock.end) continue;
      const hit = forward
        ? (includeA ? e >= a : e > a) && (includeB ? e <= b : e < b)
        : (includeB ? e >= b : e > b) && (includeA ? e <= a : e < a);
      if (!hit) continue;
      if (count >= out.length) return count;
      out[count++] = i;
    }
  }
  return count;
}

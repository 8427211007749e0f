/**
 * Sync markers: named instants of a looping clip (a foot touching down) that let two clips of different
 * lengths, or with different numbers of steps, play in step. A clip's position is read as an interval
 * between two markers and a fraction of it ("40% of the way from left-foot to right-foot"); the same
 * position in another clip is the same fraction of an interval between markers of the same names.
 */

/** A marker as authored: a name and seconds from the start of its clip (or play window). */
export interface MarkerInput {
  readonly name: string;
  readonly time: number;
}

/** The markers of one cycle: ascending times in [0, length), seconds from the cycle's start. */
export interface SyncMarkers {
  readonly names: readonly string[];
  readonly times: Float64Array;
  /** The cycle's length in seconds: the last marker's interval wraps round to the first. */
  readonly length: number;
}

/**
 * The markers that fall in the window [offset, offset + length) of a clip, measured from the window's
 * start and sorted; null when none does (or the window is empty).
 */
export function buildSyncMarkers(markers: readonly MarkerInput[], length: number, offset = 0): SyncMarkers | null {
  if (!(length > 0)) return null;
  const kept = markers
    .map((m) => ({ name: m.name, time: m.time - offset }))
    .filter((m) => Number.isFinite(m.time) && m.time >= 0 && m.time < length && m.name !== '')
    .sort((a, b) => a.time - b.time);
  if (kept.length === 0) return null;
  return { names: kept.map((m) => m.name), times: Float64Array.from(kept, (m) => m.time), length };
}

/** Time wrapped into [0, length). */
function wrap(time: number, length: number): number {
  const t = time % length;
  return t < 0 ? t + length : t;
}

/** Length in seconds of interval i (from marker i to the next, the last wrapping to the first). */
function intervalLength(m: SyncMarkers, i: number): number {
  const n = m.times.length;
  return i + 1 < n ? m.times[i + 1] - m.times[i] : m.times[0] + m.length - m.times[i];
}

/**
 * Where `time` lies among the markers: the index of the interval it falls in (the marker before it,
 * wrapping: a time before the first marker is in the last interval) plus the fraction of that interval,
 * as one number (2.25 = a quarter of the way from marker 2 to marker 3).
 */
export function markerPosition(m: SyncMarkers, time: number): number {
  const n = m.times.length;
  let t = wrap(time, m.length);
  let i = n - 1;
  if (t < m.times[0]) t += m.length;
  else while (i > 0 && m.times[i] > t) i--;
  const span = intervalLength(m, i);
  const f = span > 0 ? (t - m.times[i]) / span : 0;
  return i + Math.min(f, 0.999999);
}

/**
 * The time in `to` at the same marker position as `position` (see markerPosition) in `from`: the same
 * fraction of an interval that starts at a marker of the same name, preferring intervals that also end at
 * a marker of the same name (so a left→right step maps to a left→right step even where `to` takes two
 * strides per cycle). Of several such intervals, the one whose time lies nearest `near` (seconds of `to`)
 * wins, so a follower never jumps a stride. NaN when `to` has no marker of that name.
 */
export function syncedTime(from: SyncMarkers, position: number, to: SyncMarkers, near: number): number {
  const n = from.times.length;
  const i = Math.min(n - 1, Math.max(0, Math.floor(position)));
  const f = position - i;
  const startName = from.names[i];
  const endName = from.names[(i + 1) % n];
  let best = Number.NaN;
  let bestScore = Number.POSITIVE_INFINITY;
  const count = to.times.length;
  for (let j = 0; j < count; j++) {
    if (to.names[j] !== startName) continue;
    const t = wrap(to.times[j] + f * intervalLength(to, j), to.length);
    // an interval ending at the wrong marker counts only when no right one exists
    const score = (to.names[(j + 1) % count] === endName ? 0 : 1) + cycleDistance(t, near, to.length);
    if (score < bestScore) {
      bestScore = score;
      best = t;
    }
  }
  return best;
}

/** Circular distance between two times of a cycle, as a fraction of it (0–0.5). */
export function cycleDistance(a: number, b: number, length: number): number {
  const d = wrap(a - b, length) / length;
  return Math.min(d, 1 - d);
}

/**
 * How far `b` at `tb` is from the phase of `a` at `ta`: the circular distance from `tb` to the time of
 * `b` at `a`'s marker position, as a fraction of `b`'s cycle (0 = in step, 0.5 = on the other foot's
 * half-cycle at worst). NaN when the clips share no marker name.
 */
export function phaseError(a: SyncMarkers, ta: number, b: SyncMarkers, tb: number): number {
  const t = syncedTime(a, markerPosition(a, ta), b, tb);
  return Number.isNaN(t) ? Number.NaN : cycleDistance(t, tb, b.length);
}

import { formatClipTime, resolveClipTime } from '../runtime/clip-time.js';
import { sharedTable } from '../runtime/shared-tables.js';
import type { CompiledGraph } from './compile.js';
import { type GraphProblem, problem } from './problems.js';

/**
 * The states' play windows resolved in seconds against the clips they are bound to: per state s, one
 * window per clip it plays (its clip, or its blend space's points in order) at [offset[s], offset[s+1]).
 * A bound past the clip's end stops at the end; an inverted window (start after end once resolved) is a
 * problem naming both values, and that state plays its whole clips.
 */
export interface PlayWindows {
  readonly offset: Int32Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  /** The clip durations they were resolved against (the array given, when it is a Float64Array). */
  readonly durations: Float64Array;
  /** One `bad-graph` error per state with an inverted window, `where` naming the state's `start`. */
  readonly problems: readonly GraphProblem[];
}

/** `durations`: seconds of each logical clip (graph.clipNames order); 0 for a missing clip. */
export function resolvePlayWindows(graph: CompiledGraph, durations: ArrayLike<number>): PlayWindows {
  const { states } = graph;
  const offset = new Int32Array(states.length + 1);
  for (let s = 0; s < states.length; s++) {
    const st = states[s];
    offset[s + 1] = offset[s] + (st.blend ? st.blend.count : st.clip >= 0 ? 1 : 0);
  }
  const start = new Float64Array(offset[states.length]);
  const end = new Float64Array(offset[states.length]);
  const problems: GraphProblem[] = [];
  for (let s = 0; s < states.length; s++) {
    const st = states[s];
    let inverted = '';
    for (let k = offset[s]; k < offset[s + 1]; k++) {
      const clip = st.blend ? st.blend.clips[k - offset[s]] : st.clip;
      // biome-ignore lint/complexity/useMathMinMax: a NaN duration (a missing clip) must give 0
      const d = durations[clip] > 0 ? durations[clip] : 0;
      const a = st.start ? resolveClipTime(st.start, d) : 0;
      const b = st.end ? resolveClipTime(st.end, d) : d;
      if (a > b && d > 0) {
        inverted ||= `clip "${graph.clipNames[clip]}" is ${d}s long`;
        start[k] = 0;
        end[k] = d;
      } else {
        start[k] = Math.min(a, d);
        end[k] = Math.min(b, d);
      }
    }
    if (inverted && st.start) {
      const a = formatClipTime(st.start);
      const b = st.end ? formatClipTime(st.end) : 'the clip end';
      problems.push(
        problem(
          'bad-graph',
          `states[${st.source}].start`,
          `state "${st.name}": start ${a} comes after end ${b} (${inverted}); the whole clip plays`,
        ),
      );
    }
  }
  const own = durations instanceof Float64Array ? durations : Float64Array.from(durations);
  return { offset, start, end, durations: own, problems };
}

/**
 * Resolved windows by graph, then by their interned durations: the windows hold their durations, so an entry
 * lives as long as some instance still reads its windows.
 */
const sharedWindows = new WeakMap<CompiledGraph, WeakMap<Float64Array, PlayWindows>>();

/**
 * `resolvePlayWindows`, sharing the result with every instance of the graph bound to clips of the same
 * durations (a crowd's members): one copy read by all, kept in cache, where a copy each is three cold arrays
 * per member per frame. Never written once resolved.
 */
export function sharedPlayWindows(graph: CompiledGraph, durations: Float64Array): PlayWindows {
  const key = sharedTable(durations);
  let byDurations = sharedWindows.get(graph);
  if (!byDurations) sharedWindows.set(graph, (byDurations = new WeakMap()));
  let windows = byDurations.get(key);
  if (!windows) byDurations.set(key, (windows = resolvePlayWindows(graph, key)));
  return windows;
}

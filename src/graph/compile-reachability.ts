import type { CompileContext } from './compile-context.js';
import type { CompiledState } from './compile-states.js';
import { groupBy } from './group-by.js';

/**
 * Pass 6: warns of each state its layer's entry state cannot lead to. A breadth-first walk over the
 * transitions (each state and transition visited once); an any-state transition reaches its destination
 * from anywhere on the layer, so from the entry state too.
 */
export function checkReachability(
  ctx: CompileContext,
  states: readonly CompiledState[],
  entryOf: ArrayLike<number>,
  transitions: { readonly count: number; readonly from: Int32Array; readonly to: Int32Array },
): void {
  const reached = new Uint8Array(states.length);
  const queue = new Int32Array(states.length);
  let tail = 0;
  const reach = (s: number) => {
    if (reached[s]) return;
    reached[s] = 1;
    queue[tail++] = s;
  };
  for (let l = 0; l < entryOf.length; l++) if (entryOf[l] >= 0) reach(entryOf[l]);
  for (let k = 0; k < transitions.count; k++) {
    const to = transitions.to[k];
    if (transitions.from[k] < 0 && entryOf[states[to].layer] >= 0) reach(to);
  }
  const own = groupBy(states.length, transitions.count, (k) => transitions.from[k]);
  for (let head = 0; head < tail; head++) {
    const s = queue[head];
    for (let k = own.start[s]; k < own.start[s + 1]; k++) reach(transitions.to[own.items[k]]);
  }
  for (let s = 0; s < states.length; s++) {
    if (reached[s]) continue;
    const state = states[s];
    const entry = states[entryOf[state.layer]].name;
    ctx.report(
      'unreachable-state',
      `states[${state.source}]`,
      `state "${state.name}" cannot be reached from the entry state "${entry}"`,
      'warning',
    );
  }
}

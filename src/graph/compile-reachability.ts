import type { CompileContext } from './compile-context.js';
import type { CompiledState } from './compile-states.js';

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
  // own transitions by source state, as a linked list through `next`
  const first = new Int32Array(states.length).fill(-1);
  const next = new Int32Array(transitions.count);
  for (let k = transitions.count - 1; k >= 0; k--) {
    const from = transitions.from[k];
    if (from < 0) continue;
    next[k] = first[from];
    first[from] = k;
  }
  for (let head = 0; head < tail; head++) {
    for (let k = first[queue[head]]; k >= 0; k = next[k]) reach(transitions.to[k]);
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

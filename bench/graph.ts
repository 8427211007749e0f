// The state graph's per-frame cost: the locomotion preset updated for many characters, each with its own
// params (speeds sweeping through idle, walk and run; jumps now and then), graph → (clip, time, weight) lists.
import {
  compileGraph,
  compileGraphPaced,
  createParams,
  GraphInstance,
  layoutGraph,
  locomotionGraph,
} from '../src/graph/index.js';

/** Nominal clip lengths (s) close to the mannequin's: the update cost does not depend on them. */
const DURATIONS: Record<string, number> = {
  idle: 3,
  walk: 1.1,
  run: 0.68,
  jump: 1.1,
  fall: 1,
  land: 0.9,
  'land-hard': 1.6,
};

export interface GraphBench {
  frame(): void;
  count: number;
}

export function makeGraphBench(count: number, dt: number): GraphBench {
  const graph = compileGraph(locomotionGraph());
  const speed = graph.paramIndex.get('speed')!;
  const jump = graph.paramIndex.get('jump')!;
  const durations = graph.clipNames.map((n) => DURATIONS[n] ?? 1);
  const instances = Array.from({ length: count }, () => new GraphInstance(graph, durations));
  const params = Array.from({ length: count }, () => createParams(graph));
  let frame = 0;
  return {
    count,
    frame() {
      frame++;
      for (let i = 0; i < count; i++) {
        const p = params[i];
        // each character's speed follows its own slow wave through the walk and run thresholds
        p[speed] = 2 + 2 * Math.sin((frame + i * 37) * 0.01);
        if ((frame + i) % 240 === 0) p[jump] = 1;
        instances[i].update(dt, p);
      }
    },
  };
}

/**
 * Compiling and laying out a large graph: n states in a ring of n transitions with conditions. Best of a
 * few rounds, in ms. Both are linear in states + transitions, so a page may hold graphs of this size.
 */
export function benchGraphCompile(n: number): { compileMs: number; layoutMs: number } {
  const definition = ringGraph(n);
  let compileMs = Number.POSITIVE_INFINITY;
  let layoutMs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const t0 = performance.now();
    const graph = compileGraph(definition);
    const t1 = performance.now();
    layoutGraph(graph);
    const t2 = performance.now();
    compileMs = Math.min(compileMs, t1 - t0);
    layoutMs = Math.min(layoutMs, t2 - t1);
  }
  return { compileMs, layoutMs };
}

/**
 * The same graph compiled as paced work (as a page compiles an edit to a large running graph): the longest
 * run between two pauses, which is as long as the compile can hold the main thread past its slice, and the
 * pauses. The median of 5 rounds, in ms.
 */
export function benchPacedCompile(n: number): { longestStepMs: number; pauses: number } {
  const definition = ringGraph(n);
  const longest: number[] = [];
  let pauses = 0;
  for (let round = 0; round < 5; round++) {
    const work = compileGraphPaced(definition);
    let most = 0;
    pauses = 0;
    for (;;) {
      const t0 = performance.now();
      const step = work.next();
      most = Math.max(most, performance.now() - t0);
      if (step.done) break;
      pauses++;
    }
    longest.push(most);
  }
  longest.sort((a, b) => a - b);
  return { longestStepMs: longest[2], pauses };
}

/** n states in a ring of n transitions with conditions. */
function ringGraph(n: number) {
  return {
    params: [
      { name: 'speed', type: 'float' as const },
      { name: 'go', type: 'bool' as const },
    ],
    states: Array.from({ length: n }, (_, i) => ({ name: `s${i}`, clip: `c${i % 50}` })),
    transitions: Array.from({ length: n }, (_, i) => ({
      from: `s${i}`,
      to: `s${(i + 1) % n}`,
      when: 'speed > 1 && go',
    })),
  };
}

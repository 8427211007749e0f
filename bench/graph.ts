// The state graph's per-frame cost: the locomotion preset updated for many characters, each with its own
// params (speeds sweeping through idle, walk and run; jumps now and then), graph → (clip, time, weight) lists.
import { compileGraph, createParams, GraphInstance, locomotionGraph } from '../src/graph/index.js';

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

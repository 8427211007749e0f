// CROWD_PROFILE=<dir> npm run bench:crowd: the page's console.profile spans (setup, measured frames) are
// written as .cpuprofile files (open them in DevTools' Performance panel) and summed up here: the functions
// with the most self time, and the inclusive time of the frame's phases.

/** A V8 CPU profile as CDP's Profiler domain reports it. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Functions whose inclusive time is the frame's split (by name as the bundle keeps it). */
const PHASES = [
  'advance',
  'run', // LodPass.run
  'update', // every actor's update
  '#frame', // anim-crowd's agents
  '#pose',
  '#poseStage',
  '#rootMotionStage',
  '#fkStage',
  '#outputStage',
  'hold',
  'flush',
  'render',
  'updateMatrixWorld',
  'projectObject',
  'renderBufferDirect',
  'uploadTexture',
  'texSubImage2D',
  'texImage2D',
  'readPixels',
];

const label = (frame: CpuProfile['nodes'][number]['callFrame']) =>
  `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;

/** Milliseconds per frame: the top self times and the phases' inclusive times (recursion counted once). */
export function summarize(profile: CpuProfile, frames: number, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    const name = label(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const fn = byId.get(at)!.callFrame.functionName;
      if (seen.has(fn)) continue;
      seen.add(fn);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
    }
  }
  const ms = (us: number) => (us / 1000 / frames).toFixed(2).padStart(7);
  const total = (profile.endTime - profile.startTime) / 1000 / frames;
  const lines = [
    `  per frame over ${frames} frames (profile span ${total.toFixed(2)} ms/frame)`,
    '  phases (inclusive):',
  ];
  for (const fn of PHASES) if (inclusive.has(fn)) lines.push(`    ${ms(inclusive.get(fn)!)} ms  ${fn}`);
  lines.push('  self time:');
  const sorted = [...self].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, us] of sorted) lines.push(`    ${ms(us)} ms  ${name}`);
  return lines.join('\n');
}

// npm run bench: this runtime against three.js's AnimationMixer path, side by side in one run, on the
// same rig and clips. Speed is measured here, never in a test.

import { makeCrowdPath } from './crowd-path.js';
import { benchGraphCompile, benchPacedCompile, makeGraphBench } from './graph.js';
import { benchIk } from './ik.js';
import { benchTransitions } from './inertial.js';
import { machineLine } from './machine.js';
import { benchCloth, benchRagdolls } from './physics.js';
import { loadRig } from './rig.js';
import { makeRuntimeCharacter, updateRuntimeCharacter } from './runtime-path.js';
import { makeThreeCharacter, threeClips, updateThreeCharacter } from './three-path.js';
import { benchTweens } from './tween.js';

const DT = 1 / 60;
const gc = (globalThis as { gc?: () => void }).gc;

function time(frames: number, frame: () => void): number {
  const start = performance.now();
  for (let f = 0; f < frames; f++) frame();
  return performance.now() - start;
}

/** µs per character per frame, best of three rounds after a warm-up. */
function measure(count: number, frame: () => void): number {
  return measurePair(count, frame)[0];
}

/**
 * µs per character per frame for each path, best of five rounds after a warm-up, the paths taking turns
 * round by round so a machine that speeds up or slows down during the run weighs on both alike. The
 * warm-up runs twice a round's frames: three.js's path settles (its code fully optimized) later than ours.
 */
function measurePair(count: number, ...frames: (() => void)[]): number[] {
  const n = Math.max(20, Math.round(60000 / count));
  gc?.();
  for (const frame of frames) time(2 * n, frame);
  const best = frames.map(() => Number.POSITIVE_INFINITY);
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < frames.length; i++) best[i] = Math.min(best[i], time(n, frames[i]));
  }
  return best.map((ms) => (ms * 1000) / (n * count));
}

const rig = loadRig();
const clips = threeClips(rig);
console.log(machineLine());
console.log(`bench: ${rig.label}; per character per frame: sample 2 clips + crossfade blend + FK + skinning matrices`);
const rows: { count: number; ours: number; three: number }[] = [];
for (const count of [200, 1000]) {
  const ours = Array.from({ length: count }, (_, i) => makeRuntimeCharacter(rig, (i * 0.37) % 1));
  const theirs = Array.from({ length: count }, (_, i) => makeThreeCharacter(rig, clips, (i * 0.37) % 1));
  const [oursUs, threeUs] = measurePair(
    count,
    () => {
      for (const c of ours) updateRuntimeCharacter(rig, c, DT);
    },
    () => {
      for (const c of theirs) updateThreeCharacter(c, DT);
    },
  );
  rows.push({ count, ours: oursUs, three: threeUs });
  console.log(
    `  ${String(count).padStart(5)} characters: runtime ${oursUs.toFixed(2)} µs, three.js ${threeUs.toFixed(2)} µs, ratio ${(threeUs / oursUs).toFixed(2)}×`,
  );
}

// The cost per character as the crowd grows, this runtime's path only: each character's playback state is one
// stretch of a block shared by the crowd (PlaybackBlock), so it should stay flat from 10 to 10,000.
const perCharacter = [10, 100, 1000, 10000].map((count) => {
  const crowd = Array.from({ length: count }, (_, i) => makeRuntimeCharacter(rig, (i * 0.37) % 1));
  return measure(count, () => {
    for (const c of crowd) updateRuntimeCharacter(rig, c, DT);
  });
});
const perText = perCharacter.map((us, i) => `${[10, 100, 1000, 10000][i]}=${us.toFixed(2)}`).join(' ');
console.log(`  this runtime alone, µs per character at 10 / 100 / 1,000 / 10,000 characters: ${perText}`);
console.log(`bench: per-character-us ${perText}`);

// Steady-state heap: 10,000 frames of 100 characters after as many to warm up, with full GCs either side.
const steady = Array.from({ length: 100 }, (_, i) => makeRuntimeCharacter(rig, i * 0.01));
const steadyFrame = () => {
  for (const c of steady) updateRuntimeCharacter(rig, c, DT);
};
// a first 10,000 frames settles every lazy allocation (JIT, inline caches); the next 10,000 are measured
time(10000, steadyFrame);
gc?.();
gc?.();
const before = process.memoryUsage().heapUsed;
time(10000, steadyFrame);
gc?.();
gc?.();
const growth = process.memoryUsage().heapUsed - before;
console.log(
  `  heap growth over 10,000 frames × 100 characters: ${growth} bytes${gc ? '' : ' (no --expose-gc: noisy)'}`,
);

const [fadeUs, inertialUs] = benchTransitions(rig, 1000, DT, measurePair);
console.log(
  `  during a transition, 1000 characters: crossfade ${fadeUs.toFixed(2)} µs, inertial ${inertialUs.toFixed(2)} µs per character per frame (${(fadeUs / inertialUs).toFixed(2)}×)`,
);
console.log(`bench: crossfade-us=${fadeUs.toFixed(2)} inertial-us=${inertialUs.toFixed(2)}`);

const ikUs = benchIk(measure);
console.log(`bench: ik-us=${ikUs.toFixed(2)}`);

const graphBench = makeGraphBench(1000, DT);
const graphUs = measure(graphBench.count, graphBench.frame);
console.log(`  state graph (locomotion preset), 1000 characters: ${graphUs.toFixed(3)} µs per character per frame`);
console.log(`bench: graph-update-us=${graphUs.toFixed(3)}`);
// what a posed <anim-crowd> member pays below the element and rig layers (crowd-path.ts)
const crowdUs = measure(1000, makeCrowdPath(1000, DT));
console.log(
  `  a crowd member's posed frame (mannequin, locomotion graph, root motion, FK, skinning row), 1000 members: ${crowdUs.toFixed(2)} µs each`,
);
console.log(`bench: crowd-member-us=${crowdUs.toFixed(2)}`);
const big = benchGraphCompile(10000);
console.log(
  `  state graph of 10,000 states and 10,000 transitions: compile ${big.compileMs.toFixed(1)} ms, layout ${big.layoutMs.toFixed(1)} ms`,
);
console.log(`bench: graph-compile-10k-ms=${big.compileMs.toFixed(1)} graph-layout-10k-ms=${big.layoutMs.toFixed(1)}`);
const paced = benchPacedCompile(10000);
console.log(
  `  the same graph compiled in steps (an edit to it while it runs): ${paced.pauses} pauses, the longest step ${paced.longestStepMs.toFixed(2)} ms`,
);
console.log(
  `bench: graph-edit-10k-longest-step-ms=${paced.longestStepMs.toFixed(2)} graph-edit-10k-pauses=${paced.pauses}`,
);

const ragdollMs = await benchRagdolls();
const clothMs = benchCloth();
console.log(
  `  physics: 12 active ragdolls ${ragdollMs.toFixed(2)} ms per step; 1,000-particle cape at 8 iterations ${clothMs.toFixed(2)} ms per frame`,
);
console.log(`bench: ragdoll-step-ms=${ragdollMs.toFixed(3)}`);
console.log(`bench: cloth-ms=${clothMs.toFixed(3)}`);

const tweens = benchTweens(measure);
console.log(
  `  easing ${tweens.easeNs.toFixed(1)} ns (named), ${tweens.bezierNs.toFixed(1)} ns (cubic-bezier); per frame: tween ${tweens.tweenUs.toFixed(3)} µs, sprite ${tweens.spriteUs.toFixed(3)} µs, property track ${tweens.trackUs.toFixed(3)} µs; heap growth over 1,000 frames × 10,000 of each: ${tweens.heapBytes} bytes`,
);
console.log(
  `bench: tween-us=${tweens.tweenUs.toFixed(3)} sprite-us=${tweens.spriteUs.toFixed(3)} property-track-us=${tweens.trackUs.toFixed(3)} bezier-ns=${tweens.bezierNs.toFixed(1)}`,
);

// The summary line stays last; its ratio is the lower of the crowd sizes'.
const ratio = Math.min(...rows.map((row) => row.three / row.ours));
console.log(`bench: runtime-vs-three ratio=${ratio.toFixed(2)} heap-growth-bytes=${growth}`);

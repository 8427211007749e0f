// npm run bench:compare: this checkout's runtime against another revision's, in one process. The machine
// here has slow and fast spells (the same code has measured up to twice as slow from one run to the next),
// so two separate runs cannot show a change of a few percent. Here the two take turns frame by frame, and
// each block of frames gives a ratio: a spell weighs on both alike, and the blocks show how steady it was.
// The other revision runs from its own source (a temporary git worktree), data layout and all. What is left
// is each process's luck (where its arrays land, what its compiler inlines): compared with itself, the
// runtime path came out within 3% and the graph update within 13%, differently each run. Run it a few times.
//
// COMPARE_WITH=<revision> (default HEAD: the working tree's changes against the last commit).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const DT = 1 / 60;
const COUNT = 1000;
const BLOCKS = 10;
const BLOCK_FRAMES = 100;

type Frame = () => void;
type PathMaker = (dir: string) => Promise<Frame>;

/** The bench's runtime path (two clips crossfading, forward kinematics, skinning matrices) for COUNT characters. */
const runtimePath: PathMaker = async (dir) => {
  const { loadRig } = await import(pathToFileURL(join(dir, 'bench/rig.ts')).href);
  const path = await import(pathToFileURL(join(dir, 'bench/runtime-path.ts')).href);
  const rig = loadRig();
  const characters = Array.from({ length: COUNT }, (_, i) => path.makeRuntimeCharacter(rig, (i * 0.37) % 1));
  return () => {
    for (const c of characters) path.updateRuntimeCharacter(rig, c, DT);
  };
};

/** The bench's state graph update (the locomotion preset) for COUNT characters. */
const graphPath: PathMaker = async (dir) => {
  const { makeGraphBench } = await import(pathToFileURL(join(dir, 'bench/graph.ts')).href);
  const bench = makeGraphBench(COUNT, DT);
  return () => bench.frame();
};

function timed(frame: Frame): number {
  const start = performance.now();
  frame();
  return performance.now() - start;
}

/** µs per character per frame for each side, and each block's ratio (other ÷ this: above 1, this is faster). */
function race(ours: Frame, theirs: Frame): { ours: number; theirs: number; blocks: number[] } {
  for (let f = 0; f < 2 * BLOCK_FRAMES; f++) {
    ours();
    theirs();
  }
  let oursMs = 0;
  let theirsMs = 0;
  const blocks: number[] = [];
  for (let b = 0; b < BLOCKS; b++) {
    let o = 0;
    let t = 0;
    // frame by frame, who goes first alternating: neither always runs on the other's warm caches
    for (let f = 0; f < BLOCK_FRAMES; f++) {
      if (f % 2 === 0) {
        o += timed(ours);
        t += timed(theirs);
      } else {
        t += timed(theirs);
        o += timed(ours);
      }
    }
    oursMs += o;
    theirsMs += t;
    blocks.push(t / o);
  }
  const us = (ms: number) => (ms * 1000) / (BLOCKS * BLOCK_FRAMES * COUNT);
  return { ours: us(oursMs), theirs: us(theirsMs), blocks };
}

const revision = process.env.COMPARE_WITH ?? 'HEAD';
const here = resolve('.');
const other = mkdtempSync(join(tmpdir(), 'anim-compare-'));
try {
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', other, revision], { stdio: 'inherit' });
  symlinkSync(join(here, 'node_modules'), join(other, 'node_modules'));
  console.log(`bench:compare: this checkout against ${revision}, ${COUNT} characters, ${BLOCKS} blocks each`);
  for (const [name, make] of [
    ['runtime path', runtimePath],
    ['graph update', graphPath],
  ] as const) {
    const { ours, theirs, blocks } = race(await make(here), await make(other));
    const low = Math.min(...blocks).toFixed(2);
    const high = Math.max(...blocks).toFixed(2);
    console.log(
      `  ${name}: this ${ours.toFixed(3)} µs, ${revision} ${theirs.toFixed(3)} µs, ${(theirs / ours).toFixed(3)}× (blocks ${low}–${high})`,
    );
  }
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', other]);
  rmSync(other, { recursive: true, force: true });
}

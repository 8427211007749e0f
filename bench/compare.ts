// npm run bench:compare: this checkout's runtime against another revision's, in one process. The machine
// here has slow and fast spells (the same code has measured up to twice as slow from one run to the next),
// so two separate runs cannot show a change of a few percent. Here the two take turns frame by frame, and
// each block of frames gives a ratio: a spell weighs on both alike, and the blocks show how steady it was.
// The other revision runs from its own source (a temporary git worktree), data layout and all. Each side is
// bundled first, as the package ships its code (one scope, not a module per file: run a module per file, the
// graph's code here took twice as long). What is left is each process's luck (where its arrays land, what its
// compiler inlines), so compare a revision with itself to see the floor, and run it a few times.
// The paths: the bench's runtime path, its graph update, and a crowd member's posed frame (crowd-path.ts).
//
// COMPARE_WITH=<revision> (default HEAD: the working tree's changes against the last commit).

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const DT = 1 / 60;
const COUNT = 1000;
const BLOCKS = 10;
const BLOCK_FRAMES = 100;
/** The bench files the paths below use, bundled together per side. */
const FILES = ['rig.ts', 'runtime-path.ts', 'graph.ts', 'crowd-path.ts'];

type Frame = () => void;
// biome-ignore lint/suspicious/noExplicitAny: one revision's bench exports, whatever that revision's types were
type Bench = Record<string, any>;

const PATHS: { name: string; file: string; make: (bench: Bench) => Frame }[] = [
  {
    // two clips crossfading, forward kinematics, skinning matrices
    name: 'runtime path',
    file: 'runtime-path.ts',
    make: (bench) => {
      const rig = bench.loadRig();
      const characters = Array.from({ length: COUNT }, (_, i) => bench.makeRuntimeCharacter(rig, (i * 0.37) % 1));
      return () => {
        for (const c of characters) bench.updateRuntimeCharacter(rig, c, DT);
      };
    },
  },
  {
    name: 'graph update',
    file: 'graph.ts',
    make: (bench) => {
      const graph = bench.makeGraphBench(COUNT, DT);
      return () => graph.frame();
    },
  },
  { name: 'crowd member', file: 'crowd-path.ts', make: (bench) => bench.makeCrowdPath(COUNT, DT) },
];

/** The bench files `dir` has, bundled into `out` and imported. */
async function bundle(dir: string, out: string): Promise<Bench> {
  const present = FILES.filter((file) => existsSync(join(dir, 'bench', file)));
  await build({
    stdin: {
      contents: present.map((file) => `export * from './bench/${file}';`).join('\n'),
      resolveDir: dir,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'warning',
  });
  return import(pathToFileURL(out).href);
}

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
const scratch = mkdtempSync(join(tmpdir(), 'anim-compare-'));
const other = join(scratch, 'tree');
try {
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', other, revision], { stdio: 'inherit' });
  symlinkSync(join(here, 'node_modules'), join(other, 'node_modules'));
  const ours = await bundle(here, join(scratch, 'this.mjs'));
  const theirs = await bundle(other, join(scratch, 'other.mjs'));
  console.log(`bench:compare: this checkout against ${revision}, ${COUNT} characters, ${BLOCKS} blocks each`);
  for (const { name, file, make } of PATHS) {
    if (!existsSync(join(other, 'bench', file))) {
      console.log(`  ${name}: ${revision} has no bench/${file}`);
      continue;
    }
    const result = race(make(ours), make(theirs));
    const low = Math.min(...result.blocks).toFixed(2);
    const high = Math.max(...result.blocks).toFixed(2);
    console.log(
      `  ${name}: this ${result.ours.toFixed(3)} µs, ${revision} ${result.theirs.toFixed(3)} µs, ${(result.theirs / result.ours).toFixed(3)}× (blocks ${low}–${high})`,
    );
  }
} finally {
  // a revision that could not be checked out left no worktree: its error is the one to show, not this one's
  if (existsSync(other)) execFileSync('git', ['worktree', 'remove', '--force', other]);
  rmSync(scratch, { recursive: true, force: true });
}

// npm run bench:crowd: the crowd scene in headless Chromium (WebGL on SwiftShader), this library's way and
// three.js's way side by side in one run, at 100, 1,000 and 10,000 characters. Speed is measured here,
// never in a test.

import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { build, type Rolldown } from 'vite';
import { CHROME_ARGS, findChrome, HOW_TO_GET_CHROME } from '../../tools/find-chrome.mjs';
import { machineLine } from '../machine.js';
import { type CpuProfile, summarize } from './profile.js';

interface PathResult {
  animMs: number;
  animMedianMs: number;
  frameMs: number;
  drawCalls: number;
  rasterMs: number;
  heapGrowthBytes: number;
  setupMs: number;
  tiers?: string;
}

type BenchWindow = Record<'runOurs' | 'runThree', (count: number, frames: number) => Promise<PathResult>>;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Frames measured per size (after 10 to warm up). */
const FRAMES: Record<number, number> = { 100: 60, 1000: 30, 10000: 8 };
/** three.js's path runs at these sizes; at 10,000 its setup and frames take minutes on SwiftShader. */
const THREE_SIZES = new Set([100, 1000]);
/** The crowd sizes run (CROWD_SIZES="100 1000" picks some, for a quick look). */
const SIZES = (process.env.CROWD_SIZES ?? '100 1000 10000').split(/\s+/).map(Number);
/** CROWD_PROFILE=<dir>: CPU profiles of each run's setup and measured frames go there, summed up here. */
const PROFILE_DIR = process.env.CROWD_PROFILE;
/**
 * CROWD_DRAW=0 times our frames without drawing them (a diagnostic: the animation without the rasterizer's pause
 * between frames, see CROWD_IDLE); three.js's path is skipped, its skeletons update inside the render.
 */
const DRAW = process.env.CROWD_DRAW !== '0';
/**
 * CROWD_IDLE=<ms>: the page pauses this long after each measured frame, untimed. A drawn frame of 1,000 is
 * followed by about 12 s of rasterizing; with CROWD_DRAW=0 this shows what such a pause alone costs the next
 * frame's animation on this machine.
 */
const IDLE_MS = Number(process.env.CROWD_IDLE) || 0;
/**
 * CROWD_AB=1: an experiment's two variants in one run. The measured frames alternate in pairs between
 * `globalThis.benchVariant` false (A) and true (B), which the code under trial reads, and the page prints each
 * variant's mean and median, of the animation and of the whole frame. Both share the page, its memory and the
 * machine's spells: two runs of one variant differ by up to half, its halves in one run by about 0.1 ms at 1,000.
 */
const AB = process.env.CROWD_AB === '1';
/** CROWD_THREE=0 skips three.js's path (a quicker look at ours alone). */
const RUN_THREE = process.env.CROWD_THREE !== '0' && DRAW;
/** CROWD_LOD=<rule>: the scene's `lod` attribute for our path (`off` poses every character every frame). */
const LOD = process.env.CROWD_LOD ?? '';
/**
 * CROWD_AWAY=1: the camera (both paths') looks away from the crowd, so every member is culled: neither posed nor held,
 * only its clocks, graph, events and root motion advanced. What is left is the floor every member pays each frame.
 */
const AWAY = process.env.CROWD_AWAY === '1';
/** CROWD_FRAMES=<n>: frames measured at every size instead of FRAMES (more frames, steadier figures). */
const FRAMES_ASKED = Number(process.env.CROWD_FRAMES) || 0;
const TYPES: Record<string, string> = { '.glb': 'model/gltf-binary', '.js': 'text/javascript', '.html': 'text/html' };

const chrome = findChrome();
if (!chrome) {
  console.error(HOW_TO_GET_CHROME);
  process.exit(1);
}

// built the way the package is (Vite), not with esbuild: esbuild lowers the #private fields of the elements'
// decorated classes to WeakMap lookups, which the published build keeps native
const built = await build({
  configFile: false,
  logLevel: 'warn',
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [
    {
      // the package's sideEffects list names dist/ only: without this the elements' own modules would be dropped
      name: 'keep-element-modules',
      transform: (code, id) => (id.includes('/src/') ? { code, map: null, moduleSideEffects: true } : null),
    },
  ],
  build: {
    write: false,
    target: 'es2022',
    minify: false,
    rolldownOptions: { input: join(ROOT, 'bench/crowd/page.ts'), output: { format: 'es', codeSplitting: false } },
  },
});
const script = (Array.isArray(built) ? built[0] : (built as Rolldown.RolldownOutput)).output[0].code;
const page =
  '<!doctype html><meta charset="utf-8"><body style="margin:0"><script type="module" src="/bench.js"></script>';

const server = createServer(async (request, response) => {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  if (path === '/') return response.writeHead(200, { 'content-type': TYPES['.html'] }).end(page);
  if (path === '/bench.js') return response.writeHead(200, { 'content-type': TYPES['.js'] }).end(script);
  const file = normalize(join(ROOT, path));
  if (!file.startsWith(join(ROOT, 'assets'))) return response.writeHead(404).end();
  try {
    const body = await readFile(file);
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as { port: number }).port;

const browser = await puppeteer.launch({
  executablePath: chrome,
  headless: true,
  args: [...CHROME_ARGS, '--window-size=1000,600'],
  protocolTimeout: 1_800_000,
});
const fmt = (n: number) => n.toFixed(2);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
/** The wait for SwiftShader to rasterize a measured frame (wall time, untimed in the figures): the GPU's work, done on the CPU here. */
const raster = (result: PathResult) => (DRAW ? `, rasterized in ${(result.rasterMs / 1000).toFixed(1)} s a frame` : '');
let summary = '';
try {
  const tab = await browser.newPage();
  tab.on('pageerror', (error) => console.error('page error:', error));
  if (process.env.CROWD_VERBOSE) tab.on('console', (message) => console.log(`  [page] ${message.text()}`));
  await tab.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'domcontentloaded', timeout: 0 });
  await tab.waitForFunction('window.benchReady === true', { timeout: 0 });
  if (!DRAW) await tab.evaluate(() => Object.assign(window, { benchDraw: false }));
  if (IDLE_MS > 0) await tab.evaluate((ms) => Object.assign(window, { benchIdle: ms }), IDLE_MS);
  if (AB) {
    await tab.evaluate(() => Object.assign(window, { benchAB: true }));
    tab.on('console', (message) => {
      if (message.text().startsWith('A/B')) console.log(`    ${message.text()}`);
    });
  }
  if (LOD) await tab.evaluate((rule) => Object.assign(window, { benchLod: rule }), LOD);
  if (AWAY) await tab.evaluate(() => Object.assign(window, { benchAway: true }));
  const setProfile = (name: string) =>
    tab.evaluate((n) => Object.assign(window, { benchProfile: n }), PROFILE_DIR ? name : '');
  if (PROFILE_DIR) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    // the profiles' line numbers are this bundle's
    writeFileSync(join(PROFILE_DIR, 'bench.js'), script);
    const cdp = await tab.createCDPSession();
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    cdp.on('Profiler.consoleProfileFinished', ({ title, profile }) => {
      writeFileSync(join(PROFILE_DIR, `${title}.cpuprofile`), JSON.stringify(profile));
      const [, count, span] = /-(\d+)-(\w+)$/.exec(title ?? '') ?? [];
      const frames = span === 'frames' ? FRAMES_ASKED || (FRAMES[Number(count)] ?? 60) : 1;
      console.log(`profile ${title}:\n${summarize(profile as CpuProfile, frames)}`);
    });
  }
  console.log(machineLine());
  console.log(
    `bench:crowd: headless Chromium, WebGL on SwiftShader; per frame, CPU milliseconds${DRAW ? '' : ' (CROWD_DRAW=0: frames not drawn)'}${LOD ? ` (our scene's lod="${LOD}")` : ''}${AWAY ? ' (CROWD_AWAY=1: the camera looks away, every member culled)' : ''}`,
  );
  for (const count of SIZES) {
    const frames = FRAMES_ASKED || (FRAMES[count] ?? 60);
    await setProfile(`ours-${count}`);
    const ours = (await tab.evaluate(
      (n, f) => (window as unknown as BenchWindow).runOurs(n, f),
      count,
      frames,
    )) as PathResult;
    await setProfile(`three-${count}`);
    const three =
      RUN_THREE && THREE_SIZES.has(count)
        ? ((await tab.evaluate(
            (n, f) => (window as unknown as BenchWindow).runThree(n, f),
            count,
            frames,
          )) as PathResult)
        : null;
    console.log(
      `  ${count} characters (${frames} frames, setup: ours ${(ours.setupMs / 1000).toFixed(1)} s${three ? `, three.js ${(three.setupMs / 1000).toFixed(1)} s` : ''}):`,
    );
    console.log(
      `    anim-elements: animation ${fmt(ours.animMs)} ms (median frame ${fmt(ours.animMedianMs)}), whole frame ${fmt(ours.frameMs)} ms, draw calls ${ours.drawCalls}, heap growth ${kb(ours.heapGrowthBytes)}${raster(ours)}; tiers: ${ours.tiers}`,
    );
    if (three) {
      console.log(
        `    three.js:      animation ${fmt(three.animMs)} ms (mixers only: its skeletons update inside the render), whole frame ${fmt(three.frameMs)} ms, draw calls ${three.drawCalls}, heap growth ${kb(three.heapGrowthBytes)}${raster(three)}`,
      );
      console.log(
        `    ratios (three.js ÷ anim-elements): whole frame ${fmt(three.frameMs / ours.frameMs)}×, draw calls ${fmt(three.drawCalls / ours.drawCalls)}×`,
      );
    } else
      console.log(
        `    three.js:      skipped ${DRAW ? (RUN_THREE ? 'at this size (its setup and frames take minutes on SwiftShader)' : '(CROWD_THREE=0)') : '(CROWD_DRAW=0)'}`,
      );
    if (count === 1000 && three) {
      summary = `crowd: characters=1000 anim-ms=${fmt(ours.animMs)} frame-cpu-ms=${fmt(ours.frameMs)} three-frame-cpu-ms=${fmt(three.frameMs)} ratio=${fmt(three.frameMs / ours.frameMs)} draw-calls=${ours.drawCalls}`;
    }
  }
} finally {
  await browser.close();
  server.close();
}
console.log(summary);

// `npm test`: every test file in headless Chromium, then the allocation tests in a Chromium of their own
// (web-test-runner.allocation.config.mjs). Each run's totals are read from its output; the last line sums them.
// Arguments go to the first run (`npm test -- test/runtime/clock.test.ts`); with any, the allocation run is left out.
import { spawn } from 'node:child_process';

const TOTALS = /(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/g;

/** Runs web-test-runner with `args`, echoing its output; resolves to its exit code and last totals. */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['web-test-runner', ...args], { stdio: ['inherit', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.on('close', (code) => {
      // a run that printed no totals counts as one failure
      const last = [...output.matchAll(TOTALS)].at(-1);
      resolve({ code: code ?? 1, totals: last ? last.slice(1).map((n) => Number(n ?? 0)) : [0, 1, 0] });
    });
  });
}

const given = process.argv.slice(2);
const runs = [await run(given)];
if (given.length === 0) runs.push(await run(['--config', 'web-test-runner.allocation.config.mjs']));
const sum = [0, 1, 2].map((i) => runs.reduce((total, r) => total + r.totals[i], 0));
console.log(`\nAll runs: ${sum[0]} passed, ${sum[1]} failed, ${sum[2]} skipped`);
process.exit(runs.some((r) => r.code !== 0) ? 1 : 0);

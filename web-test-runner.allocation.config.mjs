// The allocation tests (test/allocation) in a Chromium of their own, with V8 in its predictable mode: its
// compiler then decides the same way run after run, so the same code allocates the same bytes a frame.
import { chromeLauncher } from '@web/test-runner-chrome';
import { CHROME_ARGS, findChrome } from './tools/find-chrome.mjs';
import base from './web-test-runner.config.mjs';

const args = CHROME_ARGS.map((arg) => (arg.startsWith('--js-flags=') ? `${arg} --predictable` : arg));

export default {
  ...base,
  files: ['test/allocation/**/*.test.ts'],
  browsers: [chromeLauncher({ launchOptions: { executablePath: findChrome(), headless: true, args } })],
};

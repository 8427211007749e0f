// @web/test-runner: TypeScript through esbuild, tests in a real headless Chromium (WebGL on SwiftShader).
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { CHROME_ARGS, findChrome, HOW_TO_GET_CHROME } from './tools/find-chrome.mjs';
import { koaSharedModels } from './tools/shared-models.mjs';
import { koaVisualBaselines, visualPageScreenshot } from './tools/visual-baselines.mjs';

const executablePath = findChrome();
if (!executablePath) {
  console.error(HOW_TO_GET_CHROME);
  process.exit(1);
}

export default {
  // the screenshot tests run on their own (`npm run test:visual`, a CI step of its own): they take many minutes
  // the allocation tests need a Chromium of their own (web-test-runner.allocation.config.mjs)
  files: process.env.VISUAL
    ? ['test/visual/**/*.test.ts']
    : ['test/**/*.test.ts', '!test/visual/**', '!test/allocation/**'],
  nodeResolve: true,
  concurrency: 1,
  middleware: [koaSharedModels, koaVisualBaselines],
  plugins: [
    visualPageScreenshot,
    // the tsconfig makes esbuild compile lit's decorators as legacy decorators (experimentalDecorators)
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: new URL('./tsconfig.json', import.meta.url).pathname }),
  ],
  browsers: [chromeLauncher({ launchOptions: { executablePath, headless: true, args: CHROME_ARGS } })],
  testFramework: { config: { timeout: 60000 } },
  browserStartTimeout: 60000,
  testsStartTimeout: 60000,
  testsFinishTimeout: 600000,
};

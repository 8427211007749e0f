// The screenshot tests' baselines (test/visual/): the page asks whether it runs in update mode
// (`npm run screenshots:update` sets UPDATE_SCREENSHOTS=1) and, in that mode only, hands each PNG it drew to
// this middleware, which writes it under test/visual/baselines/. In a normal run nothing is written.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const BASELINE_DIR = resolve(process.cwd(), 'test/visual/baselines');
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1';

export async function koaVisualBaselines(ctx, next) {
  if (ctx.path === '/__visual/mode') {
    ctx.body = { update: UPDATE };
    return;
  }
  const match = /^\/__visual\/baseline\/([\w.-]+\.png)$/.exec(ctx.path);
  if (match && ctx.method === 'PUT') {
    if (!UPDATE) {
      ctx.status = 403;
      ctx.body = 'baselines are written only by `npm run screenshots:update`';
      return;
    }
    const chunks = [];
    for await (const chunk of ctx.req) chunks.push(chunk);
    mkdirSync(BASELINE_DIR, { recursive: true });
    writeFileSync(join(BASELINE_DIR, match[1]), Buffer.concat(chunks));
    ctx.status = 204;
    return;
  }
  await next();
}

/**
 * The `visual-page-screenshot` command (a test-runner plugin): a PNG of a rectangle of the test's page, as
 * base64, for stories drawn by the page itself (no canvas to read). Chromium draws it through the same
 * software path each run.
 */
export const visualPageScreenshot = {
  name: 'visual-page-screenshot',
  async executeCommand({ command, payload, session }) {
    if (command !== 'visual-page-screenshot') return undefined;
    const page = session.browser.getPage(session.id);
    const { x, y, width, height } = payload;
    return page.screenshot({ clip: { x, y, width, height }, encoding: 'base64', captureBeyondViewport: false });
  },
};

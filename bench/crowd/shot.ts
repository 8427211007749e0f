// A screenshot of the demo's Crowd tab in headless Chromium (vite's dev server, WebGL on SwiftShader), to look
// at: `node --import tsx bench/crowd/shot.ts out.png [count]`.
import puppeteer from 'puppeteer-core';
import { createServer } from 'vite';
import { CHROME_ARGS, findChrome, HOW_TO_GET_CHROME } from '../../tools/find-chrome.mjs';

const [out = 'crowd.png', count = '1000'] = process.argv.slice(2);
const chrome = findChrome();
if (!chrome) {
  console.error(HOW_TO_GET_CHROME);
  process.exit(1);
}
const server = await createServer({ server: { host: '127.0.0.1', port: 0 }, logLevel: 'error' });
await server.listen();
const url = server.resolvedUrls!.local[0];
const browser = await puppeteer.launch({
  executablePath: chrome,
  headless: true,
  args: [...CHROME_ARGS, '--window-size=1280,800'],
  protocolTimeout: 1_800_000,
});
try {
  const tab = await browser.newPage();
  await tab.setViewport({ width: 1280, height: 800 });
  tab.on('pageerror', (error) => console.error('page error:', error));
  await tab.goto(`${url}#crowd`, { waitUntil: 'domcontentloaded', timeout: 0 });
  await tab.waitForFunction(() => document.querySelector('anim-crowd') !== null, { timeout: 0 });
  const loaded = await tab.evaluate(async (n) => {
    const crowd = document.querySelector('anim-crowd')!;
    crowd.count = Number(n);
    await crowd.updateComplete;
    await crowd.ready;
    const scene = document.querySelector('anim-scene')!;
    scene.paused = true;
    for (let f = 0; f < 10; f++) scene.step(0.3);
    return crowd.characters.length;
  }, count);
  await tab.screenshot({ path: out });
  console.log(`${out}: the Crowd tab with ${loaded} mannequins after 3 s`);
} finally {
  await browser.close();
  await server.close();
}

// Finds a Chrome or Chromium binary for the browser tests: CHROME_PATH first, then the usual places.
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

export function findChrome() {
  if (process.env.CHROME_PATH) return existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : undefined;
  return CANDIDATES.find((p) => existsSync(p));
}

export const CHROME_ARGS = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  // the allocation tests (test/allocation): gc() on demand and exact heap sizes
  '--js-flags=--expose-gc',
  '--enable-precise-memory-info',
];

export const HOW_TO_GET_CHROME =
  'No Chrome or Chromium found: install one (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to its binary.';

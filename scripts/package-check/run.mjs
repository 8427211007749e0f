// `npm run check:package`: the package as users get it. Packs the tarball, checks what it holds, unpacks it into
// a site's node_modules beside this project's three and lit (as a page would have after `npm install`), and opens
// pages in headless Chromium: the unbundled build through the README's import map (with and without Rapier, and
// again on the lowest three.js of the peer range), the same page bundled by Vite in an app that installs the
// tarball, a React 19 app built the same way, the single-file build from one script tag, and a page of the
// elements drawn with CSS alone. Each must define every tag of custom-elements.json and draw the mannequin from
// the package's own asset; the CSS page must never fetch three.js. Run after `npm run build`.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import puppeteer from 'puppeteer-core';
import { CHROME_ARGS, findChrome, HOW_TO_GET_CHROME } from '../../tools/find-chrome.mjs';
import { consumerPage, domOnlyPage } from './page.mjs';

/** What `anim-elements/elements/anim-character.js` defines: the character and the children of its clips and graph. */
const CHARACTER_ENTRY_TAGS = [
  'anim-character',
  'anim-clip',
  'anim-event',
  'anim-marker',
  'anim-param',
  'anim-state',
  'anim-transition',
  'anim-layer',
  'anim-blend-point',
];

const root = process.cwd();
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

// 1. the tarball
const work = mkdtempSync(join(tmpdir(), 'anim-package-'));
const tarball = join(
  work,
  execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { encoding: 'utf8' }).trim().split('\n').pop(),
);
const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
const has = (path) => listing.includes(`package/${path}`);
check(has('LICENSE'), 'the tarball holds LICENSE');
check(has('assets/mannequin.glb'), 'the tarball holds the mannequin');
check(has('dist/standalone/anim-elements.js'), 'the tarball holds the single-file build');
check(has('custom-elements.json'), 'the tarball holds custom-elements.json');
const strays = listing.filter((f) =>
  /(^package\/(test|stories|demo|bench|scripts|assets\/rigs|assets\/third-party)\/)|\.test\.|shared-models/.test(f),
);
check(
  strays.length === 0,
  `no test, story, demo or script files in the tarball${strays.length ? `: ${strays.slice(0, 5)}` : ''}`,
);

const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Copies a fixture app kept beside this script, installs the tarball (and `extra`) into it without the optional
 * Rapier (as an app that never uses physics has it), and type-checks it with its own TypeScript.
 */
function installAndTypeCheck(name, extra, what) {
  const dir = join(work, name);
  cpSync(new URL(`./${name}`, import.meta.url), dir, { recursive: true });
  npm(['install', '--no-audit', '--no-fund', '--no-package-lock', tarball, ...extra], dir);
  // npm installs the optional peer too (and Rapier's own typings want lib ESNext)
  rmSync(join(dir, 'node_modules/@dimforge'), { recursive: true, force: true });
  let errors = '';
  try {
    execFileSync(join(dir, 'node_modules/.bin/tsc'), ['-p', dir], { encoding: 'utf8' });
  } catch (error) {
    errors = `${error.stdout}`.trim();
  }
  check(errors === '', `${what}${errors ? `:\n${errors.split('\n').slice(0, 8).join('\n')}` : ''}`);
  return dir;
}

// the typings, as a TypeScript app gets them from an install of the tarball (strict, skipLibCheck false):
// React 19 JSX, Preact, Vue and Svelte, each with lines that must fail (@ts-expect-error), and no Rapier installed
installAndTypeCheck('types-app', [], 'the typings compile for React, Preact, Vue and Svelte without Rapier');

// 2. a site with node_modules as an install would leave it
const site = join(work, 'site');
const modules = join(site, 'node_modules');
mkdirSync(join(modules, '@lit'), { recursive: true });
mkdirSync(join(modules, '@dimforge'), { recursive: true });
execFileSync('tar', ['-xzf', tarball, '-C', work]);
symlinkSync(join(work, 'package'), join(modules, 'anim-elements'));
for (const dep of [
  'three',
  'lit',
  'lit-html',
  'lit-element',
  '@lit/reactive-element',
  '@lit/context',
  '@dimforge/rapier3d-compat',
]) {
  symlinkSync(join(root, 'node_modules', dep), join(modules, dep));
}

// the pure runtime in Node, from the unpacked package
const inNode = JSON.parse(
  execFileSync('node', [new URL('./node-runtime.mjs', import.meta.url).pathname, join(work, 'package')], {
    encoding: 'utf8',
  }),
);
check(inNode.clips > 5, `the runtime imports the mannequin in Node without a DOM (${inNode.clips} clips)`);
check(
  inNode.afterJump === 'jump',
  `the graph subpath runs the locomotion graph in Node (a jump leads to "${inNode.afterJump}")`,
);

/** Bundles the app in `dir` with Vite into site/<name>/ and checks the bundle holds one copy of three.js. */
function viteBuild(dir, name, label) {
  execFileSync(
    'node',
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--base',
      `/${name}/`,
      '--outDir',
      join(site, name),
      '--logLevel',
      'error',
    ],
    { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const bundled = readdirSync(join(site, name, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(site, name, 'assets', f), 'utf8'))
    .join('\n');
  // each copy of three.js carries its warning against a second copy once
  const copies = bundled.split('Multiple instances of Three.js').length - 1;
  check(copies === 1, `the ${label} bundle holds one copy of three.js (${copies} found)`);
}

// a Vite app, as most users build one: the package and the lowest three.js of the peer range installed from
// the registry, the quick start's page bundled into site/vite/ (opened below with the other pages)
const viteThree = peerRangeLowest();
const viteApp = join(work, 'vite-app');
mkdirSync(viteApp);
writeFileSync(join(viteApp, 'package.json'), JSON.stringify({ name: 'vite-app', private: true, type: 'module' }));
writeFileSync(join(viteApp, 'index.html'), consumerPage('', 'anim-elements', 'anim-elements/assets'));
npm(['install', '--no-audit', '--no-fund', '--no-package-lock', tarball, `three@${viteThree}`], viteApp);
viteBuild(viteApp, 'vite', 'Vite');

// a React 19 app (react-app/): type-checked as it stands (strict, skipLibCheck false), then bundled into
// site/react/ and opened below: the elements in JSX, a handler's typed detail, the scene stepped through a ref
const reactApp = installAndTypeCheck('react-app', [`three@${viteThree}`], 'the React 19 app type-checks');
viteBuild(reactApp, 'react', 'React app');

// the import map exactly as the README prints it
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const importMap = /<script type="importmap">([\s\S]*?)<\/script>/.exec(readme)?.[1];
if (!importMap) throw new Error('README.md prints no <script type="importmap">');
JSON.parse(importMap);
const pages = {
  '/importmap.html': consumerPage(
    `<script type="importmap">${importMap}</script>`,
    'anim-elements',
    'anim-elements/assets',
  ),
  // the README's map less Rapier: a page that never installed the optional package
  '/importmap-without-rapier.html': consumerPage(
    `<script type="importmap">${importMap.replace(/\n\s*"@dimforge\/rapier3d-compat": "[^"]*",?/, '').replace(/,(\s*})/, '$1')}</script>`,
    'anim-elements',
    'anim-elements/assets',
    true,
  ),
  '/dom-only.html': domOnlyPage(`<script type="importmap">${importMap}</script>`),
  '/standalone.html': consumerPage(
    '',
    '/node_modules/anim-elements/dist/standalone/anim-elements.js',
    '/node_modules/anim-elements/dist/assets.js',
  ),
};
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.glb': 'model/gltf-binary',
  '.png': 'image/png',
};
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
  if (pages[path]) return res.writeHead(200, { 'Content-Type': 'text/html' }).end(pages[path]);
  const file = join(site, path);
  if (!file.startsWith(site) || !existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

/** Opens a consumer page and checks it: every tag defined, the packaged mannequin drawn, no page errors. */
async function checkPage(browser, path, label = path) {
  const page = await browser.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on(
    'response',
    (r) => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && pageErrors.push(`${r.status()} ${r.url()}`),
  );
  await page.goto(origin + path);
  const report = await page.evaluate(async (allTags) => {
    const result = await Promise.race([
      // no report: the page's module failed (its error is among the page errors)
      window.report ?? { error: { code: 'no-report', message: 'the page script did not run' } },
      new Promise((r) => setTimeout(() => r({ timeout: true }), 60000)),
    ]);
    const missing = allTags.filter((tag) => !customElements.get(tag));
    if (!result.image) return { ...result, missing };
    // the mannequin drew: the frame is not one flat colour
    const img = new Image();
    img.src = result.image;
    await img.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: img.width, height: img.height });
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, img.width, img.height).data;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4 * 97) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return { clips: result.clips, missing, colours: colours.size, physicsErrors: result.physicsErrors };
  }, tags);
  check(
    report.missing?.length === 0,
    `${label}: every tag defined${report.missing?.length ? ` (missing ${report.missing})` : ''}`,
  );
  check(
    !report.error && !report.timeout,
    `${label}: the packaged mannequin loads${report.error ? ` (${report.error.code}: ${report.error.message})` : ''}`,
  );
  check((report.clips?.length ?? 0) > 5, `${label}: its clips are listed (${report.clips?.length ?? 0})`);
  check((report.colours ?? 0) > 20, `${label}: the scene draws (${report.colours ?? 0} colours sampled)`);
  if (path.includes('without-rapier')) {
    const codes = report.physicsErrors ?? [];
    check(
      codes.length === 1 && codes[0] === 'physics-unavailable',
      `${label}: physics without Rapier is one physics-unavailable (${codes})`,
    );
  }
  check(pageErrors.length === 0, `${label}: no page errors${pageErrors.length ? `: ${pageErrors.slice(0, 3)}` : ''}`);
  return page;
}

/** The lowest three.js version the peer range (`>=x.y.z <…`) allows. */
function peerRangeLowest() {
  const range = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).peerDependencies.three;
  const version = /^>=\s*(\d+\.\d+\.\d+)/.exec(range)?.[1];
  if (!version) throw new Error(`the three peer range "${range}" does not start with >=x.y.z`);
  return version;
}

/**
 * The lowest three.js of the peer range (`>=0.A.0 <0.B.0`), installed apart, when it is not the version this
 * project develops with; undefined when they are the same.
 */
async function lowestThree() {
  const version = peerRangeLowest();
  const ours = JSON.parse(readFileSync(join(root, 'node_modules/three/package.json'), 'utf8')).version;
  if (version === ours) return undefined;
  const prefix = join(work, 'three-lowest');
  mkdirSync(prefix, { recursive: true });
  npm(['install', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', prefix, `three@${version}`], prefix);
  return { version, dir: join(prefix, 'node_modules/three') };
}

// 3. the pages in Chromium
const executablePath = findChrome();
if (!executablePath) throw new Error(HOW_TO_GET_CHROME);
const tags = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')).modules.flatMap((m) =>
  (m.declarations ?? []).flatMap((d) => (d.tagName ? [d.tagName] : [])),
);
const browser = await puppeteer.launch({ executablePath, headless: true, args: CHROME_ARGS });
try {
  for (const path of Object.keys(pages).filter((p) => p !== '/dom-only.html'))
    await (await checkPage(browser, path)).close();
  const vitePage = await checkPage(browser, '/vite/index.html', `the Vite app on three ${viteThree}`);
  const viteRevision = await vitePage.evaluate(() => window.__THREE__);
  check(`0.${viteRevision}.0` === viteThree, `the Vite app ran its own three.js (REVISION ${viteRevision})`);
  await vitePage.close();
  await (await checkPage(browser, '/react/index.html', `the React 19 app on three ${viteThree}`)).close();
  // the lowest three.js the peer range allows, in place of ours: the import-map page again
  const lowest = await lowestThree();
  if (lowest) {
    rmSync(join(modules, 'three'));
    symlinkSync(lowest.dir, join(modules, 'three'));
    const page = await checkPage(browser, '/importmap.html', `/importmap.html on three ${lowest.version}`);
    const revision = await page.evaluate(() => import('three').then((three) => three.REVISION));
    check(`0.${revision}.0` === lowest.version, `the page ran three ${lowest.version} (REVISION ${revision})`);
    await page.close();
  }
  // the elements drawn by the page alone (a tween of CSS, a sprite with background-position), from their own
  // subpath entries: they work, and three.js is never fetched
  const page = await browser.newPage();
  const requested = [];
  const pageErrors = [];
  page.on('request', (r) => requested.push(r.url()));
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${origin}/dom-only.html`);
  const dom = await page.evaluate(() => window.report);
  check(dom.glow === '24px', `/dom-only.html: the CSS tween ran (--glow ${dom.glow})`);
  check(dom.frames > 1 && dom.frame > 0, `/dom-only.html: the CSS sprite steps (frame ${dom.frame} of ${dom.frames})`);
  const three = requested.filter((url) => url.includes('/node_modules/three/'));
  check(three.length === 0, `/dom-only.html: three.js is not fetched${three.length ? ` (${three[0]})` : ''}`);
  check(pageErrors.length === 0, `/dom-only.html: no page errors${pageErrors.length ? `: ${pageErrors[0]}` : ''}`);
  // the character's own entry defines the children its clips and graph are written with (a build that drops the
  // element modules' bare imports leaves them undefined)
  const undefinedChildren = await page.evaluate(async (tags) => {
    await import('anim-elements/elements/anim-character.js');
    return tags.filter((tag) => !customElements.get(tag));
  }, CHARACTER_ENTRY_TAGS);
  check(
    undefinedChildren.length === 0,
    `anim-elements/elements/anim-character.js defines its clip and graph children${undefinedChildren.length ? ` (not ${undefinedChildren.join(', ')})` : ''}`,
  );
  await page.close();
} finally {
  await browser.close();
  server.close();
}
if (failures.length > 0) {
  console.error(`check:package: ${failures.length} failed`);
  process.exit(1);
}
console.log('check:package: the packed package works from an import map and from one script');

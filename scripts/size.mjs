// `npm run size`: what each entry of the built package costs a page, minified and gzipped, with three, lit and
// Rapier left out (the page has those once, however many of our entries it imports). `gzip kB` is what the page
// loads when it imports the entry; `lazy gzip` what it fetches later, on first use of a part (the ragdolls, with
// the physics engine). Fails when a budget is broken, so CI keeps the numbers honest. Run after `npm run build`.
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const EXTERNAL = ['three', 'three/*', 'lit', 'lit/*', '@lit/*', '@dimforge/*'];

/** An entry and its budget in kB of min+gzip (0: no budget, printed only). */
const ENTRIES = [
  { name: 'anim-elements (everything)', code: `import './dist/anim-elements.js';`, budget: 100 },
  {
    name: 'a character with clips and a graph',
    code: [
      'anim-scene',
      'anim-character',
      'anim-clip',
      'anim-param',
      'anim-state',
      'anim-transition',
      'anim-blend-point',
    ]
      .map((tag) => `import './dist/elements/${tag}.js';`)
      .join('\n'),
    budget: 60,
  },
  { name: 'anim-tween alone', code: `import './dist/elements/anim-tween.js';`, budget: 10 },
  { name: 'anim-sprite alone', code: `import './dist/elements/anim-sprite.js';`, budget: 0 },
  { name: 'runtime (pure, no DOM)', code: `import * as r from './dist/runtime.js'; console.log(r);`, budget: 0 },
  { name: 'graph (pure, no DOM)', code: `import * as g from './dist/graph.js'; console.log(g);`, budget: 0 },
];

if (!existsSync('dist/anim-elements.js')) {
  console.error('size: no dist/ — run `npm run build` first');
  process.exit(1);
}

const kB = (bytes) => (bytes / 1000).toFixed(1);
let broken = 0;
/** The output chunks an entry loads: those its page imports at once, and those fetched on first use. */
function chunksOf(metafile, entryOutput) {
  const initial = new Set();
  const lazy = new Set();
  const visit = (path, into) => {
    if (initial.has(path) || into.has(path)) return;
    into.add(path);
    for (const i of metafile.outputs[path].imports) {
      if (i.external) continue;
      visit(i.path, i.kind === 'dynamic-import' || into === lazy ? lazy : into);
    }
  };
  visit(entryOutput, initial);
  for (const path of initial) lazy.delete(path);
  return { initial, lazy };
}

const head = ['min kB', 'gzip kB', 'budget', 'lazy gzip'].map((h) => h.padStart(9)).join('');
console.log('entry'.padEnd(40), head, '  imports three');
for (const entry of ENTRIES) {
  const result = await build({
    stdin: { contents: entry.code, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    splitting: true,
    outdir: 'size-out',
    minify: true,
    format: 'esm',
    write: false,
    metafile: true,
    external: EXTERNAL,
    logLevel: 'silent',
  });
  const files = new Map(result.outputFiles.map((f) => [relative(process.cwd(), f.path), f.contents]));
  // the page's own entry (each dynamic import is an entry point of the bundle too)
  const entryOutput = Object.keys(result.metafile.outputs).find(
    (o) => result.metafile.outputs[o].entryPoint === '<stdin>',
  );
  const { initial, lazy } = chunksOf(result.metafile, entryOutput);
  // each chunk is its own request, compressed on its own
  const sum = (paths, measure) => [...paths].reduce((total, path) => total + measure(files.get(path)), 0);
  const gzipped = (code) => gzipSync(code, { level: 9 }).length;
  const min = sum(initial, (code) => code.length);
  const gzip = sum(initial, gzipped);
  const lazyGzip = sum(lazy, gzipped);
  // three counts when the page loads it with the entry (a lazy part may bring it later)
  const importsThree = [...initial].some((path) =>
    result.metafile.outputs[path].imports.some((i) => i.external && /^three/.test(i.path)),
  );
  const over = entry.budget > 0 && gzip / 1000 > entry.budget;
  if (over) broken++;
  console.log(
    entry.name.padEnd(40),
    kB(min).padStart(9),
    kB(gzip).padStart(9),
    (entry.budget > 0 ? `${entry.budget}` : '-').padStart(9),
    (lazy.size > 0 ? kB(lazyGzip) : '-').padStart(9),
    `  ${importsThree ? 'yes' : 'no'}${over ? '  OVER BUDGET' : ''}`,
  );
}
if (broken > 0) {
  console.error(`size: ${broken} entr${broken === 1 ? 'y is' : 'ies are'} over budget`);
  process.exit(1);
}

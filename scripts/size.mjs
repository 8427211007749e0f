// `npm run size`: what each entry of the built package costs a page, minified and gzipped, with three, lit and
// Rapier left out (the page has those once, however many of our entries it imports). Fails when a budget is
// broken, so CI keeps the numbers honest. Run after `npm run build`.
import { existsSync } from 'node:fs';
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
];

if (!existsSync('dist/anim-elements.js')) {
  console.error('size: no dist/ — run `npm run build` first');
  process.exit(1);
}

const kB = (bytes) => (bytes / 1000).toFixed(1);
let broken = 0;
console.log('entry'.padEnd(40), 'min kB'.padStart(8), 'gzip kB'.padStart(8), 'budget'.padStart(8), '  imports three');
for (const entry of ENTRIES) {
  const result = await build({
    stdin: { contents: entry.code, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    metafile: true,
    external: EXTERNAL,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const gzip = gzipSync(code, { level: 9 }).length;
  const importsThree = Object.values(result.metafile.inputs).some((input) =>
    input.imports.some((i) => i.external && /^three/.test(i.path)),
  );
  const over = entry.budget > 0 && gzip / 1000 > entry.budget;
  if (over) broken++;
  console.log(
    entry.name.padEnd(40),
    kB(code.length).padStart(8),
    kB(gzip).padStart(8),
    (entry.budget > 0 ? `${entry.budget}` : '-').padStart(8),
    `  ${importsThree ? 'yes' : 'no'}${over ? '  OVER BUDGET' : ''}`,
  );
}
if (broken > 0) {
  console.error(`size: ${broken} entr${broken === 1 ? 'y is' : 'ies are'} over budget`);
  process.exit(1);
}

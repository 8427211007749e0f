import { readdirSync } from 'node:fs';
import { defineConfig } from 'vite';
// @ts-expect-error: a plain .mjs helper shared with the test runner
import { connectSharedModels } from './tools/shared-models.mjs';

/** One entry per element (`anim-elements/elements/anim-tween.js`), so a page pays only for the tags it imports. */
const elementEntries = Object.fromEntries(
  readdirSync('src/elements')
    .filter((file) => /^(anim-|bone-anchor).*\.ts$/.test(file))
    .map((file) => [`elements/${file.replace(/\.ts$/, '')}`, `src/elements/${file}`]),
);

export default defineConfig({
  plugins: [
    {
      // src/assets.ts resolves the shipped files against `here` (import.meta.url kept in a variable), so this
      // build leaves them alone instead of inlining megabytes; in the package the URLs must read
      // `new URL('…', import.meta.url)` again, the form an app's bundler finds, copies and rewrites
      name: 'ship-asset-urls',
      renderChunk(code) {
        const here = /\b([\w$]+) = import\.meta\.url\b/.exec(code)?.[1];
        if (!here) return null;
        const url = new RegExp(`new URL\\(("\\.\\./assets/[^"]+"), ${here.replace(/\$/g, '\\$')}\\)`, 'g');
        return code.replace(url, 'new URL($1, import.meta.url)');
      },
    },
    {
      // an element's module defines its tag when imported, so `import './anim-clip.js'` in the character must
      // survive the build: package.json's `sideEffects` names only dist/, and Vite would drop it as pure
      name: 'elements-define-tags',
      transform(code, id) {
        return /\/src\/elements\/(anim-[\w-]+|bone-anchor)\.ts$/.test(id)
          ? { code, map: null, moduleSideEffects: true }
          : null;
      },
    },
    {
      name: 'shared-models',
      configureServer(server) {
        server.middlewares.use(connectSharedModels);
      },
    },
  ],
  build: {
    target: 'es2022',
    lib: {
      entry: {
        'anim-elements': 'src/index.ts',
        runtime: 'src/runtime/index.ts',
        assets: 'src/assets.ts',
        ...elementEntries,
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: {
      // a library build leaves its runtime dependencies to the consumer
      external: [/^lit/, /^@lit\//, /^three/, /^@dimforge\//],
      output: { chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});

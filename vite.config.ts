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

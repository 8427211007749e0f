import { defineConfig } from 'vite';

/**
 * The no-bundler build: one ES module with lit and three inside (`dist/standalone/anim-elements.js`), for a page
 * that has only `<script type="module" src=…>`. Beside it: Rapier, a chunk fetched the first time a page asks for
 * physics, and three's Draco decoder files, fetched when a model needs them. An app build, not a library build,
 * so those stay files rather than inlined data URLs, and the code is minified whole.
 */
export default defineConfig({
  publicDir: false,
  build: {
    target: 'es2022',
    outDir: 'dist/standalone',
    emptyOutDir: true,
    assetsDir: '',
    assetsInlineLimit: 0,
    modulePreload: false,
    rolldownOptions: {
      input: { 'anim-elements': 'src/index.ts' },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: '[name]-[hash].js',
        assetFileNames: '[name]-[hash][extname]',
      },
    },
  },
});

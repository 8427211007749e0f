import { defineConfig } from 'vite';

/**
 * `anim-elements/graph` (`dist/graph.js`): the state graph with the runtime parts it uses, in one module, pure (no
 * DOM, no three.js) for Node and workers. Built apart from the elements: as one more entry of their build, the
 * graph would gather its modules into one chunk that every page with a character loads at once.
 */
export default defineConfig({
  publicDir: false,
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: false,
    lib: {
      entry: { graph: 'src/graph/index.ts' },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
  },
});

import { defineConfig } from 'vite';
// @ts-expect-error: a plain .mjs helper shared with the test runner
import { connectSharedModels } from './tools/shared-models.mjs';

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
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: 'anim-elements' },
    rolldownOptions: {
      // a library build leaves its runtime dependencies to the consumer
      external: [/^lit/, /^@lit\//, /^three/, /^@dimforge\//],
    },
  },
});

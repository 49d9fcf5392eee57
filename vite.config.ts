import { defineConfig } from 'vite';

// The support front end. The tracking library has its own build: vite.lib.config.ts.
export default defineConfig({
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
  },
});

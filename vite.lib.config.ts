import { defineConfig } from 'vite';

// The tracking library on its own, for any shop page: ESM and a classic script (IIFE).
export default defineConfig({
  build: {
    outDir: 'dist/lib',
    emptyOutDir: true,
    lib: {
      entry: 'src/app/tracker.ts',
      name: 'CollectOnTrack',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'collect-on-track.js' : 'collect-on-track.iife.js'),
    },
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress';
import { vendorSwaps } from './scripts/vite-vendor-swaps';
import { SITES, parseSite } from './src/domain/support/sites';

// One chunk per language of the texts (its common, contact and cancellation texts and its sites'
// files), loaded when a site of that language is shown. React and the router in a chunk of their own,
// which changes less often than the app. The tracker and jspdf (the cancellation's PDF confirmation) are dynamic imports and stay out of
// the first load (the bench's row checks jspdf).
const textChunk = (id: string): string | null => {
  const match = /\/locales\/([a-z_]+)\/([a-z_-]+)\.ts$/.exec(id);
  if (!match) return null;
  const [, folder = '', file = ''] = match;
  if (folder !== 'sites') return `texts-${folder}`;
  const site = parseSite(file);
  return site ? `texts-${SITES[site].language}` : null;
};

// The support front end. The tracking library has its own build: vite.lib.config.ts.
export default defineConfig({
  plugins: [react(), vendorSwaps(), precompress()],
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    // Every browser the shop supports knows <link rel="modulepreload">; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Six hash characters (not eight): the entry names every lazy chunk, and hashes do not compress.
        entryFileNames: 'assets/[name]-[hash:6].js',
        chunkFileNames: 'assets/[name]-[hash:6].js',
        codeSplitting: {
          groups: [
            { name: textChunk, debugName: 'texts' },
            { name: 'react', test: /rolldown[\\/]runtime|[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
          ],
        },
      },
    },
  },
});

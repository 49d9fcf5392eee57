import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { defineConfig, type Plugin } from 'vite';

const TYPES_SOURCE = 'src/app/tracker-types.ts';

/**
 * The ESM build's declarations: the hand-written public types of src/app/tracker-types.ts (emitted
 * by TypeScript's declaration transpiler, no type check needed; it declares the two window globals)
 * plus the three exports.
 */
function libraryDeclarations(): Plugin {
  return {
    name: 'collect-on-track-declarations',
    generateBundle(output) {
      if (output.format !== 'es') return;
      const { outputText } = ts.transpileDeclaration(readFileSync(TYPES_SOURCE, 'utf8'), {
        fileName: TYPES_SOURCE,
        compilerOptions: { declaration: true },
      });
      const exports = [
        "export declare const install: CollectOnTrackLibrary['install'];",
        "export declare const createClient: CollectOnTrackLibrary['createClient'];",
        "export declare const reset: CollectOnTrackLibrary['reset'];",
      ];
      this.emitFile({ type: 'asset', fileName: 'collect-on-track.d.ts', source: `${outputText}\n${exports.join('\n')}\n` });
    },
  };
}

// The tracking library on its own, for any shop page: ESM (typed) and a classic script (IIFE) that
// defines `window.CollectOnTrack`. Everything is in one file: nothing is loaded lazily at start.
export default defineConfig({
  plugins: [libraryDeclarations()],
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

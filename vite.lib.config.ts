import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/vite-precompress';
import { terserPass } from './scripts/vite-terser-pass';
import { LogLevel } from './src/domain/tracking/log-buffer';

const TYPES_SOURCE = 'src/app/tracker-types.ts';

/**
 * For a page that loads the classic script (the IIFE): the same declarations plus the global it
 * defines, always there once the script ran. Self-contained, so that the file copied alone beside a
 * page's script works; a separate file, since the ESM build defines no global (its types keep
 * `window.CollectOnTrack` optional). A project may include both files: each declares its types in
 * its own module, and their global declarations (the `Window` members, here also the `var`) name
 * types of the same shape, which TypeScript takes as the same declarations (a test checks it).
 * `window.dataLayer` is left to the page, which often types it already (GTM's typings, `any[]`): a
 * second declaration of another type would not compile.
 */
const classicScriptDeclarations = (declarations: string): string => `/**
 * Types for a page that loads collect-on-track.iife.js: \`/// <reference path="collect-on-track.iife.d.ts" />\`.
 * Self-contained: the declarations of collect-on-track.d.ts plus the global \`CollectOnTrack\`.
 */
${declarations}
declare global {
    /** The classic script's library object (\`window.CollectOnTrack\`). */
    var CollectOnTrack: CollectOnTrackLibrary;
}
`;

/**
 * The library's declarations: the hand-written public types of src/app/tracker-types.ts (emitted
 * by TypeScript's declaration transpiler, no type check needed; it declares the window globals),
 * for the ESM build with its three exports, for the classic script with its global.
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
      this.emitFile({ type: 'asset', fileName: 'collect-on-track.iife.d.ts', source: classicScriptDeclarations(outputText) });
    },
  };
}

/**
 * Writes `LogLevel.warn` and its siblings as their numbers, as a `const enum` would: the minifier
 * inlines constants but keeps object properties (about 60 uses, some 140 B gzip). The number is
 * padded to the length it replaces, so no code moves and the source maps stay exact.
 */
function inlineLogLevels(): Plugin {
  return {
    name: 'collect-on-track-log-levels',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !code.includes('LogLevel.')) return null;
      const inlined = code.replace(/\bLogLevel\.(trace|debug|info|success|warn|error|fatal)\b/g, (found, name: keyof typeof LogLevel) =>
        String(LogLevel[name]).padEnd(found.length),
      );
      return { code: inlined, map: null };
    },
  };
}

// The tracking library on its own, for any shop page: ESM (typed) and a classic script (IIFE) that
// defines `window.CollectOnTrack`. Everything is in one file: nothing is loaded lazily at start.
export default defineConfig({
  plugins: [libraryDeclarations(), inlineLogLevels(), terserPass(), precompress()],
  build: {
    outDir: 'dist/lib',
    emptyOutDir: true,
    lib: {
      entry: 'src/app/tracker.ts',
      name: 'CollectOnTrack',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'collect-on-track.js' : 'collect-on-track.iife.js'),
    },
    // No Symbol.toStringTag on the exports object: `window.CollectOnTrack` is a plain object.
    rolldownOptions: { output: { generatedCode: { symbols: false } } },
  },
});

/**
 * A Vite build plugin that runs terser once more over each chunk after Vite's own minifier (Oxc).
 * Oxc is fast; terser's repeated compression passes then find what one pass leaves (about 800 B
 * gzip off the tracking library's IIFE). Used for the library build only, where every byte is
 * counted against the size target; the support app keeps Vite's minifier alone.
 */
import { minify } from 'terser';
import type { Plugin } from 'vite';

export function terserPass(): Plugin {
  return {
    name: 'terser-pass',
    apply: 'build',
    async generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const mapAsset = bundle[`${chunk.fileName}.map`];
        const result = await minify(chunk.code, {
          ecma: 2020,
          compress: { passes: 3 },
          mangle: true,
          // Letters beyond ASCII as escapes: a shop may serve the script without a charset on a page in
          // windows-1250, where the browser read 'zł' otherwise and amounts in złoty were no number.
          format: { comments: false, ascii_only: true },
          // With `--sourcemap`, the map is carried through so an attribution still points at src/.
          sourceMap: chunk.map && mapAsset ? { content: JSON.stringify(chunk.map), url: `${chunk.fileName.split('/').pop()}.map` } : false,
        });
        if (result.code === undefined) continue;
        chunk.code = result.code;
        if (mapAsset?.type === 'asset' && typeof result.map === 'string') mapAsset.source = result.map;
      }
    },
  };
}

/**
 * A Vite build plugin that writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every script,
 * style sheet, SVG, JSON and font file of a build, at the highest levels: compressed once at build time,
 * never per request. The reference backend answers them to browsers that accept the encoding
 * (@fastify/static `preCompressed`).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|ttf)$/;

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const source = await readFile(path);
          await writeFile(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${path}.gz`, gzipSync(source, { level: 9 }));
        }),
      );
    },
  };
}

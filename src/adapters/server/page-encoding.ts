/**
 * A page answer compressed for the browser that asks for it (Brotli, else gzip; pages are made per
 * request, so they are compressed per request at a fast level). Files of the build are compressed
 * once at build time instead (@fastify/static `preCompressed`).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type PageEncoding = 'br' | 'gzip' | 'identity';

/** The encoding to answer with for an `Accept-Encoding` header (a `q=0` refuses one). */
export function pageEncoding(acceptEncoding: string | string[] | undefined): PageEncoding {
  const accepted = new Set(
    [acceptEncoding ?? '']
      .flat()
      .join(',')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part !== '' && !/;\s*q=0(?:\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** The page's bytes in `encoding`. */
export async function encodePage(html: string, encoding: PageEncoding): Promise<Buffer | string> {
  if (encoding === 'br') return brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } });
  if (encoding === 'gzip') return gzipAsync(html, { level: 6 });
  return html;
}

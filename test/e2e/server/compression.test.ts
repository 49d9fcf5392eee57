/**
 * Compressed answers: a page is compressed per request for a browser that accepts Brotli or gzip;
 * a file of the build is answered from the copy the build compressed, by the request's encoding.
 */
import { request as httpRequest } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { pageEncoding } from '../../../src/adapters/server/page-encoding';
import { ASSET_PATH, startTestServer, type TestServer } from './server-fixture';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A raw GET (no automatic decompression), with the body's bytes. */
const rawGet = (path: string, acceptEncoding?: string) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const { port } = new URL(server.url);
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe('a page', () => {
  it('is answered in Brotli, else gzip, else as it is, and says it varies by the encoding', async () => {
    const plain = await rawGet('/contact');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<div id="root">');

    const brotli = await rawGet('/contact', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(plain.body.toString());
    expect(brotli.headers['vary']).toBe('Host, X-Locale, Accept-Encoding');

    const gzip = await rawGet('/m/contact', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toContain('<div id="root">');
  });

  it('takes q=0 as a refusal', () => {
    expect(pageEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0.0, gzip;q=0')).toBe('identity');
    expect(pageEncoding(['gzip', 'BR;q=0.5'])).toBe('br');
    expect(pageEncoding(undefined)).toBe('identity');
  });
});

describe('a file of the build', () => {
  it("is answered from the build's Brotli or gzip copy when the browser accepts it", async () => {
    const source = 'document.getElementById("root").textContent = "app";\n';
    const file = join(server.dir, 'app', ASSET_PATH);
    writeFileSync(`${file}.br`, brotliCompressSync(source));
    writeFileSync(`${file}.gz`, gzipSync(source));

    const brotli = await rawGet(ASSET_PATH, 'br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(source);
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await rawGet(ASSET_PATH, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(source);

    const plain = await rawGet(ASSET_PATH);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(source);
  });

  it("answers the library's Brotli or gzip copy too, and the script itself to a client that accepts neither", async () => {
    const source = 'var CollectOnTrack = { compressed: true };\n';
    const file = join(server.dir, 'lib/collect-on-track.iife.js');
    writeFileSync(file, source);
    writeFileSync(`${file}.br`, brotliCompressSync(source));
    writeFileSync(`${file}.gz`, gzipSync(source));

    const brotli = await rawGet('/lib/collect-on-track.iife.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(source);
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);

    const gzip = await rawGet('/lib/collect-on-track.iife.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(source);

    const plain = await rawGet('/lib/collect-on-track.iife.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(source);
  });
});

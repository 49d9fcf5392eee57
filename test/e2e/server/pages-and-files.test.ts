/**
 * The built app and library over HTTP: page paths, the site and locale put into the page, caching,
 * the latest-build file, 404s for missing files, the redirects of shared decisions "Routes", the
 * security headers and the health endpoint.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { existsSync, mkdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOT_GUARD_CSP_SOURCE, BOOT_GUARD_SCRIPT } from '../../../src/adapters/server/boot-guard';
import { ASSET_PATH, startTestServer, writeFakeBuild, type TestServer } from './server-fixture';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { redirect: 'manual', headers });

/** A GET with a Host header of our choice (fetch does not let one set it). */
const getWithHost = (path: string, host: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { port } = new URL(server.url);
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host, ...headers } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

/** Sends `request` as it is on a socket of its own (written, or written and ended) and answers all the server wrote before closing. */
const rawExchange = (request: string, how: 'write' | 'end') =>
  new Promise<string>((resolve, reject) => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1', () => (how === 'end' ? socket.end(request) : socket.write(request)));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });

const PAGE_PATHS = ['', '/m', '/service/customersupportfrontend'].flatMap((prefix) =>
  ['/contact', '/cancellation', '/cancellation/success'].map((page) => prefix + page),
);

describe('page paths', () => {
  it("all nine answer the app page, uncached, with the site of localhost (de) and no locale without x-locale (the site's own writes its numbers)", async () => {
    for (const path of PAGE_PATHS) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      expect(html).toMatch(
        /<title>Kundenservice<\/title>\n {4}<meta name="support-site" content="de"><meta name="support-build" content="[0-9a-f]{16}"><script>\(function\(\)\{.*?addEventListener\('error'.*?<\/script>\n/,
      );
      expect(html).not.toContain('<!--support-meta-->');
      expect(html).toContain(`<script type="module" crossorigin src="${ASSET_PATH}"></script>`);
    }
  });

  it('are found in any letter case, with a final slash and with doubled slashes: at their own spelling', async () => {
    const spellings = [
      ['/Contact', '/contact'],
      ['/m/contact/', '/m/contact'],
      ['/CANCELLATION/success', '/cancellation/success'],
      // A link built as a base ending in '/' plus '/cancellation' went to the contact form.
      ['//cancellation', '/cancellation'],
      ['/m//cancellation/', '/m/cancellation'],
      ['/cancellation//success', '/cancellation/success'],
    ] as const;
    for (const [path, own] of spellings) {
      expect((await get(path)).headers.get('location'), path).toBe(own);
      expect((await get(own)).status, own).toBe(200);
    }
  });

  it('carry the site of the request host and the locale of the x-locale header', async () => {
    const turkish = await getWithHost('/contact', 'www.kaffeeshop.com.tr', { 'x-locale': 'tr-tr' });
    expect(turkish.body).toContain('<meta name="support-site" content="tr"><meta name="support-locale" content="tr-TR">');
    const swiss = await getWithHost('/m/contact', 'fr.kaffeeshop.ch:3000', { 'x-locale': 'fr-CH' });
    expect(swiss.body).toContain('<meta name="support-site" content="ch_fr"><meta name="support-locale" content="fr-CH">');
  });

  it('leave the site out for an unknown host, and the locale for a malformed one', async () => {
    const page = await getWithHost('/contact', 'unknown.example', { 'x-locale': '"><script>alert(1)</script>' });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<meta name="support-site"');
    expect(page.body).not.toContain('<meta name="support-locale"');
    expect(page.body).not.toContain('alert(1)');
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({ config: { trustProxy: '127.0.0.1' } });
  });
  afterAll(async () => {
    await proxied.close();
  });
  const getThroughProxy = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: string; location?: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: new URL(proxied.url).port, path, headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }));
      });
      req.on('error', reject);
      req.end();
    });

  it("takes the site from the Host line, not from an X-Forwarded-Host a visitor sent through the proxy (a cache keyed on the host would keep another site's page)", async () => {
    const headers = { host: 'www.kaffeeshop.de', 'x-forwarded-host': 'www.kaffeeshop.com.tr' };
    const contact = await getThroughProxy('/contact', headers);
    expect(contact.body).toContain('<meta name="support-site" content="de">');
    expect(contact.body).not.toContain('content="tr"');
    const cancellation = await getThroughProxy('/cancellation', headers);
    expect(cancellation.status).toBe(200);
  });
});

describe('redirects', () => {
  const expectRedirect = async (path: string, location: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(302);
    expect(response.headers.get('location'), path).toBe(location);
  };

  it('a request line naming the full address (RFC 9112 §3.2.2: a server must accept it) gets the page its path names', async () => {
    const answerTo = async (target: string) =>
      (await rawExchange(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\nConnection: close\r\n\r\n`, 'write')).split('\r\n\r\n')[0]!;
    expect(await answerTo('http://localhost/cancellation?site=de')).toMatch(/^HTTP\/1\.1 200 /);
    expect(await answerTo('http://localhost/m/contact')).toMatch(/^HTTP\/1\.1 200 /);
    expect(await answerTo('http://localhost/m/unknown?site=at')).toMatch(/\r\nlocation: \/m\/contact\?site=at(\r\n|$)/i);
  });

  it('a page path in other letter case or with a final slash goes to its own spelling, keeping the query: one page path per screen (and `/M/` is the mobile prefix)', async () => {
    await expectRedirect('/CONTACT/', '/contact');
    await expectRedirect('/contact/?site=tr', '/contact?site=tr');
    await expectRedirect('/M/Contact', '/m/contact');
    await expectRedirect('/m/contact/', '/m/contact');
    await expectRedirect('/cancellation/?site=at', '/cancellation?site=at');
    await expectRedirect('/SERVICE/CustomerSupportFrontend/Cancellation/Success/?site=de', '/service/customersupportfrontend/cancellation/success?site=de');
    expect((await get('/service/customersupportfrontend/contact?site=pl')).status).toBe(200);
  });

  it('unknown page paths go to /contact, under /m/ to /m/contact, keeping the query string', async () => {
    await expectRedirect('/foo', '/contact');
    await expectRedirect('/foo?site=tr&x=1', '/contact?site=tr&x=1');
    await expectRedirect('/m/foo', '/m/contact');
    await expectRedirect('/m/foo?site=pl', '/m/contact?site=pl');
    await expectRedirect('/m', '/m/contact');
    await expectRedirect('/', '/contact');
    await expectRedirect('/service/customersupportfrontend/foo', '/contact');
    await expectRedirect('/assets/', '/contact');
  });

  it('the cancellation pages send a non-DACH site to the contact page under the same prefix', async () => {
    await expectRedirect('/cancellation?site=pl', '/contact?site=pl');
    await expectRedirect('/m/cancellation?site=tr', '/m/contact?site=tr');
    await expectRedirect(
      '/service/customersupportfrontend/cancellation/success?site=HU',
      '/service/customersupportfrontend/contact?site=HU',
    );
    expect((await get('/cancellation?site=ch_fr')).status).toBe(200);
    const byHost = await getWithHost('/m/cancellation', 'www.kaffeeshop.cz');
    expect(byHost.status).toBe(302);
  });
});

describe('files', () => {
  it('a hashed asset is cached for a year as immutable', async () => {
    const response = await get(ASSET_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
  });

  it('another file of the build for an hour; the library under /lib/ for five minutes, readable from any origin', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    const lib = await get('/lib/collect-on-track.iife.js');
    expect(lib.status).toBe(200);
    expect(lib.headers.get('cache-control')).toBe('public, max-age=300');
    // Readable by shop pages on other origins (SRI with crossorigin, module scripts, require-corp pages).
    expect(lib.headers.get('access-control-allow-origin')).toBe('*');
    expect(lib.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await lib.text()).toBe('var CollectOnTrack = {};\n');
    writeFileSync(join(server.dir, 'lib/collect-on-track.d.ts'), 'export declare const install: unknown;\n');
    const types = await get('/lib/collect-on-track.d.ts');
    expect(types.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const part = await fetch(`${server.url}/lib/collect-on-track.d.ts`, { headers: { range: 'bytes=0-5' } });
    expect([part.status, part.headers.get('content-type')]).toEqual([206, 'text/plain; charset=utf-8']);
    // A range past the end names the file's length, as a cache fetching by ranges needs (RFC 9110 §15.5.17).
    const past = await fetch(`${server.url}/lib/collect-on-track.d.ts`, { headers: { range: 'bytes=99999-' } });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, 'bytes */39']);
  });

  it('a missing file is a plain 404, never the app page', async () => {
    const templateAgain = ['/assets/..%2findex.html', '/%2e/index.html', '/assets/%2e%2e/index.html'];
    for (const path of ['/assets/missing.js', '/favicon.png', '/assets/x1.js?v=2', '/m/chunk.css', '/lib/missing.js', '/index.html', '/.env', ...templateAgain]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      const body = await response.text();
      expect(body, path).not.toMatch(/<html|<!doctype/i);
      expect(JSON.parse(body)).toEqual({ error: 'notFound', message: 'Not found.' });
      // An error is never kept by a cache (a chunk missing for a moment during a deploy).
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('a browser navigating to a missing file gets the not-found page, 404, not JSON; both answers vary by Accept', async () => {
    for (const path of ['/contact.html', '/m/kontakt.aspx?site=pl', '/service/customersupportfrontend/contact.php']) {
      const response = await get(path, { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('vary'), path).toMatch(/\bAccept\b(?!-)/);
      expect(await response.text(), path).toMatch(/<html/i);
      const script = await get(path);
      expect(script.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(script.headers.get('vary'), path).toMatch(/\bAccept\b(?!-)/);
    }
  });

  it('a path that climbs out with an encoded ".." is a missing file (the not-found page to a navigation), never a bare 403', async () => {
    const host = new URL(server.url).host;
    const navigation = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const path of ['/assets/..%2F..%2Fpackage.json', '/assets/..%5C..%5Cpackage.json', '/lib/..%2f..%2fpackage.json', '/foo/..%2Fx.pdf']) {
      const page = await getWithHost(path, host, navigation);
      expect(page.status, path).toBe(404);
      expect(page.body, path).toMatch(/<html/i);
      const script = await getWithHost(path, host);
      expect([script.status, JSON.parse(script.body)], path).toEqual([404, { error: 'notFound', message: 'Not found.' }]);
    }
    // A page path that does so goes to the contact page, as any unknown page path.
    const climbing = await getWithHost('/%2e%2e', host, navigation);
    expect(climbing.status).toBe(302);
  });

  it('a request the HTTP parser refuses (headers over 16 KB, a broken request line) gets the backend\'s answer shape', async () => {
    const big = await get('/contact', { 'x-big': 'a'.repeat(20_000) });
    expect(big.status).toBe(431);
    expect(await big.json()).toEqual({ error: 'request.headersTooLarge', message: "The request's headers are larger than allowed." });
    // The security headers of every other answer too.
    expect(big.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(big.headers.get('x-content-type-options')).toBe('nosniff');
    const raw = await rawExchange('GET /contact HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n', 'end');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw.toLowerCase()).toContain('x-frame-options: sameorigin');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'request.invalid', message: 'The request is not valid.' });
  });

  it('a request with two Host lines is refused with 400 (RFC 9112 §3.2), so no cache stores one site under the other host', async () => {
    // Written, not ended: the answer comes before the connection closes.
    const raw = await rawExchange('GET /contact HTTP/1.1\r\nHost: www.kaffeeshop.com.tr\r\nHost: localhost\r\nConnection: close\r\n\r\n', 'write');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw.toLowerCase()).toContain('x-frame-options: sameorigin');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'request.invalid', message: 'The request is not valid.' });
  });

  it('an HTTP/1.1 request without a Host line gets the backend\'s own 400, not Node\'s bare one', async () => {
    const raw = await rawExchange('GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n', 'write');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw.toLowerCase()).toContain('x-frame-options: sameorigin');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'request.invalid', message: 'The request is not valid.' });
    // HTTP/1.0 needs none.
    expect(await rawExchange('GET /healthz HTTP/1.0\r\n\r\n', 'write')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('an expectation other than 100-continue is answered as the request itself (RFC 9110 lets a server ignore it), not with Node\'s bare 417', async () => {
    const raw = await rawExchange('GET /healthz HTTP/1.1\r\nHost: localhost\r\nExpect: foo\r\nConnection: close\r\n\r\n', 'write');
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw.toLowerCase()).toContain('x-frame-options: sameorigin');
  });

  it('a malformed URL is a plain 400 that does not repeat it', async () => {
    const response = await get('/m/%E0%A4%A<script>');
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).not.toMatch(/script|%E0/i);
    expect(JSON.parse(body)).toMatchObject({ error: 'request.invalid' });
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('a browser navigating to a malformed page path (a link cut after "%") is sent to the contact page, query kept', async () => {
    const navigation = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const cases: [string, string][] = [
      ['/contact%', '/contact'],
      ['/m/contact%?site=pl', '/m/contact?site=pl'],
      ['/m/%E0%A4%A<script>', '/m/contact'],
      // A NUL byte names no page and no file.
      ['/contact%00?site=pl', '/contact?site=pl'],
    ];
    for (const [path, target] of cases) {
      const response = await get(path, navigation);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe(target);
    }
    // A file path is never redirected: the not-found page (its text: test/e2e/suite/routes.test.ts).
    for (const path of ['/Rabatt-50%.pdf?site=tr', '/service/customersupportfrontend/agb%E0%A4.pdf', '/agb%00.pdf', '/lib/collect-on-track.iife.js%00.png']) {
      const response = await get(path, navigation);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(await response.text(), path).toMatch(/<html/i);
    }
    // Not for an API path, nor for a request that is no navigation.
    expect((await get('/service/customersupportfrontend/api/contact%', navigation)).status).toBe(400);
    expect((await get('/contact%')).status).toBe(400);
  });

  it('the latest-build file names the build, never from a cache, and changes with a new build', async () => {
    const first = await get('/build.json?t=1');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const { buildId } = (await first.json()) as { buildId: string };
    expect(buildId).toMatch(/^[0-9a-f]{16}$/);
    // A page names the build it comes from: the app compares it with what this file answers later.
    expect(await (await get('/m/contact')).text()).toContain(`<meta name="support-build" content="${buildId}">`);

    writeFileSync(join(server.dir, 'app/index.html'), '<!doctype html><html><head></head><body>new build</body></html>');
    const second = (await (await get('/build.json?t=2')).json()) as { buildId: string };
    expect(second.buildId).toMatch(/^[0-9a-f]{16}$/);
    expect(second.buildId).not.toBe(buildId);
    // Without the placeholder, the tags go at the end of <head>.
    expect(await (await get('/contact')).text()).toBe(
      `<!doctype html><html><head><meta name="support-site" content="de"><meta name="support-build" content="${second.buildId}"><script>${BOOT_GUARD_SCRIPT}</script></head><body>new build</body></html>`,
    );
  });

  it('a new build of the same size whose page shell keeps the old modification time (a reproducible build, an archive unpacked with its times) is picked up', async () => {
    const index = join(server.dir, 'app/index.html');
    const fixed = new Date('2026-01-01T00:00:00Z');
    writeFileSync(index, '<!doctype html><html><head></head><body>build A</body></html>');
    utimesSync(index, fixed, fixed);
    const before = (await (await get('/build.json?t=a')).json()) as { buildId: string };
    // Swapped in as the build script does: a new file renamed over the old one, with the same time.
    const next = join(server.dir, 'app/index.next.html');
    writeFileSync(next, '<!doctype html><html><head></head><body>build B</body></html>');
    utimesSync(next, fixed, fixed);
    renameSync(next, index);
    const after = (await (await get('/build.json?t=b')).json()) as { buildId: string };
    expect(after.buildId).not.toBe(before.buildId);
    expect(await (await get('/contact')).text()).toContain('build B');
  });

  it('other methods on unknown paths are a 404, not a redirect', async () => {
    const response = await fetch(server.url + '/foo', { method: 'POST', body: 'x', redirect: 'manual' });
    expect(response.status).toBe(404);
  });
});

describe('security headers and health', () => {
  it('every kind of answer carries them; the policy allows no inline script but the boot guard, and no inline style', async () => {
    const answers = [await get('/contact'), await get(ASSET_PATH), await get('/assets/missing.js'), await get('/healthz'), await get('/foo')];
    for (const response of answers) {
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`script-src 'self' ${BOOT_GUARD_CSP_SOURCE} https://cdn.exactag.kaffeeshop-tracking.example;`);
      expect(csp).toContain("style-src 'self';");
      expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/[^;]*exactag/);
      expect(csp).not.toContain('kaffeeshop-data.net');
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=(), payment=()');
    }
  });

  it('GET /healthz answers ok, uncached', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('a flood of /healthz requests does not write the database once per request (a write checks it at most once a second)', async () => {
    const wal = () => (existsSync(`${server.dbFile}-wal`) ? statSync(`${server.dbFile}-wal`).size : 0);
    await get('/healthz');
    const before = wal();
    const answers = await Promise.all(Array.from({ length: 40 }, () => get('/healthz')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
    // Each checking write adds a page (4 KB and its header) to the write-ahead log.
    expect(wal() - before).toBeLessThan(5 * 4096);
  });
});

describe('before the app is built', () => {
  it('page paths answer a plain page saying so; the latest-build file is a 404', async () => {
    const bare = await startTestServer({ build: false });
    try {
      const page = await fetch(bare.url + '/contact');
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await page.text()).toContain('The support app is not built yet');
      expect((await fetch(bare.url + '/build.json')).status).toBe(404);
      expect((await fetch(bare.url + '/healthz')).status).toBe(200);
    } finally {
      await bare.close();
    }
  });

  it('an undecodable file URL while the page file cannot be read is a 500, and the server goes on', async () => {
    const broken = await startTestServer();
    try {
      // The page template replaced by a folder (a deploy half done): reading it fails.
      rmSync(join(broken.dir, 'app/index.html'));
      mkdirSync(join(broken.dir, 'app/index.html'));
      const navigation = { accept: 'text/html' };
      expect((await fetch(broken.url + '/contact%.pdf', { headers: navigation })).status).toBe(500);
      expect((await fetch(broken.url + '/healthz')).status).toBe(200);
    } finally {
      await broken.close();
    }
  });

  it('the app appears once the build is there, without a restart', async () => {
    const late = await startTestServer({ build: false });
    try {
      expect((await fetch(late.url + '/contact')).status).toBe(503);
      writeFakeBuild(late.dir);
      expect((await fetch(late.url + '/contact')).status).toBe(200);
      expect((await fetch(late.url + ASSET_PATH)).status).toBe(200);
    } finally {
      await late.close();
    }
  });
});

/**
 * Pages rendered on the server (the render entry beside the app's build, `server/ssr-entry.js`): the
 * markup goes into `#root` with the page's `lang`, title and hydration data as JSON that no script can
 * break out of; a render entry that is missing, malformed, throws or declines leaves the page as the
 * browser renders it, never a broken page.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { withRenderedPage, jsonForScript } from '../../../src/adapters/server/app-page';
import { INDEX_HTML, startTestServer, type TestServer } from './server-fixture';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const entryFile = () => join(server.dir, 'server/ssr-entry.js');

let version = 0;
/** Writes the render entry the server loads (each version a new size, so the server imports it again). */
function writeEntry(source: string): void {
  mkdirSync(join(server.dir, 'server'), { recursive: true });
  writeFileSync(entryFile(), `${source}\n// version ${'x'.repeat(++version)}\n`);
}

const RENDERING_ENTRY = `
export async function renderPage(request) {
  return {
    kind: 'page',
    status: 200,
    html: '<main><h1>Server rendered for ' + request.site + '</h1><p>' + new URL(request.url).pathname + '</p></main>',
    lang: request.site === 'tr' ? 'tr' : 'de-DE',
    title: 'Kontakt | Coffee & Home <Kundenservice>',
    data: { 'support-texts': { site: request.site, note: '</script><script>alert(1)</script>\\u2028' } },
  };
}`;

const get = async (path: string) => {
  const response = await fetch(server.url + path, { redirect: 'manual' });
  return { status: response.status, html: await response.text() };
};

/** A GET with a Host header of our choice (fetch does not let one set it). */
const getWithHost = (path: string, host: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { port } = new URL(server.url);
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

/** The page as the browser renders it: the template with the request's meta tags, an empty #root. */
const expectClientRenderedPage = (page: { status: number; html: string }) => {
  expect(page.status).toBe(200);
  expect(page.html).toContain('<body><div id="root"></div></body>');
  expect(page.html).toContain('<title>Kundenservice</title>');
  expect(page.html).toContain('<meta name="support-site" content="de">');
  expect(page.html).not.toContain('application/json');
};

describe('a page rendered on the server', () => {
  it('carries the markup in #root, the lang and title of the screen, and the data as JSON', async () => {
    writeEntry(RENDERING_ENTRY);
    const page = await get('/m/contact');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<div id="root"><main><h1>Server rendered for de</h1><p>/m/contact</p></main></div>');
    expect(page.html).toContain('<html lang="de-DE">');
    expect(page.html).toContain('<title>Kontakt | Coffee &#38; Home &#60;Kundenservice&#62;</title>');
    expect(page.html).toContain('<meta name="support-site" content="de"><meta name="support-build"');
    expect(page.html).toContain('<script type="application/json" id="support-texts">{"site":"de",');
  });

  it('is rendered for the site of the query, else of the host', async () => {
    writeEntry(RENDERING_ENTRY);
    const queried = await get('/contact?site=TR');
    expect(queried.html).toContain('<h1>Server rendered for tr</h1>');
    expect(queried.html).toContain('<html lang="tr">');
    const hosted = await getWithHost('/contact', 'fr.kaffeeshop.ch');
    expect(hosted.body).toContain('<h1>Server rendered for ch_fr</h1>');
    // The page still names the host's site: the browser resolves the query over it as the server did.
    expect(queried.html).toContain('<meta name="support-site" content="de">');
  });

  it('is rendered also for a Host header that is no host name', async () => {
    writeEntry(RENDERING_ENTRY);
    for (const host of ['a b', 'a@b', 'localhost:99999', 'x#', 'x?q=1', 'x/y']) {
      const page = await getWithHost('/contact?site=tr', host);
      expect(page.body, host).toContain('<h1>Server rendered for tr</h1><p>/contact</p>');
    }
  });

  it('keeps its JSON inert: no closing script tag, no raw line separator', async () => {
    writeEntry(RENDERING_ENTRY);
    const { html } = await get('/contact');
    const json = /<script type="application\/json" id="support-texts">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ site: 'de', note: '</script><script>alert(1)</script>\u2028' });
    // The two data entries and the boot guard.
    expect(html.match(/<script/g)).toHaveLength(3);
  });

  it('still redirects a non-DACH site away from the cancellation page before any rendering', async () => {
    writeEntry(RENDERING_ENTRY);
    const page = await get('/m/cancellation?site=pl');
    expect(page.status).toBe(302);
  });
});

describe('falling back to the page the browser renders', () => {
  it('when the render entry throws', async () => {
    writeEntry(`export async function renderPage() { throw new Error('render failed'); }`);
    expectClientRenderedPage(await get('/contact'));
  });

  it('when it declines the page (the router answered otherwise)', async () => {
    writeEntry(`export async function renderPage() { return { kind: 'skipped', reason: 'the router answered 302' }; }`);
    expectClientRenderedPage(await get('/cancellation'));
  });

  it('when it exports no renderPage, or cannot be imported', async () => {
    writeEntry(`export const nothing = 1;`);
    expectClientRenderedPage(await get('/contact'));
    writeEntry(`export async function renderPage( {`);
    expectClientRenderedPage(await get('/contact'));
  });

  it('when it is not built, and renders again once it is; the log says so once', async () => {
    const warn = vi.spyOn(server.app.log, 'warn');
    rmSync(entryFile(), { force: true });
    expectClientRenderedPage(await get('/contact'));
    expectClientRenderedPage(await get('/contact?site=tr'));
    expect(warn.mock.calls.map((call) => call.join(' '))).toEqual([
      expect.stringContaining(`pages are rendered in the browser: the server render entry ${entryFile()} is missing (npm run build)`),
    ]);
    writeEntry(RENDERING_ENTRY);
    expect((await get('/contact')).html).toContain('<h1>Server rendered for de</h1>');
    warn.mockRestore();
  });
});

describe('withRenderedPage', () => {
  const rendered = { kind: 'page', status: 200, html: '<p>x</p>', lang: 'fr-CH', title: 'Contact', data: { a: [1] } } as const;

  it('leaves a template without an empty #root to the browser', () => {
    expect(withRenderedPage('<html lang="de"><body><div id="app"></div></body></html>', rendered)).toBeUndefined();
  });

  it('fills #root, the lang and the title of the template', () => {
    const html = withRenderedPage(INDEX_HTML, rendered) ?? '';
    expect(html).toContain('<html lang="fr-CH">');
    expect(html).toContain('<title>Contact</title>');
    expect(html).toContain('<body><div id="root"><p>x</p></div><script type="application/json" id="a">[1]</script></body>');
  });

  it('writes JSON that parses back to the same value', () => {
    const value = { text: '<!-- </script> & \u2028 \u2029 >' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

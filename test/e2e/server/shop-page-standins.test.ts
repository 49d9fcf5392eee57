/**
 * DEV STAND-INS for the shop's own pages: the icon at `/favicon.ico` (a page load in Chromium logs no
 * failed request) and each language's privacy path (a page, not a redirect to the German form).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { startTestServer, type TestServer } from './server-fixture';

const PRIVACY_PATHS = [
  '/datenschutz',
  '/protection-des-donnees',
  '/polityka-prywatnosci',
  '/ochrana-osobnich-udaju',
  '/adatvedelem',
  '/ochrana-osobnych-udajov',
  '/gizlilik-politikasi',
  // The Turkish legal notice the contact form's checkbox links to.
  '/kvkk-aydinlatma-metni',
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('the shop icon', () => {
  it('is answered at /favicon.ico as a labelled stand-in, uncached', async () => {
    const response = await fetch(server.url + '/favicon.ico');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('x-dev-stand-in')).toBe('favicon');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('<svg');
  });

  describe('in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('a page load with the project\'s page template fails no request and logs no error', async () => {
      // The template as built, without its development script (a fake build has no app bundle).
      const template = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8').replace(/<script type="module"[^>]*><\/script>/, '');
      writeFileSync(join(server.dir, 'app/index.html'), template);
      // Chromium asks for the icon itself, unseen by the page's request events: a proxy records it.
      const answers: string[] = [];
      const target = new URL(server.url);
      const proxy = createServer((request, response) => {
        const forward = httpRequest({ host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers }, (answer) => {
          answers.push(`${answer.statusCode} ${request.url}`);
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        });
        request.pipe(forward);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      const page = await browser.newPage();
      try {
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`);
        });
        const { port } = proxy.address() as AddressInfo;
        await page.goto(`http://127.0.0.1:${port}/contact?site=tr`, { waitUntil: 'load' });
        await expect.poll(() => answers.some((answer) => answer.endsWith(' /favicon.ico')), { timeout: 15_000 }).toBe(true);
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
        expect(answers.filter((answer) => !answer.startsWith('200 '))).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        proxy.closeAllConnections();
        await new Promise((resolve) => proxy.close(resolve));
      }
    });
  });
});

describe('the shop privacy pages', () => {
  it.each(PRIVACY_PATHS)('%s is a labelled stand-in page, not a redirect to the contact form', async (path) => {
    const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-dev-stand-in')).toBe('privacy-page');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("DEV STAND-IN: the shop's privacy notice");
    expect(html).toContain(`<code>${path}</code>`);
  });
});

describe('with the dev stand-ins switched off', () => {
  it('the icon and privacy paths are the shop\'s again: a 404 and the usual redirect', async () => {
    const bare = await startTestServer({ config: { devStandIns: false } });
    try {
      expect((await fetch(bare.url + '/favicon.ico')).status).toBe(404);
      const privacy = await fetch(bare.url + '/gizlilik-politikasi', { redirect: 'manual' });
      expect(privacy.status).toBe(302);
      expect(privacy.headers.get('location')).toBe('/contact');
    } finally {
      await bare.close();
    }
  });
});

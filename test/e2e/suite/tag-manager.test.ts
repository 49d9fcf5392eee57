/**
 * The tag manager container a shop configures for the support pages (`SUPPORT_TAG_MANAGER_SCRIPT`):
 * the server names it in each page and allows it in the page's Content-Security-Policy, and the
 * page's tracker loads it once, after the container's start entry.
 */
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { startSupportServer, type SupportServer } from '../support/server';
import { dataLayerOf, newVisitorContext, open } from './visitor';

const CONTAINER = 'https://www.googletagmanager.com/gtm.js?id=GTM-SUPPORT';

let browser: Browser;
let server: SupportServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startSupportServer({ tagManagerScript: CONTAINER })]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the tag manager container of the support pages', () => {
  it('is loaded once from the address the server is configured with, which the page policy allows', async () => {
    const context = await newVisitorContext(browser, server.url);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const requested: string[] = [];
    await page.route(CONTAINER, (route) => {
      requested.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: 'window.containerRan = true;' });
    });
    await open(page, server.url, '/contact?site=de');
    await page.waitForFunction(() => (window as unknown as { containerRan?: boolean }).containerRan === true);
    expect(requested).toEqual([CONTAINER]);
    expect((await dataLayerOf(page)).filter((entry) => entry.event === 'gtm.js')).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    await context.close();
  });
});

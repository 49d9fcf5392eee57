/**
 * The support pages' tracker loads after the first render, late on a slow line: the page views of the
 * screens a shopper moved through meanwhile wait for it, and each still describes the screen it was
 * pushed for (its path, and the screen before it as its referrer), not the screen shown when the
 * tracker came.
 */
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { startSupportServer, type SupportServer } from '../support/server';
import { textsOf } from './site-texts';
import { dataLayerOf, newVisitorContext, open } from './visitor';

let browser: Browser;
let server: SupportServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startSupportServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('tracks each screen shown before the tracker loaded with its own path and referrer', async () => {
  const t = await textsOf('de');
  const context = await newVisitorContext(browser, server.url, { consentCookie: true });
  const page = await context.newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/tracker-module-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  try {
    // A broken link to a file lands on the not-found page; its link leads on to the form.
    await open(page, server.url, '/agb.pdf?site=de');
    await page.getByRole('link', { name: t('error.toContact') }).click();
    await page.getByRole('heading', { level: 1, name: t('contact.heading') }).waitFor();
    release();
    await page.waitForFunction(() => (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer?.filter((entry) => entry.event === 'pageview').length === 2);
    const views = (await dataLayerOf(page))
      .filter((entry) => entry.event === 'pageview')
      .map((entry) => ({ path: entry.page_path, referrer: entry.referrer_class }));
    expect(views).toEqual([
      { path: '/agb.pdf', referrer: 'direct' },
      { path: '/contact', referrer: 'internal' },
    ]);
  } finally {
    await context.close();
  }
});

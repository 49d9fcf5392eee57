/**
 * A single-page shop whose tracker is installed late (by its tag manager, after its consent tool):
 * the app pushes through a direct-mode client from its first render, cleans its address of `utm_*`
 * and moves on before `install`. The pushes wait on the client's line and still describe the pages
 * they were made on.
 */
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { consentingContext, startShopAndCollector, type LocalOrigin } from './origins';
import { PAGE_DATA } from './shop-events';
import { libraryScript } from './library-build';

let browser: Browser;
let shop: LocalOrigin;
let collector: LocalOrigin;

beforeAll(async () => {
  ({ shop, collector } = await startShopAndCollector(await libraryScript(), ['/spa/landing']));
  // A page of the shop's app (its web view): the platform attribute is on <body>, parsed after the first push.
  shop.route('/app/home', () => ({
    body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>App</title><script src="/lib/collect-on-track.iife.js"></script>
<script>
  window.bridged = [];
  window.CollectOnTrackAppBridge = { sendTrackingEvent: (json) => window.bridged.push(JSON.parse(json)) };
  window.landing = CollectOnTrack.createClient({ mode: 'direct', emitter: 'app' }).pushInitialPageData(${JSON.stringify({ ...PAGE_DATA, page_name: 'app home' })});
</script></head><body data-platform="smartphone"><h1>App</h1></body></html>`,
  }));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([shop, collector].map((origin) => origin?.close()));
});

describe('direct pushes made before a late install', () => {
  it('describe the page they were made on: the landing keeps its path and campaign, the next view was reached from it', async () => {
    const context = await consentingContext(browser, shop.origin);
    const page = await context.newPage();
    try {
      await page.goto(`${shop.origin}/spa/landing?utm_source=newsletter&utm_medium=email`);
      const views = await page.evaluate(
        async ({ pageData, collectorUrl }) => {
          type Client = { pushInitialPageData(data: unknown): Promise<void> };
          const w = window as unknown as {
            CollectOnTrack: { createClient(options: unknown): Client; install(options: unknown): unknown };
            dataLayer: Record<string, unknown>[];
          };
          const client = w.CollectOnTrack.createClient({ mode: 'direct', emitter: 'spa' });
          const landing = client.pushInitialPageData({ ...pageData, page_name: 'landing' });
          history.replaceState(null, '', '/spa/landing');
          history.pushState(null, '', '/spa/kaffee');
          const next = client.pushInitialPageData({ ...pageData, page_name: 'kaffee' });
          w.CollectOnTrack.install({
            site: 'de',
            environment: 'development',
            exactag: false,
            ttruth: true,
            monitoring: false,
            endpoints: { shopServices: location.origin, collector: collectorUrl },
          });
          await Promise.all([landing, next]);
          return w.dataLayer
            .filter((entry) => entry.event === 'pageview')
            .map((entry) => ({ name: entry.page_name, path: entry.page_path, referrer: entry.referrer_class }));
        },
        { pageData: PAGE_DATA, collectorUrl: `${collector.origin}/collect` },
      );
      expect(views).toEqual([
        { name: 'landing', path: '/spa/landing', referrer: 'direct' },
        { name: 'kaffee', path: '/spa/kaffee', referrer: 'internal' },
      ]);
      await expect
        .poll(() => collector.requests.filter((request) => request.method === 'POST').length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(2);
      const sent = collector.requests
        .filter((request) => request.method === 'POST')
        .map((request) => JSON.parse(request.body) as Record<string, unknown> & { event: Record<string, unknown> })
        .filter((body) => body.event_name === 'pageview')
        .map((body) => ({ name: body.event.page_name, url: body.url, source: body.tcs_source, medium: body.tcs_medium }))
        // Two requests in flight at once may arrive in either order (the data layer above shows the order).
        .sort((a, b) => (a.name === 'landing' ? -1 : b.name === 'landing' ? 1 : 0));
      expect(sent).toEqual([
        { name: 'landing', url: `${shop.origin}/spa/landing?utm_source=newsletter&utm_medium=email`, source: 'newsletter', medium: 'email' },
        { name: 'kaffee', url: `${shop.origin}/spa/kaffee`, source: undefined, medium: undefined },
      ]);
    } finally {
      await context.close();
    }
  });

  it('on a page of the shop\'s app, go to the app bridge only: its platform attribute, on a <body> parsed after the push, is read at install', async () => {
    const context = await consentingContext(browser, shop.origin);
    const page = await context.newPage();
    try {
      await page.goto(`${shop.origin}/app/home`);
      const result = await page.evaluate(async () => {
        const w = window as unknown as { CollectOnTrack: { install(options: unknown): unknown }; landing: Promise<void>; bridged: unknown[]; dataLayer?: Record<string, unknown>[] };
        w.CollectOnTrack.install({ site: 'de', environment: 'development', exactag: false, monitoring: false, endpoints: { shopServices: location.origin } });
        await w.landing;
        return { bridged: w.bridged.length, pageViews: (w.dataLayer ?? []).filter((entry) => entry.event === 'pageview').length };
      });
      expect(result).toEqual({ bridged: 1, pageViews: 0 });
    } finally {
      await context.close();
    }
  });
});

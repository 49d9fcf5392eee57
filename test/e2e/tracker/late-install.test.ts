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
  // Installed in <head>, where the app context is not known yet: its <body> carries the app's platform
  // attribute, or a script of the app's web view writes the platform cookie while the page is parsed.
  const installedInHead = (body: string) => ({
    body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>App</title><script src="/lib/collect-on-track.iife.js"></script>
<script>
  window.bridged = [];
  window.CollectOnTrackAppBridge = { sendTrackingEvent: (json) => window.bridged.push(JSON.parse(json)) };
  window.tracker = CollectOnTrack.install({ site: 'de', environment: 'development', exactag: false, ttruth: true, monitoring: false,
    endpoints: { shopServices: location.origin, collector: '${collector.origin}/collect' } });
</script></head>${body}</html>`,
  });
  shop.route('/app/attribute', () => installedInHead('<body data-platform="smartphone"><h1>App</h1></body>'));
  shop.route('/app/cookie', () => installedInHead('<body><script>document.cookie = "platform=app; path=/app"</script><h1>App</h1></body>'));
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

  it('on a page of the app known as such only once parsed, go to the app bridge only, a product source before any page data too', async () => {
    for (const path of ['/app/attribute', '/app/cookie']) {
      const context = await consentingContext(browser, shop.origin);
      const page = await context.newPage();
      try {
        const before = collector.requests.length;
        await page.goto(`${shop.origin}${path}`);
        const result = await page.evaluate(async (pageData) => {
          type Tracker = { pushProductSourceEvent(data: unknown): Promise<void>; pushInitialPageData(data: unknown): Promise<void>; pushCustomEvent(data: unknown): Promise<void> };
          const w = window as unknown as { tracker: Tracker; bridged: { event_name?: string }[]; dataLayer?: Record<string, unknown>[] };
          await w.tracker.pushProductSourceEvent({ webshop_product_id: '4711' });
          await w.tracker.pushInitialPageData({ ...pageData, page_name: 'app home' });
          await w.tracker.pushCustomEvent({ event_category: 'navigation', event_action: 'click' });
          return { bridged: w.bridged.map((event) => event.event_name), dataLayer: (w.dataLayer ?? []).map((entry) => entry.event).filter(Boolean) };
        }, PAGE_DATA);
        expect({ path, ...result }).toEqual({ path, bridged: ['product_source', 'pageview', 'custom_event'], dataLayer: [] });
        // Time for a send the collector would have had by now.
        await page.waitForTimeout(1500);
        expect(collector.requests.slice(before).filter((request) => request.method === 'POST')).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});

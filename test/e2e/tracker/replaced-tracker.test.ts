/**
 * A single-page shop that replaces its tracker (`reset()`, then `install(options)`, as the README
 * allows) again and again: the page keeps one wrapper around its `dataLayer.push`, one IndexedDB
 * connection, and the replaced trackers are freed, though the page keeps every data-layer entry they
 * pushed (each entry's `eventCallback` among them).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { acceptingCollector, startOrigin, type LocalOrigin } from './origins';
import { FAKE_EXACTAG_SCRIPT, shopPage } from './pages';
import { PAGE_DATA } from './shop-events';
import { libraryScript } from './library-build';

// Counts the page's IndexedDB connections, and how deep the page's own `dataLayer.push` is called
// (every wrapper around it adds a frame); that push answers each entry's eventCallback, as a tag
// manager does.
const PRELUDE = `
  Error.stackTraceLimit = 1000;
  window.connections = { opened: 0, closed: 0 };
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (...args) {
    const request = open.apply(this, args);
    request.addEventListener('success', () => {
      window.connections.opened += 1;
      const close = request.result.close;
      request.result.close = function () { window.connections.closed += 1; return close.call(this); };
    });
    return request;
  };
  window.pushDepths = [];
  window.dataLayer = [];
  window.dataLayer.push = function (...items) {
    window.pushDepths.push(new Error().stack.split('\\n').length);
    const length = Array.prototype.push.apply(this, items);
    for (const item of items) if (item && typeof item.eventCallback === 'function') item.eventCallback();
    return length;
  };
`;

const CONSENT = 'OptanonConsent=groups%3DC0001%3A1%2CC0003%3A1%2CC0004%3A1';

let browser: Browser;
let shop: LocalOrigin;
let collector: LocalOrigin;
let context: BrowserContext;

beforeAll(async () => {
  const [script, shopOrigin, collectorOrigin] = await Promise.all([libraryScript(), startOrigin('shop'), startOrigin('collector')]);
  [shop, collector] = [shopOrigin, collectorOrigin];
  const options = {
    site: 'de',
    environment: 'development',
    ttruth: true,
    monitoring: false,
    listeners: true,
    endpoints: { exactagScript: `${shop.origin}/exactag.js`, shopServices: shop.origin, collector: `${collector.origin}/collect` },
  };
  shop.route('/lib/collect-on-track.iife.js', () => ({ type: 'text/javascript', body: script }));
  shop.route('/exactag.js', () => ({ type: 'text/javascript', body: FAKE_EXACTAG_SCRIPT }));
  shop.route('/spa', () => ({ body: shopPage(options, [], `${PRELUDE}\nwindow.trackerOptions = ${JSON.stringify(options)};`) }));
  collector.route('/collect', acceptingCollector);
  browser = await launchChromium({ args: ['--js-flags=--expose-gc'] });
  context = await browser.newContext();
  const { hostname } = new URL(shop.origin);
  await context.addCookies([{ name: 'OptanonConsent', value: CONSENT.split('=')[1]!, domain: hostname, path: '/' }]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([shop, collector].map((origin) => origin?.close()));
});

describe('a tracker replaced by install() after reset()', () => {
  it('leaves one push wrapper and one IndexedDB connection, and the replaced trackers are freed', async () => {
    const page = await context.newPage();
    try {
      await page.goto(`${shop.origin}/spa`);
      const result = await page.evaluate(async (pageData) => {
        type Api = { pushInitialPageData(data: unknown): Promise<void>; pushCustomEvent(data: unknown): Promise<void> };
        const w = window as unknown as {
          collectOnTrackApi: Api;
          CollectOnTrack: { reset(): Promise<void>; install(options: unknown): Api };
          trackerOptions: unknown;
          dataLayer: unknown[];
          pushDepths: number[];
          connections: { opened: number; closed: number };
          gc(): void;
        };
        const visit = async (api: Api, round: number) => {
          await api.pushInitialPageData({ ...pageData, page_name: `page ${round}` });
          await api.pushCustomEvent({ event_type: 'ga4_event', event_name: 'filter_click', click_type: 'filter', click_target: `round-${round}` });
        };
        await visit(w.collectOnTrackApi, 0);
        const firstApi = new WeakRef(w.collectOnTrackApi);
        w.dataLayer.push({ probe: 'before' });
        const depthBefore = w.pushDepths.at(-1);
        for (let round = 1; round <= 20; round += 1) {
          await w.CollectOnTrack.reset();
          await visit(w.CollectOnTrack.install(w.trackerOptions), round);
        }
        w.dataLayer.push({ probe: 'after' });
        const depthAfter = w.pushDepths.at(-1);
        // Let the last outbox writes and sends settle, then collect.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        for (let i = 0; i < 5; i += 1) {
          w.gc();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return { depthBefore, depthAfter, connections: w.connections, firstFreed: firstApi.deref() === undefined, entries: w.dataLayer.length };
      }, PAGE_DATA);
      expect(result.entries).toBeGreaterThan(40);
      expect(result.depthAfter).toBe(result.depthBefore);
      expect(result.connections.opened - result.connections.closed).toBe(1);
      expect(result.firstFreed).toBe(true);
    } finally {
      await page.close();
    }
  });
});

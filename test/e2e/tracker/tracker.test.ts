/**
 * The library's IIFE build in real Chromium, on a shop page served from local origins (a port is an
 * origin): window messages from a framed page, consent, the data layer, the affiliate script, and the
 * first-party collector's durable outbox across a reload.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { fakeCollector, outboxSize, type FakeCollector } from './collector';
import { libraryScript } from './library-build';
import { startOrigin, type LocalOrigin } from './origins';
import { beaconExactagScript, clientFrame, FAKE_EXACTAG_SCRIPT, postingFrame, shopPage, wireMessage } from './pages';
import {
  EXPECTED_DATA_LAYER,
  FILTER_CLICK,
  FOREIGN_MESSAGE,
  FRAME_MESSAGES,
  GRANT,
  PAGE_DATA,
  VALID_FRAME_MESSAGES,
} from './shop-events';
import { waitUntil } from './wait';

let browser: Browser;
let shop: LocalOrigin;
let frame: LocalOrigin;
let foreign: LocalOrigin;
let collectorOrigin: LocalOrigin;
let context: BrowserContext | undefined;

beforeAll(async () => {
  const [script, ...origins] = await Promise.all([
    libraryScript(),
    startOrigin('shop'),
    startOrigin('frame'),
    startOrigin('foreign'),
    startOrigin('collector'),
  ]);
  [shop, frame, foreign, collectorOrigin] = origins as [LocalOrigin, LocalOrigin, LocalOrigin, LocalOrigin];
  shop.route('/lib/collect-on-track.iife.js', () => ({ type: 'text/javascript', body: script }));
  shop.route('/exactag.js', () => ({ type: 'text/javascript', body: FAKE_EXACTAG_SCRIPT }));
  frame.route('/lib/collect-on-track.iife.js', () => ({ type: 'text/javascript', body: script }));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([shop, frame, foreign, collectorOrigin].map((origin) => origin?.close()));
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A fresh browser profile (no cookies, no IndexedDB) with a 1280 px wide screen. */
const openPage = async (): Promise<Page> => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  return context.newPage();
};

type PageWindow = {
  dataLayer?: Record<string, unknown>[];
  receivedMessages: { origin: string }[];
  exactagCalls?: Record<string, unknown>[];
  collectOnTrackApi: Record<'pushInitialPageData' | 'pushCustomEvent', (data: unknown) => Promise<void>> & {
    getLogs(): { message: string }[];
  };
};

/** window.dataLayer as JSON: functions such as `eventCallback` drop out. */
const dataLayerOf = (page: Page): Promise<unknown[]> =>
  page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as PageWindow).dataLayer ?? [])) as unknown[]);

describe('the library on a shop page, fed by a framed page', () => {
  beforeEach(() => {
    shop.route('/product', () => ({
      body: shopPage(
        {
          site: 'de',
          environment: 'development',
          listeners: true,
          monitoring: false,
          allowedOrigins: [shop.origin, frame.origin],
          endpoints: { exactagScript: `${shop.origin}/exactag.js`, shopServices: shop.origin },
        },
        [`${frame.origin}/frame`, `${foreign.origin}/foreign`],
      ),
    }));
    frame.route('/frame', () => ({ body: postingFrame(shop.origin, FRAME_MESSAGES) }));
    foreign.route('/foreign', () => ({ body: postingFrame('*', [FOREIGN_MESSAGE]) }));
  });

  it('holds every push without consent, then a late OneTrustGroupsUpdated releases them in order and loads the affiliate script', async () => {
    const page = await openPage();
    await page.goto(`${shop.origin}/product`);
    // The page's own recorder listens before the library: once it has every message, so has the library.
    await page.waitForFunction(
      ([frameOrigin, foreignOrigin, count]) => {
        const received = (window as unknown as PageWindow).receivedMessages;
        return received.filter((m) => m.origin === frameOrigin).length === count && received.some((m) => m.origin === foreignOrigin);
      },
      [frame.origin, foreign.origin, FRAME_MESSAGES.length] as const,
    );
    await page.waitForFunction(
      (count) =>
        (window as unknown as PageWindow).collectOnTrackApi.getLogs().filter((entry) => entry.message.endsWith('has been accepted and waits for the page data, for consent or for an e-commerce event.'))
          .length >= count,
      VALID_FRAME_MESSAGES,
    );

    expect(await dataLayerOf(page)).toEqual([]);
    expect(shop.count('/exactag.js')).toBe(0);
    expect(await page.evaluate(() => (window as unknown as PageWindow).exactagCalls)).toBeUndefined();

    await page.evaluate((grant) => {
      (window as unknown as PageWindow).dataLayer?.push(grant);
    }, GRANT);
    await page.waitForFunction((count) => ((window as unknown as PageWindow).dataLayer ?? []).length >= count, EXPECTED_DATA_LAYER.length);
    await waitUntil(() => shop.count('/exactag.js') === 1, 'the affiliate script was requested');
    await page.waitForFunction(() => ((window as unknown as PageWindow).exactagCalls ?? []).length > 0);

    expect(await dataLayerOf(page)).toEqual(EXPECTED_DATA_LAYER);
    // Every library push but the { ecommerce: null } clears hands the tag manager an eventCallback.
    const callbacks = await page.evaluate(() => ((window as unknown as PageWindow).dataLayer ?? []).map((entry) => typeof entry.eventCallback));
    expect(callbacks).toEqual(EXPECTED_DATA_LAYER.map((entry) => ('eventTimeout' in entry ? 'function' : 'undefined')));
    // The product page's affiliate page view waited for its view_item and went out with the product.
    const calls = await page.evaluate(() => (window as unknown as PageWindow).exactagCalls ?? []);
    expect(calls[0]).toEqual({ cd: expect.any(String), si: 'de', pt: 'Product View', pn: 'Kaffee Klassik', ty: 'product', pd: '123456789' });
    expect(shop.count('/exactag.js')).toBe(1);
  });
});

describe('an events-mode client in a frame', () => {
  it('reaches the parent only when its targetOrigin is the parent page\'s origin', async () => {
    shop.route('/framed', () => ({
      body: shopPage({ site: 'de', environment: 'development', listeners: true, monitoring: false, exactag: false, allowedOrigins: [frame.origin] }, [
        `${frame.origin}/client-frame`,
      ]),
    }));
    // Posted in this order from one frame: once the last has arrived, any earlier one would have too.
    frame.route('/client-frame', () => ({ body: clientFrame([foreign.origin, '*', shop.origin]) }));
    const page = await openPage();
    await page.goto(`${shop.origin}/framed`);
    await page.waitForFunction(
      (last) => (window as unknown as PageWindow).receivedMessages.some((m) => String((m as { data?: unknown }).data).includes(last)),
      shop.origin,
    );
    const labels = await page.evaluate(() =>
      (window as unknown as PageWindow).receivedMessages.map((m) => JSON.parse(String((m as { data?: unknown }).data)).message.event_label as string),
    );
    expect(labels).toEqual(['*', shop.origin]);
  });
});

describe('a page of the legacy app, installed in <head>', () => {
  it('sees the app-context attribute on <body>: the page view goes to the app, not the data layer, and no container loads', async () => {
    let containerAsked = false;
    shop.route('/gtm.js', () => ((containerAsked = true), { type: 'text/javascript', body: '' }));
    shop.route('/app-view', () => ({
      body: shopPage(
        { site: 'de', environment: 'development', exactag: false, monitoring: false, endpoints: { shopServices: shop.origin, tagManagerScript: `${shop.origin}/gtm.js` } },
        [],
        '',
        'data-platform="smartphone"',
      ),
    }));
    const page = await openPage();
    await page.goto(`${shop.origin}/app-view`);
    await page.evaluate((pageData) => (window as unknown as PageWindow).collectOnTrackApi.pushInitialPageData(pageData), {
      ...PAGE_DATA,
      exactag_site_group: 'Content',
    });
    const appList = await page.evaluate(() => (window as unknown as { collectOnTrackAppTrackingList?: unknown[] }).collectOnTrackAppTrackingList ?? []);
    expect(appList).not.toEqual([]);
    expect((await dataLayerOf(page)).map((entry) => (entry as Record<string, unknown>).event)).not.toContain('pageview');
    expect(containerAsked).toBe(false);
  });
});

describe('a shop page whose Content-Security-Policy allows scripts by nonce only', () => {
  it("gives the scripts it adds (the tag manager's container, the affiliate script) the page's nonce, so they load", async () => {
    const nonce = 'c2hvcC1ub25jZQ';
    shop.route('/gtm-nonce.js', () => ({ type: 'text/javascript', body: 'window.containerRan = true;' }));
    const install = {
      site: 'de',
      environment: 'development',
      monitoring: false,
      endpoints: { shopServices: shop.origin, tagManagerScript: `${shop.origin}/gtm-nonce.js`, exactagScript: `${shop.origin}/exactag.js` },
    };
    shop.route('/csp', () => ({
      headers: { 'Content-Security-Policy': `script-src 'nonce-${nonce}'` },
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Shop</title>
<script nonce="${nonce}" src="/lib/collect-on-track.iife.js"></script>
<script nonce="${nonce}">window.CollectOnTrack.install(${JSON.stringify(install)});</script>
</head><body><h1>Shop</h1></body></html>`,
    }));
    const page = await openPage();
    const refused: string[] = [];
    page.on('console', (message) => message.text().includes('Content Security Policy') && refused.push(message.text()));
    await page.goto(`${shop.origin}/csp`);
    await page.waitForFunction(() => (window as unknown as { containerRan?: boolean }).containerRan === true);
    await page.evaluate(() => (window as unknown as PageWindow).dataLayer?.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' }));
    await page.evaluate((pageData) => (window as unknown as PageWindow).collectOnTrackApi.pushInitialPageData(pageData), {
      ...PAGE_DATA,
      exactag_site_group: 'Content',
    });
    await page.waitForFunction(() => ((window as unknown as PageWindow).exactagCalls ?? []).length === 1);
    expect(refused).toEqual([]);
  });
});

describe('an order confirmation whose first affiliate script request fails (a CDN hiccup)', () => {
  it("sends the order with its other form, pushed while the first form's call was under way: Exactag counts it once", async () => {
    let requests = 0;
    shop.route('/exactag-flaky.js', () => ((requests += 1) === 1 ? { status: 503, body: 'busy' } : { type: 'text/javascript', body: FAKE_EXACTAG_SCRIPT }));
    const install = { site: 'de', environment: 'development', monitoring: false, endpoints: { shopServices: shop.origin, exactagScript: `${shop.origin}/exactag-flaky.js` } };
    shop.route('/danke', () => ({ body: shopPage(install) }));
    const page = await openPage();
    await page.goto(`${shop.origin}/danke`);
    const outcomes = await page.evaluate(async (grant) => {
      const win = window as unknown as PageWindow & { collectOnTrackApi: Record<'pushEcommerceEvent', (data: unknown) => Promise<void>> };
      win.dataLayer?.push(grant);
      const api = win.collectOnTrackApi;
      const order = { transaction_id: 'T-1001', currency: 'EUR', value: 25.98, items: [{ item_id: '4711', price: 12.99, quantity: 2 }] };
      const settled = (push: Promise<void>) => push.then(() => 'resolved', (error: Error) => error.message);
      const pushes = [
        api.pushInitialPageData({ page_type: 'checkout', page_name: 'order-confirmation', exactag_site_group: 'Order Confirmation' }),
        api.pushEcommerceEvent({ event: 'purchase', ecommerce: order }),
        api.pushEcommerceEvent({ event: 'purchase_ga4', ecommerce: order }),
      ];
      return Promise.all(pushes.map(settled));
    }, GRANT);
    expect(outcomes).toEqual(['resolved', 'Exception has occurred during Exactag tracking', 'resolved']);
    await page.waitForFunction(() => ((window as unknown as PageWindow).exactagCalls ?? []).length === 1);
    await page.waitForTimeout(300);
    const calls = await page.evaluate(() => (window as unknown as PageWindow).exactagCalls ?? []);
    expect(calls).toEqual([expect.objectContaining({ pt: 'Order Confirmation', oi: 'T-1001' })]);
    expect(requests).toBe(2);
    const lines = await page.evaluate(() =>
      (window as unknown as PageWindow).collectOnTrackApi.getLogs().map((entry) => entry.message).filter((message) => message.startsWith('pushEcommerceEvent has been executed')),
    );
    expect(lines).toEqual(['pushEcommerceEvent has been executed with errors: Exception has occurred during Exactag tracking', 'pushEcommerceEvent has been executed successfully.']);
  });
});

describe('product pages opened in five tabs at once (a session restored)', () => {
  it('keeps every product viewed in the history: writes that crossed are merged', async () => {
    const install = { site: 'de', environment: 'development', exactag: false, monitoring: false, endpoints: { shopServices: shop.origin } };
    shop.route('/produkt', () => ({ body: shopPage(install) }));
    const ids = ['200000001', '200000002', '200000003', '200000004', '200000005'];
    context = await browser.newContext();
    const tabs = await Promise.all(ids.map(() => (context as BrowserContext).newPage()));
    await Promise.all(tabs.map((tab) => tab.goto(`${shop.origin}/produkt`)));
    // Each tab views its product in the same moment.
    await Promise.all(
      tabs.map((tab, index) =>
        tab.evaluate((id) => {
          const api = (window as unknown as { collectOnTrackApi: Record<'pushInitialPageData' | 'pushEcommerceEvent', (data: unknown) => Promise<void>> }).collectOnTrackApi;
          void api.pushInitialPageData({ page_type: 'product', page_name: 'detail', exactag_site_group: 'Product View' });
          void api.pushEcommerceEvent({ event: 'view_item', ecommerce: { currency: 'EUR', value: 1, items: [{ item_id: id, price: 1, quantity: 1 }] } });
        }, ids[index]),
      ),
    );
    const kept = async () => Object.keys(JSON.parse((await tabs[0]!.evaluate(() => localStorage.getItem('cot_product_history'))) ?? '{}')).sort();
    await waitUntil(async () => (await kept()).length === ids.length, 'every product in the history');
    expect(await kept()).toEqual(ids);
  });
});

describe('a data layer the page replaces after install', () => {
  it('follows the new array: a grant pushed on it releases the waiting pushes into it, through a tag manager that wrapped push', async () => {
    shop.route('/home', () => ({ body: shopPage({ site: 'de', environment: 'development', exactag: false, monitoring: false, endpoints: { shopServices: shop.origin } }) }));
    const page = await openPage();
    await page.goto(`${shop.origin}/home`);
    await page.evaluate(
      async ({ pageData, grant }) => {
        const win = window as unknown as PageWindow & { tagManagerSaw: unknown[] };
        await win.collectOnTrackApi.pushInitialPageData(pageData);
        win.dataLayer = [{ pageCategory: 'home' }];
        // A tag manager taking over the new array's push as GTM does: it calls the push it found.
        win.tagManagerSaw = [];
        const layer = win.dataLayer;
        const found = layer.push;
        layer.push = (...items: Record<string, unknown>[]) => {
          win.tagManagerSaw.push(...items.map((item) => item.event ?? item.pageCategory));
          return found.apply(layer, items);
        };
        layer.push(grant);
      },
      { pageData: { ...PAGE_DATA, exactag_site_group: 'Content' }, grant: GRANT },
    );
    await page.waitForFunction(() => ((window as unknown as PageWindow).dataLayer ?? []).length >= 4);
    const events = (await dataLayerOf(page)).map((entry) => (entry as Record<string, unknown>).event ?? (entry as Record<string, unknown>).pageCategory);
    expect(events).toEqual(['home', 'OneTrustGroupsUpdated', 'pageview', 'pageview_ga4']);
    expect(await page.evaluate(() => (window as unknown as { tagManagerSaw: unknown[] }).tagManagerSaw)).toEqual(['OneTrustGroupsUpdated', 'pageview', 'pageview_ga4']);
  });
});

describe('a product page left without its view_item', () => {
  it('loads the affiliate script while the page view waits, so the page view reaches Exactag when the visitor leaves', async () => {
    shop.route('/exactag-beacon.js', () => ({ type: 'text/javascript', body: beaconExactagScript(`${shop.origin}/exactag-call`) }));
    shop.route('/exactag-call', () => ({ status: 204 }));
    shop.route('/sold-out', () => ({
      body: shopPage({ site: 'de', environment: 'development', monitoring: false, endpoints: { exactagScript: `${shop.origin}/exactag-beacon.js`, shopServices: shop.origin } }),
    }));
    shop.route('/elsewhere', () => ({ body: '<!doctype html><title>Elsewhere</title>' }));
    const page = await openPage();
    await context?.addCookies([{ name: 'OptanonConsent', value: 'groups=C0001%3A1%2CC0003%3A1', url: shop.origin }]);
    await page.goto(`${shop.origin}/sold-out`);
    await page.evaluate(
      (pageData) => (window as unknown as PageWindow).collectOnTrackApi.pushInitialPageData(pageData),
      { ...PAGE_DATA, exactag_site_group: 'Product View' },
    );
    // No view_item comes (the product is sold out): the page view waits, and the script loads meanwhile.
    await waitUntil(() => shop.count('/exactag-beacon.js') === 1, 'the affiliate script was requested while the page view waits');
    await page.waitForFunction(() => 'exactag' in window);
    expect(shop.count('/exactag-call', 'POST')).toBe(0);

    await page.goto(`${shop.origin}/elsewhere`);
    await waitUntil(() => shop.count('/exactag-call', 'POST') === 1, 'the waiting page view was sent at page hide');
    const call = shop.requests.find((request) => request.path === '/exactag-call');
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({ si: 'de', pt: 'Product View', pn: 'Kaffee Klassik', ty: 'product' });
  });
});

/** Pushes a page data and then custom events through `window.collectOnTrackApi`, one after the other. */
const pushPage = (page: Page, pageName: string, clickTargets: readonly string[]): Promise<void> =>
  page.evaluate(
    async ({ pageData, clicks }) => {
      const api = (window as unknown as PageWindow).collectOnTrackApi;
      await api.pushInitialPageData(pageData);
      for (const click of clicks) await api.pushCustomEvent(click);
    },
    {
      pageData: { ...PAGE_DATA, page_name: pageName, exactag_site_group: 'Content' },
      clicks: clickTargets.map((target) => ({ ...FILTER_CLICK, click_target: target })),
    },
  );

describe('the first-party collector behind the durable outbox', () => {
  it('receives every event exactly once with a 2xx answer, across 503 answers and a page reload', async () => {
    const collector = fakeCollector(collectorOrigin);
    shop.route('/kaffee', () => ({
      body: shopPage({
        site: 'de',
        environment: 'development',
        ttruth: true,
        exactag: false,
        monitoring: false,
        endpoints: { collector: collector.url, shopServices: shop.origin },
      }),
    }));
    const detail = () => `Collector hits: ${JSON.stringify(collector.hits)}`;
    const page = await openPage();
    await page.goto(`${shop.origin}/kaffee`);
    await pushPage(page, 'before reload', ['before-1', 'before-2', 'before-3']);
    await waitUntil(() => collector.seen().size === 4, 'the first page sent its four events (answered 503)', { detail });
    const firstPageIds = collector.seen();

    await page.reload();
    await pushPage(page, 'after reload', ['after-1', 'after-2']);
    await waitUntil(() => collector.seen().size === 7, 'the second page sent its three events (answered 503)', { detail });
    expect(collector.acknowledged()).toEqual([]);

    // The collector recovers: the retries (every 1000 ms) deliver what waits, the old page's events included.
    collector.failing = false;
    await waitUntil(() => collector.acknowledged().length >= 7, 'every waiting event was answered 200', { detail });
    await pushPage(page, 'last page', []);
    await waitUntil(() => collector.acknowledged().length >= 8, 'the last event was answered 200', { detail });
    await waitUntil(async () => (await outboxSize(page)) === 0, 'the outbox is empty', { detail });

    const acks = collector.acknowledged();
    expect(new Set(acks.map((hit) => hit.id)).size).toBe(acks.length);
    for (const ack of acks) expect(collector.hits.slice(collector.hits.indexOf(ack) + 1).filter((hit) => hit.id === ack.id)).toEqual([]);
    expect(acks.map((hit) => hit.label).sort()).toEqual(
      ['before reload', 'before-1', 'before-2', 'before-3', 'after reload', 'after-1', 'after-2', 'last page'].sort(),
    );
    // The first page's events were sent after the reload under the ids they had: from the outbox, not pushed again.
    for (const id of firstPageIds) expect(acks.some((hit) => hit.id === id)).toBe(true);
  });

  /** A shop page at `path` sending to the collector at `collectorUrl`, and a page without the library to leave to. */
  const collectorPageAndElsewhere = (path: string, collectorUrl: string) => {
    shop.route(path, () => ({
      body: shopPage({
        site: 'de',
        environment: 'development',
        ttruth: true,
        exactag: false,
        monitoring: false,
        endpoints: { collector: collectorUrl, shopServices: shop.origin },
      }),
    }));
    shop.route('/elsewhere', () => ({ body: '<!doctype html><title>Elsewhere</title><p>No library here.</p>' }));
  };

  it('goes on delivering after more than 64 KiB of requests whose answers have a body (each answer is read, which frees its keepalive allowance)', async () => {
    const collector = fakeCollector(shop);
    collector.failing = false;
    collectorPageAndElsewhere('/viele', collector.url);
    const detail = () => `Collector hits: ${collector.hits.length}, acknowledged ${collector.acknowledged().length}`;
    const page = await openPage();
    await page.goto(`${shop.origin}/viele`);
    const clicks = Array.from({ length: 149 }, (_, i) => `klick-${i}`);
    await pushPage(page, 'viele', clicks);
    await waitUntil(() => collector.seen().size === 150, 'all 150 events reached the collector', { detail, timeoutMs: 30_000 });
    await waitUntil(async () => (await outboxSize(page)) === 0, 'the outbox is empty', { detail });
  });

  it('keeps an event whose request was redirected (a gateway\'s sign-in or offline page) and sends it again until the collector answers 2xx', async () => {
    const collector = fakeCollector(shop);
    collector.redirecting = true;
    collectorPageAndElsewhere('/kaffee-umgeleitet', collector.url);
    const detail = () => `Collector hits: ${JSON.stringify(collector.hits)}`;
    const page = await openPage();
    await page.goto(`${shop.origin}/kaffee-umgeleitet`);
    await pushPage(page, 'umgeleitet', []);
    await waitUntil(() => collector.hits.length >= 2, 'the page view was sent twice, each answered by the redirect', { detail });
    collector.redirecting = false;
    collector.failing = false;
    await waitUntil(() => collector.acknowledged().length === 1, 'the page view was answered 200', { detail });
    expect(collector.acknowledged().map((hit) => hit.label)).toEqual(['umgeleitet']);
  });

  /**
   * Opens the collector's page at `path` with a customer data that never answers (the page data waits
   * for it until the page is left), pushes a page view and a click, and leaves for a page without the library.
   */
  const leaveWhileCustomerDataWaits = async (path: string, collector: FakeCollector, pageName: string, clickTarget: string) => {
    collectorPageAndElsewhere(path, collector.url);
    const page = await openPage();
    await page.route('**/psdata**', () => undefined);
    await page.goto(`${shop.origin}${path}`);
    await page.evaluate(
      ({ pageData, click }) => {
        const api = (window as unknown as PageWindow).collectOnTrackApi;
        void api.pushInitialPageData(pageData);
        void api.pushCustomEvent(click);
      },
      { pageData: { ...PAGE_DATA, page_name: pageName, exactag_site_group: 'Content' }, click: { ...FILTER_CLICK, click_target: clickTarget } },
    );
    await page.goto(`${shop.origin}/elsewhere`);
    return page;
  };

  it('receives an event whose answer is still on its way when the visitor leaves the page once from that page, not again from its page hide', async () => {
    // On the shop's own origin (see the next test), answering each event 1.5 s after it arrived.
    const collector = fakeCollector(shop);
    collector.failing = false;
    collector.delayMs = 1500;
    collectorPageAndElsewhere('/filter', collector.url);
    const detail = () => `Collector hits: ${JSON.stringify(collector.hits)}`;
    const page = await openPage();
    await page.goto(`${shop.origin}/filter`);
    await pushPage(page, 'slow page', []);
    await waitUntil(() => collector.hits.length === 1, 'the page view reached the collector', { detail });
    await page.goto(`${shop.origin}/elsewhere`);
    // Before, the page hide cancelled the request ('Failed to fetch') and its flush sent the event again 6 ms later.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(collector.hits.map((hit) => hit.label)).toEqual(['slow page']);
  });

  it('receives the events of a page left while its customer data was still on its way (the page-hide keepalive flush)', async () => {
    // On the shop's own origin, as the spec's /service/ttruth/publish has it. (Here, where origins are
    // ports of 127.0.0.1, a keepalive request made while the page unloads did not reach a collector on
    // another port the page had not talked to before; between real host names it does.)
    const collector = fakeCollector(shop);
    collector.failing = false;
    await leaveWhileCustomerDataWaits('/bohnen', collector, 'left page', 'leave');
    const detail = () => `Collector hits: ${JSON.stringify(collector.hits)}`;
    await waitUntil(() => collector.acknowledged().length >= 2, 'both events were answered 200', { detail });
    expect(collector.acknowledged().map((hit) => hit.label).sort()).toEqual(['leave', 'left page']);
  });

  it("receives the event a shop's own visibilitychange listener pushes as the visitor leaves (after the tracker's own hide)", async () => {
    const collector = fakeCollector(shop);
    collector.failing = false;
    collectorPageAndElsewhere('/abschied', collector.url);
    const page = await openPage();
    await page.goto(`${shop.origin}/abschied`);
    await pushPage(page, 'farewell page', []);
    await page.evaluate((click) => {
      const api = (window as unknown as PageWindow).collectOnTrackApi;
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') void api.pushCustomEvent(click);
      });
    }, { ...FILTER_CLICK, click_target: 'left via visibilitychange' });
    const detail = () => `Collector hits: ${JSON.stringify(collector.hits)}`;
    await waitUntil(() => collector.acknowledged().length >= 1, 'the page view was answered 200', { detail });
    await page.goto(`${shop.origin}/elsewhere`);
    await waitUntil(() => collector.acknowledged().length >= 2, 'the event pushed while leaving was answered 200', { detail });
    expect(collector.acknowledged().map((hit) => hit.label)).toEqual(['farewell page', 'left via visibilitychange']);
  });

  it('receives them after the next load when the collector failed that flush (the page kept a copy its outbox write could not commit)', async () => {
    const collector = fakeCollector(shop);
    const page = await leaveWhileCustomerDataWaits('/kapseln', collector, 'left in an outage', 'left');
    const detail = () => `Collector hits: ${JSON.stringify(collector.hits)}`;
    await waitUntil(() => collector.hits.length >= 2, 'the page hide tried both events', { detail });
    collector.failing = false;
    await page.goto(`${shop.origin}/kapseln`);
    await waitUntil(() => collector.acknowledged().length >= 2, 'both events were answered 200 after the next load', { detail });
    expect(collector.acknowledged().map((hit) => hit.label).sort()).toEqual(['left', 'left in an outage']);
    expect(new Set(collector.acknowledged().map((hit) => hit.id)).size).toBe(2);
  });
});

describe('a page waiting for consent the visitor gave in another tab, or by a tool that writes only the cookie', () => {
  const GRANT = { name: 'OptanonConsent', value: `groups=${encodeURIComponent('C0001:1,C0003:1')}` };
  const pageViewSent = (page: Page) =>
    page.waitForFunction(() => ((window as unknown as PageWindow).dataLayer ?? []).some((entry) => entry.event === 'pageview'), undefined, { timeout: 5000 });

  async function waitingPage(withoutCookieStore: boolean): Promise<Page> {
    shop.route('/waiting', () => ({ body: shopPage({ site: 'de', environment: 'development', monitoring: false, exactag: false }) }));
    const page = await openPage();
    // A browser without the Cookie Store API (Firefox before 140, Safari before 18.4).
    if (withoutCookieStore) await page.addInitScript(() => Object.defineProperty(window, 'cookieStore', { value: undefined }));
    await page.goto(`${shop.origin}/waiting`);
    await page.evaluate(() => (window as unknown as PageWindow).collectOnTrackApi.pushInitialPageData({ page_type: 'content', page_name: 'waiting' }));
    await page.waitForTimeout(300);
    expect(await dataLayerOf(page)).toEqual([]);
    return page;
  }

  it('sends its page view once the cookie is written, without another push', async () => {
    const page = await waitingPage(false);
    // The other tab's banner wrote the cookie; its OneTrustGroupsUpdated went into that tab's data layer only.
    await context!.addCookies([{ ...GRANT, url: shop.origin }]);
    await pageViewSent(page);
  });

  it('also when the page itself writes it through document.cookie', async () => {
    const page = await waitingPage(false);
    await page.evaluate((grant) => (document.cookie = `${grant.name}=${grant.value}; path=/`), GRANT);
    await pageViewSent(page);
  });

  it('sends nothing while one of two consent cookies refuses (the one the browser lists first an older grant for a path)', async () => {
    shop.route('/kaffee/two-cookies', () => ({ body: shopPage({ site: 'de', environment: 'development', monitoring: false, exactag: false }) }));
    const page = await openPage();
    await context!.addCookies([
      { ...GRANT, domain: new URL(shop.origin).hostname, path: '/kaffee' },
      { name: GRANT.name, value: `groups=${encodeURIComponent('C0001:1,C0003:0')}`, url: shop.origin },
    ]);
    await page.goto(`${shop.origin}/kaffee/two-cookies`);
    expect(await page.evaluate(() => document.cookie)).toMatch(/C0003%3A1.*C0003%3A0/);
    await page.evaluate(() => (window as unknown as PageWindow).collectOnTrackApi.pushInitialPageData({ page_type: 'content', page_name: 'two cookies' }));
    await page.waitForTimeout(300);
    expect(await dataLayerOf(page)).toEqual([]);

    // The visitor grants again: the consent tool rewrites its cookie; the older one still grants.
    await page.evaluate((grant) => (document.cookie = `${grant.name}=${grant.value}; path=/`), GRANT);
    await pageViewSent(page);
  });

  it('in a browser without the Cookie Store API, sends it when its tab is shown again', async () => {
    const page = await waitingPage(true);
    await context!.addCookies([{ ...GRANT, url: shop.origin }]);
    await page.waitForTimeout(1200);
    expect(await dataLayerOf(page)).toEqual([]);
    await page.evaluate(() => {
      for (const state of ['hidden', 'visible']) {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
        document.dispatchEvent(new Event('visibilitychange'));
      }
    });
    await pageViewSent(page);
  });
});

describe('the library installed in a frame its page wrote itself (srcdoc), listening with the default origins', () => {
  it("takes messages from the page's own origin, and none from a frame of no origin (a data URL)", async () => {
    const widget = `<!doctype html><html><head><meta charset="utf-8">
<script>window.receivedMessages = []; window.addEventListener('message', (event) => window.receivedMessages.push({ origin: event.origin, data: event.data }));</script>
<script src="/lib/collect-on-track.iife.js"></script>
<script>window.CollectOnTrack.install(${JSON.stringify({ site: 'de', environment: 'development', listeners: true, monitoring: false, exactag: false })});</script>
</head><body>
<iframe title="no origin" src="data:text/html,${encodeURIComponent(`<script>parent.postMessage(${JSON.stringify(wireMessage('CustomEventData', { event_category: 'widget', event_action: 'click', event_label: 'from-no-origin' }, 'data-frame'))}, '*')</script>`)}"></iframe>
</body></html>`;
    shop.route('/widget-host', () => ({
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Widget host</title></head><body><iframe title="widget" srcdoc="${widget.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></iframe></body></html>`,
    }));
    const page = await openPage();
    await context!.addCookies([{ name: 'OptanonConsent', value: 'groups=C0001%3A1%2CC0003%3A1', url: shop.origin }]);
    await page.goto(`${shop.origin}/widget-host`);
    const widgetFrame = () => page.frames().find((candidate) => candidate.url() === 'about:srcdoc');
    await waitUntil(() => widgetFrame() !== undefined, 'the widget frame is there');
    await widgetFrame()!.waitForFunction(() => (window as unknown as PageWindow).receivedMessages.some((m) => m.origin === 'null'));
    await widgetFrame()!.evaluate((data) => (window as unknown as PageWindow).collectOnTrackApi.pushInitialPageData(data), PAGE_DATA);
    await page.evaluate(
      (message) => window.frames[0]!.postMessage(message, '*'),
      wireMessage('CustomEventData', { event_category: 'widget', event_action: 'click', event_label: 'from-the-page' }, 'host-page'),
    );
    await widgetFrame()!.waitForFunction(() => ((window as unknown as PageWindow).dataLayer ?? []).some((entry) => JSON.stringify(entry).includes('from-the-page')));
    const entries = JSON.stringify(await widgetFrame()!.evaluate(() => (window as unknown as PageWindow).dataLayer));
    expect(entries).not.toContain('from-no-origin');
  });
});

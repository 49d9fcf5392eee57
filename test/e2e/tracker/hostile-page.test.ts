/**
 * The library's IIFE build on a shop page whose older scripts changed the built-ins before it loaded,
 * as real shop pages do: an enumerable method and flag on Object.prototype, Prototype.js 1.6's
 * Array#toJSON (a list becomes a quoted text in JSON.stringify), and a Promise polyfill from before
 * `finally` and `allSettled`. Every push must settle, every destination get what a clean page sends,
 * and the collector's outbox stay in IndexedDB.
 */
import { dirname } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { corsHeaders, startOrigin, type LocalOrigin } from './origins';
import { FAKE_EXACTAG_SCRIPT, shopPage, wireMessage } from './pages';
import { GRANT, PAGE_DATA } from './shop-events';
import { IIFE_PATH, libraryScript } from './library-build';
import { waitUntil } from './wait';

const OLD_SCRIPTS = `
  Object.prototype.clone = function () { var copy = {}; for (var key in this) if (this.hasOwnProperty(key)) copy[key] = this[key]; return copy; };
  Object.prototype.legacyFlag = 'from-old-script';
  Array.prototype.toJSON = function () {
    var parts = [];
    for (var i = 0; i < this.length; i++) { var text = JSON.stringify(this[i]); if (text !== undefined) parts.push(text); }
    return '[' + parts.join(', ') + ']';
  };
  (function () {
    // A polyfill from before 2018 (es6-promise, an old Bluebird): its promises have no finally, and
    // the class no allSettled.
    class OldPromise extends Promise {}
    Object.defineProperty(OldPromise.prototype, 'finally', { value: undefined, writable: true, configurable: true });
    OldPromise.allSettled = undefined;
    window.Promise = OldPromise;
  })();
`;

const VIEW_ITEM = { event: 'view_item', ecommerce: { currency: 'EUR', value: 8.99, items: [{ item_id: '123456789', item_name: 'Kaffee Klassik', price: 8.99 }] } };
const ITEM_LIST = { items: ['123456789', '987654321'], search_id: 'S-42' };

let browser: Browser;
let shop: LocalOrigin;
let collectorOrigin: LocalOrigin;
/** The shop's CDN, which a page's `<base href>` points at. */
let cdn: LocalOrigin;
let context: BrowserContext | undefined;
const bodies: Record<string, unknown>[] = [];
/** How long the collector takes to answer. */
let collectorDelayMs = 0;

/**
 * The ESM build as a shop bundles it again for older browsers (esbuild, ES2016): its async functions
 * become generators run by a helper that makes the page's promises.
 */
async function rebundledForEs2016(): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    stdin: {
      contents: "import { install, createClient, reset } from './collect-on-track.js'; window.CollectOnTrack = { install, createClient, reset };",
      resolveDir: dirname(IIFE_PATH),
    },
    bundle: true,
    format: 'iife',
    target: 'es2016',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

beforeAll(async () => {
  const [script, shopOrigin, collector, cdnOrigin] = await Promise.all([libraryScript(), startOrigin('shop'), startOrigin('collector'), startOrigin('cdn')]);
  [shop, collectorOrigin, cdn] = [shopOrigin, collector, cdnOrigin];
  const rebundled = await rebundledForEs2016();
  shop.route('/lib/collect-on-track.iife.js', () => ({ type: 'text/javascript', body: script }));
  shop.route('/lib/rebundled-es2016.js', () => ({ type: 'text/javascript', body: rebundled }));
  shop.route('/exactag.js', () => ({ type: 'text/javascript', body: FAKE_EXACTAG_SCRIPT }));
  collectorOrigin.route('/collect', (request) => {
    if (request.method === 'OPTIONS') return { status: 204, headers: corsHeaders(request) };
    bodies.push(JSON.parse(request.body) as Record<string, unknown>);
    return { status: 200, type: 'application/json', body: '{}', headers: corsHeaders(request), delayMs: collectorDelayMs };
  });
  const page = () =>
    shopPage(
      {
        site: 'de',
        environment: 'development',
        ttruth: true,
        monitoring: false,
        endpoints: { exactagScript: `${shop.origin}/exactag.js`, shopServices: shop.origin, collector: `${collectorOrigin.origin}/collect` },
      },
      [],
      OLD_SCRIPTS,
    );
  shop.route('/old-shop', () => ({ body: page() }));
  // An old Polish or Czech shop: its pages in windows-1250, the script served without a charset (the
  // browser then reads it in the page's encoding).
  shop.route('/old-shop-1250', () => ({ type: 'text/html; charset=windows-1250', body: page().replace('<meta charset="utf-8">', '<meta charset="windows-1250">') }));
  shop.route('/old-shop-es2016', () => ({ body: page().replace('/lib/collect-on-track.iife.js', '/lib/rebundled-es2016.js') }));
  // A page whose relative addresses point at the CDN, with the endpoints left at their defaults, and
  // whose scripts declare globals named like window properties.
  shop.route('/cdn-based-shop', () => ({
    body: shopPage(
      { site: 'de', environment: 'development', ttruth: true, monitoring: false, listeners: true, endpoints: { exactagScript: `${shop.origin}/exactag.js` } },
      [],
      "var origin = 'navigation';",
    )
      .replace('<script src="/lib/', `<script src="${shop.origin}/lib/`)
      .replace('<meta charset="utf-8">', `<meta charset="utf-8">\n<base href="${cdn.origin}/assets/">`),
  }));
  shop.route('/service/ttruth/publish', (request) => {
    if (request.method === 'POST') bodies.push(JSON.parse(request.body) as Record<string, unknown>);
    return { status: 200, type: 'application/json', body: '{}' };
  });
  browser = await launchChromium();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([shop, collectorOrigin, cdn].map((origin) => origin?.close()));
});

/** Every path (dotted) in a JSON value whose last key is one of `keys`. */
const pathsWithKeys = (value: unknown, keys: readonly string[], path = ''): string[] => {
  if (Array.isArray(value)) return value.flatMap((entry, index) => pathsWithKeys(entry, keys, `${path}${index}.`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, entry]) => [
    ...(keys.includes(key) ? [`${path}${key}`] : []),
    ...pathsWithKeys(entry, keys, `${path}${key}.`),
  ]);
};

/** Every list held under an `items` key, anywhere in a JSON value. */
const itemLists = (value: unknown): unknown[] => {
  if (Array.isArray(value)) return value.flatMap(itemLists);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, entry]) => [...(key === 'items' ? [entry] : []), ...itemLists(entry)]);
};

describe('the library on a page in windows-1250, served without a charset', () => {
  it('reads amounts written with zł and Kč: the script holds no letter an old encoding reads otherwise', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shop.origin}/old-shop-1250`);
    expect(await page.evaluate(() => document.characterSet)).toBe('windows-1250');
    const values = await page.evaluate(async ({ grant, pageData }) => {
      const win = window as unknown as { dataLayer: Record<string, unknown>[]; collectOnTrackApi: Record<string, (data: unknown) => Promise<void>> };
      win.dataLayer.push(grant);
      const api = win.collectOnTrackApi;
      await api.pushInitialPageData!(pageData);
      // Written as escapes: this test's own text is not what is being checked.
      await api.pushEcommerceEvent!({ event: 'add_to_cart', ecommerce: { currency: 'PLN', value: '12,99 z\u0142', items: [{ item_id: '1', price: '1 234 K\u010d' }] } });
      const entry = win.dataLayer.find((e) => e.event === 'add_to_cart') as { ecommerce: { value: number; items: { price?: number }[] } };
      return [entry.ecommerce.value, entry.ecommerce.items[0]?.price];
    }, { grant: GRANT, pageData: PAGE_DATA });
    expect(values).toEqual([12.99, 1234]);
  });
});

describe('the library on a page whose old scripts changed the built-ins', () => {
  it.each([
    ['the classic script', '/old-shop'],
    ['the ESM build bundled again for ES2016', '/old-shop-es2016'],
  ])('with %s: settles every push and sends each destination what a clean page sends, no added fields, lists as lists', async (_build, path) => {
    bodies.length = 0;
    context = await browser.newContext();
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${shop.origin}${path}`);

    const outcomes = await page.evaluate(
      async ({ grant, pageData, viewItem, itemList }) => {
        const win = window as unknown as {
          dataLayer: unknown[];
          collectOnTrackApi: Record<string, (data: unknown) => Promise<void>>;
        };
        win.dataLayer.push(grant);
        const api = win.collectOnTrackApi;
        const settle = (run: () => Promise<void>) =>
          new Promise<string>((resolve) => {
            let promise: Promise<void>;
            try {
              promise = run();
            } catch (error) {
              resolve(`threw: ${(error as Error).message}`);
              return;
            }
            promise.then(
              () => resolve('resolved'),
              (error: Error) => resolve(`rejected: ${error.message}`),
            );
            setTimeout(() => resolve('still pending after 10 s'), 10_000);
          });
        return [
          await settle(() => api.pushInitialPageData!(pageData)),
          await settle(() => api.pushEcommerceEvent!(viewItem)),
          await settle(() => api.pushItemListData!(itemList)),
        ];
      },
      { grant: GRANT, pageData: PAGE_DATA, viewItem: VIEW_ITEM, itemList: ITEM_LIST },
    );
    expect(outcomes).toEqual(['resolved', 'resolved', 'resolved']);
    await waitUntil(() => bodies.length >= 3, 'the collector received the three events', { detail: () => JSON.stringify(bodies) });

    // What the page holds, read after the old scripts' changes are taken back (so that JSON is plain JSON).
    const held = await page.evaluate(() => {
      const objects = Object.prototype as unknown as Record<string, unknown>;
      delete objects.clone;
      delete objects.legacyFlag;
      delete (Array.prototype as unknown as Record<string, unknown>).toJSON;
      const win = window as unknown as { dataLayer: unknown[]; exactagCalls?: unknown[]; collectOnTrackApi: { getLogs(): { message: string }[] } };
      return JSON.parse(
        JSON.stringify({ dataLayer: win.dataLayer, exactag: win.exactagCalls ?? [], logs: win.collectOnTrackApi.getLogs().map((entry) => entry.message) }),
      ) as { dataLayer: Record<string, unknown>[]; exactag: unknown[]; logs: string[] };
    });

    // `{ ecommerce: null }` goes before each GA4 e-commerce entry.
    expect(held.dataLayer.map((entry) => entry.event ?? `ecommerce: ${String(entry.ecommerce)}`)).toEqual([
      'OneTrustGroupsUpdated',
      'pageview',
      'pageview_ga4',
      'ecommerce: null',
      'ecommerce',
      'ecommerce: null',
      'view_item',
      'ecommerce: null',
      'ecommerce',
      'ecommerce: null',
      'view_item_list',
    ]);
    expect(pathsWithKeys(held, ['clone', 'legacyFlag'])).toEqual([]);
    expect(pathsWithKeys(bodies, ['clone', 'legacyFlag'])).toEqual([]);
    expect(held.exactag.length).toBeGreaterThan(0);
    expect(held.logs.filter((message) => message.includes('fields the library does not know'))).toEqual([]);
    expect(held.logs.filter((message) => message.includes('IndexedDB'))).toEqual([]);
    const collectorLists = itemLists(bodies);
    expect(collectorLists.length).toBeGreaterThan(0);
    for (const list of collectorLists) expect(Array.isArray(list), JSON.stringify(list)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('with the ESM build bundled again for ES2016: a burst of events to a slow collector (every request slot taken) raises no error, and each event arrives once', async () => {
    bodies.length = 0;
    collectorDelayMs = 400;
    try {
      context = await browser.newContext();
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(`${shop.origin}/old-shop-es2016`);
      await page.evaluate(
        async ({ grant, pageData }) => {
          const win = window as unknown as { dataLayer: unknown[]; collectOnTrackApi: Record<string, (data: unknown) => Promise<void>> };
          win.dataLayer.push(grant);
          await win.collectOnTrackApi.pushInitialPageData!(pageData);
          await Promise.all(['e1', 'e2', 'e3', 'e4'].map((target) => win.collectOnTrackApi.pushCustomEvent!({ event_name: 'button_click', click_target: target })));
        },
        { grant: GRANT, pageData: PAGE_DATA },
      );
      await waitUntil(() => bodies.length >= 5, 'the collector received the five events', { detail: () => JSON.stringify(bodies.map((body) => body.event_name)) });
      await page.waitForTimeout(1_500);
      expect(bodies).toHaveLength(5);
      expect(pageErrors).toEqual([]);
    } finally {
      collectorDelayMs = 0;
    }
  });

  it('with a <base href> on the CDN and a page variable named origin: the default collector is the shop\'s own, and the page\'s window messages are taken', async () => {
    bodies.length = 0;
    context = await browser.newContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${shop.origin}/cdn-based-shop`);
    await page.evaluate(
      ({ grant, message }) => {
        (window as unknown as { dataLayer: unknown[] }).dataLayer.push(grant);
        window.postMessage(message, window.location.origin);
      },
      { grant: GRANT, message: wireMessage('InitialPageData', PAGE_DATA, 'shop-page') },
    );
    await waitUntil(() => bodies.length >= 1, 'the shop received the page view at /service/ttruth/publish', {
      detail: () => JSON.stringify(cdn.requests.map((request) => `${request.method} ${request.path}`)),
    });
    expect(bodies[0]).toMatchObject({ event_name: 'pageview' });
    expect(cdn.requests.map((request) => request.path)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

/**
 * A page the browser prerenders (speculation rules) before the visitor opens it: nothing reaches a
 * destination until it is shown, then everything pushed meanwhile goes out in call order.
 */
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { install, uninstall } from '../../../src/app/tracker/install';
import { CONSENT_ALL, memoryTrackerDeps } from '../../../src/app/tracker/memory-deps';
import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { MemoryHttpClient } from '../../../src/adapters/memory/memory-http-client';
import { SHOP_ENDPOINTS } from './shop-endpoints';

const pageData = { page_type: 'product', page_name: 'Crema', exactag_site_group: 'Product View' };
const viewItem = { event: 'view_item', ecommerce: { currency: 'EUR', value: 9.99, items: [{ item_id: '123', price: 9.99 }] } };

describe('a prerendered page', () => {
  it('sends nothing to the data layer, the affiliate tracker or the collector until the visitor opens it', async () => {
    let show: () => void = () => undefined;
    const shown = new Promise<void>((resolve) => (show = resolve));
    let prerendering = true;
    const deps = memoryTrackerDeps({ whenShown: () => (prerendering ? shown : undefined) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', ttruth: true });
    const pushes = [tracker.api.pushInitialPageData(pageData), tracker.api.pushEcommerceEvent(viewItem)];
    pageData.page_name = 'changed by the page after the call';
    await deps.clock.advanceAsync(10_000);
    expect(deps.dataLayer.plainEntries()).toEqual([]);
    expect(deps.affiliate.tracked).toEqual([]);
    // Not even the customer data is asked for: the request carries the visitor's token.
    expect(deps.http.requests).toEqual([]);

    prerendering = false;
    show();
    await Promise.all(pushes);
    await deps.clock.advanceAsync(10);
    const events = deps.dataLayer.plainEntries().map((entry) => entry.event ?? 'clear');
    expect(events).toEqual(['pageview', 'pageview_ga4', 'clear', 'ecommerce', 'clear', 'view_item']);
    expect(deps.dataLayer.plainEntries()[0]).toMatchObject({ page_name: 'Crema' });
    expect(deps.affiliate.tracked).toHaveLength(1);
    expect(deps.http.requests.filter((request) => request.method === 'POST').length).toBeGreaterThanOrEqual(2);
    expect(deps.http.requests.some((request) => request.url.includes('/customerfrontenddata/'))).toBe(true);
  });
});

describe('a page installed in its <head> and left before it was parsed', () => {
  it('sends nothing it was given: the app-context attribute of its <body> was never known', async () => {
    let hide = (): void => undefined;
    const deps = memoryTrackerDeps({
      cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }),
      whenShown: () => new Promise(() => undefined),
      onPageHide: (listener) => ((hide = () => listener(true)), () => undefined),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', ttruth: true, exactag: false });
    const data = { page_type: 'product', page_name: 'Espresso', exactag_site_group: 'Product View' };
    void tracker.api.pushInitialPageData(data);
    data.page_name = 'changed by the page after the call';
    await deps.clock.advanceAsync(500);
    hide();
    await deps.clock.advanceAsync(10);
    expect(deps.dataLayer.plainEntries()).toEqual([]);
    expect(deps.http.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });
});

describe('a page installed in its <head>, parsed, and left while the customer data is on its way', () => {
  it('sends its page view as it was pushed, though the page changed its object after the call', async () => {
    let hide = (): void => undefined;
    let parsed = (): void => undefined;
    const deps = memoryTrackerDeps({
      cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }),
      http: new MemoryHttpClient(() => new Promise(() => undefined)),
      whenShown: () => new Promise<void>((resolve) => (parsed = resolve)),
      onPageHide: (listener) => ((hide = () => listener(true)), () => undefined),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    const data = { page_type: 'product', page_name: 'Espresso', exactag_site_group: 'Product View' };
    void tracker.api.pushInitialPageData(data);
    data.page_name = 'changed by the page after the call';
    parsed();
    await deps.clock.advanceAsync(500);
    hide();
    await deps.clock.advanceAsync(10);
    expect(deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview')).toMatchObject([{ page_name: 'Espresso' }]);
  });
});

describe('a prerendered page with the browser adapters', () => {
  afterEach(() => {
    uninstall();
    delete (document as { prerendering?: boolean }).prerendering;
    delete (window as { dataLayer?: unknown }).dataLayer;
    document.cookie = 'OptanonConsent=; path=/; max-age=0';
    vi.restoreAllMocks();
  });

  it('fills window.dataLayer only after prerenderingchange, and a page hide before it sends nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.cookie = `OptanonConsent=${CONSENT_ALL}; path=/`;
    Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
    const api = install({ site: 'DE', exactag: false });
    const pushed = api.pushInitialPageData(pageData);
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((window as { dataLayer?: unknown[] }).dataLayer ?? []).toEqual([]);

    Object.defineProperty(document, 'prerendering', { value: false, configurable: true });
    document.dispatchEvent(new Event('prerenderingchange'));
    await pushed;
    const events = ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((entry) => entry.event);
    expect(events).toEqual(expect.arrayContaining(['pageview', 'pageview_ga4']));
  });
});

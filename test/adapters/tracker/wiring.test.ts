import { PRODUCT_HISTORY_KEY } from '../../../src/domain/tracking/product-history-store';
import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { memoryTrackerDeps, CONSENT_ALL } from '../../../src/app/tracker/memory-deps';
import { COLLECTOR_PATH } from '../../../src/app/tracker/options';
import { SHOP_ENDPOINTS } from './shop-endpoints';
import { MemoryHttpClient } from '../../../src/adapters/memory/memory-http-client';
import { SimulatedClock } from '../../../src/adapters/memory/simulated-clock';

const pageData = { page_type: 'content', page_name: 'home', exactag_site_group: 'Content' };

/**
 * A single-page app the visitor reached from Google at `landing`, whose address is then set to each
 * visit's before its page data is pushed (the first as the page's own, the others as the app's): each
 * GA4 page view's name and referrer class.
 */
async function referrerClasses(landing: string, visits: readonly (readonly [string, string])[]): Promise<unknown[][]> {
  let href = landing;
  const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }), page: () => ({ href, referrer: 'https://www.google.de/' }) });
  const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
  for (const [index, [address, name]] of visits.entries()) {
    href = address;
    await tracker.api.pushInitialPageData({ ...pageData, page_name: name, ...(index > 0 ? { is_spa: true } : {}) });
  }
  await deps.clock.advanceUntilIdle();
  return deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview_ga4').map((entry) => [entry.page_name, entry.referrer_class]);
}

describe('tracker wiring', () => {
  it('with ttruth on, posts the page view to the collector; without C0003 the person id is noConsent and no ttruth_uid is written', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: 'groups=C0001%3A1%2CC0004%3A1' }) });
    deps.http.on(COLLECTOR_PATH, { status: 200 });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: true });
    await tracker.api.pushInitialPageData(pageData);
    await deps.clock.advanceUntilIdle();
    const [sent] = deps.http.sentTo(COLLECTOR_PATH);
    expect(sent?.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', 'Api-Version': '2' });
    expect(sent?.body).toMatchObject({ event_name: 'pageview', customer: { person_id: 'noConsent' }, consent: { C0003: false, C0004: true } });
    expect(deps.cookies.get('ttruth_uid')).toBeUndefined();
    expect(deps.outbox.records.size).toBe(0);
  });

  it('a single-page app: page data after a URL change without a load describes the new URL', async () => {
    let href = 'https://www.kaffeeshop.de/shop/kaffee/bohnen?utm_source=news';
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }), page: () => ({ href, referrer: '' }) });
    deps.http.on(COLLECTOR_PATH, { status: 200 });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: true });
    await tracker.api.pushInitialPageData(pageData);
    href = 'https://www.kaffeeshop.de/shop/checkout/cart';
    await tracker.api.pushInitialPageData({ ...pageData, page_name: 'cart', is_spa: true });
    await tracker.api.pushCustomEvent({ event_name: 'button_click', click_target: 'checkout' });
    await deps.clock.advanceUntilIdle();
    const views = deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview');
    expect(views.map((entry) => [entry.page_name, entry.page_path])).toEqual([
      ['home', '/shop/kaffee/bohnen'],
      ['cart', '/shop/checkout/cart'],
    ]);
    const collected = deps.http.sentTo(COLLECTOR_PATH).map((request) => request.body as Record<string, unknown>);
    expect(collected.map((body) => [body.url, body.tcs_source])).toEqual([
      ['https://www.kaffeeshop.de/shop/kaffee/bohnen?utm_source=news', 'news'],
      ['https://www.kaffeeshop.de/shop/checkout/cart', undefined],
      ['https://www.kaffeeshop.de/shop/checkout/cart', undefined],
    ]);
  });

  it('a single-page app: a virtual page was reached from the previous one, so its referrer is internal and credits the shop', async () => {
    let href = 'https://www.kaffeeshop.de/?site=DE';
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }), page: () => ({ href, referrer: 'https://www.google.com/' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData(pageData);
    href = 'https://www.kaffeeshop.de/p/pdp/111';
    await tracker.api.pushInitialPageData({ ...pageData, page_type: 'product', page_name: 'pdp', is_spa: true });
    await tracker.api.pushProductSourceEvent({ webshop_product_id: '111111111' });
    await tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '111111111' }] } });
    await deps.clock.advanceUntilIdle();

    const views = deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview_ga4');
    expect(views.map((entry) => [entry.page_path, entry.referrer_class])).toEqual([
      ['/', 'external'],
      ['/p/pdp/111', 'internal'],
    ]);
    const history = JSON.parse(deps.store.getItem(PRODUCT_HISTORY_KEY) ?? '{}') as Record<string, Record<string, unknown>>;
    expect(history['111111111']).toMatchObject({ liv: { sl1: 'internal', sl2: 'www.kaffeeshop.de' } });
  });

  it('a single-page app: the same page pushed again keeps its referrer, also after its address was cleaned (replaceState)', async () => {
    const views = await referrerClasses('https://www.kaffeeshop.de/landing?utm_source=goo', [
      ['https://www.kaffeeshop.de/landing', 'landing'],
      ['https://www.kaffeeshop.de/landing', 'landing again'],
      ['https://www.kaffeeshop.de/p/pdp/111', 'pdp'],
      ['https://www.kaffeeshop.de/p/pdp/111', 'pdp again'],
    ]);
    expect(views).toEqual([
      ['landing', 'external'],
      ['landing again', 'external'],
      ['pdp', 'internal'],
      ['pdp again', 'internal'],
    ]);
  });

  it('a single-page app whose addresses carry a fragment: the same page pushed again keeps its referrer, and the next one comes from within the shop', async () => {
    const views = await referrerClasses('https://www.kaffeeshop.de/landing?utm_source=goo#reviews', [
      ['https://www.kaffeeshop.de/landing#reviews', 'landing'],
      ['https://www.kaffeeshop.de/landing#reviews', 'landing again'],
      ['https://www.kaffeeshop.de/landing#faq', 'faq'],
    ]);
    expect(views).toEqual([
      ['landing', 'external'],
      ['landing again', 'external'],
      ['faq', 'internal'],
    ]);
  });

  it('an address cleaned before the first page data (replaceState) keeps the landing\'s campaign and click source for that page view only', async () => {
    let href = 'https://www.kaffeeshop.de/p/pdp/111?utm_source=news&utm_medium=mail&cotcs=search,suggest,sf1';
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }), page: () => ({ href, referrer: '' }) });
    deps.http.on(COLLECTOR_PATH, { status: 200 });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: true });
    href = 'https://www.kaffeeshop.de/p/pdp/111';
    await tracker.api.pushInitialPageData({ ...pageData, page_type: 'product', page_name: 'pdp' });
    await tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '111111111' }] } });
    href = 'https://www.kaffeeshop.de/p/basket';
    await tracker.api.pushInitialPageData({ ...pageData, page_name: 'basket', is_spa: true });
    await deps.clock.advanceUntilIdle();

    const collected = deps.http.sentTo(COLLECTOR_PATH).map((request) => request.body as Record<string, unknown>);
    expect(collected.map((body) => [body.url, body.tcs_source, body.tcs_medium])).toEqual([
      ['https://www.kaffeeshop.de/p/pdp/111', 'news', 'mail'],
      ['https://www.kaffeeshop.de/p/pdp/111', 'news', 'mail'],
      ['https://www.kaffeeshop.de/p/basket', undefined, undefined],
    ]);
    const history = JSON.parse(deps.store.getItem(PRODUCT_HISTORY_KEY) ?? '{}') as Record<string, Record<string, unknown>>;
    expect(history['111111111']).toMatchObject({ liv: { sl1: 'search', sl2: 'suggest', sf: 'sf1' } });
  });

  it('a page left while an id lookup is in flight: the waiting pushes enter at once, with their ids as pushed', async () => {
    let hide = (): void => undefined;
    const deps = memoryTrackerDeps({
      // The id lookup never answers; the customer data is not found.
      http: new MemoryHttpClient((request) => (request.url.includes('new-product-id') ? new Promise(() => undefined) : { status: 404 })),
      onPageHide: (listener) => ((hide = () => listener(true)), () => undefined),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, newProductIds: true });
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'p' }).catch(() => undefined);
    const cart = tracker.api.pushEcommerceEvent({ event: 'add_to_cart', ecommerce: { items: [{ item_id: '123456789' }] } });
    const click = tracker.api.pushCustomEvent({ event_category: 'navigation', event_action: 'click', event_label: 'leaving' });
    await deps.clock.advanceAsync(10);
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).not.toContain('add_to_cart');
    hide();
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event).slice(-5)).toEqual(['ecommerce', undefined, 'add_to_cart', 'event', 'ga4_event']);
    await Promise.all([cart, click]);
  });

  it('a page left while the customer data is on its way: the page view and the click reach the collector in the keepalive flush', async () => {
    let hide = (): void => undefined;
    const deps = memoryTrackerDeps({
      cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }),
      // The customer data never answers; the collector answers 200.
      http: new MemoryHttpClient((request) => (request.url === COLLECTOR_PATH ? { status: 200 } : new Promise(() => undefined))),
      onPageHide: (listener) => ((hide = () => listener(true)), () => undefined),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: true });
    const view = tracker.api.pushInitialPageData(pageData);
    const click = tracker.api.pushCustomEvent({ event_name: 'leave_click' });
    await deps.clock.advanceAsync(10);
    expect(deps.http.sentTo(COLLECTOR_PATH)).toEqual([]);
    hide();
    const sent = deps.http.sentTo(COLLECTOR_PATH);
    expect(sent.map((request) => [(request.body as Record<string, unknown>).event_name, request.keepalive])).toEqual([
      ['pageview', true],
      ['leave_click', true],
    ]);
    await Promise.all([view, click]);
    await deps.clock.advanceAsync(5000);
    expect(deps.http.sentTo(COLLECTOR_PATH)).toHaveLength(2);
    expect(deps.outbox.records.size).toBe(0);
  });

  it('one batch of an id lookup fails on the network: the answered batches still convert, the failed one is logged', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => String(100_000_000 + i));
    const deps = memoryTrackerDeps({
      cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }),
      http: new MemoryHttpClient((request) => {
        if (!request.url.includes('new-product-id')) return { status: 404 };
        const asked = new URL(request.url, 'https://www.kaffeeshop.de').searchParams.get('old_product_ids')?.split(',') ?? [];
        if (asked.includes(ids[29] as string)) throw new TypeError('Failed to fetch');
        return { status: 200, body: { mappings: asked.map((id) => ({ oldProductId: id, newProductId: `N${id}` })) } };
      }),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, newProductIds: true });
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'p' });
    await tracker.api.pushEcommerceEvent({ event: 'view_cart', ecommerce: { items: ids.map((item_id) => ({ item_id })) } });
    const list = deps.dataLayer.plainEntries().find((entry) => entry.event === 'view_cart') as { ecommerce: { items: { item_id: string }[] } };
    const sent = list.ecommerce.items.map((item) => item.item_id);
    expect(sent.slice(0, 24)).toEqual(ids.slice(0, 24).map((id) => `N${id}`));
    expect(sent.slice(24)).toEqual(ids.slice(24));
    expect(tracker.api.getLogs().map((entry) => entry.message)).toContain('Product id lookup got no answer: Failed to fetch');
  });

  it('converts old ids written with white space around them, and items that name their product by product_id only', async () => {
    const deps = memoryTrackerDeps({
      http: new MemoryHttpClient((request) => {
        const url = new URL(request.url, 'https://www.kaffeeshop.de');
        const single = url.searchParams.get('old_product_id');
        if (single !== null) return { status: 200, body: { productId: `N${single}` } };
        const asked = url.searchParams.get('old_product_ids')?.split(',') ?? [];
        if (asked.length > 0) return { status: 200, body: { mappings: asked.map((id) => ({ oldProductId: id, newProductId: `N${id}` })) } };
        return { status: 404 };
      }),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: true, newProductIds: true });
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'p' });
    await tracker.api.pushEcommerceEvent({
      event: 'view_cart',
      ecommerce: { items: [{ item_id: '423456789 ' }, { item_id: '\t523456789' }, { product_id: '323456789' }] },
    });
    await tracker.api.pushProductSourceEvent({ webshop_product_id: ' 123456789 ' });
    const cart = deps.dataLayer.plainEntries().find((entry) => entry.event === 'view_cart') as { ecommerce: { items: Record<string, string>[] } };
    expect(cart.ecommerce.items.map((item) => item.item_id ?? item.product_id)).toEqual(['N423456789', 'N523456789', 'N323456789']);
    await deps.clock.advanceUntilIdle();
    const bodies = deps.http.sentTo(COLLECTOR_PATH).map((request) => request.body as Record<string, unknown>);
    const source = bodies.find((body) => body.event_name === 'product_source');
    expect((source?.event as Record<string, unknown> | undefined)?.webshop_product_id).toBe('N123456789');
  });

  it('converts an item\'s product_id beside its item_id too, so no destination gets the new id and the old one for one product', async () => {
    const deps = memoryTrackerDeps({
      http: new MemoryHttpClient((request) => {
        const asked = new URL(request.url, 'https://www.kaffeeshop.de').searchParams.get('old_product_ids')?.split(',') ?? [];
        return { status: 200, body: { mappings: asked.map((id) => ({ oldProductId: id, newProductId: `N${id}` })) } };
      }),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: true, newProductIds: true });
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'p' });
    await tracker.api.pushEcommerceEvent({
      event: 'view_cart',
      ecommerce: { items: [{ item_id: '123456789', product_id: 123456789 }, { item_id: '223456789', product_id: '323456789' }, { item_id: '423456789' }] },
    });
    const cart = deps.dataLayer.plainEntries().find((entry) => entry.event === 'view_cart') as { ecommerce: { items: Record<string, string>[] } };
    expect(cart.ecommerce.items.map((item) => [item.item_id, item.product_id])).toEqual([
      ['N123456789', 'N123456789'],
      ['N223456789', 'N323456789'],
      ['N423456789', undefined],
    ]);
    await deps.clock.advanceUntilIdle();
    const bodies = deps.http.sentTo(COLLECTOR_PATH).map((request) => request.body as Record<string, unknown>);
    const sent = bodies.find((body) => body.event_name === 'view_cart');
    expect(sent?.items).toEqual([
      { item_id: 'N123456789', product_id: 'N123456789' },
      { item_id: 'N223456789', product_id: 'N323456789' },
      { item_id: 'N423456789' },
    ]);
  });

  it('sends a numeric id that cannot be converted as a text to the collector, whatever else the event holds (spec §5)', async () => {
    const deps = memoryTrackerDeps({
      http: new MemoryHttpClient((request) => {
        const asked = new URL(request.url, 'https://www.kaffeeshop.de').searchParams.get('old_product_ids')?.split(',') ?? [];
        return asked.length > 0 ? { status: 200, body: { mappings: asked.map((id) => ({ oldProductId: id, newProductId: `N${id}` })) } } : { status: 200 };
      }),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: true, newProductIds: true });
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'p' });
    await tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: 12345678 }] } });
    await tracker.api.pushItemListData({ items: [12345678, 123456789] });
    await tracker.api.pushProductSourceEvent({ webshop_product_id: 0 });
    await deps.clock.advanceUntilIdle();
    const bodies = deps.http.sentTo(COLLECTOR_PATH).map((request) => request.body as Record<string, unknown>);
    const bodyOf = (name: string) => bodies.find((body) => body.event_name === name);
    expect(bodyOf('view_item')).toMatchObject({ items: [{ item_id: '12345678' }], product_ids: '12345678' });
    expect(bodyOf('item_list')).toMatchObject({ items: [{ item_id: '12345678' }, { item_id: 'N123456789' }] });
    expect(bodyOf('product_source')).toMatchObject({ event: { webshop_product_id: '0' } });
  });

  it('sends numeric ids as texts to the collector when the id lookup gets no answer (a network failure, the deadline)', async () => {
    for (const answer of [() => Promise.reject(new TypeError('Failed to fetch')), () => new Promise<never>(() => undefined)]) {
      const deps = memoryTrackerDeps({ http: new MemoryHttpClient((request) => (request.url.includes('new-product-id') ? answer() : { status: 200 })) });
      const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: true, newProductIds: true });
      void tracker.api.pushProductSourceEvent({ webshop_product_id: 123456788 });
      void tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'p' });
      void tracker.api.pushItemListData({ items: [{ item_id: 100000004 }] });
      void tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: 100000002 }] } });
      await deps.clock.advanceAsync(5000);
      await deps.clock.advanceUntilIdle();
      const bodies = deps.http.sentTo(COLLECTOR_PATH).map((request) => request.body as Record<string, unknown>);
      const bodyOf = (name: string) => bodies.find((body) => body.event_name === name);
      expect(bodyOf('product_source')).toMatchObject({ event: { webshop_product_id: '123456788' } });
      expect(bodyOf('item_list')).toMatchObject({ items: [{ item_id: '100000004' }] });
      expect(bodyOf('view_item')).toMatchObject({ items: [{ item_id: '100000002' }] });
    }
  });

  it('rejects an invalid event at once, without asking the id service for its ids', async () => {
    const deps = memoryTrackerDeps({ http: new MemoryHttpClient(() => new Promise(() => undefined)) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, newProductIds: true });
    const invalid = tracker.api.pushEcommerceEvent({ event: 'view_itme', ecommerce: { items: [{ item_id: '123456789' }] } } as never);
    const settled = vi.fn();
    invalid.catch(settled);
    await deps.clock.advanceAsync(10);
    expect(settled).toHaveBeenCalled();
    expect(deps.http.requests.filter((request) => request.url.includes('new-product-id'))).toEqual([]);
  });

  it('an id lookup that fails on the network: logged as an error, the event goes out with the ids as pushed', async () => {
    const deps = memoryTrackerDeps({
      http: new MemoryHttpClient((request) => {
        if (request.url.includes('new-product-id')) throw new TypeError('Failed to fetch');
        return { status: 404 };
      }),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, newProductIds: true });
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'p' });
    await tracker.api.pushEcommerceEvent({ event: 'add_to_cart', ecommerce: { items: [{ item_id: '123456789' }] } });
    const cart = deps.dataLayer.plainEntries().find((entry) => entry.event === 'add_to_cart') as { ecommerce: { items: { item_id: string }[] } };
    expect(cart.ecommerce.items[0]?.item_id).toBe('123456789');
    expect(tracker.api.getLogs().filter((entry) => entry.level === 6).map((entry) => entry.message)).toContain(
      'Product id lookup got no answer: Failed to fetch',
    );
  });

  it('a reset while pushes wait for the customer data: they were accepted, so they enter at once, as they are (as on leaving the page), and nothing of them comes after it', async () => {
    const answers: ((value: { status: number; body: unknown }) => void)[] = [];
    const deps = memoryTrackerDeps({ http: new MemoryHttpClient(() => new Promise((resolve) => answers.push(resolve))) });
    const answer = (value: { status: number; body: unknown }) => answers.splice(0).forEach((resolve) => resolve(value));
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    const before = tracker.api.pushInitialPageData({ ...pageData, page_name: 'before-reset' });
    const click = tracker.api.pushCustomEvent({ event_category: 'faq', event_action: 'open', event_label: 'before-reset' });
    await deps.clock.advanceAsync(10);
    await tracker.reset();
    answer({ status: 200, body: { tracking: {} } });
    await Promise.all([before, click]);
    const after = tracker.api.pushInitialPageData({ ...pageData, page_name: 'after-reset' });
    await deps.clock.advanceAsync(10);
    answer({ status: 200, body: { tracking: {} } });
    await after;
    const labels = deps.dataLayer.plainEntries().map((entry) => entry.page_name ?? entry.event_label).filter(Boolean);
    expect(labels).toEqual(['before-reset', 'before-reset', 'before-reset', 'after-reset', 'after-reset']);
    const messages = tracker.api.getLogs().map((entry) => entry.message);
    expect(messages.filter((message) => message.includes('was still waiting when the tracker was reset'))).toEqual([]);
    expect(messages).toContain('pushCustomEvent has been executed successfully.');
  });

  it('keeps cot_session alive while the page is used: written again with its id on activity, at most once a second', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    const id = deps.cookies.get('cot_session');
    const sessionWrites = () => deps.cookies.writes.filter((write) => write.name === 'cot_session');
    expect(sessionWrites()).toHaveLength(1);
    await tracker.api.pushInitialPageData(pageData);
    await tracker.api.pushCustomEvent({ event_name: 'link_click' });
    expect(sessionWrites()).toHaveLength(1);
    await deps.clock.advanceAsync(25 * 60_000);
    await tracker.api.pushCustomEvent({ event_name: 'button_click' });
    expect(sessionWrites()).toHaveLength(2);
    expect(sessionWrites()[1]).toMatchObject({ value: id, options: { maxAgeSeconds: 1800 } });
    // Within the second nothing more; a second after the last write, the next push writes it again.
    await deps.clock.advanceAsync(999);
    await tracker.api.pushCustomEvent({ event_name: 'button_click' });
    expect(sessionWrites()).toHaveLength(2);
    await deps.clock.advanceAsync(1);
    await tracker.api.pushCustomEvent({ event_name: 'button_click' });
    expect(sessionWrites()).toHaveLength(3);
  });

  it('begins a new session when cot_session expired (30 minutes without activity), and follows a session another tab began', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }), http: new MemoryHttpClient(() => ({ status: 200, body: {} })) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: true });
    const sessions = () =>
      deps.http.requests
        .filter((request) => request.method === 'POST' && (request.body as Record<string, unknown>).custom_short_term_id !== undefined)
        .map((request) => [(request.body as Record<string, unknown>).event_name, (request.body as Record<string, unknown>).custom_short_term_id]);
    await tracker.api.pushInitialPageData(pageData);
    const first = deps.cookies.get('cot_session');
    await deps.clock.advanceAsync(31 * 60_000);
    // The browser removed the cookie with its Max-Age.
    deps.cookies.remove('cot_session');
    await tracker.api.pushCustomEvent({ event_name: 'after_break' });
    const second = deps.cookies.get('cot_session');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    // Another tab begins its own session after a break of its own; this page's next renewal takes it.
    await deps.clock.advanceAsync(61_000);
    deps.cookies.set('cot_session', 'other-tab', { maxAgeSeconds: 1800 });
    await tracker.api.pushCustomEvent({ event_name: 'next_click' });
    await deps.clock.advanceAsync(10);
    expect(sessions().filter(([name]) => name !== 'page_view' && name !== 'pageview')).toEqual([
      ['after_break', second],
      ['next_click', 'other-tab'],
    ]);
    expect(deps.cookies.get('cot_session')).toBe('other-tab');
  });

  it('keeps one session on a page whose cookie does not stay (cookies blocked, a cookie wiper): no new id at each renewal', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }), http: new MemoryHttpClient(() => ({ status: 200, body: {} })) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: true });
    await tracker.api.pushInitialPageData(pageData);
    for (let n = 0; n < 3; n += 1) {
      deps.cookies.remove('cot_session');
      await deps.clock.advanceAsync(61_000);
      await tracker.api.pushCustomEvent({ event_name: `click_${n}` });
    }
    await deps.clock.advanceAsync(10);
    const ids = deps.http.requests
      .filter((request) => request.method === 'POST' && (request.body as Record<string, unknown>).custom_short_term_id !== undefined)
      .map((request) => (request.body as Record<string, unknown>).custom_short_term_id);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ids).size).toBe(1);
  });

  it('after the device clock was set back, keeps cot_session alive on activity and takes another tab\'s consent at the next push a second later', async () => {
    class JumpingClock extends SimulatedClock {
      offset = 0;
      override now(): number {
        return super.now() + this.offset;
      }
    }
    const clock = new JumpingClock(1_700_000_000_000);
    const cookies = new MemoryCookieJar();
    const deps = memoryTrackerDeps({ clock, cookies });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData(pageData);
    const sessionWrites = () => cookies.writes.filter((write) => write.name === 'cot_session').length;
    const before = sessionWrites();
    clock.offset = -3_600_000;
    await tracker.api.pushCustomEvent({ event_name: 'a_click' });
    // Another tab's banner writes the cookie.
    cookies.set('OptanonConsent', CONSENT_ALL);
    await clock.advanceAsync(65_000);
    await tracker.api.pushCustomEvent({ event_name: 'b_click' });
    await clock.advanceAsync(10);
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toContain('pageview');
    expect(sessionWrites()).toBeGreaterThan(before);
  });

  it('reads a flag written in capitals or with spaces around it, and event_non_interaction 1 or "1", as the data layer mappers do', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, exactag: false });
    await tracker.api.pushInitialPageData({ page_type: 'search', exactag_site_group: 'Suchergebnisseite', is_spa: 'True', internal_search_fallback: ' true ', number_of_product_results: 5, number_of_available_product_results: 5, internal_search_campaign: 'none' });
    for (const value of [1, '1', 'TRUE', ' true ']) {
      await tracker.api.pushCustomEvent({ event_category: 'teaser', event_action: 'view', event_non_interaction: value });
    }
    const entries = deps.dataLayer.plainEntries();
    expect(entries.find((entry) => entry.event === 'pageview')).toMatchObject({ is_spa: true, internal_search_fallback: true });
    expect(entries.filter((entry) => entry.event === 'event').map((entry) => entry.event_non_interaction)).toEqual([true, true, true, true]);
    expect(tracker.api.getLogs().map((entry) => entry.message).filter((message) => /not a valid|is required/.test(message))).toEqual([]);
  });

  it('writes ttruth_uid Secure and SameSite=None once C0003 is granted', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar() });
    createTracker(deps, { endpoints: SHOP_ENDPOINTS, ttruth: true, exactag: false });
    expect(deps.cookies.get('ttruth_uid')).toBeUndefined();
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' });
    // Taken once the page's push has returned.
    await Promise.resolve();
    expect(deps.cookies.get('ttruth_uid')).toBeDefined();
    expect(deps.cookies.lastWrite('ttruth_uid')?.options).toMatchObject({ secure: true, sameSite: 'None' });
  });

  it('writes ttruth_uid with C0003 with the first-party tracker off as well (spec §4: set when category 3 is given)', () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }) });
    createTracker(deps, { endpoints: SHOP_ENDPOINTS, ttruth: false, exactag: false });
    expect(deps.cookies.lastWrite('ttruth_uid')?.options).toEqual({ secure: true, sameSite: 'None' });
  });

  it('renews a returning visitor\'s ttruth_uid: written again, 30 days from this visit', () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL, ttruth_uid: 'known-visitor' }) });
    createTracker(deps, { endpoints: SHOP_ENDPOINTS, ttruth: true, exactag: false });
    expect(deps.cookies.lastWrite('ttruth_uid')).toEqual({ name: 'ttruth_uid', value: 'known-visitor', options: { secure: true, sameSite: 'None' } });
  });

  it('removes ttruth_uid when a later OneTrustGroupsUpdated withdraws C0003', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }) });
    createTracker(deps, { endpoints: SHOP_ENDPOINTS, ttruth: true, exactag: false });
    expect(deps.cookies.get('ttruth_uid')).toBeDefined();
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0004,' });
    // Taken once the page's push has returned.
    await Promise.resolve();
    expect(deps.cookies.get('ttruth_uid')).toBeUndefined();
    // Also on the collector's path, where its answer may have set one the page cannot see.
    const removals = deps.cookies.writes.filter((write) => write.name === 'ttruth_uid' && write.options.maxAgeSeconds === 0);
    expect(removals.map((write) => write.options)).toEqual([
      { secure: true, sameSite: 'None', maxAgeSeconds: 0 },
      { secure: true, sameSite: 'None', path: '/service/ttruth', maxAgeSeconds: 0 },
    ]);
  });

  it('removes a ttruth_uid on the collector path without C0003 even when none shows at the page path, also without ttruth', () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: 'groups=C0001%3A1%2CC0003%3A0' }) });
    createTracker(deps, { endpoints: SHOP_ENDPOINTS, exactag: false });
    const removals = deps.cookies.writes.filter((write) => write.name === 'ttruth_uid' && write.options.maxAgeSeconds === 0);
    expect(removals.map((write) => write.options.path)).toEqual(['/service/ttruth']);
  });

  it('keeps a ttruth_uid when the page cannot read a consent cookie (a frame on another site): nothing was withdrawn', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ ttruth_uid: 'UID1' }) });
    createTracker(deps, { endpoints: SHOP_ENDPOINTS, ttruth: true, exactag: false });
    expect(deps.cookies.get('ttruth_uid')).toBe('UID1');
    // A banner answer heard later that withdraws it still removes it.
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,' });
    await Promise.resolve();
    expect(deps.cookies.get('ttruth_uid')).toBeUndefined();
  });

  it('never writes ttruth_uid in app context, where first-party tracking is off', () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL, platform: 'ios' }) });
    createTracker(deps, { endpoints: SHOP_ENDPOINTS, ttruth: true, exactag: false });
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' });
    expect(deps.cookies.lastWrite('ttruth_uid')).toBeUndefined();
  });

  it('sends the affiliate touch point for a corporate-benefits purchase on the German site, and warns without a user key', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData({ ...pageData, exactag_site_group: 'Order Confirmation' });
    const purchase = { event: 'purchase', ecommerce: { transaction_id: 'o1', value: 10, coupon_types: ['corporate_benefits'], items: [{ item_id: '1' }] } };
    await tracker.api.pushEcommerceEvent({ ...purchase, user_key: 'K 1' });
    expect(deps.http.sentTo(SHOP_ENDPOINTS.exactagTouchPoint).map((r) => r.url)).toEqual([`${SHOP_ENDPOINTS.exactagTouchPoint}?uk=K%201`]);
    await tracker.api.pushEcommerceEvent({ ...purchase, ecommerce: { ...purchase.ecommerce, transaction_id: 'o2' } });
    expect(deps.http.sentTo(SHOP_ENDPOINTS.exactagTouchPoint)).toHaveLength(1);
    expect(tracker.api.getLogs().map((e) => e.message)).toContain('UserKey has not been passed. Exactag touch point request has not been sent');
  });

  it('sends the touch point only when the page scope has the affiliate tracker, and holds it for a later consent grant', async () => {
    const purchase = { event: 'purchase', ecommerce: { transaction_id: 'o1', coupon_types: 'corporate_benefits' }, user_key: 'K' };
    const scoped = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }) });
    const gtmOnly = createTracker(scoped, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await gtmOnly.api.pushInitialPageData({ ...pageData, exactag_site_group: 'Order Confirmation', scope: 'gtm' });
    await gtmOnly.api.pushEcommerceEvent(purchase);
    expect(scoped.http.sentTo(SHOP_ENDPOINTS.exactagTouchPoint)).toEqual([]);

    const later = memoryTrackerDeps({ cookies: new MemoryCookieJar() });
    const tracker = createTracker(later, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData({ ...pageData, exactag_site_group: 'Order Confirmation' });
    await tracker.api.pushEcommerceEvent(purchase);
    expect(later.http.sentTo(SHOP_ENDPOINTS.exactagTouchPoint)).toEqual([]);
    later.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0004,' });
    await later.clock.advanceAsync(1);
    expect(later.http.sentTo(SHOP_ENDPOINTS.exactagTouchPoint).map((r) => r.url)).toEqual([`${SHOP_ENDPOINTS.exactagTouchPoint}?uk=K`]);
  });

  it('gives up a touch point that gets no answer after 5 s: the purchase push settles, the log says so, the request is aborted', async () => {
    const deps = memoryTrackerDeps({
      cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }),
      http: new MemoryHttpClient((request) => (request.url.startsWith(SHOP_ENDPOINTS.exactagTouchPoint) ? new Promise(() => undefined) : { status: 404 })),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData({ ...pageData, exactag_site_group: 'Order Confirmation' });
    let settled = false;
    const purchase = { event: 'purchase', user_key: 'UK-1', ecommerce: { transaction_id: 'T-1', value: 10, coupon_types: ['corporate_benefits'], items: [{ item_id: '1' }] } };
    void tracker.api.pushEcommerceEvent(purchase).then(() => (settled = true));
    await deps.clock.advanceAsync(4999);
    expect(settled).toBe(false);
    await deps.clock.advanceAsync(1);
    expect(settled).toBe(true);
    expect(tracker.api.getLogs().map((entry) => entry.message)).toContain('Exactag touch point request got no answer: Timeout after 5000ms');
    expect(deps.http.sentTo(SHOP_ENDPOINTS.exactagTouchPoint)[0]?.signal?.aborted).toBe(true);
  });

  it('keeps at most two error reports on their way to a log service that does not answer, and gives each up after 5 s', async () => {
    const deps = memoryTrackerDeps({
      cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }),
      http: new MemoryHttpClient((request) => (request.url === SHOP_ENDPOINTS.remoteLogger ? new Promise(() => undefined) : { status: 404 })),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, environment: 'production' });
    await tracker.api.pushInitialPageData(pageData);
    const failing = () => tracker.api.pushEcommerceEvent({ event: 'begin_checkuot' } as never).catch(() => undefined);
    for (let i = 0; i < 7; i += 1) await failing();
    const reports = () => deps.http.sentTo(SHOP_ENDPOINTS.remoteLogger);
    expect(reports()).toHaveLength(2);
    await deps.clock.advanceAsync(5000);
    expect(reports().map((report) => report.signal?.aborted)).toEqual([true, true]);
    await failing();
    expect(reports()).toHaveLength(3);
  });

  it('counts an order pushed as purchase and then as purchase_ga4 once at the affiliate tracker and its touch point', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData({ page_type: 'checkout', page_name: 'thanks', exactag_site_group: 'Order Confirmation' });
    const order = { currency: 'EUR', value: 50, transaction_id: 'ORD-1', coupon_types: ['corporate_benefits'], items: [{ item_id: '1', price: 50, quantity: 1 }] };
    await tracker.api.pushEcommerceEvent({ event: 'purchase', ecommerce: order, user_key: 'UK' });
    await tracker.api.pushEcommerceEvent({ event: 'purchase_ga4', ecommerce: order, user_key: 'UK' });
    await deps.clock.advanceAsync(1);
    expect(deps.affiliate.tracked.map((p) => p.oi)).toEqual(['ORD-1']);
    expect(deps.http.sentTo(SHOP_ENDPOINTS.exactagTouchPoint).map((r) => r.url)).toEqual([`${SHOP_ENDPOINTS.exactagTouchPoint}?uk=UK`]);
    await tracker.api.pushEcommerceEvent({ event: 'purchase', ecommerce: { ...order, transaction_id: undefined }, user_key: 'UK' });
    await deps.clock.advanceAsync(1);
    expect(deps.affiliate.tracked).toHaveLength(2);
    expect(deps.http.sentTo(SHOP_ENDPOINTS.exactagTouchPoint)).toHaveLength(2);
  });

  it('in app context the events go to the app bridge only', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL, platform: 'ios' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData(pageData);
    expect(deps.dataLayer.entries).toEqual([]);
    expect(deps.affiliate.tracked).toEqual([]);
    expect(deps.appBridge.list.map((event) => event.event_name)).toEqual(['pageview']);
    expect(tracker.api.getLogs().map((entry) => entry.message)).toContain(
      'App context: web tracking is off on this page; events go to the app bridge only.',
    );
  });

  it('the page hide hook flushes the affiliate page view still waiting for its e-commerce event', async () => {
    let hide: () => void = () => undefined;
    const deps = memoryTrackerDeps({ onPageHide: (listener) => ((hide = () => listener(true)), () => undefined) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData({ ...pageData, exactag_site_group: 'Product View' });
    expect(deps.affiliate.tracked).toEqual([]);
    hide();
    await deps.clock.advanceAsync(1);
    expect(deps.affiliate.tracked.map((p) => p.pt)).toEqual(['Product View']);
  });
});

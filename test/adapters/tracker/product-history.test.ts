import { MemoryKeyValueStore } from '../../../src/adapters/memory/memory-key-value-store';
import { MemoryHttpClient } from '../../../src/adapters/memory/memory-http-client';
import { SimulatedClock } from '../../../src/adapters/memory/simulated-clock';
import { createProductHistoryStore, PRODUCT_HISTORY_KEY } from '../../../src/domain/tracking/product-history-store';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { memoryTrackerDeps } from '../../../src/app/tracker/memory-deps';
import { listenForTileClicks, TileAttribute } from '../../../src/app/tracker/product-tiles';
import { createProductIdConverter } from '../../../src/app/tracker/product-ids';

const stored = (store: MemoryKeyValueStore) => JSON.parse(store.getItem(PRODUCT_HISTORY_KEY) ?? '{}') as Record<string, Record<string, unknown>>;

describe('product tiles', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('records a click inside a tile with its attributes and the page levels', () => {
    document.body.innerHTML = `<article ${TileAttribute.productIds}="111,222" ${TileAttribute.feature}="reco" ${TileAttribute.quickshopping}="true" ${TileAttribute.searchId}="s-9" ${TileAttribute.sourceProductId}="999"><a href="#"><span id="name">Espresso</span></a></article><p id="outside">x</p>`;
    const store = new MemoryKeyValueStore();
    const history = createProductHistoryStore({ store, clock: new SimulatedClock(5000), log: () => undefined });
    const stop = listenForTileClicks(document, history, () => ({ sl1: 'kaffee', sl2: 'bohnen' }));
    document.getElementById('outside')?.click();
    expect(store.getItem(PRODUCT_HISTORY_KEY)).toBeNull();
    document.getElementById('name')?.click();
    const source = { sl1: 'kaffee', sl2: 'bohnen', sf: 'reco', qs: 'true', sid: 's-9', spid: '999' };
    expect(stored(store)).toEqual({ '111': { lit: 5000, ics: source, lcs: source }, '222': { lit: 5000, ics: source, lcs: source } });
    stop();
    store.removeItem(PRODUCT_HISTORY_KEY);
    document.getElementById('name')?.click();
    expect(store.getItem(PRODUCT_HISTORY_KEY)).toBeNull();
  });

  it('records a tile opened in a new tab with the middle button (auxclick), not a right click', () => {
    document.body.innerHTML = `<article ${TileAttribute.productIds}="333"><a href="#" id="tile">Crema</a></article>`;
    const store = new MemoryKeyValueStore();
    const history = createProductHistoryStore({ store, clock: new SimulatedClock(7000), log: () => undefined });
    const stop = listenForTileClicks(document, history, () => ({ sl1: 'kaffee' }));
    const tile = document.getElementById('tile')!;
    tile.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    expect(store.getItem(PRODUCT_HISTORY_KEY)).toBeNull();
    tile.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(stored(store)).toEqual({ '333': { lit: 7000, ics: { sl1: 'kaffee' }, lcs: { sl1: 'kaffee' } } });
    stop();
  });

  it('records a click inside a tile in a shadow root, and a tile around an element whose own shadow root holds the link', () => {
    const store = new MemoryKeyValueStore();
    const history = createProductHistoryStore({ store, clock: new SimulatedClock(9000), log: () => undefined });
    const stop = listenForTileClicks(document, history, () => ({ sl1: 'Home' }));
    // A shop's web component: the tile (and its link) live in its shadow root.
    const card = document.createElement('div');
    card.attachShadow({ mode: 'open' }).innerHTML = `<div ${TileAttribute.productIds}="SHADOW1" ${TileAttribute.feature}="reco"><a href="#" id="inner">Crema</a></div>`;
    // A tile in the page around a button component whose link is inside the component's shadow root.
    const outer = document.createElement('div');
    outer.setAttribute(TileAttribute.productIds, 'OUTER');
    const button = document.createElement('span');
    button.attachShadow({ mode: 'open' }).innerHTML = '<a href="#" id="buy">Kaufen</a>';
    outer.append(button);
    document.body.append(card, outer);
    card.shadowRoot!.getElementById('inner')!.click();
    expect(stored(store)).toEqual({ SHADOW1: { lit: 9000, ics: { sl1: 'Home', sf: 'reco' }, lcs: { sl1: 'Home', sf: 'reco' } } });
    button.shadowRoot!.getElementById('buy')!.click();
    expect(stored(store).OUTER).toEqual({ lit: 9000, ics: { sl1: 'Home' }, lcs: { sl1: 'Home' } });
    stop();
  });

  it('pushed events update the history with the page\'s cotcs source; a purchase deletes the entries', async () => {
    const deps = memoryTrackerDeps({ page: () => ({ href: 'https://www.kaffeeshop.de/p/1?cotcs=search,result,suggest', referrer: '' }) });
    const tracker = createTracker(deps, { site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'p' });
    await tracker.api.pushProductSourceEvent({ webshop_product_id: '111' });
    await tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '111' }, { item_id: '222' }] } });
    const cotcs = { sl1: 'search', sl2: 'result', sf: 'suggest' };
    expect(stored(deps.store)['111']).toMatchObject({ ics: cotcs, lcs: cotcs, liv: cotcs });
    expect(stored(deps.store)['222']).toMatchObject({ liv: cotcs });
    await tracker.api.pushEcommerceEvent({ event: 'purchase', ecommerce: { transaction_id: 'o1', items: [{ item_id: '111' }] } });
    expect(Object.keys(stored(deps.store))).toEqual(['222']);
  });

  it('an item without an item_id (or with a blank one) counts by its product_id, as every destination names it', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'p' });
    await tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: ' ', product_id: '333' }, { product_id: '444' }] } });
    expect(Object.keys(stored(deps.store))).toEqual(['333', '444']);
    expect(tracker.api.getLogs().map((entry) => entry.message).filter((m) => m.includes('product id'))).toEqual([]);
  });
});

describe('product-id conversion', () => {
  it('converts nine-digit ids of an e-commerce event in batches, only with newProductIds', async () => {
    const deps = memoryTrackerDeps();
    deps.http.on('/service/productdata/api/new-product-ids', {
      status: 200,
      body: { mappings: [{ oldProductId: '123456789', newProductId: 'N-1' }] },
    });
    const tracker = createTracker(deps, { site: 'AT', exactag: false, newProductIds: true });
    await tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'p' });
    await tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: 123456789 }, { item_id: 'abc' }] } });
    const lookups = deps.http.sentTo('/service/productdata/api/new-product-ids');
    expect(lookups.map((r) => [r.url, r.headers?.['x-site']])).toEqual([['/service/productdata/api/new-product-ids?old_product_ids=123456789', 'AT']]);
    const ga4 = deps.dataLayer.plainEntries().find((entry) => entry.event === 'view_item') as { ecommerce: { items: { item_id: string }[] } };
    expect(ga4.ecommerce.items.map((item) => item.item_id)).toEqual(['N-1', 'abc']);

    const off = memoryTrackerDeps();
    const plain = createTracker(off, { site: 'AT', exactag: false });
    await plain.api.pushInitialPageData({ page_type: 'product', page_name: 'p' });
    await plain.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '123456789' }] } });
    expect(off.http.sentTo('/service/productdata/api/new-product-ids')).toEqual([]);
  });

  it('the product history keeps the ids as the page pushed them, so a converted product has one entry that a purchase deletes', async () => {
    const deps = memoryTrackerDeps();
    deps.http.on('/service/productdata/api/new-product-ids', { status: 200, body: { mappings: [{ oldProductId: '123456789', newProductId: '1123456789' }] } });
    deps.http.on('/service/productdata/api/new-product-id', { status: 200, body: { productId: '1123456789' } });
    const tracker = createTracker(deps, { site: 'DE', exactag: false, newProductIds: true });
    await tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'p' });
    await tracker.api.pushProductSourceEvent({ webshop_product_id: '123456789' });
    await tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '123456789' }] } });
    await tracker.api.pushEcommerceEvent({ event: 'add_to_cart', ecommerce: { items: [{ item_id: '123456789' }] } });
    expect(Object.keys(stored(deps.store))).toEqual(['123456789']);
    expect(stored(deps.store)['123456789']).toHaveProperty('iac');
    await tracker.api.pushEcommerceEvent({ event: 'purchase', ecommerce: { transaction_id: 'o1', items: [{ item_id: '123456789' }] } });
    expect(stored(deps.store)).toEqual({});
  });

  it('converts item-list ids given as a comma-separated text or as one entry', async () => {
    const deps = memoryTrackerDeps();
    deps.http.on('/service/productdata/api/new-product-ids', { status: 200, body: { mappings: [{ oldProductId: '123456789', newProductId: '1123456789' }] } });
    const tracker = createTracker(deps, { site: 'DE', exactag: false, newProductIds: true });
    await tracker.api.pushInitialPageData({ page_type: 'category', page_name: 'c' }).catch(() => undefined);
    await tracker.api.pushItemListData({ items: '123456789, abc' });
    await tracker.api.pushItemListData({ items: { item_id: '123456789' } });
    const lists = deps.dataLayer.plainEntries().filter((entry) => entry.event === 'view_item_list') as { ecommerce: { items: { item_id: string }[] } }[];
    expect(lists.map((entry) => entry.ecommerce.items.map((item) => item.item_id))).toEqual([['1123456789', 'abc'], ['1123456789']]);
  });

  it('asks once for an old id that several pushes name, at once or one after another; an id not mapped or not answered is asked again', async () => {
    let failing = true;
    const deps = memoryTrackerDeps({
      http: new MemoryHttpClient((request) => {
        if (request.url.includes('old_product_ids=555555555')) return failing ? { status: 503 } : { status: 200, body: { mappings: [{ oldProductId: '555555555', newProductId: 'N-5' }] } };
        if (request.url.includes('new-product-ids')) return { status: 200, body: { mappings: [{ oldProductId: '123456789', newProductId: 'N-1' }] } };
        return { status: 200, body: { productId: 'N-1' } };
      }),
    });
    const tracker = createTracker(deps, { site: 'DE', exactag: false, newProductIds: true });
    await tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'p' });
    const item = { item_id: '123456789' };
    await Promise.all([
      tracker.api.pushItemListData({ items: [item, { item_id: '987654321' }] }),
      tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [item] } }),
    ]);
    await tracker.api.pushProductSourceEvent({ webshop_product_id: 123456789 });
    await tracker.api.pushEcommerceEvent({ event: 'add_to_cart', ecommerce: { items: [item, { item_id: '987654321' }] } });
    await tracker.api.pushEcommerceEvent({ event: 'add_to_cart', ecommerce: { items: [{ item_id: '555555555' }] } });
    failing = false;
    await tracker.api.pushEcommerceEvent({ event: 'add_to_cart', ecommerce: { items: [{ item_id: '555555555' }] } });

    expect(deps.http.requests.map((request) => request.url).filter((url) => url.includes('productdata'))).toEqual([
      '/service/productdata/api/new-product-ids?old_product_ids=123456789,987654321',
      // 987654321 was not mapped: asked again; 123456789 is not.
      '/service/productdata/api/new-product-ids?old_product_ids=987654321',
      '/service/productdata/api/new-product-ids?old_product_ids=555555555',
      '/service/productdata/api/new-product-ids?old_product_ids=555555555',
    ]);
    const ids = (event: string) =>
      (deps.dataLayer.plainEntries().filter((entry) => entry.event === event) as { ecommerce: { items: { item_id: string }[] } }[]).map((entry) =>
        entry.ecommerce.items.map((listed) => listed.item_id),
      );
    expect(ids('view_item_list')).toEqual([['N-1', '987654321']]);
    expect(ids('view_item')).toEqual([['N-1']]);
    expect(ids('add_to_cart')).toEqual([['N-1', '987654321'], ['555555555'], ['N-5']]);
  });

  it('keeps pushes in call order while a lookup is under way', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const deps = memoryTrackerDeps({
      http: new MemoryHttpClient(async (request) => {
        if (request.url.includes('new-product-id')) await gate;
        return request.url.includes('new-product-ids') ? { status: 200, body: { mappings: [{ oldProductId: '123456789', newProductId: 'N-1' }] } } : { status: 404 };
      }),
    });
    const tracker = createTracker(deps, { site: 'DE', exactag: false, newProductIds: true });
    await tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'p' });
    const first = tracker.api.pushEcommerceEvent({ event: 'add_to_cart', ecommerce: { items: [{ item_id: '123456789' }] } });
    const second = tracker.api.pushCustomEvent({ event_category: 'navigation', event_action: 'after' });
    release();
    await Promise.all([first, second]);
    const events = deps.dataLayer.plainEntries().map((entry) => entry.event ?? 'clear');
    expect(events).toEqual(['pageview', 'pageview_ga4', 'clear', 'ecommerce', 'clear', 'add_to_cart', 'event', 'ga4_event']);
  });

  it('a single lookup asks only for a nine-digit id', async () => {
    const http = new MemoryHttpClient().on('https://shop.test/service/productdata/api/new-product-id', { status: 200, body: { productId: 'N-7' } });
    const converter = createProductIdConverter({ http, log: () => undefined, site: 'de', baseUrl: 'https://shop.test' });
    expect(await converter.single(42)).toBe('42');
    expect(http.requests).toEqual([]);
    expect(await converter.single('987654321')).toBe('N-7');
    expect(http.requests[0]?.url).toBe('https://shop.test/service/productdata/api/new-product-id?old_product_id=987654321');
  });

  it('a connection lost while the answer is read is no answer (not an answer that is not JSON)', async () => {
    const lost = { status: 200, bodyError: 'network error' };
    const http = new MemoryHttpClient()
      .on('https://shop.test/service/productdata/api/new-product-id', lost)
      .on('https://shop.test/service/productdata/api/new-product-ids', lost);
    const logs: string[] = [];
    const converter = createProductIdConverter({ http, log: (_level, message) => logs.push(message), site: 'de', baseUrl: 'https://shop.test' });
    await expect(converter.single('987654321')).rejects.toThrow('network error');
    await expect(converter.batch(['123456789'])).rejects.toThrow('network error');
    expect(logs).toEqual([]);
  });

  it('a lookup service that takes the request and never answers, or whose answer never ends, is given up and aborted after 5 s', async () => {
    for (const answer of ['silent', 'trickling'] as const) {
      const deps = memoryTrackerDeps({
        http: new MemoryHttpClient((request) =>
          !request.url.includes('/service/productdata/') ? { status: 404 } : answer === 'silent' ? new Promise(() => undefined) : { status: 200, bodyNeverEnds: true },
        ),
      });
      const tracker = createTracker(deps, { site: 'DE', exactag: false, newProductIds: true });
      await tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'p' });
      let settled = false;
      void tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '123456789' }] } }).then(() => (settled = true));
      await deps.clock.advanceAsync(5000);
      expect(settled).toBe(true);
      // Aborted: the browser's six connections to the shop's host stay free for the shop's own requests.
      expect(deps.http.sentTo('/service/productdata/api/new-product-ids').map((request) => request.signal?.aborted)).toEqual([true]);
      const ga4 = deps.dataLayer.plainEntries().find((entry) => entry.event === 'view_item') as { ecommerce: { items: { item_id: string }[] } };
      expect(ga4.ecommerce.items.map((item) => item.item_id)).toEqual(['123456789']);
      expect(tracker.api.getLogs().map((entry) => entry.message)).toContain('Product id lookup got no answer: Timeout after 5000ms');
    }
  });

  it('an answer that is not JSON (a proxy page with 200) is named in the log and converts nothing', async () => {
    const html = { status: 200, text: '<!doctype html><title>Wartung</title>' };
    const http = new MemoryHttpClient()
      .on('https://shop.test/service/productdata/api/new-product-id', html)
      .on('https://shop.test/service/productdata/api/new-product-ids', html);
    const logs: string[] = [];
    const converter = createProductIdConverter({ http, log: (_level, message) => logs.push(message), site: 'de', baseUrl: 'https://shop.test' });
    expect(await converter.single('987654321')).toBe('987654321');
    expect(await converter.batch(['123456789'])).toEqual(['123456789']);
    expect(logs).not.toContain('No mappings found in the response for requested IDs');
    expect(logs.filter((message) => message.includes('is not JSON'))).toEqual([
      expect.stringMatching(/^The answer of https:\/\/shop\.test\/service\/productdata\/api\/new-product-id\?old_product_id=987654321 is not JSON: /),
      expect.stringMatching(/^The answer of https:\/\/shop\.test\/service\/productdata\/api\/new-product-ids.* is not JSON: /),
    ]);
  });
});

import { install, reset, uninstall } from '../../../src/app/tracker/install';
import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { memoryTrackerDeps, CONSENT_ALL } from '../../../src/app/tracker/memory-deps';
import { MemoryHttpClient } from '../../../src/adapters/memory/memory-http-client';
import { SHOP_ENDPOINTS } from './shop-endpoints';
import { TileAttribute } from '../../../src/app/tracker/product-tiles';
import { PRODUCT_HISTORY_KEY } from '../../../src/domain/tracking/product-history-store';

describe('a single-page app moving between its pages', () => {
  it('each page view describes the URL it was sent from, also after coming back to the first one', async () => {
    let href = 'https://www.kaffeeshop.de/contact';
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }), page: () => ({ href, referrer: '' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    const visit = async (url: string, pageName: string) => {
      href = url;
      await tracker.api.pushInitialPageData({ page_type: 'support', page_name: pageName, is_spa: true });
    };
    await visit('https://www.kaffeeshop.de/contact', 'contact');
    await visit('https://www.kaffeeshop.de/x.pdf', 'not-found');
    await visit('https://www.kaffeeshop.de/contact', 'contact');
    await deps.clock.advanceUntilIdle();
    const views = deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview');
    expect(views.map((entry) => [entry.page_name, entry.page_path])).toEqual([
      ['contact', '/contact'],
      ['not-found', '/x.pdf'],
      ['contact', '/contact'],
    ]);
  });
});

describe('a single-page app and what the product history and remote logger take from its pages', () => {
  const stored = (deps: ReturnType<typeof memoryTrackerDeps>) =>
    JSON.parse(deps.store.getItem(PRODUCT_HISTORY_KEY) ?? '{}') as Record<string, Record<string, unknown>>;

  it('records item views and adds to cart with the cotcs of the URL the app moved to', async () => {
    let href = 'https://www.kaffeeshop.de/p/home';
    const deps = memoryTrackerDeps({ page: () => ({ href, referrer: '' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData({ page_type: 'homepage', page_name: 'home', is_spa: true });
    href = 'https://www.kaffeeshop.de/p/pdp/111?cotcs=search,suggest,sf1';
    await tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'pdp', is_spa: true });
    await tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '111111111' }] } });
    await tracker.api.pushEcommerceEvent({ event: 'add_to_cart', ecommerce: { items: [{ item_id: '111111111' }] } });
    const source = { sl1: 'search', sl2: 'suggest', sf: 'sf1' };
    expect(stored(deps)['111111111']).toMatchObject({ liv: source, iac: source });
  });

  it('records an item view with the cotcs of the page it was pushed on, when the app moves on while the customer data is on its way', async () => {
    let answer = () => {};
    const http = new MemoryHttpClient(() => new Promise((resolve) => (answer = () => resolve({ status: 200, body: { tracking: {} } }))));
    let href = 'https://www.kaffeeshop.de/kaffee/bohnen?cotcs=newsletter,teaser,hero';
    const deps = memoryTrackerDeps({ http, page: () => ({ href, referrer: '' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    const first = tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'bohnen', is_spa: true });
    const view = tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '111111111' }] } });
    href = 'https://www.kaffeeshop.de/kaffee/mahlen';
    const second = tracker.api.pushInitialPageData({ page_type: 'category', page_name: 'mahlen', is_spa: true });
    answer();
    await Promise.all([first, view, second]);
    expect(stored(deps)['111111111']).toMatchObject({ liv: { sl1: 'newsletter', sl2: 'teaser', sf: 'hero' } });
  });

  it('a page hidden while the customer data is on its way: the new page\'s view describes its URL and its item view records its cotcs', async () => {
    let hide = (): void => undefined;
    let href = 'https://www.kaffeeshop.de/p/home?cotcs=newsletter,teaser,hero';
    const deps = memoryTrackerDeps({
      http: new MemoryHttpClient(() => new Promise(() => undefined)),
      page: () => ({ href, referrer: '' }),
      onPageHide: (listener) => ((hide = () => listener(true)), () => undefined),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    void tracker.api.pushInitialPageData({ page_type: 'homepage', page_name: 'home', is_spa: true });
    href = 'https://www.kaffeeshop.de/p/pdp/111?cotcs=search,suggest,sf1';
    void tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'pdp', is_spa: true });
    void tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '111111111' }] } });
    await deps.clock.advanceAsync(200);
    hide();
    await deps.clock.advanceAsync(10);
    const views = deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview');
    expect(views.map((entry) => [entry.page_name, entry.page_path])).toEqual([
      ['home', '/p/home'],
      ['pdp', '/p/pdp/111'],
    ]);
    expect(stored(deps)['111111111']).toMatchObject({ liv: { sl1: 'search', sl2: 'suggest', sf: 'sf1' } });
  });

  it('a page hidden while the customer data is on its way sends the converted ids of the events behind it that were converted already', async () => {
    let hide = (): void => undefined;
    const deps = memoryTrackerDeps({
      http: new MemoryHttpClient((request) =>
        request.url.includes('new-product-ids')
          ? { status: 200, body: { mappings: [{ oldProductId: '123456789', newProductId: 'N-1' }] } }
          : new Promise(() => undefined),
      ),
      onPageHide: (listener) => ((hide = () => listener(true)), () => undefined),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, newProductIds: true });
    void tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'pdp' });
    void tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '123456789' }] } });
    await deps.clock.advanceAsync(200);
    hide();
    await deps.clock.advanceAsync(10);
    const view = deps.dataLayer.plainEntries().find((entry) => entry.event === 'view_item') as { ecommerce: { items: { item_id: string }[] } };
    expect(view.ecommerce.items.map((item) => item.item_id)).toEqual(['N-1']);
  });

  it('a tile clicked while the page data waits for the customer data gets the page levels', async () => {
    document.body.innerHTML = `<article ${TileAttribute.productIds}="222"><a href="#" id="tile">Espresso</a></article>`;
    const deps = memoryTrackerDeps({ clicks: document, http: new MemoryHttpClient(() => new Promise(() => undefined)) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, listeners: true });
    void tracker.api.pushInitialPageData({ page_type: 'category', page_name: 'c', node_level_1: 'Kaffee', node_level_2: 'Bohnen' });
    await deps.clock.advanceAsync(600);
    document.getElementById('tile')?.click();
    expect(stored(deps)['222']).toMatchObject({ ics: { sl1: 'Kaffee', sl2: 'Bohnen' } });
    document.body.innerHTML = '';
  });

  it('a tile clicked on a page without node levels (a home page) gets the source the page came with, its cotcs else its referrer, the tile\'s own feature first', async () => {
    document.body.innerHTML =
      `<article ${TileAttribute.productIds}="333"><a href="#" id="plain">Crema</a></article>` +
      `<article ${TileAttribute.productIds}="444" ${TileAttribute.feature}="reco"><a href="#" id="reco">Lungo</a></article>`;
    let href = 'https://www.kaffeeshop.de/?cotcs=newsletter,teaser,hero';
    const deps = memoryTrackerDeps({ clicks: document, page: () => ({ href, referrer: '' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, listeners: true });
    await tracker.api.pushInitialPageData({ page_type: 'homepage', page_name: 'home', is_spa: true });
    document.getElementById('plain')?.click();
    document.getElementById('reco')?.click();
    expect(stored(deps)['333']).toMatchObject({ ics: { sl1: 'newsletter', sl2: 'teaser', sf: 'hero' } });
    expect(stored(deps)['444']).toMatchObject({ ics: { sl1: 'newsletter', sl2: 'teaser', sf: 'reco' } });
    // The next page has node levels: they name the tile's place, not the cotcs the visitor came with.
    href = 'https://www.kaffeeshop.de/kaffee?cotcs=newsletter,teaser,hero';
    await tracker.api.pushInitialPageData({ page_type: 'category', page_name: 'c', node_level_1: 'Kaffee', is_spa: true });
    document.getElementById('plain')?.click();
    expect(stored(deps)['333']).toMatchObject({ lcs: { sl1: 'Kaffee' } });
    expect(stored(deps)['333']!.lcs).not.toHaveProperty('sf');
    document.body.innerHTML = '';
  });

  it('a tile clicked on a page without node levels nor cotcs records the referrer source a product-source event there records', async () => {
    document.body.innerHTML = `<article ${TileAttribute.productIds}="555"><a href="#" id="tile">Crema</a></article>`;
    const deps = memoryTrackerDeps({ clicks: document, page: () => ({ href: 'https://www.kaffeeshop.de/', referrer: 'https://www.google.com/' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, listeners: true });
    await tracker.api.pushInitialPageData({ page_type: 'homepage', page_name: 'home' });
    await tracker.api.pushProductSourceEvent({ webshop_product_id: '666' });
    document.getElementById('tile')?.click();
    const fromEvent = stored(deps)['666']!.ics;
    expect(fromEvent).toHaveProperty('sl1');
    expect(stored(deps)['555']!.ics).toEqual(fromEvent);
    document.body.innerHTML = '';
  });

  it('a failed push after the app moved reports the URL it moved to', async () => {
    let href = 'https://www.kaffeeshop.de/p/home';
    const deps = memoryTrackerDeps({ page: () => ({ href, referrer: '' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, environment: 'production' });
    await tracker.api.pushInitialPageData({ page_type: 'homepage', page_name: 'home', is_spa: true });
    href = 'https://www.kaffeeshop.de/p/checkout?step=2';
    await tracker.api.pushInitialPageData({ page_type: 'checkout', page_name: 'checkout', is_spa: true });
    await tracker.api.pushEcommerceEvent({ event: 'begin_checkuot' } as never).catch(() => undefined);
    const [report] = deps.http.sentTo(SHOP_ENDPOINTS.remoteLogger);
    expect(report?.body).toMatchObject({ view: { url: 'https://www.kaffeeshop.de/p/checkout?step=2' } });
  });
});

describe('a single-page app whose visitor changes consent in another tab', () => {
  // The banner in the other tab writes the cookie; its OneTrustGroupsUpdated entry goes into that tab's data layer only.
  const WITHDRAWN = 'groups=C0001%3A1%2CC0002%3A0%2CC0003%3A0%2CC0004%3A0';

  it('takes the consent cookie again at its next page: a withdrawal holds the data layer back, a grant releases it', async () => {
    let href = 'https://www.kaffeeshop.de/p/home';
    const cookies = new MemoryCookieJar({ OptanonConsent: CONSENT_ALL });
    const deps = memoryTrackerDeps({ cookies, page: () => ({ href, referrer: '' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    const visit = async (path: string, pageName: string) => {
      href = `https://www.kaffeeshop.de${path}`;
      void tracker.api.pushInitialPageData({ page_type: 'content', page_name: pageName, is_spa: true });
      await deps.clock.advanceUntilIdle();
    };
    const viewed = () => deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview').map((entry) => entry.page_name);

    await visit('/p/home', 'home');
    cookies.set('OptanonConsent', WITHDRAWN);
    await visit('/p/coffee', 'coffee');
    expect(viewed()).toEqual(['home']);

    cookies.set('OptanonConsent', CONSENT_ALL);
    await visit('/p/basket', 'basket');
    expect(viewed()).toEqual(['home', 'coffee', 'basket']);
  });

  it('takes it again at a page data on the same address too (a page back from the back/forward cache, a reloaded view)', async () => {
    const cookies = new MemoryCookieJar({ OptanonConsent: CONSENT_ALL });
    const deps = memoryTrackerDeps({ cookies, page: () => ({ href: 'https://www.kaffeeshop.de/p/home', referrer: '' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    const view = async (pageName: string) => {
      void tracker.api.pushInitialPageData({ page_type: 'content', page_name: pageName });
      void tracker.api.pushCustomEvent({ event_category: 'navigation', event_action: 'click', event_label: pageName });
      await deps.clock.advanceUntilIdle();
    };
    const sent = () => deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview' || entry.event_label).map((entry) => entry.event_label ?? entry.page_name);

    await view('first');
    cookies.set('OptanonConsent', WITHDRAWN);
    await view('restored');
    expect(sent()).toEqual(['first', 'first']);
  });
  it('reads it again when the tab is shown: a page view waiting for consent given in another tab goes without another push', async () => {
    const cookies = new MemoryCookieJar();
    let shown = () => {};
    const deps = memoryTrackerDeps({
      cookies,
      page: () => ({ href: 'https://www.kaffeeshop.de/p/home', referrer: '' }),
      onPageShow: (listener) => ((shown = listener), () => undefined),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    void tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'home' });
    await deps.clock.advanceUntilIdle();
    expect(deps.dataLayer.plainEntries()).toEqual([]);
    cookies.set('OptanonConsent', CONSENT_ALL);
    await deps.clock.advance(5000);
    shown();
    await deps.clock.advanceUntilIdle();
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
  });

  it('reads it again when the cookie changes: a consent tool that writes only the cookie releases the waiting page view, at most a second after the last read', async () => {
    const cookies = new MemoryCookieJar();
    let changed = (_name: string) => {};
    const deps = memoryTrackerDeps({
      cookies,
      page: () => ({ href: 'https://www.kaffeeshop.de/p/home', referrer: '' }),
      onCookieChange: (name, listener) => ((changed = (which) => which === name && listener()), () => undefined),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    void tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'home' });
    await deps.clock.advanceAsync(200);
    cookies.set('OptanonConsent', CONSENT_ALL);
    changed('OptanonConsent');
    await deps.clock.advanceAsync(200);
    expect(deps.dataLayer.plainEntries()).toEqual([]);
    // Read at the page data (0 ms), so read again at 1000 ms.
    await deps.clock.advanceAsync(700);
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
  });

  it('reads it again once the second is over when the push came within a second of the last read', async () => {
    const cookies = new MemoryCookieJar();
    const deps = memoryTrackerDeps({ cookies, page: () => ({ href: 'https://www.kaffeeshop.de/p/home', referrer: '' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    void tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'home' });
    await deps.clock.advance(100);
    cookies.set('OptanonConsent', CONSENT_ALL);
    await deps.clock.advance(100);
    void tracker.api.pushCustomEvent({ event_category: 'navigation', event_action: 'click', event_label: 'after' });
    // Read at install (0 ms), so read again at 1000 ms, not later.
    await deps.clock.advanceAsync(800);
    const sent = deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview' || entry.event_label);
    expect(sent.map((entry) => entry.event_label ?? entry.page_name)).toEqual(['home', 'after']);
  });
});

describe('a single-page app that resets its tracker (a login)', () => {
  /** A consenting visitor who landed on `landing` from `referrer`; `goTo` moves the app's address. */
  function landedOn(landing: string, referrer: string) {
    let href = landing;
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }), page: () => ({ href, referrer }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    const goTo = (url: string) => (href = url);
    return {
      tracker,
      goTo,
      visit: async (url: string, pageName: string) => {
        goTo(url);
        await tracker.api.pushInitialPageData({ page_type: 'content', page_name: pageName, is_spa: true });
      },
      views: async (...keys: string[]) => {
        await deps.clock.advanceUntilIdle();
        return deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview').map((entry) => keys.map((key) => entry[key]));
      },
      sourceOf: (id: string) => (JSON.parse(deps.store.getItem(PRODUCT_HISTORY_KEY) ?? '{}') as Record<string, { ics: unknown }>)[id]?.ics,
    };
  }

  it('goes on from the view it was on: the next views were reached inside the shop, not from the search engine of the landing', async () => {
    const { tracker, goTo, visit, views, sourceOf } = landedOn('https://www.kaffeeshop.de/', 'https://www.google.de/');
    await visit('https://www.kaffeeshop.de/', 'home');
    await visit('https://www.kaffeeshop.de/login', 'login');
    goTo('https://www.kaffeeshop.de/account');
    await tracker.reset();
    await tracker.api.pushProductSourceEvent({ webshop_product_id: '111' });
    await visit('https://www.kaffeeshop.de/account', 'account');
    await visit('https://www.kaffeeshop.de/account/orders', 'orders');
    expect(await views('page_name', 'referrer_class')).toEqual([
      ['home', 'external'],
      ['login', 'internal'],
      ['account', 'internal'],
      ['orders', 'internal'],
    ]);
    expect(sourceOf('111')).toEqual({ sl1: 'internal', sl2: 'www.kaffeeshop.de' });
  });

  it('before its first page data keeps the landing: the first view has the document\'s referrer, and the product history the landing\'s source, also when the address was cleaned meanwhile', async () => {
    const { tracker, goTo, views, sourceOf } = landedOn('https://www.kaffeeshop.de/landing?cotcs=sea,google', 'https://www.google.com/');
    goTo('https://www.kaffeeshop.de/landing');
    await tracker.reset();
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'landing', is_spa: true });
    await tracker.api.pushProductSourceEvent({ webshop_product_id: '333' });
    expect(await views('page_name', 'page_path', 'referrer_class')).toEqual([['landing', '/landing', 'external']]);
    expect(sourceOf('333')).toEqual({ sl1: 'sea', sl2: 'google' });
  });

  it('before its first page data on a page of the shop\'s app, reads the app\'s platform attribute anew (its <body> was parsed after install)', async () => {
    let platformAttribute: string | undefined;
    const deps = memoryTrackerDeps({
      cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }),
      page: () => ({ href: 'https://www.kaffeeshop.de/app/home', referrer: '', platformAttribute }),
    });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    await deps.clock.advanceUntilIdle();
    const customerDataAsked = () => deps.http.requests.filter((request) => request.url.includes('/psdata')).length;
    expect(customerDataAsked()).toBe(1);
    platformAttribute = 'smartphone';
    await tracker.reset();
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'app home', is_spa: true });
    await deps.clock.advanceUntilIdle();
    expect(deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview')).toEqual([]);
    expect([...deps.appBridge.sent, ...deps.appBridge.list]).toHaveLength(1);
    // In the app nothing is asked for the web: no customer data again.
    expect(customerDataAsked()).toBe(1);
  });

  it('a tracker installed in place of the reset one (new options) goes on from the view the reset one was on', async () => {
    let href = 'https://www.kaffeeshop.de/';
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }), page: () => ({ href, referrer: 'https://www.google.de/' }) });
    const visit = async (api: { pushInitialPageData(data: unknown): Promise<void> }, url: string, pageName: string) => {
      href = url;
      await api.pushInitialPageData({ page_type: 'content', page_name: pageName, is_spa: true });
    };
    try {
      await visit(install({ endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false }, deps), 'https://www.kaffeeshop.de/login', 'login');
      href = 'https://www.kaffeeshop.de/account';
      await reset();
      await visit(install({ endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: false }, deps), 'https://www.kaffeeshop.de/account', 'account');
      await deps.clock.advanceUntilIdle();
      const views = deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview');
      expect(views.map((entry) => [entry.page_name, entry.referrer_class])).toEqual([
        ['login', 'external'],
        ['account', 'internal'],
      ]);
    } finally {
      uninstall();
    }
  });
});

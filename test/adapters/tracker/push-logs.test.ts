import { MemoryAffiliateTracker } from '../../../src/adapters/memory/memory-affiliate-tracker';
import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { MemoryDataLayer } from '../../../src/adapters/memory/memory-data-layer';
import { MemoryHttpClient } from '../../../src/adapters/memory/memory-http-client';
import { flush } from '../../../src/adapters/memory/simulated-clock';
import { LogLevel } from '../../../src/domain/tracking/log-buffer';
import type { DataLayerEntry } from '../../../src/ports/data-layer';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { memoryTrackerDeps, MEMORY_PAGE } from '../../../src/app/tracker/memory-deps';
import { SHOP_ENDPOINTS } from './shop-endpoints';

const pageData = { page_type: 'content', page_name: 'home', exactag_site_group: 'Content' };
const messages = (tracker: ReturnType<typeof createTracker>) => tracker.api.getLogs().map((entry) => entry.message);
/** The consent-free affiliate partner's cookie (its calls go without consent). */
const CASHBACK_PARTNER = '{"partner":"loyalty-cashback-partner"}';

/** An affiliate tracker whose script is still loading until `fail`. */
class HeldAffiliate extends MemoryAffiliateTracker {
  fail: (error: Error) => void = () => undefined;
  override load(): Promise<void> {
    return new Promise<void>((_, reject) => (this.fail = reject));
  }
}

describe('push results and their logs', () => {
  it('logs "<push> has been executed successfully." once the deliveries are done', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData(pageData);
    expect(messages(tracker)).toContain('pushInitialPageData has been executed successfully.');
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
    expect(deps.affiliate.tracked).toHaveLength(1);
  });

  it('tells a refused push once: its failure line names the cause and carries the refused data', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData(pageData);
    const before = tracker.api.getLogs().length;
    const refused = { event: 'add_to_cart', ecommerce: { currency: 'EUR', items: [{ item_id: '1', quickbuy: 'yes' }] } };
    await expect(tracker.api.pushEcommerceEvent(refused as never)).rejects.toThrow('The Properties quickbuy and webshop_style');
    await expect(tracker.api.pushCustomEvent(null as never)).rejects.toThrow('CustomEventData must be an object.');
    // (The memory log service answers 404: its own lines are left out here.)
    const told = tracker.api.getLogs().slice(before).filter(({ message }) => !message.startsWith('Error report'));
    expect(told.map(({ level, message, content }) => ({ level, message, content }))).toEqual([
      {
        level: LogLevel.error,
        message: 'pushEcommerceEvent has been executed with errors: The Properties quickbuy and webshop_style have to be passed as boolean or as "true" / "false". Random strings can not be processed.',
        content: refused,
      },
      { level: LogLevel.error, message: 'pushCustomEvent has been executed with errors: CustomEventData must be an object.', content: null },
    ]);
  });

  it('rejects a push whose destination fails with the cause, logs it in the spec words and reports it remotely', async () => {
    const deps = memoryTrackerDeps({ affiliate: new MemoryAffiliateTracker({ loadError: 'script blocked' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await expect(tracker.api.pushInitialPageData(pageData)).rejects.toThrow('Exception has occurred during Exactag tracking');
    expect(messages(tracker)).toContain(
      'pushInitialPageData has been executed with errors: Exception has occurred during Exactag tracking',
    );
    // One failing destination never stops the others.
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
    const reports = deps.http.sentTo(SHOP_ENDPOINTS.remoteLogger);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.body).toMatchObject({
      service: 'collect-on-track',
      version: '5.3.1',
      view: { url: MEMORY_PAGE.href },
      session: { id: deps.cookies.get('cot_session') },
      context: { message: 'pushInitialPageData has been executed with errors: Exception has occurred during Exactag tracking', cause: 'script blocked' },
    });
  });

  it('says when the log service refused or missed a report, and when one was dropped: monitoring that loses reports shows', async () => {
    const deps = memoryTrackerDeps({ affiliate: new MemoryAffiliateTracker({ loadError: 'script blocked' }) });
    deps.http.on(SHOP_ENDPOINTS.remoteLogger, { status: 500 }, { networkError: 'Failed to fetch' });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData(pageData).catch(() => undefined);
    await flush();
    await tracker.api.pushInitialPageData({ ...pageData, page_name: 'second', is_spa: true }).catch(() => undefined);
    await flush();
    expect(messages(tracker).filter((message) => message.startsWith('Error report'))).toEqual([
      'Error report request failed with status 500',
      'Error report request got no answer: Failed to fetch',
    ]);

    // A log service that does not answer: two reports wait, a third is dropped, and the log says so.
    const held = memoryTrackerDeps({ affiliate: new MemoryAffiliateTracker({ loadError: 'script blocked' }), http: new MemoryHttpClient((request) => (request.url === SHOP_ENDPOINTS.remoteLogger ? new Promise(() => undefined) : { status: 404 })),
    });
    const slow = createTracker(held, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    for (const page_name of ['a', 'b', 'c']) await slow.api.pushInitialPageData({ ...pageData, page_name, is_spa: true }).catch(() => undefined);
    expect(held.http.sentTo(SHOP_ENDPOINTS.remoteLogger)).toHaveLength(2);
    expect(messages(slow).filter((message) => message.startsWith('Error report'))).toEqual([
      'Error report dropped: 2 reports are still on their way to the log service.',
    ]);
  });

  it('names the library to the log service as configured: key, application id and service name (spec §7.10)', async () => {
    const deps = memoryTrackerDeps({ affiliate: new MemoryAffiliateTracker({ loadError: 'script blocked' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', remoteLog: { key: 'K-1', applicationId: 'app-7', service: 'shop-tracking' } });
    await tracker.api.pushInitialPageData(pageData).catch(() => undefined);
    const [report] = deps.http.sentTo(SHOP_ENDPOINTS.remoteLogger);
    expect(report?.headers).toEqual({ 'Content-Type': 'application/json', 'x-api-key': 'K-1' });
    expect(report?.body).toMatchObject({ service: 'shop-tracking', application: { id: 'app-7' }, version: '5.3.1' });
  });

  it('rejects, never throws, a push whose data cannot be read, also while the page data is still being prepared', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    const unreadable = () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    };
    const exploding = { event_category: 'navigation', get event_action(): string { throw new Error('getter broke'); } };
    const calls = [
      () => tracker.api.pushInitialPageData(unreadable()),
      () => tracker.api.pushInitialPageData(pageData),
      // While that page data waits for its customer data.
      () => tracker.api.pushCustomEvent(exploding),
      () => tracker.api.pushCustomEvent(unreadable()),
    ];
    const results = calls.map((call) => {
      try {
        return call().then(() => 'resolved', () => 'rejected');
      } catch {
        return 'threw';
      }
    });
    expect(await Promise.all(results)).toEqual(['rejected', 'resolved', 'rejected', 'rejected']);
    expect(messages(tracker).filter((message) => message.includes('has been executed with errors'))).toHaveLength(3);
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
  });

  it('rejects unreadable page data and e-commerce pushed while an earlier page data is being prepared, and goes on', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', newProductIds: true });
    const unreadable = () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    };
    const outcome = (call: () => Promise<void>) => {
      try {
        return call().then(() => 'resolved', () => 'rejected');
      } catch {
        return 'threw';
      }
    };
    const brokenName = { ...pageData, get page_name(): string { throw new Error('getter broke'); } };
    const results = [
      outcome(() => tracker.api.pushInitialPageData(pageData)),
      outcome(() => tracker.api.pushInitialPageData(unreadable())),
      // Not sent without the field it cannot read: refused.
      outcome(() => tracker.api.pushInitialPageData(brokenName)),
      outcome(() => tracker.api.pushEcommerceEvent(unreadable())),
      outcome(() => tracker.api.pushCustomEvent({ event_category: 'navigation', event_action: 'click', event_label: 'after' })),
    ];
    expect(await Promise.all(results)).toEqual(['resolved', 'rejected', 'rejected', 'rejected', 'resolved']);
    expect(messages(tracker).filter((message) => message.includes('has been executed with errors'))).toHaveLength(3);
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4', 'event', 'ga4_event']);
  });

  it('rejects, never throws, a push whose data throws when a field is read only while it is mapped (a strict Proxy of a state store), and goes on', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData(pageData);
    /** Throws on reading any field the object does not have, as strict state-store proxies do. */
    const strict = <T extends object>(data: T): T =>
      new Proxy(data, {
        get(target, field) {
          if (typeof field === 'string' && !(field in target)) throw new Error(`no such field ${field}`);
          return Reflect.get(target, field);
        },
      });
    const calls = [
      () => tracker.api.pushItemListData(strict({ items: ['123456789'] })),
      () => tracker.api.pushLeadData(strict({ lead_id: 'L-1' })),
      () => tracker.api.pushCustomEvent(strict({ event_category: 'navigation', event_action: 'click' })),
    ];
    const results = calls.map((call) => {
      try {
        return call().then(() => 'resolved', (error: Error) => `rejected: ${error.message}`);
      } catch (error) {
        return `threw: ${(error as Error).message}`;
      }
    });
    expect(await Promise.all(results)).toEqual([
      expect.stringMatching(/^rejected: no such field /),
      expect.stringMatching(/^rejected: no such field /),
      expect.stringMatching(/^rejected: The CustomEventData could not be validated: no such field /),
    ]);
    expect(messages(tracker).filter((message) => /^push\w+ has been executed with errors: .*no such field /.test(message))).toHaveLength(3);
    await tracker.api.pushCustomEvent({ event_category: 'navigation', event_action: 'click', event_label: 'after' });
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event).slice(-2)).toEqual(['event', 'ga4_event']);
  });

  it('rejects an invalid push with the validation text and sends nothing for it', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData(pageData);
    const text = 'event must be one of view_item, add_to_cart, view_cart, begin_checkout, progress_checkout, reverse_checkout, purchase, purchase_ga4, view_wishlist, add_to_wishlist, remove_from_wishlist.';
    await expect(tracker.api.pushEcommerceEvent({ event: 'view_itme', ecommerce: {} } as never)).rejects.toThrow(text);
    expect(messages(tracker)).toContain(`pushEcommerceEvent has been executed with errors: ${text}`);
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
  });

  it('only warns about a legacy custom event without category or action, sends nothing for it and reports no error (spec §5)', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData(pageData);
    const spec = 'To push a custom event the parameters event_category and event_action are required. At least on of them is absent.';
    await expect(tracker.api.pushCustomEvent({ event_category: 'navigation', event_action: '' })).resolves.toBeUndefined();
    const logs = tracker.api.getLogs();
    expect(logs.filter((entry) => entry.message === spec).map((entry) => entry.level)).toEqual([5]);
    expect(logs.filter((entry) => entry.level >= 6 && entry.message.includes('pushCustomEvent'))).toEqual([]);
    expect(deps.http.sentTo(SHOP_ENDPOINTS.remoteLogger)).toEqual([]);
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
    // Its outcome line says it went nowhere, not that it was executed successfully.
    expect(messages(tracker).slice(-2)).toEqual([spec, 'pushCustomEvent has been executed without sending anything.']);
  });

  it('says of lead data naming no lead, and of an item list without product ids, that nothing was sent, not that it succeeded', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData(pageData);
    await expect(tracker.api.pushLeadData({ lead_value: 10 })).resolves.toBeUndefined();
    await expect(tracker.api.pushItemListData({ items: [] })).resolves.toBeUndefined();
    expect(messages(tracker).slice(-4)).toEqual([
      'LeadData has no lead_id, and the page data names no lead either: nothing is sent.',
      'pushLeadData has been executed without sending anything.',
      expect.stringMatching(/^ItemListData has no product id/),
      'pushItemListData has been executed without sending anything.',
    ]);
  });

  it('says so of lead data naming no lead that waited for the page data, once the page data released it', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    await tracker.api.pushLeadData({ lead_value: 5 });
    await tracker.api.pushInitialPageData(pageData);
    await deps.clock.advanceUntilIdle();
    const lines = messages(tracker).filter((message) => message.startsWith('pushLeadData') || message.startsWith('LeadData'));
    expect(lines).toEqual([
      'LeadData was pushed before the initial page data. It is queued and sent after pushInitialPageData.',
      'pushLeadData has been accepted and waits for the page data, for consent or for an e-commerce event.',
      'LeadData has no lead_id, and the page data names no lead either: nothing is sent.',
      'pushLeadData has been executed without sending anything.',
    ]);
  });

  it('tracks page data with an empty object or list field, and the events waiting for it', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    const waiting = tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: 'P1' }] } });
    await tracker.api.pushInitialPageData({ ...pageData, page_type: 'pdp', exactag_site_group: 'Product View', ab_tests: '', subscription_info: '' } as never);
    await waiting;
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4', undefined, 'ecommerce', undefined, 'view_item']);
    expect(deps.affiliate.tracked).toHaveLength(1);
  });

  it('sends an unmapped legacy custom event to GA4 as deprecated_event carrying the old category, action and label', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData(pageData);
    await tracker.api.pushCustomEvent({ event_category: 'unmapped thing', event_action: 'act', event_label: 'lab' });
    const ga4 = deps.dataLayer.plainEntries().filter((entry) => entry.event === 'ga4_event');
    expect(ga4).toEqual([
      {
        event: 'ga4_event',
        event_name: 'deprecated_event',
        click_type: 'not_set',
        click_target: 'not_set',
        subject: 'not_set',
        interaction: 'not_set',
        origin: 'not_set',
        event_category: 'unmapped thing',
        event_action: 'act',
        event_label: 'lab',
      },
    ]);
  });

  it('tracks page data whose number or flag cannot be read, without that field and with a warning naming it', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData({ page_type: 'search', exactag_site_group: 'Suchergebnisseite', number_of_product_results: 'abc', is_spa: 'yes' });
    expect(messages(tracker)).toContain('The value of number_of_product_results is not a valid number or boolean and is treated as absent.');
    expect(messages(tracker)).toContain('The value of is_spa is not a valid number or boolean and is treated as absent.');
    const pageview = deps.dataLayer.plainEntries().find((entry) => entry.event === 'pageview_ga4');
    expect(pageview).toMatchObject({ page_type: 'search' });
    expect(pageview).not.toHaveProperty('number_of_product_results');
    expect(pageview).not.toHaveProperty('is_spa');
    expect(deps.affiliate.tracked.map((p) => [p.pt, p.nr])).toEqual([['Suchergebnisseite', undefined]]);
  });

  it('sends an e-commerce event with a misspelt field and names the field on the log, as a warning', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData(pageData);
    await tracker.api.pushEcommerceEvent({ event: 'add_to_cart', ecommerce: { currency: 'EUR', items: [{ item_id: '1', prize: 4.99 }] } });
    const warning = tracker.api.getLogs().find((entry) => entry.message.includes('ecommerce.items.prize'));
    expect(warning?.message).toBe(
      'EcommerceEventData has fields the library does not know (ecommerce.items.prize): the data layer and the affiliate tracker leave them out.',
    );
    expect(warning?.level).toBe(5);
    expect(deps.dataLayer.plainEntries().find((entry) => entry.event === 'add_to_cart')).toMatchObject({ ecommerce: { currency: 'EUR' } });
    expect(messages(tracker)).toContain('pushEcommerceEvent has been executed successfully.');
  });

  it('sends nothing for an item list without a product id, and says why', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData(pageData);
    const before = deps.dataLayer.plainEntries().length;
    const empty = [{}, { items: [] }, { items: [{ id: 1 }] }, { items: ' , ' }, { items: [{ item_id: ' ' }] }];
    for (const list of empty) await tracker.api.pushItemListData(list);
    expect(deps.dataLayer.plainEntries()).toHaveLength(before);
    expect(messages(tracker).filter((message) => message.startsWith('ItemListData has no product id'))).toHaveLength(empty.length);
    await tracker.api.pushItemListData({ items: [{ id: 1 }, { item_id: ' 12 ' }] });
    expect(deps.dataLayer.plainEntries().find((entry) => entry.event === 'view_item_list')).toMatchObject({
      ecommerce: { items: [expect.objectContaining({ item_id: '12', index: 2 })] },
    });
  });

  it('rejects page data that is not an object, saying that page data must be an object', async () => {
    const tracker = createTracker(memoryTrackerDeps(), { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    for (const input of [undefined, null, 'home']) {
      await expect(tracker.api.pushInitialPageData(input as never)).rejects.toThrow('Page data must be an object.');
    }
  });

  it('reports nothing remotely from localhost (or a name under it, or 127.x.x.x), nor without consent', async () => {
    const local = ['http://localhost:3000/', 'http://shop.localhost:8080/', 'http://127.0.0.2/'].map((href) =>
      memoryTrackerDeps({ affiliate: new MemoryAffiliateTracker({ loadError: 'x' }), page: () => ({ href, referrer: '' }) }),
    );
    for (const deps of [
      ...local,
      memoryTrackerDeps({
        affiliate: new MemoryAffiliateTracker({ loadError: 'x' }),
        cookies: new MemoryCookieJar({ cashback_attribution: '{"partner":"loyalty-cashback-partner"}' }),
      }),
    ]) {
      const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
      // A lead page naming its lead: the consent-free partner's call goes (and fails) without consent.
      await tracker.api.pushInitialPageData({ ...pageData, exactag_site_group: 'Lead', lead_id: 'NL-1' }).catch(() => undefined);
      expect(messages(tracker).some((m) => m.startsWith('pushInitialPageData has been executed with errors'))).toBe(true);
      expect(deps.http.sentTo(SHOP_ENDPOINTS.remoteLogger)).toEqual([]);
    }
  });

  it('resolves a push that waits for consent, and delivers it when OneTrustGroupsUpdated grants consent', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar() });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData(pageData);
    expect(deps.dataLayer.plainEntries()).toEqual([]);
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' });
    // Taken once the page's push has returned.
    await Promise.resolve();
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['OneTrustGroupsUpdated', 'pageview', 'pageview_ga4']);
  });

  it('logs one outcome per push that waited for consent: its success once delivered, or only its failure', async () => {
    const outcomes = (tracker: ReturnType<typeof createTracker>) => messages(tracker).filter((m) => m.startsWith('pushInitialPageData has been executed'));
    const grant = { event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' };

    const delivered = memoryTrackerDeps({ cookies: new MemoryCookieJar() });
    const waiting = createTracker(delivered, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await waiting.api.pushInitialPageData(pageData);
    expect(outcomes(waiting)).toEqual([]);
    expect(messages(waiting)).toContain('pushInitialPageData has been accepted and waits for the page data, for consent or for an e-commerce event.');
    delivered.dataLayer.push(grant);
    await flush();
    expect(outcomes(waiting)).toEqual(['pushInitialPageData has been executed successfully.']);

    const failing = memoryTrackerDeps({ cookies: new MemoryCookieJar(), affiliate: new MemoryAffiliateTracker({ loadError: 'script blocked' }) });
    const refused = createTracker(failing, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await refused.api.pushInitialPageData(pageData);
    failing.dataLayer.push(grant);
    await flush();
    expect(outcomes(refused)).toEqual(['pushInitialPageData has been executed with errors: Exception has occurred during Exactag tracking']);
  });

  it('logs the success of an event that waited for the page data once it is delivered, not when it was pushed', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    await tracker.api.pushCustomEvent({ event_type: 'ga4_event', event_name: 'early_click', click_type: 'tile' });
    expect(messages(tracker)).not.toContain('pushCustomEvent has been executed successfully.');
    await tracker.api.pushInitialPageData(pageData);
    await flush();
    expect(messages(tracker).filter((m) => m === 'pushCustomEvent has been executed successfully.')).toHaveLength(1);
  });

  it('logs one outcome for an event that waited for the page data and then, in part, for consent', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar(), affiliate: new MemoryAffiliateTracker({ loadError: 'script blocked' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', ttruth: true });
    const outcomes = () => messages(tracker).filter((m) => m.startsWith('pushEcommerceEvent has been executed'));
    const basket = { event: 'add_to_cart', ecommerce: { currency: 'EUR', value: 10, items: [{ item_id: '123456', item_name: 'Kaffee', price: 10, quantity: 1 }] } };
    await tracker.api.pushEcommerceEvent(basket);
    await tracker.api.pushInitialPageData({ page_type: 'cart', page_name: 'added', exactag_site_group: 'Add_to_basket' });
    await flush();
    // The collector has it (no consent needed); the data layer and the affiliate tracker wait for consent.
    expect(outcomes()).toEqual([]);
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' });
    await flush();
    await flush();
    expect(outcomes()).toEqual(['pushEcommerceEvent has been executed with errors: Exception has occurred during Exactag tracking']);
  });

  it('logs the success of a waiting event the page data releases to no destination, and names waiting pushes a reset drops', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushCustomEvent({ event_type: 'ga4_event', event_name: 'early_click', click_type: 'tile' });
    await tracker.api.pushInitialPageData({ ...pageData, scope: 'exactag' });
    await flush();
    expect(messages(tracker).filter((m) => m.startsWith('pushCustomEvent has been executed'))).toEqual(['pushCustomEvent has been executed successfully.']);

    const later = memoryTrackerDeps({ cookies: new MemoryCookieJar() });
    const resetting = createTracker(later, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await resetting.api.pushInitialPageData(pageData);
    await resetting.api.reset();
    expect(messages(resetting)).toContain('pushInitialPageData was still waiting when the tracker was reset; it is not sent.');
  });

  it('gives order page data whose part waits for the purchase one outcome line, once all its deliveries are done', async () => {
    const orderPage = { page_type: 'checkout', page_name: 'order confirmation', exactag_site_group: 'Order Confirmation' };
    const purchase = { event: 'purchase', ecommerce: { currency: 'EUR', value: 17.98, transaction_id: 'T-2', items: [{ item_id: '123456789', item_name: 'Kaffee', price: 8.99, quantity: 2 }] } };
    const run = async (dataLayer: MemoryDataLayer) => {
      const deps = memoryTrackerDeps({ dataLayer });
      const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
      // Pushed one after the other in the same task, as an order page does.
      const page = tracker.api.pushInitialPageData(orderPage).then(() => 'resolved', () => 'rejected');
      const order = tracker.api.pushEcommerceEvent(purchase).catch(() => undefined);
      return { tracker, page, order, outcomes: () => messages(tracker).filter((m) => m.startsWith('pushInitialPageData has been executed')) };
    };

    // The data layer refuses every entry: the page data's own delivery fails, its released page view does not.
    const refusing = new MemoryDataLayer({ answerCallbacks: true });
    refusing.push = () => {
      throw new Error('window.dataLayer is not an array');
    };
    const refused = await run(refusing);
    expect(await refused.page).toBe('rejected');
    await refused.order;
    await flush();
    expect(refused.outcomes()).toEqual(['pushInitialPageData has been executed with errors: window.dataLayer is not an array']);

    // The tag manager answers later: no success is logged before the page data's own entries are answered.
    const slow = new MemoryDataLayer();
    const answered = await run(slow);
    await flush();
    expect(answered.outcomes()).toEqual([]);
    slow.runTags();
    expect(await answered.page).toBe('resolved');
    await flush();
    expect(answered.outcomes()).toEqual(['pushInitialPageData has been executed successfully.']);
  });

  it('gives a waiting push\'s failure its line also when a reset came while its first deliveries were running', async () => {
    // A lead page with the consent-free cashback partner, without consent: its affiliate call goes at
    // once, the rest waits for consent.
    const affiliate = new HeldAffiliate();
    const deps = memoryTrackerDeps({ affiliate, cookies: new MemoryCookieJar({ cashback_attribution: CASHBACK_PARTNER }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    const lead = tracker.api.pushInitialPageData({ page_type: 'lead', page_name: 'newsletter', exactag_site_group: 'Lead', lead_id: 'L-1', lead_value: 5 });
    const settled = lead.then(() => 'resolved', () => 'rejected');
    await flush();
    void tracker.api.reset();
    affiliate.fail(new Error('script blocked'));
    expect(await settled).toBe('rejected');
    await flush();
    expect(messages(tracker).filter((m) => m.startsWith('pushInitialPageData has been executed'))).toEqual([
      'pushInitialPageData has been executed with errors: Exception has occurred during Exactag tracking',
    ]);
  });

  it('logs the outcome of a push released in two parts once both are done: a consent-free affiliate call first, its data-layer entries at the grant', async () => {
    const affiliate = new HeldAffiliate();
    const deps = memoryTrackerDeps({ affiliate, cookies: new MemoryCookieJar({ cashback_attribution: CASHBACK_PARTNER }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    const outcomes = () => messages(tracker).filter((m) => m.startsWith('pushEcommerceEvent has been executed'));
    await tracker.api.pushEcommerceEvent({ event: 'purchase', ecommerce: { currency: 'EUR', value: 17.98, transaction_id: 'T-9', items: [{ item_id: '123456', item_name: 'Kaffee', price: 8.99, quantity: 2 }] } });
    // The page data releases the order's consent-free affiliate call; its data-layer entries wait for consent.
    void tracker.api.pushInitialPageData({ page_type: 'checkout', page_name: 'order confirmation', exactag_site_group: 'Order Confirmation' }).catch(() => undefined);
    await flush();
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' });
    await flush();
    // The data-layer entries are delivered; the affiliate call still runs.
    expect(outcomes()).toEqual([]);
    affiliate.fail(new Error('script blocked'));
    await flush();
    await flush();
    expect(outcomes()).toEqual(['pushEcommerceEvent has been executed with errors: Exception has occurred during Exactag tracking']);
  });

  it('says of a push delivered in part that only the rest is dropped by a reset (a product page view sent to the data layer, its affiliate part waiting for the view_item)', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'p1', exactag_site_group: 'Product View' });
    await flush();
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
    await tracker.api.reset();
    expect(messages(tracker).filter((m) => m.startsWith('pushInitialPageData'))).toEqual([
      'pushInitialPageData has been accepted and waits for the page data, for consent or for an e-commerce event.',
      'pushInitialPageData was still waiting in part when the tracker was reset; what was delivered stays, the rest is not sent.',
    ]);
  });

  it('gives the failure of a held affiliate page view to the page data that left it waiting, not to the next one', async () => {
    const deps = memoryTrackerDeps({ affiliate: new MemoryAffiliateTracker({ loadError: 'script blocked' }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    const pageOutcomes = () => messages(tracker).filter((m) => m.startsWith('pushInitialPageData has been'));
    const productView = (name: string) => ({ page_type: 'product', page_name: name, exactag_site_group: 'Product View' });
    // The page view of product A waits for its view_item, which never comes: the shop moves on to B.
    await tracker.api.pushInitialPageData(productView('A'));
    await flush();
    expect(pageOutcomes()).toEqual(['pushInitialPageData has been accepted and waits for the page data, for consent or for an e-commerce event.']);
    await expect(tracker.api.pushInitialPageData(productView('B'))).resolves.toBeUndefined();
    await flush();
    // B waits in turn; A's page view, sent as B's page data comes, fails as A's.
    expect(pageOutcomes()).toEqual([
      'pushInitialPageData has been accepted and waits for the page data, for consent or for an e-commerce event.',
      'pushInitialPageData has been accepted and waits for the page data, for consent or for an e-commerce event.',
      'pushInitialPageData has been executed with errors: Exception has occurred during Exactag tracking',
    ]);
  });

  it('gives the page data the outcome of the call its held page view went out in with the view_item: a failure, or a success only once that call is made', async () => {
    const productView = { page_type: 'product', page_name: 'pdp', exactag_site_group: 'Product View' };
    const viewItem = { event: 'view_item', ecommerce: { items: [{ item_id: '123456789' }] } };
    const pageOutcomes = (tracker: ReturnType<typeof createTracker>) => messages(tracker).filter((m) => m.startsWith('pushInitialPageData has been executed'));

    const failing = createTracker(memoryTrackerDeps({ affiliate: new MemoryAffiliateTracker({ loadError: 'script blocked' }) }), { endpoints: SHOP_ENDPOINTS, site: 'DE', gtm: false });
    await failing.api.pushInitialPageData(productView);
    await failing.api.pushEcommerceEvent(viewItem).catch(() => undefined);
    await flush();
    await flush();
    expect(pageOutcomes(failing)).toEqual(['pushInitialPageData has been executed with errors: Exception has occurred during Exactag tracking']);

    // Without consent the call waits: nothing of the page view is sent, so no success is said yet.
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar() });
    const waiting = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', gtm: false });
    await waiting.api.pushInitialPageData(productView);
    await waiting.api.pushEcommerceEvent(viewItem);
    await flush();
    expect(pageOutcomes(waiting)).toEqual([]);
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,C0004,' });
    await flush();
    await flush();
    expect(deps.affiliate.tracked).toHaveLength(1);
    expect(pageOutcomes(waiting)).toEqual(['pushInitialPageData has been executed successfully.']);
  });

  it('reports the failure of a held affiliate page view with the address of its own page, not of the page the shop moved on to', async () => {
    let href = 'https://www.kaffeeshop.de/kaffee/p1';
    const deps = memoryTrackerDeps({ affiliate: new MemoryAffiliateTracker({ loadError: 'script blocked' }), page: () => ({ ...MEMORY_PAGE, href }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    await tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'p1', exactag_site_group: 'Product View' });
    await flush();
    // A single-page shop moves on without a view_item: the next page data sends p1's held page view.
    href = 'https://www.kaffeeshop.de/kontakt';
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'kontakt', exactag_site_group: 'Content' }).catch(() => undefined);
    await flush();
    await flush();
    const reported = deps.http.sentTo(SHOP_ENDPOINTS.remoteLogger).map((request) => (request.body as { view: { url: string } }).view.url);
    expect(reported).toEqual(['https://www.kaffeeshop.de/kaffee/p1', 'https://www.kaffeeshop.de/kontakt']);
  });

  it('logs the outcome of a product page data pushed after its view_item: the page view went with the view_item, so nothing of it waits', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    const outcomes = (method: string) => messages(tracker).filter((m) => m.startsWith(method));
    await tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '123456789' }] } });
    await tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'pdp', exactag_site_group: 'Product View' });
    await flush();
    await flush();
    expect(deps.affiliate.tracked).toHaveLength(1);
    expect(outcomes('pushInitialPageData')).toEqual(['pushInitialPageData has been executed successfully.']);
    expect(outcomes('pushEcommerceEvent')).toEqual([
      'pushEcommerceEvent has been accepted and waits for the page data, for consent or for an e-commerce event.',
      'pushEcommerceEvent has been executed successfully.',
    ]);
  });

  it('sees a consent grant pushed to the data layer before install', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar() });
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0004,' });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData(pageData);
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['OneTrustGroupsUpdated', 'pageview', 'pageview_ga4']);
  });

  it('settles each custom event by its own data-layer entry: success logged once its tag manager answered, the data layer\'s error rejects it', async () => {
    const blocked = 'dataLayer blocked';
    class PickyDataLayer extends MemoryDataLayer {
      override push(entry: DataLayerEntry): void {
        if (entry.event_name === 'blocked_click') throw new Error(blocked);
        super.push(entry);
      }
    }
    const deps = memoryTrackerDeps({ dataLayer: new PickyDataLayer() });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    const page = tracker.api.pushInitialPageData(pageData);
    await flush();
    deps.dataLayer.runTags();
    await page;
    const click = (name: string) => ({ event_type: 'ga4_event', event_name: name, click_type: 'tile' });
    let answered = 0;
    const first = tracker.api.pushCustomEvent(click('first_click')).then(() => (answered += 1));
    const failing = tracker.api.pushCustomEvent(click('blocked_click'));
    const second = tracker.api.pushCustomEvent(click('second_click')).then(() => (answered += 1));
    await expect(failing).rejects.toThrow(blocked);
    expect(messages(tracker)).toContain(`pushCustomEvent has been executed with errors: ${blocked}`);
    expect(answered).toBe(0);
    expect(messages(tracker)).not.toContain('pushCustomEvent has been executed successfully.');
    expect(deps.dataLayer.runTags()).toBe(2);
    await Promise.all([first, second]);
    expect(answered).toBe(2);
    expect(messages(tracker).filter((message) => message === 'pushCustomEvent has been executed successfully.')).toHaveLength(2);
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event_name ?? entry.event)).toEqual([
      'pageview',
      'pageview_ga4',
      'first_click',
      'second_click',
    ]);
  });

  it('settles page data and the event pushed after it in push order when the tag manager answers at once', async () => {
    const deps = memoryTrackerDeps({ dataLayer: new MemoryDataLayer({ answerCallbacks: true }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    const settled: string[] = [];
    await Promise.all([
      tracker.api.pushInitialPageData(pageData).then(() => settled.push('page data')),
      tracker.api.pushCustomEvent({ event_type: 'ga4_event', event_name: 'button_click' }).then(() => settled.push('event')),
    ]);
    expect(settled).toEqual(['page data', 'event']);
    expect(messages(tracker).filter((message) => message.includes('successfully'))).toEqual([
      'pushInitialPageData has been executed successfully.',
      'pushCustomEvent has been executed successfully.',
    ]);
  });

  it('logs the pushes answered at once in push order, each before anything chained on its promise runs', async () => {
    class PickyDataLayer extends MemoryDataLayer {
      override push(entry: DataLayerEntry): void {
        if (entry.event_name === 'blocked_click') throw new Error('dataLayer blocked');
        super.push(entry);
      }
    }
    const deps = memoryTrackerDeps({ dataLayer: new PickyDataLayer({ answerCallbacks: true }) });
    deps.http.on(SHOP_ENDPOINTS.remoteLogger, { status: 200 });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData(pageData);
    const start = messages(tracker).length;
    const since = () => messages(tracker).slice(start);
    const ok = 'pushCustomEvent has been executed successfully.';
    const broken = 'pushCustomEvent has been executed with errors: dataLayer blocked';
    const seen: Record<string, string[]> = {};
    const push = (name: string) =>
      tracker.api.pushCustomEvent({ event_type: 'ga4_event', event_name: name, click_type: 'tile' }).then(
        () => (seen[name] = since()),
        () => (seen[name] = since()),
      );
    const pushes = [push('a_click'), push('b_click'), push('blocked_click'), push('c_click')];
    expect(since()).toEqual([]);
    await Promise.all(pushes);
    expect(since()).toEqual([ok, ok, broken, ok]);
    // Each push's own outcome is in the log by the time its promise settles.
    expect(seen.a_click?.slice(0, 1)).toEqual([ok]);
    expect(seen.b_click?.slice(0, 2)).toEqual([ok, ok]);
    expect(seen.blocked_click?.slice(0, 3)).toEqual([ok, ok, broken]);
    expect(seen.c_click).toEqual([ok, ok, broken, ok]);
  });
});

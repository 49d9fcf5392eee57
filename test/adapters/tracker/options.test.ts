import { LogLevel } from '../../../src/domain/tracking/log-buffer';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { memoryTrackerDeps } from '../../../src/app/tracker/memory-deps';
import type { InstallOptions } from '../../../src/app/tracker-types';
import { PRODUCT_HISTORY_KEY } from '../../../src/domain/tracking/product-history-store';
import { touchPointUrlMissing as TOUCH_POINT_URL_MISSING } from '../../../src/domain/tracking/mapping/payload-texts';

const warnings = (tracker: ReturnType<typeof createTracker>) =>
  tracker.api
    .getLogs()
    .filter((entry) => entry.level === LogLevel.warn)
    .map((entry) => entry.message)
    // The memory page is a production host: the environment comparison is not what these tests check.
    .filter((message) => !message.startsWith('The configured environment'));

describe('install options are checked, each doubtful one warned about once', () => {
  it('warns about an unknown option key and ignores it', () => {
    const tracker = createTracker(memoryTrackerDeps(), { site: 'DE', exatag: false } as InstallOptions);
    expect(warnings(tracker)).toEqual(['The install option "exatag" is unknown and is ignored.']);
    expect(tracker.options.exactag).toBe(true);
  });

  it('never throws at the page for option values that have no text (a null-prototype object, a list nested thousands deep), and names a long one cut', () => {
    let deep: unknown = [];
    for (let depth = 0; depth < 10_000; depth += 1) deep = [deep];
    const tracker = createTracker(memoryTrackerDeps(), {
      site: deep,
      gtm: Object.create(null),
      endpoints: { collector: 'x'.repeat(1_000_000) },
    } as unknown as InstallOptions);
    const said = warnings(tracker);
    expect(said.some((message) => message.startsWith('The install option gtm "object" is invalid.'))).toBe(true);
    expect(said.every((message) => message.length < 400)).toBe(true);
    expect(tracker.options.site).toBe(createTracker(memoryTrackerDeps(), {}).options.site);
  });

  it('warns that allowed origins do nothing while the window-message listener is off', () => {
    const origins = ['https://frames.kaffeeshop.de'];
    const off = createTracker(memoryTrackerDeps(), { site: 'DE', allowedOrigins: origins });
    expect(warnings(off)).toEqual([
      'The install option allowedOrigins has no effect without listeners: true; window messages are not listened to.',
    ]);
    expect(warnings(createTracker(memoryTrackerDeps(), { site: 'DE', listeners: true, allowedOrigins: origins }))).toEqual([]);
    expect(warnings(createTracker(memoryTrackerDeps(), { site: 'DE', allowedOrigins: [] }))).toEqual([]);
  });

  it('warns about a mistyped key inside endpoints, productHistory and remoteLog, and about values of the wrong type', () => {
    const tracker = createTracker(memoryTrackerDeps(), {
      site: 'DE',
      endpoints: { colector: 'https://collect.example/', exactagScript: 42 },
      productHistory: { capacty: 10 },
      remoteLog: 'my-key',
      consentFreeAffiliates: 7,
    } as unknown as InstallOptions);
    expect(warnings(tracker)).toEqual([
      'The install option remoteLog "my-key" is invalid. It is ignored.',
      'The install option "productHistory.capacty" is unknown and is ignored.',
      'The install option consentFreeAffiliates "7" is invalid. The default list is used.',
      'The install option "endpoints.colector" is unknown and is ignored.',
      `The install option endpoints.exactagScript "42" is invalid. The default ${tracker.options.endpoints.exactagScript} is used.`,
    ]);
    expect(tracker.options.endpoints.exactagScript).toMatch(/^https:\/\//);
  });

  it('takes one origin or partner given as a text as a list of one', () => {
    const tracker = createTracker(memoryTrackerDeps(), {
      site: 'DE',
      listeners: true,
      allowedOrigins: 'https://parent.example/',
      consentFreeAffiliates: 'partner-a',
    } as unknown as InstallOptions);
    expect(warnings(tracker)).toEqual([]);
    expect(tracker.options).toMatchObject({ allowedOrigins: ['https://parent.example'], consentFreeAffiliates: ['partner-a'] });
  });

  it('sends nothing to the touch point or the remote log service until the shop configures them (their URLs are not in the spec)', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { site: 'DE', environment: 'production' });
    await tracker.api.pushInitialPageData({ page_type: 'checkout', page_name: 'thanks', exactag_site_group: 'Order Confirmation' });
    await tracker.api.pushEcommerceEvent({ event: 'purchase', user_key: 'K', ecommerce: { transaction_id: 'o1', value: 10, coupon_types: ['corporate_benefits'], items: [{ item_id: '1' }] } } as never);
    await tracker.api.pushCustomEvent({ event_category: 'checkout' }).catch(() => undefined);
    await deps.clock.advanceAsync(10);
    expect(deps.http.requests.map((request) => request.url).filter((url) => !url.startsWith('/service/'))).toEqual([]);
    expect(tracker.api.getLogs().map((entry) => entry.message)).toContain(TOUCH_POINT_URL_MISSING);
  });

  it('sends the first-party collector to the spec path on the shop services by default', () => {
    expect(createTracker(memoryTrackerDeps(), { ttruth: true }).options.endpoints.collector).toBe('/service/ttruth/publish');
    const prefixed = createTracker(memoryTrackerDeps(), { ttruth: true, endpoints: { shopServices: 'https://www.kaffeeshop.de/' } });
    expect(prefixed.options.endpoints.collector).toBe('https://www.kaffeeshop.de/service/ttruth/publish');
  });

  it('reads "true" / "false" as booleans: exactag "false" switches the affiliate tracker off', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { site: 'DE', exactag: 'false', ttruth: 'true' } as unknown as InstallOptions);
    expect(warnings(tracker)).toEqual([]);
    expect(tracker.options).toMatchObject({ exactag: false, ttruth: true });
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'home', exactag_site_group: 'Content' });
    expect(deps.affiliate.tracked).toHaveLength(0);
  });

  it('treats a boolean option given anything else as its default, with a warning', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { site: 'DE', exactag: 'no', gtm: 0 } as unknown as InstallOptions);
    expect(warnings(tracker)).toEqual([
      'The install option exactag "no" is invalid. The default true is used.',
      'The install option gtm "0" is invalid. The default true is used.',
    ]);
    expect(tracker.options).toMatchObject({ exactag: true, gtm: true });
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'home', exactag_site_group: 'Content' });
    expect(deps.affiliate.tracked).toHaveLength(1);
  });

  it('takes the product history limits from the options: capacity and expiry in days (spec §9)', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { site: 'DE', exactag: false, productHistory: { capacity: 2, expiryDays: 1 } });
    await tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'p' });
    for (const id of ['100000001', '100000002', '100000003']) {
      await tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: id }] } });
      await deps.clock.advanceAsync(1000);
    }
    const stored = () => Object.keys(JSON.parse(deps.store.getItem(PRODUCT_HISTORY_KEY) ?? '{}') as object).sort();
    expect(stored()).toEqual(['100000002', '100000003']);
    await deps.clock.advanceAsync(2 * 24 * 3600 * 1000);
    await tracker.reset();
    await tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '100000004' }] } });
    expect(stored()).toEqual(['100000004']);
  });

  it('warns about product history limits that are not positive numbers and uses the defaults', () => {
    const tracker = createTracker(memoryTrackerDeps(), { productHistory: { capacity: 2.5, expiryDays: -1 } });
    expect(warnings(tracker)).toEqual([
      'The install option productHistory.capacity "2.5" is invalid. The default 300 is used.',
      'The install option productHistory.expiryDays "-1" is invalid. The default 30 is used.',
    ]);
    expect(tracker.options.productHistory).toEqual({ capacity: 300, expiryDays: 30 });
  });

  it('warns about an environment outside the allowed values and uses development', () => {
    // A value read at run time, which the types cannot check.
    const tracker = createTracker(memoryTrackerDeps(), { site: 'DE', environment: 'prod' as InstallOptions['environment'] });
    expect(warnings(tracker)).toContain('The install option environment "prod" is invalid. The default development is used.');
    expect(tracker.options.environment).toBe('development');
    for (const environment of ['live', 'Production', 'staging', 'dev'] as const) {
      expect(warnings(createTracker(memoryTrackerDeps(), { site: 'DE', environment }))).toEqual([]);
    }
  });

  it('reduces allowed origins to bare origins and leaves out, with a warning, entries that are none', () => {
    const tracker = createTracker(memoryTrackerDeps(), {
      site: 'DE',
      listeners: true,
      allowedOrigins: ['https://www.kaffeeshop.de/', 'https://app.kaffeeshop.de', 'www.kaffeeshop.at', 'data:text/plain,x'],
    });
    expect(tracker.options.allowedOrigins).toEqual(['https://www.kaffeeshop.de', 'https://app.kaffeeshop.de']);
    expect(warnings(tracker)).toEqual([
      'The install option allowedOrigins "www.kaffeeshop.at" is invalid. It is ignored.',
      'The install option allowedOrigins "data:text/plain,x" is invalid. It is ignored.',
    ]);
  });

  it('listens to no window message and no product-tile click unless `listeners: true` (spec §9: listeners off)', async () => {
    const message = { origin: 'https://www.kaffeeshop.de', data: JSON.stringify({ event_name: 'InitialPageData', message: { page_type: 'content', page_name: 'home' } }) };
    const quiet = memoryTrackerDeps();
    createTracker(quiet, { site: 'DE', exactag: false });
    quiet.messages.emit(message);
    await quiet.clock.advanceAsync(3000);
    expect(quiet.dataLayer.plainEntries()).toEqual([]);

    const listening = memoryTrackerDeps();
    createTracker(listening, { site: 'DE', exactag: false, listeners: true, allowedOrigins: ['https://www.kaffeeshop.de'] });
    listening.messages.emit(message);
    await listening.clock.advanceAsync(3000);
    expect(listening.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
  });

  it('names each list entry that is no text and leaves it out; a partner id given as a number is its digits', () => {
    const tracker = createTracker(memoryTrackerDeps(), {
      site: 'DE',
      listeners: true,
      allowedOrigins: [5, 'https://parent.example'],
      consentFreeAffiliates: [12345, null],
    } as unknown as InstallOptions);
    expect(warnings(tracker)).toEqual([
      'The install option consentFreeAffiliates "null" is invalid. It is ignored.',
      'The install option allowedOrigins "5" is invalid. It is ignored.',
    ]);
    expect(tracker.options).toMatchObject({ allowedOrigins: ['https://parent.example'], consentFreeAffiliates: ['12345'] });
  });

  it('warns when the options are not an object, and uses every default', () => {
    // A list is shown as one: `String([])` named an empty value.
    for (const [given, shown] of [['de', 'de'], [[], '[]'], [[{ site: 'AT' }], '[{"site":"AT"}]'], [null, 'null'], [42, '42']] as const) {
      const tracker = createTracker(memoryTrackerDeps(), given as unknown as InstallOptions);
      expect(warnings(tracker)).toEqual([`The install options "${shown}" are not an object: every option keeps its default.`]);
      expect(tracker.options.site).toBe('de');
      tracker.dispose();
    }
    const none = createTracker(memoryTrackerDeps());
    expect(warnings(none)).toEqual([]);
  });

  it('warns about an endpoint with white space inside or another scheme than http(s), and uses the default', () => {
    const tracker = createTracker(memoryTrackerDeps(), {
      site: 'DE',
      ttruth: true,
      endpoints: { collector: 'not a url', remoteLogger: 'ftp://logs.example', exactagTouchPoint: 'https://' },
    });
    expect(warnings(tracker)).toEqual([
      'The install option endpoints.exactagTouchPoint "https://" is invalid. It is ignored.',
      'The install option endpoints.collector "not a url" is invalid. The default /service/ttruth/publish is used.',
      'The install option endpoints.remoteLogger "ftp://logs.example" is invalid. It is ignored.',
    ]);
    expect(tracker.options.endpoints).toMatchObject({ collector: '/service/ttruth/publish', remoteLogger: '', exactagTouchPoint: '' });
    tracker.dispose();
  });

  it('warns about an endpoint no browser can request (a port out of range, a broken host, no host), and uses the default', () => {
    const tracker = createTracker(memoryTrackerDeps(), {
      site: 'DE',
      ttruth: true,
      endpoints: {
        collector: 'https://collector.example:99999/x',
        exactagScript: 'https://[bad/exactag.js',
        remoteLogger: 'https:///logs',
        tagManagerScript: 'http://x.test:0/gtm.js',
        exactagTouchPoint: 'https://user:pw@x.test/tp',
      },
    });
    expect(warnings(tracker)).toEqual([
      'The install option endpoints.exactagScript "https://[bad/exactag.js" is invalid. The default https://cdn.exactag.kaffeeshop-tracking.example/js/exactag-de.js is used.',
      // Port 0, and a user and password (fetch refuses such an address), fail every request too.
      'The install option endpoints.exactagTouchPoint "https://user:pw@x.test/tp" is invalid. It is ignored.',
      'The install option endpoints.tagManagerScript "http://x.test:0/gtm.js" is invalid. It is ignored.',
      'The install option endpoints.collector "https://collector.example:99999/x" is invalid. The default /service/ttruth/publish is used.',
      'The install option endpoints.remoteLogger "https:///logs" is invalid. It is ignored.',
    ]);
    expect(tracker.options.endpoints).toMatchObject({ collector: '/service/ttruth/publish', remoteLogger: '' });
    tracker.dispose();
  });

  it('takes addresses relative to the page, any case of http(s), spaces around and an empty shop services base', () => {
    const tracker = createTracker(memoryTrackerDeps(), {
      site: 'DE',
      endpoints: {
        exactagScript: 'js/exactag-de.js',
        tagManagerScript: '/gtm.js',
        collector: '//collect.example/c',
        remoteLogger: ' HTTPS://logs.example/a \n',
        exactagTouchPoint: 'http://[::1]:8080/tp',
        shopServices: '',
      },
    });
    expect(warnings(tracker)).toEqual([]);
    expect(tracker.options.endpoints).toMatchObject({
      exactagScript: 'js/exactag-de.js',
      tagManagerScript: '/gtm.js',
      collector: '//collect.example/c',
      remoteLogger: 'HTTPS://logs.example/a',
      exactagTouchPoint: 'http://[::1]:8080/tp',
      shopServices: '',
    });
    tracker.dispose();
  });

  it('warns about nothing for valid options', () => {
    const tracker = createTracker(memoryTrackerDeps(), {
      site: 'DE',
      environment: 'live',
      exactag: false,
      gtm: true,
      ttruth: false,
      listeners: true,
      monitoring: false,
      newProductIds: false,
      consentFreeAffiliates: ['partner'],
      allowedOrigins: ['https://www.kaffeeshop.de'],
      endpoints: {},
    });
    expect(warnings(tracker)).toEqual([]);
    tracker.dispose();
  });
});

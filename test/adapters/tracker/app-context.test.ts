/**
 * Spec §2 and §4: a page of the legacy app (its platform data attribute is smartphone or tablet) is
 * app context, where nothing is tracked: no destination gets anything.
 */
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { CONSENT_ALL, MEMORY_PAGE, memoryTrackerDeps } from '../../../src/app/tracker/memory-deps';
import { SHOP_ENDPOINTS } from './shop-endpoints';

const pageData = { page_type: 'content', page_name: 'home', exactag_site_group: 'Content' };
const COLLECTOR = 'https://www.shop.test/service/ttruth/publish';
const endpoints = { ...SHOP_ENDPOINTS, collector: COLLECTOR };

describe('the legacy app context (platform data attribute)', () => {
  it.each(['smartphone', 'tablet'])('sends nothing to the data layer, Exactag or the collector on a %s page', async (platformAttribute) => {
    const deps = memoryTrackerDeps({ page: () => ({ ...MEMORY_PAGE, platformAttribute }) });
    const tracker = createTracker(deps, { site: 'DE', ttruth: true, endpoints });
    await tracker.api.pushInitialPageData(pageData);
    await deps.clock.advanceAsync(3000);
    expect(deps.dataLayer.plainEntries()).toEqual([]);
    expect(deps.affiliate.tracked).toEqual([]);
    expect(deps.http.requests.filter((request) => request.url === COLLECTOR)).toEqual([]);
    // Nor is anything fetched or written for web tracking: the customer data, the web session cookie.
    expect(deps.http.requests).toEqual([]);
    expect(deps.cookies.get('cot_session')).toBeUndefined();
    expect(deps.appBridge.list).not.toEqual([]);
  });

  it('tracks a page without the attribute (or with another value) as usual', async () => {
    for (const platformAttribute of [undefined, 'desktop']) {
      const deps = memoryTrackerDeps({ page: () => ({ ...MEMORY_PAGE, platformAttribute }) });
      const tracker = createTracker(deps, { site: 'DE', ttruth: true, endpoints });
      await tracker.api.pushInitialPageData(pageData);
      await deps.clock.advanceAsync(3000);
      expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
      expect(deps.http.requests.filter((request) => request.url === COLLECTOR)).not.toEqual([]);
    }
  });

  it('installed in <head>, before <body> carries the attribute: waits for the parsed page, then tracks in app context only', async () => {
    let parsed: () => void = () => undefined;
    const whenParsed = new Promise<void>((resolve) => (parsed = resolve));
    let platformAttribute: string | undefined;
    const deps = memoryTrackerDeps({
      cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }),
      page: () => ({ ...MEMORY_PAGE, platformAttribute }),
      whenShown: () => (platformAttribute === undefined ? whenParsed : undefined),
    });
    const tagManagerScript = 'https://www.googletagmanager.test/gtm.js';
    const tracker = createTracker(deps, { site: 'DE', ttruth: true, endpoints: { ...endpoints, tagManagerScript } });
    const pushed = tracker.api.pushInitialPageData(pageData);
    // The consent tool speaks while the page is still parsed.
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,C0004,' });
    platformAttribute = 'smartphone';
    parsed();
    await pushed;
    await deps.clock.advanceAsync(3000);
    expect(deps.dataLayer.plainEntries().filter((entry) => entry.event !== 'OneTrustGroupsUpdated')).toEqual([]);
    expect(deps.affiliate.tracked).toEqual([]);
    expect(deps.http.requests.filter((request) => request.url === COLLECTOR)).toEqual([]);
    // No first-party id either: it belongs to web tracking; nor the web session's cookie.
    expect(deps.cookies.get('ttruth_uid')).toBeUndefined();
    expect(deps.cookies.lastWrite('cot_session')).toBeUndefined();
    // The page view went to the app (its tracking list, without a native bridge); not even the container's start entry is in the data layer.
    expect(deps.appBridge.list).not.toEqual([]);
    expect(tracker.api.getLogs().map((entry) => entry.message)).toContain(
      'App context: web tracking is off on this page; events go to the app bridge only.',
    );
  });
});

import { MemoryAffiliateTracker } from '../../../src/adapters/memory/memory-affiliate-tracker';
import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { memoryTrackerDeps, MEMORY_PAGE } from '../../../src/app/tracker/memory-deps';
import { PLACEHOLDER_ENDPOINTS } from '../../../src/app/tracker/options';

const pageData = { page_type: 'content', page_name: 'home', exactag_site_group: 'Content' };
const messages = (tracker: ReturnType<typeof createTracker>) => tracker.api.getLogs().map((entry) => entry.message);

describe('push results and their logs', () => {
  it('logs "<push> has been executed successfully." once the deliveries are done', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { site: 'DE' });
    await tracker.api.pushInitialPageData(pageData);
    expect(messages(tracker)).toContain('pushInitialPageData has been executed successfully.');
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
    expect(deps.affiliate.tracked).toHaveLength(1);
  });

  it('rejects a push whose destination fails with the cause, logs it in the spec words and reports it remotely', async () => {
    const deps = memoryTrackerDeps({ affiliate: new MemoryAffiliateTracker({ loadError: 'script blocked' }) });
    const tracker = createTracker(deps, { site: 'DE' });
    await expect(tracker.api.pushInitialPageData(pageData)).rejects.toThrow('Exception has occurred during Exactag tracking');
    expect(messages(tracker)).toContain(
      'pushInitialPageData has been executed with errors: Exception has occurred during Exactag tracking',
    );
    // One failing destination never stops the others.
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
    const reports = deps.http.sentTo(PLACEHOLDER_ENDPOINTS.remoteLogger);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.body).toMatchObject({
      service: 'collect-on-track',
      version: '5.3.1',
      view: { url: MEMORY_PAGE.href },
      session: { id: deps.cookies.get('cot_session') },
      context: { message: 'pushInitialPageData has been executed with errors: Exception has occurred during Exactag tracking' },
    });
  });

  it('rejects an invalid push with the validation text and sends nothing for it', async () => {
    const deps = memoryTrackerDeps();
    const tracker = createTracker(deps, { site: 'DE' });
    await tracker.api.pushInitialPageData(pageData);
    const spec = 'To push a custom event the parameters event_category and event_action are required. At least on of them is absent.';
    await expect(tracker.api.pushCustomEvent({ event_category: 'navigation' })).rejects.toThrow(spec);
    expect(messages(tracker)).toContain(`pushCustomEvent has been executed with errors: ${spec}`);
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
  });

  it('reports nothing remotely from localhost, nor without consent', async () => {
    for (const deps of [
      memoryTrackerDeps({ affiliate: new MemoryAffiliateTracker({ loadError: 'x' }), page: () => ({ href: 'http://localhost:3000/', referrer: '' }) }),
      memoryTrackerDeps({
        affiliate: new MemoryAffiliateTracker({ loadError: 'x' }),
        cookies: new MemoryCookieJar({ cashback_attribution: '{"partner":"loyalty-cashback-partner"}' }),
      }),
    ]) {
      const tracker = createTracker(deps, { site: 'DE' });
      await tracker.api.pushInitialPageData({ ...pageData, exactag_site_group: 'Lead' }).catch(() => undefined);
      expect(messages(tracker).some((m) => m.startsWith('pushInitialPageData has been executed with errors'))).toBe(true);
      expect(deps.http.sentTo(PLACEHOLDER_ENDPOINTS.remoteLogger)).toEqual([]);
    }
  });

  it('resolves a push that waits for consent, and delivers it when OneTrustGroupsUpdated grants consent', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar() });
    const tracker = createTracker(deps, { site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData(pageData);
    expect(deps.dataLayer.plainEntries()).toEqual([]);
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' });
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['OneTrustGroupsUpdated', 'pageview', 'pageview_ga4']);
  });

  it('sees a consent grant pushed to the data layer before install', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar() });
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0004,' });
    const tracker = createTracker(deps, { site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData(pageData);
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['OneTrustGroupsUpdated', 'pageview', 'pageview_ga4']);
  });
});

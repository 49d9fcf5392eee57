import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { MemoryDataLayer } from '../../../src/adapters/memory/memory-data-layer';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { CONSENT_ALL, memoryTrackerDeps } from '../../../src/app/tracker/memory-deps';

const CONTAINER = 'https://www.googletagmanager.com/gtm.js?id=GTM-TEST';

const withLoader = (loaded: string[], answer: Promise<void> = Promise.resolve(), cookies = new MemoryCookieJar({ OptanonConsent: CONSENT_ALL })) =>
  memoryTrackerDeps({
    cookies,
    loadScript: (url) => {
      loaded.push(url);
      return answer;
    },
  });

describe('the tag manager container (spec §7.8)', () => {
  it('is loaded once per page with endpoints.tagManagerScript, after the gtm.js start entry, and not again after a reset', async () => {
    const loaded: string[] = [];
    const deps = withLoader(loaded);
    const tracker = createTracker(deps, { exactag: false, endpoints: { tagManagerScript: CONTAINER } });
    expect(loaded).toEqual([CONTAINER]);
    expect(deps.dataLayer.plainEntries()).toEqual([{ 'gtm.start': deps.clock.now(), event: 'gtm.js' }]);
    await tracker.reset();
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'p' });
    expect(loaded).toEqual([CONTAINER]);
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['gtm.js', 'pageview', 'pageview_ga4']);
  });

  it('is not loaded again by the tracker a new install puts on the same page, nor when the page loads the same container itself', async () => {
    const loaded: string[] = [];
    const deps = { ...withLoader(loaded), scriptOnPage: (url: string) => loaded.includes(url) };
    const first = createTracker(deps, { exactag: false, endpoints: { tagManagerScript: CONTAINER } });
    await first.reset();
    const second = createTracker(deps, { site: 'AT', exactag: false, endpoints: { tagManagerScript: CONTAINER } });
    await second.api.pushInitialPageData({ page_type: 'content', page_name: 'p' });
    expect(loaded).toEqual([CONTAINER]);
    expect(deps.dataLayer.plainEntries().filter((entry) => entry.event === 'gtm.js')).toHaveLength(1);

    const ownSnippet = { ...withLoader(loaded), scriptOnPage: (url: string) => url === CONTAINER };
    ownSnippet.dataLayer.push({ 'gtm.start': 1, event: 'gtm.js' });
    const beside = createTracker(ownSnippet, { exactag: false, endpoints: { tagManagerScript: CONTAINER } });
    expect(loaded).toEqual([CONTAINER]);
    expect(ownSnippet.dataLayer.plainEntries().filter((entry) => entry.event === 'gtm.js')).toHaveLength(1);
    expect(beside.api.getLogs().map((entry) => entry.message)).toContain(
      `A tag manager container has started on this page already: ${CONTAINER} is not loaded.`,
    );
  });

  it("is loaded beside another container the page's own snippet started (a team's container beside the site's)", () => {
    const loaded: string[] = [];
    const deps = { ...withLoader(loaded), scriptOnPage: (url: string) => url === 'https://www.googletagmanager.com/gtm.js?id=GTM-SITE' };
    deps.dataLayer.push({ 'gtm.start': 1, event: 'gtm.js' });
    createTracker(deps, { exactag: false, endpoints: { tagManagerScript: CONTAINER } });
    expect(loaded).toEqual([CONTAINER]);
    // Each container's snippet pushes its own start entry, as the tag manager's documentation has it.
    expect(deps.dataLayer.plainEntries().filter((entry) => entry.event === 'gtm.js')).toHaveLength(2);
  });

  it('is not loaded again when its script is on the page, also after the page emptied its data layer', () => {
    const loaded: string[] = [];
    const deps = { ...withLoader(loaded), scriptOnPage: (url: string) => url === CONTAINER };
    createTracker(deps, { exactag: false, endpoints: { tagManagerScript: CONTAINER } });
    expect(loaded).toEqual([]);
    expect(deps.dataLayer.plainEntries()).toEqual([]);
  });

  it('is not loaded without the option, with gtm off, or in app context', () => {
    const loaded: string[] = [];
    createTracker(withLoader(loaded), { exactag: false });
    createTracker(withLoader(loaded), { gtm: false, endpoints: { tagManagerScript: CONTAINER } });
    createTracker(withLoader(loaded, undefined, new MemoryCookieJar({ OptanonConsent: CONSENT_ALL, platform: 'ios' })), {
      endpoints: { tagManagerScript: CONTAINER },
    });
    expect(loaded).toEqual([]);
  });

  it("is not loaded when the page's data layer refuses its start entry: install goes on, with a warning, and the other destinations track", async () => {
    const loaded: string[] = [];
    const refusing = new MemoryDataLayer({ answerCallbacks: true });
    refusing.push = () => {
      throw new Error('window.dataLayer is not an array; the entry is kept in memory and the tag manager does not see it.');
    };
    const deps = { ...withLoader(loaded), dataLayer: refusing };
    const tracker = createTracker(deps, { exactag: true, endpoints: { tagManagerScript: CONTAINER } });
    expect(loaded).toEqual([]);
    expect(tracker.api.getLogs().map((entry) => entry.message)).toContain(
      `The tag manager container could not be loaded from ${CONTAINER}: window.dataLayer is not an array; the entry is kept in memory and the tag manager does not see it.`,
    );
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'p', exactag_site_group: 'Content' }).catch(() => undefined);
    expect(deps.affiliate.tracked).toHaveLength(1);
  });

  it('warns when the container cannot be loaded', async () => {
    const tracker = createTracker(withLoader([], Promise.reject(new Error('offline'))), { exactag: false, endpoints: { tagManagerScript: CONTAINER } });
    await Promise.resolve();
    await Promise.resolve();
    expect(tracker.api.getLogs().map((entry) => entry.message)).toContain(`The tag manager container could not be loaded from ${CONTAINER}`);
  });
});

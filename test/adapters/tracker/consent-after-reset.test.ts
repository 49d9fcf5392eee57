import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { MemoryDataLayer } from '../../../src/adapters/memory/memory-data-layer';
import { install, reset, uninstall } from '../../../src/app/tracker/install';
import { memoryTrackerDeps, CONSENT_ALL } from '../../../src/app/tracker/memory-deps';
import { SHOP_ENDPOINTS } from './shop-endpoints';

// The banner of another tab withdrew consent: it wrote the cookie, and pushed its entry into that tab's data layer only.
const WITHDRAWN = 'groups=C0001%3A1%2CC0002%3A0%2CC0003%3A0%2CC0004%3A0';
const GRANT_ENTRY = { event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0002,C0003,C0004,' };

function page() {
  const cookies = new MemoryCookieJar({ OptanonConsent: CONSENT_ALL });
  // This tab's banner granted consent before the tracker was installed.
  const dataLayer = new MemoryDataLayer({ answerCallbacks: true, initial: [GRANT_ENTRY] });
  const deps = memoryTrackerDeps({ cookies, dataLayer });
  const viewed = () => dataLayer.plainEntries().filter((entry) => entry.event === 'pageview').map((entry) => entry.page_name);
  return { cookies, deps, viewed };
}

describe('consent after a reset', () => {
  afterEach(() => uninstall());
  const options = { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false } as const;

  it.each([
    ['reset() keeps the installed tracker', false],
    ['a tracker installed in place of the reset one', true],
  ])('%s: it starts from the consent cookie, not from the older grant entry the data layer still holds', async (_case, reinstall) => {
    const { cookies, deps, viewed } = page();
    let api = install(options, deps);
    await api.pushInitialPageData({ page_type: 'content', page_name: 'before' });
    cookies.set('OptanonConsent', WITHDRAWN);
    await reset();
    if (reinstall) api = install(options, deps);
    void api.pushInitialPageData({ page_type: 'content', page_name: 'after' });
    await deps.clock.advanceUntilIdle();
    expect(viewed()).toEqual(['before']);

    // A grant pushed later is heard as before.
    deps.dataLayer.push({ ...GRANT_ENTRY });
    await deps.clock.advanceUntilIdle();
    expect(viewed()).toEqual(['before', 'after']);
  });

  it.each([
    ['reset() keeps the installed tracker', false],
    ['a tracker installed in place of the reset one', true],
  ])('%s: without a consent cookie, the grant the data layer carried still counts (a login resets the page)', async (_case, reinstall) => {
    const cookies = new MemoryCookieJar();
    const dataLayer = new MemoryDataLayer({ answerCallbacks: true });
    const deps = memoryTrackerDeps({ cookies, dataLayer });
    const viewed = () => dataLayer.plainEntries().filter((entry) => entry.event === 'pageview').map((entry) => entry.page_name);
    let api = install(options, deps);
    // A consent tool that pushes its entry and writes no OptanonConsent cookie.
    dataLayer.push({ ...GRANT_ENTRY });
    await api.pushInitialPageData({ page_type: 'content', page_name: 'before login' });
    await reset();
    if (reinstall) api = install(options, deps);
    void api.pushInitialPageData({ page_type: 'content', page_name: 'after login' });
    await deps.clock.advanceUntilIdle();
    expect(viewed()).toEqual(['before login', 'after login']);

    // A withdrawal heard on the data layer before the reset stays one after it.
    dataLayer.push({ ...GRANT_ENTRY, OnetrustActiveGroups: ',C0001,' });
    await reset();
    if (reinstall) api = install(options, deps);
    void api.pushInitialPageData({ page_type: 'content', page_name: 'after logout' });
    await deps.clock.advanceUntilIdle();
    expect(viewed()).toEqual(['before login', 'after login']);
  });

  it.each([
    ['the cookie is rewritten only after the reset', true, false],
    ['the consent tool never rewrites the cookie', false, false],
    ['the cookie is rewritten only after the reset, and a tracker is installed in place of the reset one', true, true],
    ['the consent tool never rewrites the cookie, and a tracker is installed in place of the reset one', false, true],
  ])('a withdrawal heard on the data layer before the reset stays one when the cookie still grants: %s', async (_case, rewritten, reinstall) => {
    const { cookies, deps, viewed } = page();
    let api = install(options, deps);
    await api.pushInitialPageData({ page_type: 'content', page_name: 'before login' });
    deps.dataLayer.push({ ...GRANT_ENTRY, OnetrustActiveGroups: ',C0001,' });
    await deps.clock.advanceUntilIdle();
    await reset();
    if (reinstall) api = install(options, deps);
    void api.pushInitialPageData({ page_type: 'content', page_name: 'after login' });
    await deps.clock.advanceUntilIdle();
    expect(viewed()).toEqual(['before login']);

    // The cookie then changes (to the refusal, or a new grant in another tab): the cookie counts again.
    cookies.set('OptanonConsent', rewritten ? WITHDRAWN : CONSENT_ALL.replace('C0002%3A1', 'C0002%3A0'));
    void api.pushCustomEvent({ event: 'ga4Event', event_name: 'login', version: 'GA4' });
    await deps.clock.advanceUntilIdle();
    expect(viewed()).toEqual(rewritten ? ['before login'] : ['before login', 'after login']);
  });

  it.each([
    ['reset() keeps the installed tracker', false],
    ['a tracker installed in place of the reset one', true],
  ])('%s: a consent cookie deleted after the grant entry counts as a withdrawal, either way', async (_case, reinstall) => {
    const { cookies, deps, viewed } = page();
    let api = install(options, deps);
    await api.pushInitialPageData({ page_type: 'content', page_name: 'before' });
    deps.dataLayer.push({ ...GRANT_ENTRY });
    await deps.clock.advanceUntilIdle();
    cookies.remove('OptanonConsent');
    await reset();
    if (reinstall) api = install(options, deps);
    void api.pushInitialPageData({ page_type: 'content', page_name: 'after' });
    await deps.clock.advanceUntilIdle();
    expect(viewed()).toEqual(['before']);
  });

  it.each([
    ['reset() keeps the installed tracker', false],
    ['a tracker installed in place of the reset one', true],
  ])('%s: a grant entry followed by the consent tool rewriting its cookie with the same choice (a new datestamp) still counts', async (_case, reinstall) => {
    const { cookies, deps, viewed } = page();
    // Two cookies that disagree (one for the host, one for the domain): no tracking until the visitor chooses on the page.
    const refused = 'datestamp=1&groups=C0001%3A1%2CC0003%3A0%2CC0004%3A0';
    cookies.set('OptanonConsent', refused);
    let api = install(options, deps);
    await api.pushInitialPageData({ page_type: 'content', page_name: 'before' });
    deps.dataLayer.push({ ...GRANT_ENTRY });
    await deps.clock.advanceUntilIdle();
    expect(viewed()).toEqual(['before']);
    cookies.set('OptanonConsent', refused.replace('datestamp=1', 'datestamp=2'));
    await reset();
    if (reinstall) api = install(options, deps);
    void api.pushInitialPageData({ page_type: 'content', page_name: 'after login' });
    await deps.clock.advanceUntilIdle();
    expect(viewed()).toEqual(['before', 'after login']);
  });

  it('a first install still hears the grant pushed before it', async () => {
    const { deps, viewed, cookies } = page();
    cookies.set('OptanonConsent', WITHDRAWN);
    await install(options, deps).pushInitialPageData({ page_type: 'content', page_name: 'first' });
    await deps.clock.advanceUntilIdle();
    expect(viewed()).toEqual(['first']);
  });
});

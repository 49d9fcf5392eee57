import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { MemoryDataLayer } from '../../../src/adapters/memory/memory-data-layer';
import { MemoryHttpClient } from '../../../src/adapters/memory/memory-http-client';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { install, reset, uninstall } from '../../../src/app/tracker/install';
import { CONSENT_ALL, memoryTrackerDeps } from '../../../src/app/tracker/memory-deps';
import { emptyPlaces, mergedModelOf } from '../../domain/tracking/tag-manager-merge';

/** GTM's data model (Google's data-layer-helper): every entry merged into one object, `undefined` unsets. */
const modelOf = (dataLayer: MemoryDataLayer): Record<string, unknown> => {
  const model: Record<string, unknown> = {};
  for (const entry of dataLayer.entries) Object.assign(model, entry);
  return model;
};

const loggedIn = { tracking: { loginStatus: 'LOGGED_IN' }, customer: { email: { sha256: 'abc' }, identifiers: { partnerGuid: 'G-1' }, age: 41 } };
const loggedOut = { tracking: { loginStatus: 'LOGGED_OUT' } };
const page = { page_type: 'content', page_name: 'account', exactag_site_group: 'Content' };

function shop() {
  let customer: unknown = loggedIn;
  const dataLayer = new MemoryDataLayer({ answerCallbacks: true });
  const cookies = new MemoryCookieJar({ OptanonConsent: CONSENT_ALL });
  const deps = () =>
    memoryTrackerDeps({ dataLayer, cookies, http: new MemoryHttpClient(() => ({ status: 200, body: customer })), page: () => ({ href: 'https://www.kaffeeshop.de/konto' }) });
  return { dataLayer, cookies, deps, logOut: () => (customer = loggedOut), logIn: (other: unknown) => (customer = other) };
}

describe("the tag manager's data model after the library's entries", () => {
  afterEach(() => uninstall());

  it('an event a tag pushes from inside the page view\'s own push (the tag manager fires it at once): it comes after the view\'s entries, and the next event unsets its keys', async () => {
    const { dataLayer, deps } = shop();
    const tracker = createTracker(deps(), { site: 'DE', exactag: false });
    const push = dataLayer.push.bind(dataLayer);
    let fired = false;
    dataLayer.push = (entry) => {
      push(entry);
      if (entry.event !== 'pageview' || fired) return;
      fired = true;
      void tracker.api.pushCustomEvent({ event_type: 'ga4_event', event_name: 'ab_test_view', click_target: 'variant_b', subject: 'abtest' });
    };
    await tracker.api.pushInitialPageData(page);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await tracker.api.pushCustomEvent({ event_type: 'ga4_event', event_name: 'later_click' });
    const named = (entry: Record<string, unknown>) => (entry.event === 'ga4_event' ? entry.event_name : entry.event);
    expect(dataLayer.entries.map(named).filter(Boolean)).toEqual(['pageview', 'pageview_ga4', 'ab_test_view', 'later_click']);
    const later = dataLayer.entries.find((entry) => entry.event_name === 'later_click') as Record<string, unknown>;
    expect(Object.hasOwn(later, 'click_target') && Object.hasOwn(later, 'subject')).toBe(true);
    expect(modelOf(dataLayer)).toMatchObject({ event_name: 'later_click', click_target: undefined, subject: undefined });
  });

  it('after a logout and a reset, the next page view leaves no e-mail hash, partner id or age of the customer before', async () => {
    const { dataLayer, deps, logOut } = shop();
    const tracker = createTracker(deps(), { site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData(page);
    expect(modelOf(dataLayer)).toMatchObject({ emailSha256: 'abc', partnerGuid: 'G-1', age: 41 });
    logOut();
    await tracker.reset();
    await tracker.api.pushInitialPageData(page);
    expect(modelOf(dataLayer)).toMatchObject({ emailSha256: undefined, partnerGuid: undefined, age: undefined, login_status: 'LOGGED_OUT' });
  });

  it('also when a new install replaced the reset tracker', async () => {
    const { dataLayer, deps, logOut } = shop();
    const first = install({ site: 'DE', exactag: false }, deps());
    await first.pushInitialPageData(page);
    logOut();
    await reset();
    const second = install({ site: 'DE', exactag: false, ttruth: false }, deps());
    await second.pushInitialPageData(page);
    expect(modelOf(dataLayer)).toMatchObject({ emailSha256: undefined, partnerGuid: undefined, age: undefined, login_status: 'LOGGED_OUT' });
  });

  it('a page view held for consent and dropped by a reset unsets nothing: the next page view to arrive still unsets the customer before', async () => {
    const { dataLayer, cookies, deps, logOut, logIn } = shop();
    const tracker = createTracker(deps(), { site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData(page);
    // The visitor withdraws consent, logs out; the logged-out page view waits for consent, then a reset drops it.
    cookies.set('OptanonConsent', 'groups=C0001%3A1%2CC0003%3A0%2CC0004%3A0');
    dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,' });
    logOut();
    await tracker.reset();
    await tracker.api.pushInitialPageData(page);
    // Another customer logs in (no age, no partner id); their page view waits too, until consent comes back.
    logIn({ tracking: { loginStatus: 'LOGGED_IN' }, customer: { email: { sha256: 'other' } } });
    await tracker.reset();
    await tracker.api.pushInitialPageData(page);
    cookies.set('OptanonConsent', CONSENT_ALL);
    dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,C0004,' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(modelOf(dataLayer)).toMatchObject({ emailSha256: 'other', partnerGuid: undefined, age: undefined });
  });

  it("the next page view's A/B tests and scores hold nothing of the page before: no empty places in its lists, in the entries or the tag manager's model", async () => {
    const { dataLayer, deps, logIn } = shop();
    const scored = (conversionProbability: unknown) => ({ tracking: { loginStatus: 'LOGGED_IN', conversionProbability } });
    logIn(scored({ coffee: { x1: 0.9, x2: 0.8 }, mobil: { x3: 0.6 } }));
    const tracker = createTracker(deps(), { site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData({ ...page, ab_tests: [{ name: 'hero', group: 'A' }, { name: 'basket', group: 'B' }] });
    logIn(scored({ coffee: { x1: 0.1 } }));
    await tracker.reset();
    await tracker.api.pushInitialPageData({ ...page, ab_tests: [{ name: 'search', group: 'C' }] });
    const pageView = [...dataLayer.entries].reverse().find((entry) => entry.event === 'pageview') as Record<string, unknown>;
    expect(pageView.ab_tests).toStrictEqual([{ name: 'search', group: 'C' }]);
    expect(dataLayer.entries.map(emptyPlaces).filter((n) => n > 0)).toEqual([]);
    // What a tag of the legacy page view read, and what the tags after it read.
    const atLegacy = mergedModelOf(dataLayer.entries.slice(0, dataLayer.entries.indexOf(pageView) + 1));
    expect(atLegacy.ab_tests).toStrictEqual([{ name: 'search', group: 'C' }]);
    expect(atLegacy.conversion_probability).toStrictEqual({ coffee: { x1: 0.1 } });
    const model = mergedModelOf(dataLayer.entries);
    expect(model.ab_tests).toBe('search:C');
    expect(model.conversion_probability).toStrictEqual({ coffee: { x1: 0.1 } });
  });

  it("an order's e-commerce object is gone at the next event and page view", async () => {
    const { dataLayer, deps } = shop();
    const tracker = createTracker(deps(), { site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData(page);
    await tracker.api.pushEcommerceEvent({ event: 'purchase_ga4', ecommerce: { transaction_id: 'T1', currency: 'EUR', value: 20, items: [{ item_id: '123456', price: 20 }] } });
    await tracker.api.pushCustomEvent({ event_name: 'button_click', event_type: 'ga4_event', click_target: 'weiter' });
    expect(modelOf(dataLayer)).toMatchObject({ ecommerce: undefined, click_target: 'weiter' });
  });

  it("never unsets what the tag manager adds to the library's entries (gtm.uniqueEventId)", async () => {
    const { dataLayer, deps } = shop();
    const tracker = createTracker(deps(), { site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData(page);
    for (const entry of dataLayer.entries) (entry as Record<string, unknown>)['gtm.uniqueEventId'] = 7;
    await tracker.api.pushCustomEvent({ event_name: 'button_click', event_type: 'ga4_event', click_target: 'weiter' });
    await tracker.api.pushInitialPageData({ ...page, page_name: 'next' });
    expect(dataLayer.entries.slice(-3).filter((entry) => Object.hasOwn(entry, 'gtm.uniqueEventId'))).toEqual([]);
  });

  it("an event's fields are gone at the next event; the page's fields stay for every event", async () => {
    const { dataLayer, deps } = shop();
    const tracker = createTracker(deps(), { site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData(page);
    await tracker.api.pushCustomEvent({ event_name: 'button_click', event_type: 'ga4_event', click_target: 'buy', response_type: 'error' });
    await tracker.api.pushCustomEvent({ event_name: 'form_interaction', event_type: 'ga4_event', interaction: 'focus' });
    const model = modelOf(dataLayer);
    expect(model).toMatchObject({ event_name: 'form_interaction', interaction: 'focus', click_target: undefined, response_type: undefined });
    expect(model).toMatchObject({ page_type: 'content', page_name: 'account', emailSha256: 'abc' });
  });
});

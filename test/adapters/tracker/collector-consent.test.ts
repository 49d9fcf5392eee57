import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { MemoryHttpClient } from '../../../src/adapters/memory/memory-http-client';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { memoryTrackerDeps, CONSENT_ALL, MEMORY_PAGE } from '../../../src/app/tracker/memory-deps';
import { COLLECTOR_PATH } from '../../../src/app/tracker/options';
import { SHOP_ENDPOINTS } from './shop-endpoints';

const PSDATA = '/service/customerfrontenddata/api/v1/psdata';
const SHOP_PAGE = 'https://www.kaffeeshop.de/kaffee/bohnen';
const CONSENT_NONE = 'groups=C0001%3A1%2CC0002%3A0%2CC0003%3A0%2CC0004%3A0';
const pageData = { page_type: 'content', page_name: 'home', exactag_site_group: 'Content' };
const customer = {
  tracking: { loginStatus: 'LOGGED_IN' },
  customer: { age: 41, anonymousZip: '20', identifiers: { partnerGuid: 'GUID-123' }, email: { sha256: 'abc' } },
};

/** A logged-in visitor with every consent (or, with `consentCookie` null, no consent cookie), whose collector is down until `up` is set. */
function visitor(consentCookie: string | null = CONSENT_ALL, listeners = false) {
  const collector = { up: false };
  const http = new MemoryHttpClient((request) =>
    request.url.endsWith(COLLECTOR_PATH) ? { status: collector.up ? 200 : 503, statusText: collector.up ? 'OK' : 'Service Unavailable' } : { status: 404 },
  ).on(PSDATA, { status: 200, body: customer });
  const token = JSON.stringify({ sub: 'S1', lid: 'L1', tid: 'T1' });
  const cookies = new MemoryCookieJar(consentCookie === null ? { cot_long_term_token: token } : { OptanonConsent: consentCookie, cot_long_term_token: token });
  const deps = memoryTrackerDeps({ http, cookies, page: () => ({ ...MEMORY_PAGE, href: SHOP_PAGE }) });
  const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: true, listeners });
  const bodies = () => http.sentTo(COLLECTOR_PATH).map((request) => request.body as Record<string, unknown>);
  return { deps, tracker, collector, bodies };
}

describe('the collector without statistics consent', () => {
  it('gets no cookies with its requests from a visitor who never gave it, nor from one who gave marketing consent only', async () => {
    for (const consent of [CONSENT_NONE, 'groups=C0001%3A1%2CC0002%3A0%2CC0003%3A0%2CC0004%3A1']) {
      const { deps, tracker, collector } = visitor(consent);
      collector.up = true;
      await tracker.api.pushInitialPageData(pageData);
      await deps.clock.advanceAsync(100);
      const requests = deps.http.sentTo(COLLECTOR_PATH);
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.map((request) => request.credentials)).toEqual(requests.map(() => 'omit'));
    }
  });
});

describe('the collector before the page data', () => {
  it("gets a product click made before the page data with the logged-in customer's person id once the customer data came", async () => {
    const { deps, tracker, collector, bodies } = visitor();
    collector.up = true;
    // Installed: the customer data is asked for at once and has come by the time the shopper clicks.
    await deps.clock.advanceAsync(100);
    await tracker.api.pushProductSourceEvent({ webshop_product_id: '123456789' });
    await deps.clock.advanceAsync(100);
    expect(bodies().find((body) => body.event_name === 'product_source')).toMatchObject({ customer: { person_id: 'GUID-123', age: 41 } });
  });

  it('gets a product click made while the customer data is still on its way with the person id, once it comes', async () => {
    let answer: (response: { status: number; body: unknown }) => void = () => undefined;
    const http = new MemoryHttpClient((request) =>
      request.url.endsWith(PSDATA) ? new Promise((resolve) => (answer = resolve)) : request.url.endsWith(COLLECTOR_PATH) ? { status: 200 } : { status: 404 },
    );
    const token = JSON.stringify({ sub: 'S1', lid: 'L1', tid: 'T1' });
    const cookies = new MemoryCookieJar({ OptanonConsent: CONSENT_ALL, cot_long_term_token: token });
    const deps = memoryTrackerDeps({ http, cookies, page: () => ({ ...MEMORY_PAGE, href: SHOP_PAGE }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: true });
    const click = tracker.api.pushProductSourceEvent({ webshop_product_id: '123456789' });
    await deps.clock.advanceAsync(300);
    answer({ status: 200, body: customer });
    await click;
    await deps.clock.advanceAsync(100);
    const sent = http.sentTo(COLLECTOR_PATH).map((request) => request.body as Record<string, unknown>);
    expect(sent.find((body) => body.event_name === 'product_source')).toMatchObject({ customer: { person_id: 'GUID-123', age: 41 } });
  });
});

describe('the collector after a withdrawal of consent', () => {
  it('sends the events stored while consent held without the person, the token ids or the customer fields', async () => {
    const { deps, tracker, collector, bodies } = visitor();
    await tracker.api.pushInitialPageData(pageData);
    await tracker.api.pushCustomEvent({ event_name: 'button_click' });
    await deps.clock.advanceAsync(100);
    expect(bodies()[0]).toMatchObject({ customer: { person_id: 'GUID-123', age: 41 }, token: { sub: 'S1', lid: 'L1', tid: 'T1' } });

    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,' });
    const before = bodies().length;
    collector.up = true;
    await deps.clock.advanceAsync(5000);
    const after = bodies().slice(before);
    expect(after.map((body) => body.event_name).sort()).toEqual(['button_click', 'pageview']);
    for (const body of after) {
      expect(body).toMatchObject({ consent: { C0003: false, C0004: false }, customer: { person_id: 'noConsent' }, token: { sub: 'noConsent' } });
      expect(Object.keys(body.customer as object)).toEqual(['person_id']);
    }
    // Nor do the shop's cookies go with them (the session, the long-term token): before, with consent, they did.
    const requests = deps.http.sentTo(COLLECTOR_PATH);
    expect(requests[0]?.credentials).toBeUndefined();
    expect(requests.slice(before).map((request) => request.credentials)).toEqual(['omit', 'omit']);
    expect(deps.outbox.records.size).toBe(0);
  });

  it('takes a withdrawal heard on the data layer at once: a push made in the same task reaches no consent-gated destination', async () => {
    const { deps, tracker, collector, bodies } = visitor();
    await tracker.api.pushInitialPageData(pageData);
    await deps.clock.advanceAsync(100);
    const entries = deps.dataLayer.plainEntries().length;
    const sent = bodies().length;

    // The banner's entry only: the consent cookie is written later, as OneTrust may do.
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,' });
    const push = tracker.api.pushCustomEvent({ event_name: 'button_click' });
    collector.up = true;
    await push;
    await deps.clock.advanceAsync(5000);
    expect(deps.dataLayer.plainEntries().slice(entries).filter((entry) => entry.event !== 'OneTrustGroupsUpdated')).toEqual([]);
    // The collector gets the event without the person, as without consent.
    const clicks = bodies().slice(sent).filter((body) => body.event_name === 'button_click');
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ consent: { C0003: false, C0004: false }, customer: { person_id: 'noConsent' }, token: { sub: 'noConsent' } });
  });

  it("gets an event pushed in the same task as the banner's grant (cookie written, then announced) with the consent and the person id", async () => {
    for (const banner of ['cookie, then announced', 'cookie only', 'announced only']) {
      const { deps, tracker, collector, bodies } = visitor(CONSENT_NONE);
      collector.up = true;
      await tracker.api.pushInitialPageData(pageData);
      // Within the second after the library last read the cookie: OneTrust's callback tracks the choice.
      await deps.clock.advanceAsync(300);
      if (banner !== 'announced only') deps.cookies.set('OptanonConsent', CONSENT_ALL);
      if (banner !== 'cookie only') deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,C0004,' });
      void tracker.api.pushCustomEvent({ event_name: 'consent_choice', event_type: 'ga4_event' });
      await deps.clock.advanceAsync(5000);
      const choice = bodies().filter((body) => body.event_name === 'consent_choice');
      expect(choice, banner).toHaveLength(1);
      expect(choice[0], banner).toMatchObject({ consent: { C0003: true, C0004: true }, customer: { person_id: 'GUID-123' } });
    }
  });

  it('takes a withdrawal heard right after a grant in the same task at once too: the grant waiting for its turn is not taken after it', async () => {
    const { deps, tracker } = visitor(CONSENT_NONE);
    await tracker.api.pushInitialPageData(pageData);
    await deps.clock.advanceAsync(100);
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,C0004,' });
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,' });
    void tracker.api.pushCustomEvent({ event_name: 'button_click' });
    await deps.clock.advanceAsync(5000);
    expect(deps.dataLayer.plainEntries().filter((entry) => entry.event !== 'OneTrustGroupsUpdated')).toEqual([]);
  });

  it('takes a withdrawal another tab wrote into the consent cookie at the next push and before sending what waits', async () => {
    const { deps, tracker, collector, bodies } = visitor();
    await tracker.api.pushInitialPageData(pageData);
    await deps.clock.advanceAsync(100);
    const entries = deps.dataLayer.plainEntries().length;

    deps.cookies.set('OptanonConsent', CONSENT_NONE);
    collector.up = true;
    await deps.clock.advanceAsync(5000);
    expect(bodies().at(-1)).toMatchObject({ event_name: 'pageview', customer: { person_id: 'noConsent' }, token: { sub: 'noConsent' } });

    void tracker.api.pushCustomEvent({ event_name: 'button_click' });
    await deps.clock.advanceAsync(5000);
    // Without consent the data layer gets nothing more; the collector gets the event without the person.
    expect(deps.dataLayer.plainEntries()).toHaveLength(entries);
    expect(bodies().at(-1)).toMatchObject({ event_name: 'button_click', consent: { C0003: false, C0004: false }, customer: { person_id: 'noConsent' } });
  });

  it('takes a withdrawal another tab wrote within a second of the last read at the very next push', async () => {
    const { deps, tracker, collector, bodies } = visitor();
    collector.up = true;
    await tracker.api.pushInitialPageData(pageData);
    const entries = deps.dataLayer.plainEntries().length;
    await deps.clock.advanceAsync(200);

    deps.cookies.set('OptanonConsent', CONSENT_NONE);
    await tracker.api.pushEcommerceEvent({ event: 'add_to_cart', ecommerce: { items: [{ item_id: '123456', price: 4.99 }] } });
    await deps.clock.advanceAsync(100);
    expect(deps.dataLayer.plainEntries()).toHaveLength(entries);
    expect(bodies().at(-1)).toMatchObject({ consent: { C0003: false, C0004: false }, customer: { person_id: 'noConsent' }, token: { sub: 'noConsent' } });
  });

  it('takes that withdrawal before an event that comes as a window message too', async () => {
    const { deps, tracker, collector } = visitor(CONSENT_ALL, true);
    collector.up = true;
    await tracker.api.pushInitialPageData(pageData);
    await deps.clock.advanceAsync(2000);
    const entries = deps.dataLayer.plainEntries().length;
    deps.cookies.set('OptanonConsent', CONSENT_NONE);
    // The cookie is read again at most once a second.
    await deps.clock.advanceAsync(1000);
    deps.messages.emit({ origin: 'https://www.kaffeeshop.de', data: JSON.stringify({ event_name: 'CustomEventData', message: { event_name: 'button_click' } }) });
    await deps.clock.advanceAsync(2000);
    expect(deps.dataLayer.plainEntries()).toHaveLength(entries);
  });

  it('the next page sends what was stored with a consent only heard on the data layer as stored, while it knows no consent yet', async () => {
    const { deps, tracker, collector, bodies } = visitor(null);
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,C0004,' });
    await tracker.api.pushInitialPageData(pageData);
    await deps.clock.advanceAsync(100);
    tracker.dispose();
    // The next page load: no consent cookie, and its consent tool has not spoken yet.
    const next = memoryTrackerDeps({ http: deps.http, cookies: deps.cookies, outbox: deps.outbox, clock: deps.clock });
    createTracker(next, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: true });
    collector.up = true;
    await deps.clock.advanceAsync(15_000);
    expect(bodies().at(-1)).toMatchObject({ event_name: 'pageview', consent: { C0003: true, C0004: true }, customer: { person_id: 'GUID-123' }, token: { lid: 'L1' } });
    expect(deps.outbox.records.size).toBe(0);
  });
});

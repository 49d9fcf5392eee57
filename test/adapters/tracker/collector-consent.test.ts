import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { MemoryHttpClient } from '../../../src/adapters/memory/memory-http-client';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { memoryTrackerDeps, CONSENT_ALL } from '../../../src/app/tracker/memory-deps';
import { COLLECTOR_PATH } from '../../../src/app/tracker/options';
import { SHOP_ENDPOINTS } from './shop-endpoints';

const PSDATA = '/service/customerfrontenddata/api/v1/psdata';
const CONSENT_NONE = 'groups=C0001%3A1%2CC0002%3A0%2CC0003%3A0%2CC0004%3A0';
const pageData = { page_type: 'content', page_name: 'home', exactag_site_group: 'Content' };
const customer = {
  tracking: { loginStatus: 'LOGGED_IN' },
  customer: { age: 41, anonymousZip: '20', identifiers: { partnerGuid: 'GUID-123' }, email: { sha256: 'abc' } },
};

/** A logged-in visitor with every consent, whose collector is down until `up` is set. */
function visitor() {
  const collector = { up: false };
  const http = new MemoryHttpClient((request) =>
    request.url.endsWith(COLLECTOR_PATH) ? { status: collector.up ? 200 : 503, statusText: collector.up ? 'OK' : 'Service Unavailable' } : { status: 404 },
  ).on(PSDATA, { status: 200, body: customer });
  const cookies = new MemoryCookieJar({ OptanonConsent: CONSENT_ALL, cot_long_term_token: JSON.stringify({ sub: 'S1', lid: 'L1', tid: 'T1' }) });
  const deps = memoryTrackerDeps({ http, cookies });
  const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE', exactag: false, ttruth: true });
  const bodies = () => http.sentTo(COLLECTOR_PATH).map((request) => request.body as Record<string, unknown>);
  return { deps, tracker, collector, bodies };
}

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
    expect(deps.outbox.records.size).toBe(0);
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
});

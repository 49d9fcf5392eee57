/**
 * Old shop code adds enumerable members to Object.prototype (a `clone` method, a flag): the payloads
 * the library builds must be what a clean page gets, and the page must not be told about fields it
 * never passed.
 */
import type { TrackedEvent } from '../../../src/domain/tracking/deliveries';
import { groupsFromActiveGroupsList, NO_GROUPS } from '../../../src/domain/tracking/consent-groups';
import { createTrackingPipeline as cleanPipeline } from '../../../src/domain/tracking/pipeline';
import { pageFactsAt } from './page-facts-fixture';

const granted = groupsFromActiveGroupsList(',C0001,C0003,C0004,') ?? NO_GROUPS;
const client = { emitter: 'shop-page', cot_client_version: '2.0.0' };

const EVENTS: TrackedEvent[] = [
  {
    kind: 'InitialPageData',
    data: { page_type: 'product', page_name: 'kaffee', exactag_site_group: 'Product', subscription_info: { delivery_interval: 4 }, ...client },
    customerData: {
      customer: { age: 42, salutation: 'MRS', identifiers: { partnerGuid: 'guid-1' }, email: { sha256: 'abc123' } },
      tracking: { loginStatus: 'LOGGED_IN', customerTypes: ['coffee'] },
    },
  },
  {
    kind: 'EcommerceEventData',
    data: { event: 'view_item', ecommerce: { currency: 'EUR', items: [{ item_id: '123', item_name: 'Kaffee', price: '4.99' }] }, ...client },
  },
  { kind: 'CustomEventData', data: { event_category: 'navigation', event_action: 'click', event_label: 'logo', ...client } },
  { kind: 'CustomEventData', data: { event_name: 'login', event_type: 'ga4_event', click_type: 'button', ...client } },
  { kind: 'ItemListData', data: { item_list_name: 'Bestseller', items: ['1', { item_id: '2' }], ...client } },
];

/** Every delivery and log line of the events, as JSON text (made while the prototype is as given). */
function run(createTrackingPipeline: typeof cleanPipeline): string {
  const logs: unknown[] = [];
  const pipeline = createTrackingPipeline({
    facts: pageFactsAt('/kaffee'),
    enabled: { gtm: true, exactag: true, ttruth: true },
    groups: granted,
    log: (level, message) => logs.push([level, message]),
  });
  const deliveries = EVENTS.flatMap((event) => {
    const outcome = pipeline.push(event);
    return outcome.deliveries.map((delivery) => [delivery.destination, delivery.payload]);
  });
  return JSON.stringify({ deliveries: [...deliveries, ...pipeline.flush().map((d) => [d.destination, d.payload])], logs });
}

describe('a page that adds enumerable members to Object.prototype', () => {
  it('gets the payloads and log lines of a clean page, also when the library loads after the change', async () => {
    const clean = run(cleanPipeline);
    const proto = Object.prototype as Record<string, unknown>;
    let polluted: string;
    try {
      proto['clone'] = function clone(this: Record<string, unknown>) {
        return { ...this };
      };
      proto['qaFlag'] = 'polluted';
      // The library loads after the page's old scripts ran: its field tables are built on the polluted prototype.
      vi.resetModules();
      const { createTrackingPipeline } = await import('../../../src/domain/tracking/pipeline');
      polluted = run(createTrackingPipeline);
    } finally {
      delete proto['clone'];
      delete proto['qaFlag'];
    }
    expect(clean).toContain('"view_item"');
    expect(clean).toContain('"firstParty"');
    expect(clean).toContain('"exactag"');
    expect(polluted).toBe(clean);
  });

  it('loads and gets the payloads of a clean page when Prototype.js has replaced Object.values by a for…in walk', async () => {
    const cleanSites = await import('../../../src/domain/tracking/sites');
    const clean = run(cleanPipeline) + JSON.stringify([cleanSites.INTERNAL_HOSTS, cleanSites.siteLanguage('ch_fr'), cleanSites.siteLanguage('tr')]);
    const proto = Object.prototype as Record<string, unknown>;
    const values = Object.values;
    let polluted: string;
    try {
      // Prototype 1.6 and 1.7 replace it, and inherited members then come with the own ones.
      Object.values = ((object: Record<string, unknown>) => {
        const found: unknown[] = [];
        for (const key in object) found.push(object[key]);
        return found;
      }) as typeof Object.values;
      proto['toJSONString'] = function toJSONString(this: unknown) {
        return JSON.stringify(this);
      };
      vi.resetModules();
      const { createTrackingPipeline } = await import('../../../src/domain/tracking/pipeline');
      polluted = run(createTrackingPipeline);
      // The site table the library reads as it loads (the shop's own hosts, the sites' languages).
      const sites = await import('../../../src/domain/tracking/sites');
      polluted += JSON.stringify([sites.INTERNAL_HOSTS, sites.siteLanguage('ch_fr'), sites.siteLanguage('tr')]);
    } finally {
      Object.values = values;
      delete proto['toJSONString'];
    }
    expect(polluted).toBe(clean);
  });
});

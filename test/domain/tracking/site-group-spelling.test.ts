import fc from 'fast-check';
import { groupsFromActiveGroupsList, NO_GROUPS } from '../../../src/domain/tracking/consent-groups';
import type { Delivery, TrackedEvent } from '../../../src/domain/tracking/deliveries';
import { SITE_GROUPS } from '../../../src/domain/tracking/mapping/exactag-site-groups';
import { createTrackingPipeline } from '../../../src/domain/tracking/pipeline';
import { pageFactsAt } from './page-facts-fixture';

const facts = pageFactsAt('/danke');
const consented = groupsFromActiveGroupsList(',C0001,C0003,') ?? NO_GROUPS;

const ecommerce = (event: string, id: string): TrackedEvent => ({
  kind: 'EcommerceEventData',
  data: { event, ecommerce: { transaction_id: id, value: 10, currency: 'EUR', items: [{ item_id: 'A' }] } },
});
const EVENTS = ['view_item', 'add_to_cart', 'view_cart', 'begin_checkout', 'progress_checkout', 'purchase', 'purchase_ga4'];

/** The affiliate tracker's calls (and the consent grant's) of one page, its group spelled `spelling`. */
function affiliateCalls(spelling: string, scenario: { consent: boolean; cashback: boolean; events: [string, string][]; lead?: boolean }) {
  const pipeline = createTrackingPipeline({
    facts: { ...facts, ...(scenario.cashback && { cashbackPartner: 'loyalty-cashback-partner' }) },
    enabled: { gtm: false, exactag: true, ttruth: false },
    groups: scenario.consent ? consented : NO_GROUPS,
    log: () => undefined,
  });
  const deliveries: Delivery[] = [];
  // The calls only: not the empty payload that has the script loaded while a page view waits.
  const push = (event: TrackedEvent) => deliveries.push(...pipeline.push(event).deliveries.filter((d) => Object.keys(d.payload).length > 0));
  push({ kind: 'InitialPageData', data: { page_type: 'p', page_name: 'P', exactag_site_group: spelling, lead_id: 'L1' }, customerData: null });
  for (const [event, id] of scenario.events) push(ecommerce(event, id));
  if (scenario.lead) push({ kind: 'LeadData', data: { lead_id: 'L1', lead_value: 5 } });
  const beforeGrant = deliveries.length;
  deliveries.push(...[...pipeline.grantConsent(consented), ...pipeline.flush()].filter((d) => Object.keys(d.payload).length > 0));
  return { beforeGrant, calls: deliveries.map((d) => [d.destination, d.payload]) };
}

/** The group in another case, with blanks around it: what a shop may type. */
const respelled = fc
  .constantFrom(...SITE_GROUPS)
  .chain((group) =>
    fc
      .tuple(fc.array(fc.boolean(), { minLength: group.length, maxLength: group.length }), fc.constantFrom('', ' ', '  '), fc.constantFrom('', ' '))
      .map(([upper, before, after]) => ({
        group,
        spelling: before + [...group].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join('') + after,
      })),
  );

describe('a site group in another spelling is the same group for every affiliate rule', () => {
  it('the wait for the e-commerce event, the consent-free cashback rule and the lead count treat it as the spec spelling', () => {
    fc.assert(
      fc.property(
        respelled,
        fc.record({
          consent: fc.boolean(),
          cashback: fc.boolean(),
          lead: fc.boolean(),
          events: fc.array(fc.tuple(fc.constantFrom(...EVENTS), fc.constantFrom('T1', 'T2')), { maxLength: 4 }),
        }),
        ({ group, spelling }, scenario) => {
          expect(affiliateCalls(spelling, scenario)).toEqual(affiliateCalls(group, scenario));
        },
      ),
    );
  });

  it("an order confirmation spelled 'order confirmation': one merged call, sent without consent for the cashback partner", () => {
    const { beforeGrant, calls } = affiliateCalls('order confirmation', { consent: false, cashback: true, events: [['purchase', 'T1']] });
    expect(beforeGrant).toBe(1);
    expect(calls).toEqual([['exactag', expect.objectContaining({ pt: 'Order Confirmation', oi: 'T1' })]]);
  });
});

/** The data-layer entries of a page whose group is spelled `spelling`, and one item list on it. */
function itemListEntries(spelling: string) {
  const pipeline = createTrackingPipeline({ facts, enabled: { gtm: true, exactag: false, ttruth: false }, groups: consented, log: () => undefined });
  pipeline.push({ kind: 'InitialPageData', data: { page_type: 's', page_name: 'S', exactag_site_group: spelling }, customerData: null });
  return pipeline.push({ kind: 'ItemListData', data: { items: 'A, B' } }).deliveries.map((d) => d.payload);
}

describe('a site group in another spelling names item lists as the page views name it', () => {
  it('the legacy list and the GA4 item_list_name are the spec spelling', () => {
    fc.assert(
      fc.property(respelled, ({ group, spelling }) => {
        expect(itemListEntries(spelling)).toEqual(itemListEntries(group));
        expect(JSON.stringify(itemListEntries(spelling))).toContain(`"item_list_name":"${group}"`);
      }),
    );
  });
});

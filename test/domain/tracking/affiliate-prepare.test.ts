import fc from 'fast-check';
import { groupsFromActiveGroupsList, NO_GROUPS } from '../../../src/domain/tracking/consent-groups';
import type { Delivery } from '../../../src/domain/tracking/deliveries';
import { AFFILIATE_EXPECTED_ECOMMERCE } from '../../../src/domain/tracking/affiliate-wait';
import { SITE_GROUPS } from '../../../src/domain/tracking/mapping/exactag-site-groups';
import { createTrackingPipeline } from '../../../src/domain/tracking/pipeline';
import { pageFactsAt } from './page-facts-fixture';

const facts = pageFactsAt('/p');
const consented = groupsFromActiveGroupsList(',C0001,C0004,') ?? NO_GROUPS;
const isPrepare = (d: Delivery) => d.destination === 'exactag' && Object.keys(d.payload).length === 0;

describe('the affiliate script is loaded while a page view waits for its e-commerce event', () => {
  it('with the affiliate tracker on and in scope: the empty payload goes with the page data, or at the consent grant; never otherwise', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SITE_GROUPS),
        fc.record({ consent: fc.boolean(), exactag: fc.boolean(), inScope: fc.boolean(), appContext: fc.boolean() }),
        (group, { consent, exactag, inScope, appContext }) => {
          const pipeline = createTrackingPipeline({
            facts: { ...facts, appContext },
            enabled: { gtm: true, exactag, ttruth: false },
            groups: consent ? consented : NO_GROUPS,
            log: () => undefined,
          });
          const page = pipeline.push({
            kind: 'InitialPageData',
            data: { page_type: 'p', page_name: 'P', exactag_site_group: group, ...(!inScope && { scope: ['gtm'] }) },
            customerData: null,
          });
          const granted = pipeline.grantConsent(consented);
          const waits = group in AFFILIATE_EXPECTED_ECOMMERCE && exactag && inScope && !appContext;
          expect(page.deliveries.filter(isPrepare)).toHaveLength(waits && consent ? 1 : 0);
          expect(granted.filter(isPrepare)).toHaveLength(waits && !consent ? 1 : 0);
          // It is no push's own delivery: the push does not wait for the script.
          for (const delivery of [...page.deliveries, ...granted].filter(isPrepare)) expect(delivery.ticket).toBeUndefined();
        },
      ),
    );
  });

  it('without consent the page data alone logs no consent line for the affiliate tracker: its page view waits for the e-commerce event, not for consent', () => {
    const messages: string[] = [];
    const pipeline = createTrackingPipeline({
      facts,
      enabled: { gtm: false, exactag: true, ttruth: false },
      groups: NO_GROUPS,
      log: (_level, message) => messages.push(message),
    });
    pipeline.push({ kind: 'InitialPageData', data: { page_type: 'p', page_name: 'P', exactag_site_group: 'Product View' }, customerData: null });
    expect(messages.filter((message) => message.includes('exactag'))).toEqual([]);
    pipeline.push({ kind: 'EcommerceEventData', data: { event: 'view_item', ecommerce: { items: [{ item_id: 'A' }] } } });
    expect(messages.filter((message) => message.includes('exactag'))).toEqual(['No consent for exactag yet. The push waits for consent.']);
  });
});

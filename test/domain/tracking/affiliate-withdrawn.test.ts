import fc from 'fast-check';
import type { Delivery } from '../../../src/domain/tracking/deliveries';
import { groupsFromActiveGroupsList, NO_GROUPS } from '../../../src/domain/tracking/consent-groups';
import { createTrackingPipeline } from '../../../src/domain/tracking/pipeline';
import { pageFactsAt } from './page-facts-fixture';

const granted = groupsFromActiveGroupsList(',C0001,C0003,C0004,') ?? NO_GROUPS;
const refused = groupsFromActiveGroupsList(',C0001,') ?? NO_GROUPS;
const order = { transaction_id: 'T-7', currency: 'EUR', value: 10, items: [{ item_id: '1', price: 10, quantity: 1 }] };

/** The visitor changes their consent while the affiliate script loads; the script arrives for one call at a time. */
const step = fc.constantFrom('withdraw', 'grant', 'arrive');

describe('an affiliate call whose consent is withdrawn while its script loads', () => {
  it('reaches the tracker only with consent, and once consent is granted at the end, exactly once', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 14 }), (steps) => {
        const pipeline = createTrackingPipeline({ facts: pageFactsAt('/danke'), enabled: { gtm: false, exactag: true, ttruth: false }, groups: granted, log: () => undefined });
        let consent = true;
        const underWay: Delivery[] = [];
        const tracked: Delivery[] = [];
        const take = (deliveries: Delivery[]) => underWay.push(...deliveries.filter((d) => d.destination === 'exactag'));
        take(pipeline.push({ kind: 'InitialPageData', data: { page_type: 'checkout', page_name: 'thanks', exactag_site_group: 'Order Confirmation' }, ticket: 8 }).deliveries);
        take(pipeline.push({ kind: 'EcommerceEventData', data: { event: 'purchase', ecommerce: order }, ticket: 16 }).deliveries);
        const arrive = () => {
          const call = underWay.shift();
          if (!call) return;
          if (pipeline.stillAllowed(call)) {
            expect(consent).toBe(true);
            tracked.push(call);
          }
          take(pipeline.deliverySettled(call, true));
        };
        for (const next of steps) {
          if (next === 'arrive') arrive();
          else {
            consent = next === 'grant';
            take(pipeline.grantConsent(consent ? granted : refused));
          }
        }
        consent = true;
        take(pipeline.grantConsent(granted));
        while (underWay.length > 0) arrive();
        expect(tracked.filter((call) => call.payload.oi === 'T-7')).toHaveLength(1);
      }),
    );
  });
});

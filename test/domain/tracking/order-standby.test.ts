import fc from 'fast-check';
import type { Delivery } from '../../../src/domain/tracking/deliveries';
import { groupsFromActiveGroupsList, NO_GROUPS } from '../../../src/domain/tracking/consent-groups';
import { createTrackingPipeline } from '../../../src/domain/tracking/pipeline';
import { pageFactsAt } from './page-facts-fixture';

const granted = groupsFromActiveGroupsList(',C0001,C0003,C0004,') ?? NO_GROUPS;
const order = { transaction_id: 'T-7', currency: 'EUR', value: 10, items: [{ item_id: '1', price: 10, quantity: 1 }] };

/**
 * A page pushes an order's forms while the affiliate calls of the earlier ones are under way, and each
 * call reaches the tracker or fails (the script did not load), in any interleaving.
 */
const step = fc.oneof(
  fc.record({ push: fc.constantFrom('purchase', 'purchase_ga4') }),
  fc.record({ settle: fc.boolean() }),
);

describe('an order is counted once at the affiliate tracker, whichever of its calls fail', () => {
  it('one call of it reaches the tracker, or every form pushed got a call and all failed; never two are under way at once; no push waits at the end', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        const pipeline = createTrackingPipeline({ facts: pageFactsAt('/danke'), enabled: { gtm: true, exactag: true, ttruth: false }, groups: granted, log: () => undefined });
        pipeline.push({ kind: 'InitialPageData', data: { page_type: 'checkout', page_name: 'thanks', exactag_site_group: 'Order Confirmation' }, ticket: 8 });
        const underWay: Delivery[] = [];
        let ticket = 16;
        let made = 0;
        let pushes = 0;
        let failed = 0;
        let reached = 0;
        const take = (deliveries: Delivery[]) => {
          const calls = deliveries.filter((d) => d.destination === 'exactag' && d.payload.oi === 'T-7');
          made += calls.length;
          underWay.push(...calls);
          expect(underWay.length).toBeLessThanOrEqual(1);
        };
        const settle = (ok: boolean) => {
          const call = underWay.shift();
          if (!call) return;
          if (ok) reached += 1;
          else failed += 1;
          take(pipeline.deliverySettled(call, ok));
        };
        for (const next of steps) {
          if ('push' in next) pushes += 1;
          if ('push' in next) take(pipeline.push({ kind: 'EcommerceEventData', data: { event: next.push, ecommerce: order }, ticket: (ticket += 8) }).deliveries);
          else settle(next.settle);
        }
        while (underWay.length > 0) settle(true);
        expect(reached).toBe(made > failed ? 1 : 0);
        if (reached === 0) expect(made).toBe(pushes);
        // The page view (ticket 8) waits for its order when none was pushed.
        expect([...pipeline.waitingTickets()].filter((waiting) => waiting !== 8)).toEqual([]);
      }),
    );
  });
});

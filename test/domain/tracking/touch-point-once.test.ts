import fc from 'fast-check';
import { groupsFromActiveGroupsList, NO_GROUPS } from '../../../src/domain/tracking/consent-groups';
import type { Delivery } from '../../../src/domain/tracking/deliveries';
import { toTouchPointRequest } from '../../../src/domain/tracking/mapping/exactag-touch-point';
import { createTrackingPipeline } from '../../../src/domain/tracking/pipeline';
import { Warnings } from '../../../src/domain/tracking/warnings';
import { pageFactsAt } from './page-facts-fixture';

const facts = pageFactsAt('/danke');
const consented = groupsFromActiveGroupsList(',C0001,C0003,') ?? NO_GROUPS;
const TOUCH_POINT_URL = 'https://tp.example/tp';

type Form = { event: 'purchase' | 'purchase_ga4'; order: string; key?: string };

/**
 * The touch-point GETs and log texts a shop sees for the pushed forms: the pipeline's touch-point
 * deliveries turned into requests as the destination does (user key from `user_key`).
 */
function touchPoints(forms: Form[], consent = true) {
  const pipeline = createTrackingPipeline({ facts, enabled: { gtm: false, exactag: true, ttruth: false }, groups: consent ? consented : NO_GROUPS, log: () => undefined });
  const deliveries: Delivery[] = [];
  deliveries.push(...pipeline.push({ kind: 'InitialPageData', data: { page_type: 'oc', page_name: 'OC', exactag_site_group: 'Order Confirmation' }, customerData: null }).deliveries);
  for (const { event, order, key } of forms) {
    const ecommerce = { transaction_id: order, value: 10, currency: 'EUR', coupon_types: ['corporate_benefits'], items: [{ item_id: 'A' }] };
    deliveries.push(...pipeline.push({ kind: 'EcommerceEventData', data: { event, ecommerce, ...(key !== undefined && { user_key: key }) } }).deliveries);
  }
  if (!consent) deliveries.push(...pipeline.grantConsent(consented));
  const logs: string[] = [];
  const requests = deliveries
    .filter((d) => d.destination === 'exactagTouchPoint')
    .map((d) => toTouchPointRequest({ site: 'de', ecommerceEvent: d.payload, userKey: d.payload.user_key, touchPointUrl: TOUCH_POINT_URL }, (_l, m) => logs.push(m)))
    .filter((request) => request !== null)
    .map((request) => new URL(request.url).searchParams.get('uk'));
  return { requests, logs };
}

const form: fc.Arbitrary<Form> = fc.record(
  { event: fc.constantFrom('purchase' as const, 'purchase_ga4' as const), order: fc.constantFrom('T1', 'T2'), key: fc.constantFrom('K1', 'K2') },
  { requiredKeys: ['event', 'order'] },
);

describe('the corporate-benefits touch point is counted apart from the affiliate order', () => {
  it('legacy purchase without the user key, then purchase_ga4 with it: the touch point is sent once, with that key', () => {
    expect(touchPoints([{ event: 'purchase', order: 'T1' }, { event: 'purchase_ga4', order: 'T1', key: 'UK1' }])).toEqual({
      requests: ['UK1'],
      logs: [Warnings.userKeyMissing],
    });
  });

  it('per order: sent once by the first form with a key; the first form without a key before it logs the spec text', () => {
    fc.assert(
      fc.property(fc.array(form, { maxLength: 6 }), fc.boolean(), (forms, consent) => {
        const expected = { requests: [] as string[], logs: [] as string[] };
        const sent = new Set<string>();
        const warned = new Set<string>();
        for (const { order, key } of forms) {
          if (sent.has(order)) continue;
          if (key !== undefined) (sent.add(order), expected.requests.push(key));
          else if (!warned.has(order)) (warned.add(order), expected.logs.push(Warnings.userKeyMissing));
        }
        expect(touchPoints(forms, consent)).toEqual(expected);
      }),
    );
  });
});

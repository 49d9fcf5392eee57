import fc from 'fast-check';
import { CountedLeads, CountedOrders, orderIdOf } from '../../../src/domain/tracking/order-once';

const purchase = (event: string, id?: unknown) => ({ event, ecommerce: { currency: 'EUR', value: 50, ...(id !== undefined && { transaction_id: id }), items: [] } });
const form = fc.constantFrom('purchase', 'purchase_ga4');
const orderId = fc.constantFrom('ORD-1', 'ORD-2', 'ORD-3', 42);

describe('an order is counted once per page', () => {
  it('the second purchase form of the same transaction_id is not counted', () => {
    const orders = new CountedOrders();
    expect(orders.count(purchase('purchase', 'ORD-1'))).toBe(true);
    expect(orders.count(purchase('purchase_ga4', 'ORD-1'))).toBe(false);
    expect(orders.count(purchase('purchase_ga4', 'ORD-2'))).toBe(true);
  });

  it('counts each transaction_id exactly once, whatever the forms and their order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(form, orderId), { maxLength: 12 }), (pushes) => {
        const orders = new CountedOrders();
        const counted = pushes.filter(([event, id]) => orders.count(purchase(event, id))).map(([, id]) => String(id));
        expect(counted).toEqual([...new Set(pushes.map(([, id]) => String(id)))]);
      }),
    );
  });

  it('never holds back a purchase without transaction_id nor any other event', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(purchase('purchase')), fc.constant(purchase('purchase_ga4', '  ')), fc.constant(purchase('view_item', 'ORD-1')), fc.anything()), { maxLength: 10 }),
        (events) => {
          const orders = new CountedOrders();
          orders.count(purchase('purchase', 'ORD-1'));
          for (const event of events) {
            expect(orders.count(event)).toBe(true);
          }
        },
      ),
    );
  });


  it('reads the order id of purchases only', () => {
    expect(orderIdOf(purchase('purchase_ga4', ' ORD-1 '))).toBe('ORD-1');
    expect(orderIdOf(purchase('add_to_cart', 'ORD-1'))).toBeUndefined();
    expect(orderIdOf(null)).toBeUndefined();
  });
});

describe('a lead is counted once per page', () => {
  const leadId = fc.constantFrom('L-1', 'L-2', ' L-1 ', 7);
  const push = fc.oneof(
    leadId.map((id) => ['LeadData', { lead_id: id }] as const),
    leadId.map((id) => ['InitialPageData', { exactag_site_group: 'Lead', lead_id: id }] as const),
    leadId.map((id) => ['InitialPageData', { exactag_site_group: 'Content', lead_id: id }] as const),
    fc.constant(['LeadData', {}] as const),
  );

  it('sends every page data and each lead id of lead data once, unless a lead page had it', () => {
    fc.assert(
      fc.property(fc.array(push, { maxLength: 12 }), (pushes) => {
        const leads = new CountedLeads();
        const seen = new Set<string>();
        for (const [kind, pushed] of pushes) {
          const data: { lead_id?: unknown; exactag_site_group?: string } = pushed;
          const id = data.lead_id === undefined ? undefined : String(data.lead_id).trim();
          const leadPage = kind === 'InitialPageData' && data.exactag_site_group === 'Lead';
          const expected = kind === 'InitialPageData' || id === undefined || !seen.has(id);
          expect(leads.count(kind, data)).toBe(expected);
          if (id !== undefined && (kind === 'LeadData' || leadPage)) seen.add(id);
        }
      }),
    );
  });

  it('tells a Lead page whose lead was counted already, by its lead data or an earlier push of the page', () => {
    const leads = new CountedLeads();
    const leadPage = { exactag_site_group: 'lead', lead_id: 'L-1' };
    expect(leads.countedPage(leadPage)).toBe(false);
    leads.count('LeadData', { lead_id: 'L-1' });
    expect(leads.countedPage(leadPage)).toBe(true);
    expect(leads.countedPage({ exactag_site_group: 'Homepage', lead_id: 'L-1' })).toBe(false);
    expect(leads.countedPage({ exactag_site_group: 'Lead', lead_id: 'L-2' })).toBe(false);
  });
});

import fc from 'fast-check';
import {
  AFFILIATE_EXPECTED_ECOMMERCE,
  createAffiliateWait,
  expectedEcommerceFor,
} from '../../../src/domain/tracking/affiliate-wait';
import type { AffiliateSend } from '../../../src/domain/tracking/affiliate-wait';

interface Pv {
  readonly exactag_site_group?: unknown;
  readonly id: number;
}
interface Ec {
  readonly event?: unknown;
  readonly id: number;
}

const newWait = () => createAffiliateWait<Pv, Ec>();

describe('affiliate wait for an e-commerce event (spec §4 Queueing)', () => {
  it('lists the page groups of spec §2 that expect an e-commerce event', () => {
    expect(AFFILIATE_EXPECTED_ECOMMERCE).toEqual({
      'Product View': ['view_item'],
      Add_to_basket: ['add_to_cart'],
      shopping_basket: ['view_cart'],
      Checkout: ['begin_checkout', 'progress_checkout', 'reverse_checkout'],
      Checkout_Anmeldung: ['begin_checkout', 'progress_checkout', 'reverse_checkout'],
      Checkout_Bezahlart: ['begin_checkout', 'progress_checkout', 'reverse_checkout'],
      Checkout_Lastcheck: ['begin_checkout', 'progress_checkout', 'reverse_checkout'],
      Checkout_Lieferadresse: ['begin_checkout', 'progress_checkout', 'reverse_checkout'],
      Checkout_Zahlart: ['begin_checkout', 'progress_checkout', 'reverse_checkout'],
      'Order Confirmation': ['purchase', 'purchase_ga4'],
    });
  });

  it.each(['Homepage', 'Category', 'Suchergebnisseite', 'Lead', 'Content', 'UNKNOWN', undefined, 42, 'toString'])(
    'sends the page view of group %s at once',
    (group) => {
      const wait = newWait();
      const pv = { exactag_site_group: group, id: 1 };
      expect(expectedEcommerceFor(group)).toEqual([]);
      expect(wait.pageView(pv)).toEqual([{ type: 'pageView', pageView: pv }]);
      expect(wait.waiting).toBe(false);
    },
  );

  it('holds the page view of a Product View page until view_item arrives, then sends both merged', () => {
    const wait = newWait();
    const pv = { exactag_site_group: 'Product View', id: 1 };
    expect(wait.pageView(pv)).toEqual([]);
    expect(wait.waiting).toBe(true);
    const viewItem = { event: 'view_item', id: 2 };
    expect(wait.ecommerce(viewItem)).toEqual([{ type: 'pageView', pageView: pv, ecommerce: viewItem }]);
    expect(wait.waiting).toBe(false);
    // Another item view (a variant chosen) is the group's event too: it goes on its own.
    const again = { event: 'view_item', id: 3 };
    expect(wait.ecommerce(again)).toEqual([{ type: 'ecommerce', ecommerce: again }]);
    expect(wait.ecommerce({ event: 'add_to_cart', id: 4 })).toEqual([]);
  });

  it('an Order Confirmation page view waits for purchase_ga4 as well as purchase', () => {
    const wait = newWait();
    const pv = { exactag_site_group: 'Order Confirmation', id: 1 };
    wait.pageView(pv);
    const purchase = { event: 'purchase_ga4', id: 2 };
    expect(wait.ecommerce(purchase)).toEqual([{ type: 'pageView', pageView: pv, ecommerce: purchase }]);
  });

  it('an e-commerce event the page does not expect is not sent, and the page view keeps waiting', () => {
    const wait = newWait();
    const pv = { exactag_site_group: 'Checkout_Zahlart', id: 1 };
    wait.pageView(pv);
    const wish = { event: 'add_to_wishlist', id: 2 };
    expect(wait.ecommerce(wish)).toEqual([]);
    expect(wait.waiting).toBe(true);
    const progress = { event: 'progress_checkout', id: 3 };
    expect(wait.ecommerce(progress)).toEqual([{ type: 'pageView', pageView: pv, ecommerce: progress }]);
  });

  it('a new page view sends the one still waiting alone first (single-page-app navigation)', () => {
    const wait = newWait();
    const first = { exactag_site_group: 'shopping_basket', id: 1 };
    const second = { exactag_site_group: 'Homepage', id: 2 };
    wait.pageView(first);
    expect(wait.pageView(second)).toEqual([
      { type: 'pageView', pageView: first },
      { type: 'pageView', pageView: second },
    ]);
  });

  it('flush sends a waiting page view alone, once; reset drops it', () => {
    const wait = newWait();
    const pv = { exactag_site_group: 'Add_to_basket', id: 1 };
    wait.pageView(pv);
    expect(wait.flush()).toEqual([{ type: 'pageView', pageView: pv }]);
    expect(wait.flush()).toEqual([]);
    wait.pageView(pv);
    wait.reset();
    expect(wait.flush()).toEqual([]);
  });

  it.each(['Homepage', 'Lead', 'Category', 'Order Confirmation'])(
    'on a %s page an add to cart after the page view is neither a page view nor a lead: nothing is sent',
    (group) => {
      const wait = newWait();
      wait.pageView({ exactag_site_group: group, id: 1 });
      expect(wait.ecommerce({ event: 'add_to_cart', id: 2 })).toEqual([]);
    },
  );

  // Written out, not derived from the table the code reads: which events a page group sends alone.
  it.each([
    ['Checkout_Lastcheck', 'purchase', true],
    ['Checkout_Lastcheck', 'purchase_ga4', true],
    ['UNKNOWN', 'purchase', true],
    ['Homepage', 'purchase_ga4', true],
    ['Order Confirmation', 'purchase', true],
    ['Product View', 'view_item', true],
    ['Product View', 'add_to_cart', false],
    ['Homepage', 'add_to_cart', false],
    ['Lead', 'view_item', false],
    ['Checkout', 'add_to_wishlist', false],
    ['Order Confirmation', 'view_item', false],
  ])('after the page view of a %s page, %s is sent alone: %s', (group, event, sent) => {
    const wait = newWait();
    wait.pageView({ exactag_site_group: group, id: 1 });
    wait.flush();
    const ec = { event, id: 2 };
    expect(wait.ecommerce(ec)).toEqual(sent ? [{ type: 'ecommerce', ecommerce: ec }] : []);
  });

  it('an order pushed on a checkout page goes alone while the checkout page view keeps waiting', () => {
    const wait = newWait();
    const pv = { exactag_site_group: 'Checkout_Zahlart', id: 1 };
    wait.pageView(pv);
    const purchase = { event: 'purchase', id: 2 };
    expect(wait.ecommerce(purchase)).toEqual([{ type: 'ecommerce', ecommerce: purchase }]);
    expect(wait.waiting).toBe(true);
  });

  it('an order without a page view yet is still sent; any other event is not', () => {
    const purchase = { event: 'purchase_ga4', id: 1 };
    expect(newWait().ecommerce(purchase)).toEqual([{ type: 'ecommerce', ecommerce: purchase }]);
  });

  it('an e-commerce event other than an order without a page view (none yet, or after a reset) is not sent', () => {
    const wait = newWait();
    expect(wait.ecommerce({ event: 'add_to_cart', id: 1 })).toEqual([]);
    wait.pageView({ exactag_site_group: 'Add_to_basket', id: 2 });
    wait.reset();
    expect(wait.ecommerce({ event: 'add_to_cart', id: 3 })).toEqual([]);
  });
});

describe('affiliate wait properties', () => {
  const groups = [...Object.keys(AFFILIATE_EXPECTED_ECOMMERCE), 'Homepage', 'Lead', 'Category'];
  const events = ['view_item', 'add_to_cart', 'view_cart', 'begin_checkout', 'purchase', 'purchase_ga4', 'view_wishlist'];
  const op = fc.oneof(
    fc.record({ type: fc.constant('pv' as const), group: fc.constantFrom(...groups) }),
    fc.record({ type: fc.constant('ec' as const), event: fc.constantFrom(...events) }),
  );

  it('every page view is sent once, in order; an order once, another e-commerce event once when its page group expects it, else never', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 50 }), (ops) => {
        const wait = newWait();
        const sent: AffiliateSend<Pv, Ec>[] = [];
        let group: string | undefined;
        const expectedIds: number[] = [];
        ops.forEach((o, id) => {
          if (o.type === 'pv') {
            group = o.group;
            sent.push(...wait.pageView({ exactag_site_group: o.group, id }));
          } else {
            if (['purchase', 'purchase_ga4'].includes(o.event) || (expectedEcommerceFor(group) as readonly string[]).includes(o.event)) expectedIds.push(id);
            sent.push(...wait.ecommerce({ event: o.event, id }));
          }
        });
        sent.push(...wait.flush());
        const pvIds = sent.flatMap((s) => (s.type === 'pageView' ? [s.pageView.id] : []));
        const ecIds = sent.flatMap((s) => (s.ecommerce ? [s.ecommerce.id] : []));
        expect(pvIds).toEqual(ops.flatMap((o, id) => (o.type === 'pv' ? [id] : [])));
        expect([...ecIds].sort((a, b) => a - b)).toEqual(expectedIds);
      }),
      { numRuns: 400 },
    );
  });

  it('a merged call always pairs a page view with an e-commerce event its group expects', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 50 }), (ops) => {
        const wait = newWait();
        const sent: AffiliateSend<Pv, Ec>[] = [];
        ops.forEach((o, id) => {
          if (o.type === 'pv') sent.push(...wait.pageView({ exactag_site_group: o.group, id }));
          else sent.push(...wait.ecommerce({ event: o.event, id }));
        });
        for (const s of sent) {
          if (s.type === 'pageView' && s.ecommerce) {
            expect(expectedEcommerceFor(s.pageView.exactag_site_group)).toContain(s.ecommerce.event);
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});

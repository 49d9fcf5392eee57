import fc from 'fast-check';
import { toUaEcommerce } from '../../../../src/domain/tracking/mapping/ua-ecommerce';
import { purchaseEvent } from './ecommerce-fixture';
import { ECOMMERCE_EVENT_NAMES, allStrings, ecommerceEventInput, hasEmptyString, oddAnything } from './mapping-arbitraries';

describe("legacy enhanced e-commerce { event: 'ecommerce', ecommerce: { currencyCode, <action> } }", () => {
  it('picks the legacy action per event name; wishlist events have no legacy form', () => {
    const actions = Object.fromEntries(
      ECOMMERCE_EVENT_NAMES.map((name) => {
        const out = toUaEcommerce({ event: name, ecommerce: { currency: 'EUR' } });
        return [name, out && Object.keys(out.ecommerce as object).filter((k) => k !== 'currencyCode')[0]];
      }),
    );
    expect(actions).toEqual({
      view_item: 'detail',
      add_to_cart: 'add',
      view_cart: 'checkout',
      begin_checkout: 'checkout',
      progress_checkout: 'checkout',
      reverse_checkout: 'checkout',
      purchase: 'purchase',
      purchase_ga4: 'purchase',
      view_wishlist: undefined,
      add_to_wishlist: undefined,
      remove_from_wishlist: undefined,
    });
    expect(toUaEcommerce({ event: 'refund' })).toBeUndefined();
  });

  it('maps a purchase with its actionField, products and the order summary', () => {
    expect(toUaEcommerce(purchaseEvent)).toEqual({
      event: 'ecommerce',
      ecommerce: {
        currencyCode: 'EUR',
        purchase: {
          // The order's coupons (spec §3), pipe-joined as in GA4: `purchase` reaches the legacy form only.
          actionField: { id: 'T-1001', affiliation: 'webshop', revenue: 40.9, tax: 6.53, shipping: 4.95, coupon_types: 'percent|shipping' },
          products: [
            {
              id: '400123456',
              name: 'Barista Caffè Crema',
              brand: 'Barista',
              variant: '1 kg',
              price: 12.5,
              quantity: 2,
              category: 'Kaffee/Bohnen/Crema/Arabica',
              position: 1,
              list: 'Suchergebnisseite',
            },
            { id: '400654321', name: 'Milchschäumer', brand: 'Cafissimo', price: 3.99, quantity: 0, position: 2, list: 'Empfehlungen' },
            { id: '400777777', brand: 'Barista', price: 1, position: 3, list: 'Suchergebnisseite' },
          ],
        },
      },
      coupon_values: '5',
      gift_card_value: 10,
      guest_order: true,
      brand_list: 'Barista|Cafissimo',
      product_id_list: '400123456|400654321|400777777',
      // 12.50 x 2 + 3.99 x 0 + 1.00 x 1 (missing counts 1) + shipping 4.95
      basket_value_before_rebate: 30.95,
      // total price 40.90 minus delivery costs 4.95
      basket_value_after_rebate: 35.95,
    });
  });

  it('reads amounts with thousands separators ("1.234,56") and leaves a basket value out when its inputs are missing', () => {
    const items = [{ item_id: 'a', price: '1.199,00', quantity: '1' }, { item_id: 'b', price: '1,234.50', quantity: 2 }];
    const out = toUaEcommerce({ event: 'purchase', ecommerce: { value: '3.663,00', shipping: '4,95', items } });
    expect((out?.ecommerce as { purchase: { actionField: unknown } }).purchase.actionField).toEqual({ revenue: 3663, shipping: 4.95 });
    expect(out).toMatchObject({ basket_value_before_rebate: 3672.95, basket_value_after_rebate: 3658.05 });
    // No total: no "0 minus shipping"; no price at all: no sum of nothing.
    const unpriced = toUaEcommerce({ event: 'purchase', ecommerce: { shipping: 4.95, items: [{ item_id: 'a', quantity: 1 }] } });
    expect(unpriced).not.toHaveProperty('basket_value_after_rebate');
    expect(unpriced).not.toHaveProperty('basket_value_before_rebate');
  });

  it('the basket value before rebate is the sum of price times quantity plus shipping (a missing quantity 1, a negative one 0)', () => {
    const quantity = fc.option(fc.integer({ min: -3, max: 5 }), { nil: undefined });
    const line = fc.record({ cents: fc.integer({ min: 0, max: 100_000 }), quantity });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 2000 }), (lines, shippingCents) => {
        const items = lines.map(({ cents, quantity }, i) => ({ item_id: `p${i}`, price: cents / 100, quantity }));
        const out = toUaEcommerce({ event: 'purchase', ecommerce: { shipping: shippingCents / 100, items } });
        const cents = lines.reduce((sum, { cents, quantity }) => sum + cents * Math.max(quantity ?? 1, 0), shippingCents);
        expect(out?.basket_value_before_rebate).toBeCloseTo(cents / 100, 2);
      }),
      { numRuns: 300, examples: [[[{ cents: 1000, quantity: 0 }, { cents: 1000, quantity: -1 }], 0]] },
    );
  });

  it('cuts the brand list and the product list to 100 characters on order confirmation', () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ item_id: `4000000${i}`, item_brand: `Brand ${i}` }));
    const out = toUaEcommerce({ event: 'purchase', ecommerce: { items } });
    expect(out?.brand_list).toHaveLength(100);
    expect(out?.product_id_list).toBe(items.map((item) => item.item_id).join('|').slice(0, 99)); // the 100th character was a '|'
    expect(String(out?.brand_list).startsWith('Brand 0|Brand 1|')).toBe(true);
  });

  it('names a product by its product_id when it has no item_id, as Exactag and the collector do', () => {
    const items = [{ product_id: 'P1', price: 1, quantity: 1 }, { item_id: 'I2', product_id: 'P2', price: 2, quantity: 1 }];
    const out = toUaEcommerce({ event: 'purchase', ecommerce: { transaction_id: 'T-1', items } });
    expect(out?.product_id_list).toBe('P1|I2');
    const products = (out?.ecommerce as { purchase: { products: { id?: string }[] } }).purchase.products;
    expect(products.map((product) => product.id)).toEqual(['P1', 'I2']);
  });

  it('joins stacked coupons of a line with pipes and takes the position the line brings as its index', () => {
    const items = [{ item_id: 'K1', coupon: ['SUMMER', 'STAFF'], index: 7 }, { item_id: 'K2', coupon: 'ONE' }];
    const out = toUaEcommerce({ event: 'purchase', ecommerce: { transaction_id: 'T-1', items } });
    const products = (out?.ecommerce as { purchase: { products: { coupon?: string; position?: number }[] } }).purchase.products;
    expect(products.map(({ coupon, position }) => ({ coupon, position }))).toEqual([
      { coupon: 'SUMMER|STAFF', position: 7 },
      { coupon: 'ONE', position: 2 },
    ]);
  });

  it('sends the order summary only on purchase', () => {
    const out = toUaEcommerce({ event: 'add_to_cart', ecommerce: { list_name: 'Category', items: [{ item_id: 'a', item_brand: 'B' }] } });
    expect(out).toEqual({
      event: 'ecommerce',
      ecommerce: { add: { actionField: { list: 'Category' }, products: [{ id: 'a', brand: 'B', position: 1, list: 'Category' }] } },
    });
  });

  it('carries checkout step and option in the checkout actionField', () => {
    const out = toUaEcommerce({ event: 'progress_checkout', ecommerce: { checkout_step: '3', checkout_option: 'paypal' } });
    expect(out?.ecommerce).toEqual({ checkout: { actionField: { step: 3, option: 'paypal' }, products: [] } });
  });

  it('never throws on arbitrary input (fc.anything and fc.object)', () => {
    fc.assert(fc.property(fc.oneof(oddAnything, fc.object(), ecommerceEventInput), (input) => void toUaEcommerce(input)), {
      numRuns: 500,
    });
  });

  it('never contains an empty string at any depth', () => {
    fc.assert(fc.property(ecommerceEventInput, (input) => {
      expect(hasEmptyString(toUaEcommerce(input))).toBe(false);
    }), {
      numRuns: 500,
    });
  });

  it('the brand list and the product list are never longer than 100 characters', () => {
    const brand = fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.constant(''));
    fc.assert(
      fc.property(fc.array(fc.record({ item_id: brand, item_brand: brand }), { maxLength: 60 }), (items) => {
        const out = toUaEcommerce({ event: 'purchase', ecommerce: { items } });
        for (const list of [out?.brand_list, out?.product_id_list]) expect(allStrings(list).every((s) => s.length <= 100)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

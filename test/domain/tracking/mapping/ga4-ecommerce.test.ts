import fc from 'fast-check';
import type { LogLevel } from '../../../../src/domain/tracking/log-buffer';
import { toGa4Ecommerce } from '../../../../src/domain/tracking/mapping/ga4-ecommerce';
import { toUaEcommerce } from '../../../../src/domain/tracking/mapping/ua-ecommerce';
import { ga4Quantity } from '../../../../src/domain/tracking/mapping/ga4-ecommerce-item';
import { validateEntity } from '../../../../src/domain/tracking/validation';
import { Warnings } from '../../../../src/domain/tracking/warnings';
import { purchaseEvent } from './ecommerce-fixture';
import { ECOMMERCE_EVENT_NAMES, allStrings, ecommerceEventInput, fieldValue, hasEmptyString, oddAnything } from './mapping-arbitraries';

const collect = () => {
  const logged: { level: LogLevel; message: string }[] = [];
  return { logged, log: (level: LogLevel, message: string) => void logged.push({ level, message }) };
};
const itemsOf = (out: Record<string, unknown> | undefined) =>
  (out?.ecommerce as { items: Record<string, unknown>[] }).items;

describe('GA4 e-commerce { event: <GA4 name>, ecommerce }', () => {
  it("maps purchase_ga4 to GA4's purchase with the ecommerce block and the top-level extras", () => {
    const out = toGa4Ecommerce(purchaseEvent);
    expect(out).toMatchObject({
      event: 'purchase',
      ecommerce: {
        currency: 'EUR',
        value: 40.9,
        tax: 6.53,
        shipping: 4.95,
        affiliation: 'webshop',
        transaction_id: 'T-1001',
        coupon_types: 'percent|shipping',
        item_list_name: 'Suchergebnisseite',
      },
      coupon_values: '5',
      gift_card_value: 10,
      guest_order: true,
    });
    expect(out?.ecommerce).not.toHaveProperty('coupon');
  });

  it('keeps the other spec event names as they are', () => {
    for (const name of ECOMMERCE_EVENT_NAMES.filter((n) => n !== 'purchase_ga4')) {
      expect(toGa4Ecommerce({ event: name })?.event).toBe(name);
    }
  });

  it('maps items to GA4 form: ids as text, assortment levels 0..4 as item_category..item_category5, 1-based index', () => {
    expect(itemsOf(toGa4Ecommerce(purchaseEvent))[0]).toEqual({
      item_id: '400123456',
      item_name: 'Barista Caffè Crema',
      item_brand: 'Barista',
      item_variant: '1 kg',
      price: 12.5,
      quantity: 2,
      index: 1,
      item_category: 'Kaffee',
      item_category2: 'Bohnen',
      item_category3: 'Crema',
      item_category5: 'Arabica',
      item_list_name: 'Suchergebnisseite',
      source_product_id_list: '400111111|400222222',
      quickbuy: true,
      webshop_style: false,
    });
  });

  it('skips an empty item, which keeps its place: the items after it keep their index, in both forms', () => {
    const event = { event: 'add_to_cart', ecommerce: { items: [{ item_id: 'a' }, {}, { item_id: 'b' }] } };
    expect(itemsOf(toGa4Ecommerce(event)).map((item) => [item.item_id, item.index])).toEqual([['a', 1], ['b', 3]]);
    const legacy = toUaEcommerce(event)?.ecommerce as { add: { products: Record<string, unknown>[] } };
    expect(legacy.add.products.map((product) => [product.id, product.position])).toEqual([['a', 1], ['b', 3]]);
  });

  it('defaults quantity to 1 when it is zero or missing (spec §5)', () => {
    const [, second, third] = itemsOf(toGa4Ecommerce(purchaseEvent));
    expect(second).toMatchObject({ quantity: 1, index: 2, item_list_name: 'Empfehlungen' });
    expect(third).toMatchObject({ quantity: 1, index: 3 });
    expect(ga4Quantity('3')).toBe(3);
    expect(ga4Quantity('0')).toBe(1);
    expect(ga4Quantity('n/a')).toBe(1);
  });

  it('keeps a quantity that is neither zero nor missing: half a kilo of beans, a corrected line (spec §5)', () => {
    const event = { event: 'add_to_cart', ecommerce: { items: [{ item_id: 'A', quantity: 0.5 }, { item_id: 'B', quantity: '-1' }] } };
    expect(itemsOf(toGa4Ecommerce(event)).map((item) => item.quantity)).toEqual([0.5, -1]);
  });

  it('parses value with fallback 0 and leaves tax, shipping and prices out when they are not numbers', () => {
    const out = toGa4Ecommerce({ event: 'view_item', ecommerce: { value: 'n/a', tax: '', items: [{ item_id: 'a', price: 'free' }] } });
    expect(out?.ecommerce).toEqual({ value: 0, items: [{ item_id: 'a', quantity: 1, index: 1 }] });
  });

  it('keeps the revenue of an order of 1000 € or more written with thousands separators ("1.234,56"), without a warning', () => {
    const event = { event: 'purchase_ga4', ecommerce: { value: '1.234,56', shipping: '4,95', items: [{ item_id: 'a', price: '1.199,00' }] } };
    const checked = validateEntity('EcommerceEventData', event);
    expect(checked).not.toHaveProperty('warnings');
    const out = toGa4Ecommerce(checked.ok ? checked.value : undefined);
    expect(out?.ecommerce).toMatchObject({ value: 1234.56, shipping: 4.95, items: [{ item_id: 'a', price: 1199 }] });
  });

  it('takes an order whose line carries stacked coupons, an own index or only a product_id, as every destination names them', () => {
    const event = {
      event: 'purchase_ga4',
      ecommerce: {
        transaction_id: 'T-27',
        value: 30,
        items: [
          { item_id: 'K1', price: 30, coupon: ['SUMMER', 'STAFF'], index: 7 },
          { product_id: '920001', price: 5 },
        ],
      },
    };
    const checked = validateEntity('EcommerceEventData', event);
    expect(checked.ok).toBe(true);
    expect(checked).not.toHaveProperty('warnings');
    const items = itemsOf(toGa4Ecommerce(checked.ok ? checked.value : undefined));
    expect(items[0]).toMatchObject({ item_id: 'K1', coupon: 'SUMMER|STAFF', index: 7 });
    expect(items[1]).toMatchObject({ item_id: '920001', product_id: '920001', index: 2 });
  });

  it('writes each coupon value as a number, whichever decimal separator the shop used', () => {
    const out = toGa4Ecommerce({ event: 'purchase', ecommerce: { transaction_id: 'T-6' }, coupon_values: ['1,50', 2, 'staff'], transaction_coupon_value: '3,5' });
    expect(out).toMatchObject({ coupon_values: '1.5|2|staff', transaction_coupon_value: 3.5 });
    expect(toGa4Ecommerce({ event: 'purchase', coupon_values: '1,50|2,00' })).toMatchObject({ coupon_values: '1.5|2' });
    // Written as a text, each amount is rounded to cents as every amount the library writes is.
    expect(toGa4Ecommerce({ event: 'purchase', coupon_values: [0.1 + 0.2, '1,005', 61.425, -0] })).toMatchObject({ coupon_values: '0.3|1.01|61.43|0' });
  });

  it('returns nothing and warns for an unknown event name', () => {
    const { logged, log } = collect();
    expect(toGa4Ecommerce({ event: 'refund' }, log)).toBeUndefined();
    expect(logged).toEqual([{ level: 5, message: 'Unknown e-commerce event "refund" is not sent to the data layer.' }]);
  });

  it('logs the spec error for quickbuy / webshop_style that are not flags and leaves them out', () => {
    const { logged, log } = collect();
    const out = toGa4Ecommerce({ event: 'add_to_cart', ecommerce: { items: [{ item_id: 'a', quickbuy: 'yes', webshop_style: 'TRUE' }] } }, log);
    expect(itemsOf(out)[0]).toEqual({ item_id: 'a', quantity: 1, index: 1, webshop_style: true });
    expect(logged).toEqual([
      {
        level: 6,
        message:
          'The Properties quickbuy and webshop_style have to be passed as boolean or as "true" / "false". Random strings can not be processed.',
      },
    ]);
    expect(logged[0]?.message).toBe(Warnings.quickbuyWebshopStyle);
  });

  it.each(['0', '1', 'no', 'off', 'on'])('takes %j for quickbuy or webshop_style as no flag: the spec error, and the field left out', (value) => {
    for (const field of ['quickbuy', 'webshop_style']) {
      const { logged, log } = collect();
      const out = toGa4Ecommerce({ event: 'add_to_cart', ecommerce: { items: [{ item_id: 'a', [field]: value }] } }, log);
      expect(itemsOf(out)[0]).toEqual({ item_id: 'a', quantity: 1, index: 1 });
      expect(logged.map((entry) => entry.message)).toEqual([Warnings.quickbuyWebshopStyle]);
    }
  });

  it('cuts pipe-joined coupon lists to 100 characters', () => {
    const codes = Array.from({ length: 30 }, (_, i) => `CODE${i}`);
    const out = toGa4Ecommerce({ event: 'purchase', ecommerce: { coupon_codes: codes } });
    expect((out?.ecommerce as { coupon_codes: string }).coupon_codes).toHaveLength(100);
  });

  it('never throws on arbitrary input (fc.anything and fc.object)', () => {
    fc.assert(fc.property(fc.oneof(oddAnything, fc.object(), ecommerceEventInput), (input) => void toGa4Ecommerce(input)), {
      numRuns: 500,
    });
  });

  it('never contains an empty string at any depth', () => {
    fc.assert(fc.property(ecommerceEventInput, (input) => {
      expect(hasEmptyString(toGa4Ecommerce(input))).toBe(false);
    }), {
      numRuns: 500,
    });
  });

  it('GA4 quantity is never zero or missing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ECOMMERCE_EVENT_NAMES), fc.array(fieldValue, { maxLength: 10 }), (event, quantities) => {
        const items = itemsOf(toGa4Ecommerce({ event, ecommerce: { items: quantities.map((quantity, i) => ({ item_id: `p${i}`, quantity })) } }));
        expect(items).toHaveLength(quantities.length);
        for (const item of items) {
          expect(typeof item.quantity).toBe('number');
          expect(item.quantity).not.toBe(0);
          expect(Number.isNaN(item.quantity)).toBe(false);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('pipe-joined lists are never longer than 100 characters', () => {
    fc.assert(
      fc.property(ecommerceEventInput, (input) => {
        const out = toGa4Ecommerce(input);
        const ecommerce = (out?.ecommerce ?? {}) as Record<string, unknown>;
        const lists = [out?.coupon_values, ecommerce.coupon_types, ecommerce.coupon_campaigns, ecommerce.coupon_codes];
        for (const item of (ecommerce.items ?? []) as Record<string, unknown>[]) lists.push(item.source_product_id_list);
        for (const list of lists) expect(allStrings(list).every((s) => s.length <= 100)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

import fc from 'fast-check';
import { toExactagPayload } from '../../../../src/domain/tracking/mapping/exactag';
import { toLeadEntry } from '../../../../src/domain/tracking/mapping/lead';
import { toUaEcommerce } from '../../../../src/domain/tracking/mapping/ua-ecommerce';

const ignoreLog = () => undefined;

/** An amount as a shop writes it, with three decimals: `12.345`, and the cents a person rounds it to (half away from zero). */
const threeDecimalAmount = fc
  .tuple(fc.integer({ min: 0, max: 2_147_483_647 }), fc.integer({ min: 0, max: 999 }))
  .map(([whole, thousandths]) => {
    const text = `${whole}.${String(thousandths).padStart(3, '0')}`;
    const cents = whole * 100 + Math.floor(thousandths / 10) + (thousandths % 10 >= 5 ? 1 : 0);
    return { text, rounded: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` };
  });

const orderPayloads = (value: string) => {
  const ecommerce = { transaction_id: 'T-1', value, currency: 'EUR', items: [{ item_id: '1', price: value, quantity: 1 }] };
  const legacy = toUaEcommerce({ event: 'purchase', ecommerce });
  const exactag = toExactagPayload({ pageData: { exactag_site_group: 'Order Confirmation' }, ecommerceEvent: { event: 'purchase', ecommerce } }, ignoreLog);
  return { legacy, exactag };
};

describe('amounts rounded to cents the same way in every destination (half away from zero, as written)', () => {
  it('an order of 61.425 is 61.43 in the data layer and in the Exactag order value, 100.005 is 100.01', () => {
    for (const [value, cents] of [['61.425', 61.43], ['100.005', 100.01], ['1.005', 1.01]] as const) {
      const { legacy, exactag } = orderPayloads(value);
      expect(legacy).toMatchObject({ basket_value_before_rebate: cents, basket_value_after_rebate: cents });
      expect(exactag.ov).toBe(cents.toFixed(2));
    }
  });

  it('a lead value of 1.005 is 1.01 in the lead entry and in the Exactag lead value', () => {
    expect(toLeadEntry({ lead_id: 'L-1', lead_value: '1.005' })).toMatchObject({ lead_total_price: '1.01' });
    expect(toExactagPayload({ pageData: { exactag_site_group: 'Lead' }, lead: { lead_id: 'L-1', lead_value: 1.005 } }, ignoreLog).lv).toBe('1.01');
  });

  it('keeps the cents of large amounts and the written form of amounts beyond them', () => {
    for (const [value, cents] of [['10000000000000.01', '10000000000000.01'], ['12345678901234.56', '12345678901234.56'], ['-1.005', '-1.01'], ['1e21', '1e+21']] as const) {
      expect(toLeadEntry({ lead_id: 'L', lead_value: value }).lead_total_price).toBe(cents);
    }
    expect(orderPayloads('99999999999999.98').legacy?.basket_value_after_rebate).toBe(99999999999999.98);
  });

  it('the basket value before rebate of fractional quantities (1.5 kg at 5.05) is the cents a person works out, not those of its binary sum', () => {
    const legacy = (items: unknown[], shipping: number) =>
      toUaEcommerce({ event: 'purchase', ecommerce: { transaction_id: 'T-1', value: 1, currency: 'EUR', shipping, items } });
    expect(legacy([{ item_id: '1', price: 5.05, quantity: 1.5 }], 0)?.basket_value_before_rebate).toBe(7.58);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 20 })), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, shippingCents) => {
          // Each line: a price in cents and a quantity in halves (1.5 kg is 3); the sum in half-cents, exactly.
          const halfCents = lines.reduce((sum, [cents, halves]) => sum + cents * halves, 2 * shippingCents);
          const items = lines.map(([cents, halves], index) => ({ item_id: String(index), price: cents / 100, quantity: halves / 2 }));
          expect(legacy(items, shippingCents / 100)?.basket_value_before_rebate).toBe(Math.floor((halfCents + 1) / 2) / 100);
        },
      ),
      { numRuns: 500, examples: [[[[35, 3]], 0], [[[617, 3]], 0]] },
    );
  });

  it('any amount with three decimals: the data layer, the lead total and Exactag agree with the cents a person writes', () => {
    fc.assert(
      fc.property(threeDecimalAmount, ({ text, rounded }) => {
        const { legacy, exactag } = orderPayloads(text);
        expect(exactag.ov).toBe(rounded);
        expect(legacy?.basket_value_after_rebate).toBe(Number(rounded));
        expect(toLeadEntry({ lead_id: 'L', lead_value: text }).lead_total_price).toBe(rounded);
      }),
      { numRuns: 500, examples: [[{ text: '61.425', rounded: '61.43' }], [{ text: '0.005', rounded: '0.01' }]] },
    );
  });
});

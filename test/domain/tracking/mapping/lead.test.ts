import fc from 'fast-check';
import { formatLeadTotalPrice, toLeadEntry } from '../../../../src/domain/tracking/mapping/lead';
import { hasEmptyString, inputOf, oddAnything } from './mapping-arbitraries';

describe("lead { event: 'lead', lead_id, lead_value, lead_total_price }", () => {
  it('formats the lead total price to 2 decimals', () => {
    expect(toLeadEntry({ lead_id: 'L-77', lead_value: 12.5, exactag_level: 'x' })).toEqual({
      event: 'lead',
      lead_id: 'L-77',
      lead_value: 12.5,
      lead_total_price: '12.50',
    });
    expect(formatLeadTotalPrice(12)).toBe('12.00');
    expect(formatLeadTotalPrice('7,5')).toBe('7.50');
    expect(formatLeadTotalPrice(0.125)).toBe('0.13');
  });

  it('leaves value and total price out without a numeric lead value', () => {
    expect(toLeadEntry({ lead_id: 4711, lead_value: '' })).toEqual({ event: 'lead', lead_id: '4711' });
    expect(toLeadEntry(null)).toEqual({ event: 'lead' });
  });

  it('never throws on arbitrary input (fc.anything and fc.object)', () => {
    fc.assert(fc.property(fc.oneof(oddAnything, fc.object()), (input) => void toLeadEntry(input)), { numRuns: 300 });
  });

  it('never contains an empty string, and the total price always has exactly 2 decimals', () => {
    fc.assert(
      fc.property(inputOf(['lead_id', 'lead_value', 'exactag_level'], { lead_value: fc.oneof(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.constantFrom('', 'n/a', '12,5', ' 3 ')) }), (input) => {
        const out = toLeadEntry(input);
        expect(hasEmptyString(out)).toBe(false);
        if (out.lead_total_price !== undefined) expect(out.lead_total_price).toMatch(/^-?\d+\.\d{2}$/);
      }),
      { numRuns: 400 },
    );
  });
});

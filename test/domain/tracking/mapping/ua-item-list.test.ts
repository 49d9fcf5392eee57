import fc from 'fast-check';
import { toUaItemList } from '../../../../src/domain/tracking/mapping/ua-item-list';
import { hasEmptyString, inputOf, oddAnything } from './mapping-arbitraries';

describe("legacy impressions { event: 'ecommerce', ecommerce: { impressions } }", () => {
  it('lists the ids as impressions with the spec position 1 + index + (page number - 1) * max items per page', () => {
    expect(toUaItemList({ items: [{ item_id: 'a' }, 'b'], list_page_number: 2, max_items_per_page: 24, search_id: 's-1' }, 'Category')).toEqual({
      event: 'ecommerce',
      ecommerce: {
        impressions: [
          { id: 'a', position: 25, list: 'Category' },
          { id: 'b', position: 26, list: 'Category' },
        ],
      },
      search_id: 's-1',
    });
  });

  it('never throws on arbitrary input (fc.anything and fc.object)', () => {
    fc.assert(fc.property(fc.oneof(oddAnything, fc.object()), (input) => void toUaItemList(input)), { numRuns: 300 });
  });

  it('never contains an empty string at any depth', () => {
    fc.assert(
      fc.property(inputOf(['items', 'search_id', 'list_page_number', 'max_items_per_page', 'fallback_search_result']), (input) => {
        expect(hasEmptyString(toUaItemList(input))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

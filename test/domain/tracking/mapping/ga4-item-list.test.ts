import fc from 'fast-check';
import { toGa4ItemList } from '../../../../src/domain/tracking/mapping/ga4-item-list';
import { itemListPosition } from '../../../../src/domain/tracking/mapping/item-list-position';
import { hasEmptyString, inputOf, oddAnything } from './mapping-arbitraries';

const KEYS = ['items', 'search_id', 'list_page_number', 'max_items_per_page', 'fallback_search_result', 'emitter', 'cot_client_version'];
const itemsOf = (out: Record<string, unknown>) => (out.ecommerce as { items: Record<string, unknown>[] }).items;

describe("GA4 item list { event: 'view_item_list' }", () => {
  it('positions the items as 1 + index + (page number - 1) * max items per page', () => {
    const out = toGa4ItemList(
      { items: ['400000001', 400000002, '', '400000004'], list_page_number: 3, max_items_per_page: 24, search_id: 's-42', fallback_search_result: false },
      'Suchergebnisseite',
    );
    expect(out).toEqual({
      event: 'view_item_list',
      ecommerce: {
        item_list_name: 'Suchergebnisseite',
        items: [
          { item_id: '400000001', index: 49, item_list_name: 'Suchergebnisseite' },
          { item_id: '400000002', index: 50, item_list_name: 'Suchergebnisseite' },
          { item_id: '400000004', index: 52, item_list_name: 'Suchergebnisseite' },
        ],
      },
      search_id: 's-42',
      fallback_search_result: false,
    });
  });

  it('counts a missing or invalid page number as page 1 and reads numeric texts', () => {
    expect(itemsOf(toGa4ItemList({ items: ['a', 'b'], max_items_per_page: 24 })).map((i) => i.index)).toEqual([1, 2]);
    expect(itemsOf(toGa4ItemList({ items: ['a'], list_page_number: 0, max_items_per_page: 24 }))[0]?.index).toBe(1);
    expect(itemsOf(toGa4ItemList({ items: 'a, b', list_page_number: '2', max_items_per_page: '30' })).map((i) => [i.item_id, i.index])).toEqual([
      ['a', 31],
      ['b', 32],
    ]);
  });

  it('counts a page number or page size too large for a position as page 1: every position is a whole number', () => {
    for (const [page, max] of [[1e308, 10], [2, 1e308], [2 ** 53, 24]]) {
      expect(itemsOf(toGa4ItemList({ items: ['a', 'b'], list_page_number: page, max_items_per_page: max })).map((i) => i.index)).toEqual([1, 2]);
    }
  });

  it("keeps the data's own emitter and client version", () => {
    expect(toGa4ItemList({ items: [], emitter: 'search-page', cot_client_version: '5.3.0' })).toMatchObject({
      emitter: 'search-page',
      cot_client_version: '5.3.0',
    });
  });

  it('the position formula holds for arbitrary index, page number and max items per page', () => {
    fc.assert(
      fc.property(fc.nat(200), fc.integer({ min: 1, max: 10_000 }), fc.nat(500), (index, page, max) => {
        expect(itemListPosition(index, page, max)).toBe(1 + index + (page - 1) * max);
        const items = Array.from({ length: index + 1 }, (_, i) => `p${i}`);
        const last = itemsOf(toGa4ItemList({ items, list_page_number: page, max_items_per_page: String(max) })).at(-1);
        expect(last).toEqual({ item_id: `p${index}`, index: 1 + index + (page - 1) * max });
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary input (fc.anything and fc.object)', () => {
    fc.assert(fc.property(fc.oneof(oddAnything, fc.object()), oddAnything, (input, listName) => void toGa4ItemList(input, listName)), {
      numRuns: 400,
    });
  });

  it('never contains an empty string at any depth, and every position is at least 1', () => {
    fc.assert(
      fc.property(inputOf(KEYS), (input) => {
        const out = toGa4ItemList(input);
        expect(hasEmptyString(out)).toBe(false);
        for (const item of itemsOf(out)) expect(item.index).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 400 },
    );
  });
});

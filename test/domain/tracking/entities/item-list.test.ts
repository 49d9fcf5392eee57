import { ItemListDataSchema } from '../../../../src/domain/tracking/entities/item-list';

describe('ItemListDataSchema', () => {
  it('accepts ids as strings or numbers and page numbers as numeric strings', () => {
    const list = { items: ['123456789', 42], search_id: 's-1', list_page_number: '2', max_items_per_page: 24, fallback_search_result: 'false' };
    expect(ItemListDataSchema.safeParse(list).success).toBe(true);
  });

  it('rejects a page number that is not numeric', () => {
    expect(ItemListDataSchema.safeParse({ list_page_number: 'second' }).success).toBe(false);
  });
});

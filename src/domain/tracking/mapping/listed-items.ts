/** The products of an item list (spec §3 "Item list data: items (ids)") with their positions. */
import { asArray, asRecord, isRecord, toText } from './clean';
import { itemListPosition } from './item-list-position';

/** One listed product: its id and its place across result pages. */
export interface ListedItem {
  readonly id: string;
  readonly position: number;
}

const itemIds = (items: unknown): unknown[] => (typeof items === 'string' ? items.split(',') : asArray(items));

const idOf = (item: unknown): string | undefined =>
  toText(isRecord(item) ? item.item_id : typeof item === 'string' ? item.trim() : item);

/**
 * Reads `items` (a list of ids, of `{ item_id }` objects, or a comma-separated string) with the
 * position rule of spec §5. An entry without an id is skipped but keeps its place, so the products
 * after it keep their positions on the page.
 */
export function readListedItems(itemListData: unknown): ListedItem[] {
  const data = asRecord(itemListData);
  const listed: ListedItem[] = [];
  itemIds(data.items).forEach((item, index) => {
    const id = idOf(item);
    if (id !== undefined) listed.push({ id, position: itemListPosition(index, data.list_page_number, data.max_items_per_page) });
  });
  return listed;
}

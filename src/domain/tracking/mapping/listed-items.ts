/** The products of an item list (spec §3 "Item list data: items (ids)") with their positions. */
import { asRecord, isRecord, toText } from './clean';
import { itemListPosition } from './item-list-position';

/** One listed product: its id and its place across result pages. */
export interface ListedItem {
  readonly id: string;
  readonly position: number;
  /** The entry as pushed (an id, or a record), for the destinations that send it as the page pushed it. */
  readonly entry: unknown;
}

/** The entries of item-list `items`: a list, a comma-separated text of ids, or one entry alone. */
export const listedEntries = (items: unknown): unknown[] =>
  typeof items === 'string'
    ? items.split(',').map((id) => id.trim())
    : Array.isArray(items)
      ? items
      : items === undefined || items === null
        ? []
        : [items];

/** An entry's id, as a text without surrounding blanks (a blank id is none). */
const listedIdOf = (item: unknown): string | undefined => toText(isRecord(item) ? item.item_id : item);

/**
 * Reads `items` (a list of ids or of `{ item_id }` objects, a comma-separated string, or one entry) with the
 * position rule of spec §5. An entry without an id is skipped but keeps its place, so the products
 * after it keep their positions on the page.
 */
export function readListedItems(itemListData: unknown): ListedItem[] {
  const data = asRecord(itemListData);
  const listed: ListedItem[] = [];
  listedEntries(data.items).forEach((item, index) => {
    const id = listedIdOf(item);
    if (id !== undefined) listed.push({ id, position: itemListPosition(index, data.list_page_number, data.max_items_per_page), entry: item });
  });
  return listed;
}

/** Reading the products of an event for every destination's product and brand lists (tracking spec §3, §5). */
import { asArray, asRecord, isRecord, joinPipe, toText } from './clean';
import { jsonSafeRecord } from './json-safe';
import { listedEntries, readListedItems } from './listed-items';

/**
 * The items of an event: `ecommerce.items` of an e-commerce event, else the top-level `items` of
 * item-list data (there they are plain product ids, also as a comma-separated text).
 */
export const itemsOfEvent = (event: unknown): unknown[] => {
  const record = asRecord(event);
  const nested = asArray(asRecord(record.ecommerce).items);
  return nested.length > 0 ? nested : listedEntries(record.items);
};

/** The product id of one item: `item_id`, else `product_id`; a plain id stands for itself. */
export const productIdOf = (item: unknown): string | undefined =>
  isRecord(item) ? (toText(item.item_id) ?? toText(item.product_id)) : toText(item);

/** The pipe-joined product ids, cut to 100 characters (spec §5). Empty when there is none. */
export const productIdList = (items: readonly unknown[]): string => joinPipe(items.map(productIdOf));

/** The distinct brands in order of first appearance, pipe-joined and cut to 100 characters (spec §5). */
export const brandList = (items: readonly unknown[]): string => {
  return joinPipe([...new Set(items.map((item) => toText(asRecord(item).item_brand)))]);
};

/** An item record's product ids as texts, as the data layer has them (`{ item_id: 16 }` beside an item list's '16'). */
const textIds = (record: Record<string, unknown>): Record<string, unknown> => {
  for (const key of ['item_id', 'product_id']) if (typeof record[key] === 'number') record[key] = toText(record[key]);
  return record;
};

/** The items as JSON-safe records, ids as texts; a plain product id becomes `{ item_id }`, an entry without one is left out. */
const itemRecords = (items: readonly unknown[]): Record<string, unknown>[] =>
  items.flatMap((item) => {
    // Part of the list: an item that names its list leaves it out.
    if (isRecord(item)) return [textIds(jsonSafeRecord(item, [items]))];
    const id = toText(item);
    return id === undefined ? [] : [{ item_id: id }];
  });

/**
 * The items of an event as records for the app bridge and the collector, or undefined without any:
 * an e-commerce event's as they are; an item list's as the data layer reads them (`readListedItems`:
 * entries with an `item_id`, named by it as a text), each with its place across result pages as `index`, the GA4 entry's
 * field and rule (spec §5), so an entry left out for want of an id moves none of the products after it
 * (an app counting the records put them a place too early).
 */
export const eventItemRecords = (event: unknown): Record<string, unknown>[] | undefined => {
  const record = asRecord(event);
  const nested = asArray(asRecord(record.ecommerce).items);
  if (nested.length > 0) return itemRecords(nested);
  const listed = readListedItems(record);
  if (listed.length === 0) return undefined;
  const within = Array.isArray(record.items) ? [record.items] : [];
  // The id as read (a text), also in a record: `{ item_id: 6 }` beside a plain `5` gave a warehouse both 6 and '5'.
  return listed.map(({ id, position, entry }) => ({ ...(isRecord(entry) ? jsonSafeRecord(entry, within) : {}), item_id: id, index: position }));
};

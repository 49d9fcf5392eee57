import * as z from 'zod/mini';
import { Boolish, Numeric, Text, opt } from './lenient';

/** A product shown in a list: its id, or an object carrying `item_id`. */
export const ItemListEntrySchema = z.union([Text, z.looseObject({ item_id: opt(Text) })]);
export type ItemListEntry = z.infer<typeof ItemListEntrySchema>;

/** A product list shown on the page (spec §3 Item list data); position derives from page and page size. */
export const ItemListDataSchema = z.looseObject({
  items: opt(z.array(ItemListEntrySchema)),
  search_id: opt(Text),
  list_page_number: opt(Numeric),
  max_items_per_page: opt(Numeric),
  fallback_search_result: opt(Boolish),
  emitter: opt(Text),
  cot_client_version: opt(Text),
});
export type ItemListData = z.infer<typeof ItemListDataSchema>;

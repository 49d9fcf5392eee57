import * as z from 'zod/mini';
import { ITEM_LIST_DATA, type Infer } from './fields';
import { Text, opt } from './lenient';
import { schemaOf } from './schema';

/** A product shown in a list: its id, or an object carrying `item_id`. */
export const ItemListEntrySchema = z.union([Text, z.looseObject({ item_id: opt(Text) })]);
export type ItemListEntry = z.infer<typeof ItemListEntrySchema>;

/** A product list shown on the page (spec §3 Item list data); position derives from page and page size. */
export const ItemListDataSchema = schemaOf(ITEM_LIST_DATA);
export type ItemListData = Infer<typeof ITEM_LIST_DATA>;

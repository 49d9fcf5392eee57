/** One e-commerce item (spec §3) in GA4's item form. */
import { ECOMMERCE_ITEM } from '../entities/fields';
import { asRecord, toCount, toNumber, toText } from './clean';
import { compileFields, copyFields, put } from './copy-fields';
import { toFlag, toPipeList, toScalar, type DataLayerPayload } from './values';

/** GA4 quantity: the parsed quantity, or 1 when it is zero or missing (spec §5). */
export const ga4Quantity = (value: unknown): number => toNumber(value) || 1;

/** A present value that is neither a boolean nor the string "true" / "false" (spec §5, quickbuy and webshop_style). */
export const isInvalidFlag = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '' && toFlag(value) === undefined;

/**
 * Every item field under its own name, except: assortment_level_0..4 become item_category..item_category5,
 * `list_name` becomes `item_list_name` (see below), quantity defaults to 1. Numbers fall back to
 * `undefined`; flags become booleans, and quickbuy / webshop_style that are not flags are left out (the
 * caller warns); the stock indicator keeps its type.
 */
const ITEM_FIELDS = compileFields(
  ECOMMERCE_ITEM,
  { t: toText, n: toNumber, c: toCount, l: toPipeList, q: toFlag, b: toFlag },
  {
    quantity: ga4Quantity,
    stock_indicator: toScalar,
    list_name: 0,
    assortment_level_0: 'item_category',
    assortment_level_1: 'item_category2',
    assortment_level_2: 'item_category3',
    assortment_level_3: 'item_category4',
    assortment_level_4: 'item_category5',
  },
);

/**
 * Maps one item. `position` is its 1-based place in the event's list, used as `index` unless the item
 * brings its own; `list_name` becomes `item_list_name`, falling back to the event's list name; an
 * item named by its `product_id` alone has it as `item_id` too, as the legacy form and Exactag name it.
 */
export function toGa4Item(item: unknown, position: number, eventListName?: string): DataLayerPayload {
  const fields = asRecord(item);
  const out = copyFields({}, fields, ITEM_FIELDS);
  if (out.item_id === undefined) put(out, 'item_id', toText(fields.product_id));
  out.index = toCount(fields.index) ?? position;
  return put(out, 'item_list_name', toText(fields.list_name) ?? eventListName);
}

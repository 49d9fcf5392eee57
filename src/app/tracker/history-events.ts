/**
 * What pushed events mean for the product history (spec §4 Product history): a product-source event
 * is a click, view_item an item view, add_to_cart an add to cart, a purchase deletes the purchased
 * items. The source is the page's cotcs (else its referrer); the rules are the domain's.
 */
import type { TrackedKind } from '../../domain/tracking/deliveries';
import { asArray, asRecord, toText } from '../../domain/tracking/mapping/clean';
import { productIdOf } from '../../domain/tracking/mapping/product-list';
import type { SourceRecord } from '../../domain/tracking/product-history';
import type { ProductHistoryStore } from '../../domain/tracking/product-history-store';

/** The items' product ids as every destination names them (`item_id`, else `product_id`). */
const itemIds = (data: Record<string, unknown>): unknown[] => asArray(asRecord(data.ecommerce).items).map(productIdOf);

/** The page's node levels as source levels sl1..sl5. */
export const levelsOf = (pageData: unknown): SourceRecord => {
  const page = asRecord(pageData);
  const out: Record<string, string> = {};
  for (let level = 1; level <= 5; level += 1) {
    const value = toText(page[`node_level_${level}`]);
    if (value !== undefined) out[`sl${level}`] = value;
  }
  return out;
};

/**
 * A tile click's source on a page: its node levels; on a page without them (a home page's
 * recommendations) the source the page came with (cotcs, else referrer), as a product-source event
 * there records: else the history kept the click with no source at all.
 */
export const tileSourceOf = (levels: SourceRecord, pageSource: SourceRecord): SourceRecord =>
  Object.keys(levels).length > 0 ? levels : pageSource;

/** Applies one accepted push to the history. */
export function recordInHistory(history: ProductHistoryStore, source: SourceRecord, kind: TrackedKind, data: unknown): void {
  const record = asRecord(data);
  if (kind === 'ProductSourceEventData') {
    history.click(record.webshop_product_id, source);
    return;
  }
  if (kind !== 'EcommerceEventData') return;
  const event = toText(record.event);
  if (event === 'view_item') history.itemView(itemIds(record), source);
  else if (event === 'add_to_cart') history.addToCart(itemIds(record), source);
  else if (event === 'purchase' || event === 'purchase_ga4') history.purchase(itemIds(record));
}

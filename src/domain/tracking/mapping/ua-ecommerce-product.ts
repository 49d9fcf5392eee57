/** One e-commerce item (spec §3) in the legacy enhanced-ecommerce product form. */
import { asRecord, toCount, toNumber, toText } from './clean';
import { compact } from './copy-fields';
import { productIdOf } from './product-list';
import { toPipeList, type DataLayerPayload } from './values';

/**
 * Maps one item to `{ id, name, brand, variant, price, quantity, coupon, category, position, list }`;
 * `id` is its `item_id`, else its `product_id`; `position` its own `index`, else its place in the list.
 * The category is the assortment path `level_0/level_1/...` (the legacy form's five-level hierarchy);
 * price and quantity fall back to `undefined` (only GA4 defaults the quantity to 1).
 */
export function toUaProduct(item: unknown, position: number, eventListName?: string): DataLayerPayload {
  const fields = asRecord(item);
  const levels: string[] = [];
  for (let level = 0; level <= 4; level += 1) {
    const text = toText(fields[`assortment_level_${level}`]);
    if (text !== undefined) levels.push(text);
  }
  return compact({
    id: productIdOf(fields),
    name: toText(fields.item_name),
    brand: toText(fields.item_brand),
    variant: toText(fields.item_variant),
    price: toNumber(fields.price),
    quantity: toNumber(fields.quantity),
    coupon: toPipeList(fields.coupon),
    category: levels.length > 0 ? levels.join('/') : undefined,
    position: toCount(fields.index) ?? position,
    list: toText(fields.list_name) ?? eventListName,
  });
}

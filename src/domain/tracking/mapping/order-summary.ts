/**
 * Order-confirmation figures of spec §5: the brand list and the product list (pipe-joined, cut to
 * 100 characters) and the basket value before and after rebate.
 */
import { asArray, asRecord, toNumber } from './clean';
import { put } from './copy-fields';
import { brandList, productIdList } from './product-list';
import { finiteOrUndefined, roundSumToCents } from './values';

/** The summary fields a legacy purchase entry carries at its top level. */
export interface OrderSummary {
  readonly brand_list?: string;
  readonly product_id_list?: string;
  readonly basket_value_before_rebate?: number;
  readonly basket_value_after_rebate?: number;
}

/** The quantity a line counts in the basket value: as given, a missing one 1, a negative one 0. */
const basketQuantity = (value: unknown): number => Math.max(toNumber(value, 1), 0);

/**
 * "Basket value before rebate = sum of price times quantity plus shipping" (missing shipping 0), rounded
 * to cents; `undefined` when no item has a price. A line without a price counts 0.
 */
export function basketValueBeforeRebate(items: unknown, shipping: unknown): number | undefined {
  let sum: number | undefined;
  for (const item of asArray(items)) {
    const fields = asRecord(item);
    const price = toNumber(fields.price);
    if (price !== undefined) sum = (sum ?? 0) + price * basketQuantity(fields.quantity);
  }
  return sum === undefined ? undefined : roundSumToCents(sum + toNumber(shipping, 0));
}

/**
 * "After rebate = total price minus delivery costs": the event's `value` minus its `shipping` (missing
 * 0), rounded to cents; `undefined` without a value.
 */
export function basketValueAfterRebate(value: unknown, shipping: unknown): number | undefined {
  const total = toNumber(value);
  return total === undefined ? undefined : roundSumToCents(total - toNumber(shipping, 0));
}

/**
 * Adds the order summary of the (non-empty) `items` and the `ecommerce` block's value and shipping to
 * `out`: the brand and product id lists as Exactag and the collector name them (brands once each, in
 * order of first appearance; an item's `item_id`, else its `product_id`); amounts too large to be
 * finite are left out. Returns `out`.
 */
export function putOrderSummary(out: Record<string, unknown>, items: readonly unknown[], ecommerce: Record<string, unknown>): Record<string, unknown> {
  put(out, 'brand_list', brandList(items) || undefined);
  put(out, 'product_id_list', productIdList(items) || undefined);
  put(out, 'basket_value_before_rebate', finiteOrUndefined(basketValueBeforeRebate(items, ecommerce.shipping)));
  return put(out, 'basket_value_after_rebate', finiteOrUndefined(basketValueAfterRebate(ecommerce.value, ecommerce.shipping)));
}

/** One e-commerce item (spec §3) in GA4's item form. */
import { asRecord, toNumber, toText } from './clean';
import { toFlag, toPipeList, toScalar, type DataLayerPayload } from './values';

/** GA4 quantity: the parsed quantity, or 1 when it is zero, missing or below 1 (spec §5). */
export const ga4Quantity = (value: unknown): number => {
  const quantity = toNumber(value);
  return quantity !== undefined && quantity >= 1 ? quantity : 1;
};

/** A present value that is neither a boolean nor the string "true" / "false" (spec §5, quickbuy and webshop_style). */
export const isInvalidFlag = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '' && toFlag(value) === undefined;

/**
 * Maps one item. `position` is its 1-based place in the event's list, used as `index` unless the item
 * brings its own; assortment_level_0..4 become item_category..item_category5; `list_name` becomes
 * `item_list_name`, falling back to the event's list name. Prices and other numbers fall back to
 * `undefined`; quickbuy / webshop_style that are not flags are left out (the caller warns).
 */
export function toGa4Item(item: unknown, position: number, eventListName?: string): DataLayerPayload {
  const fields = asRecord(item);
  return {
    item_id: toText(fields.item_id),
    item_name: toText(fields.item_name),
    item_brand: toText(fields.item_brand),
    item_variant: toText(fields.item_variant),
    price: toNumber(fields.price),
    quantity: ga4Quantity(fields.quantity),
    coupon: toText(fields.coupon),
    index: toNumber(fields.index) ?? position,
    item_category: toText(fields.assortment_level_0),
    item_category2: toText(fields.assortment_level_1),
    item_category3: toText(fields.assortment_level_2),
    item_category4: toText(fields.assortment_level_3),
    item_category5: toText(fields.assortment_level_4),
    item_list_name: toText(fields.list_name) ?? eventListName,
    coupon_code: toText(fields.coupon_code),
    coupon_value: toNumber(fields.coupon_value),
    item_coupon_value: toNumber(fields.item_coupon_value),
    product_order_id: toText(fields.product_order_id),
    td_order_number: toText(fields.td_order_number),
    product_id: toText(fields.product_id),
    tcm_article_number: toText(fields.tcm_article_number),
    source_product_id: toText(fields.source_product_id),
    source_product_id_list: toPipeList(fields.source_product_id_list),
    quickbuy: toFlag(fields.quickbuy),
    webshop_style: toFlag(fields.webshop_style),
    online_exclusive: toScalar(fields.online_exclusive),
    product_sale: toScalar(fields.product_sale),
    scout_price: toNumber(fields.scout_price),
    item_name_local: toText(fields.item_name_local),
    commodity_group: toText(fields.commodity_group),
    click_feature: toText(fields.click_feature),
    stock_indicator: toScalar(fields.stock_indicator),
    back_in_stock: toScalar(fields.back_in_stock),
  };
}

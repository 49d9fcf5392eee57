import * as z from 'zod/mini';
import { Warnings } from '../warnings';
import { Boolish, Numeric, Text, TextList, opt } from './lenient';

/** The e-commerce event names the library accepts (spec §3). `purchase_ga4` is sent to GA4 as `purchase`. */
export const ECOMMERCE_EVENT_NAMES = [
  'view_item',
  'add_to_cart',
  'view_cart',
  'begin_checkout',
  'progress_checkout',
  'reverse_checkout',
  'purchase',
  'purchase_ga4',
  'view_wishlist',
  'add_to_wishlist',
  'remove_from_wishlist',
] as const;
export type EcommerceEventName = (typeof ECOMMERCE_EVENT_NAMES)[number];

/** quickbuy and webshop_style: only booleans or the strings "true" / "false" (spec §5). */
export const QuickbuyFlag = z.union([z.boolean(), z.enum(['true', 'false'])], {
  error: Warnings.quickbuyWebshopStyle,
});

/** One product line of an e-commerce event (spec §3 Ecommerce item). */
export const EcommerceItemSchema = z.looseObject({
  item_id: opt(Text),
  item_name: opt(Text),
  item_brand: opt(Text),
  item_variant: opt(Text),
  price: opt(Numeric),
  quantity: opt(Numeric),
  coupon: opt(Text),
  coupon_code: opt(Text),
  coupon_value: opt(Numeric),
  item_coupon_value: opt(Numeric),
  product_order_id: opt(Text),
  td_order_number: opt(Text),
  product_id: opt(Text),
  tcm_article_number: opt(Text),
  source_product_id: opt(Text),
  source_product_id_list: opt(TextList),
  quickbuy: opt(QuickbuyFlag),
  webshop_style: opt(QuickbuyFlag),
  online_exclusive: opt(Boolish),
  product_sale: opt(Boolish),
  scout_price: opt(Numeric),
  item_name_local: opt(Text),
  commodity_group: opt(Text),
  assortment_level_0: opt(Text),
  assortment_level_1: opt(Text),
  assortment_level_2: opt(Text),
  assortment_level_3: opt(Text),
  assortment_level_4: opt(Text),
  click_feature: opt(Text),
  list_name: opt(Text),
  stock_indicator: opt(Text),
  back_in_stock: opt(Boolish),
});
export type EcommerceItem = z.infer<typeof EcommerceItemSchema>;

/** The `ecommerce` object of an e-commerce event. */
export const EcommerceDataSchema = z.looseObject({
  currency: opt(Text),
  value: opt(Numeric),
  tax: opt(Numeric),
  shipping: opt(Numeric),
  affiliation: opt(Text),
  transaction_id: opt(Text),
  coupon: opt(Text),
  coupon_types: opt(TextList),
  coupon_campaigns: opt(TextList),
  coupon_codes: opt(TextList),
  checkout_step: opt(Numeric),
  checkout_option: opt(Text),
  list_name: opt(Text),
  items: opt(z.array(EcommerceItemSchema)),
});
export type EcommerceData = z.infer<typeof EcommerceDataSchema>;

/** An e-commerce event (spec §3): `event` is required and must be one of the 11 names. */
export const EcommerceEventSchema = z.looseObject({
  event: z.enum(ECOMMERCE_EVENT_NAMES),
  ecommerce: opt(EcommerceDataSchema),
  coupon_values: opt(TextList),
  transaction_coupon_value: opt(Numeric),
  loyalty_beans_redemption: opt(z.union([Boolish, Numeric])),
  loyalty_beans_value: opt(Numeric),
  gift_card_redemption: opt(z.union([Boolish, Numeric])),
  gift_card_value: opt(Numeric),
  guest_order: opt(Boolish),
  cot_client_version: opt(Text),
  emitter: opt(Text),
});
export type EcommerceEvent = z.infer<typeof EcommerceEventSchema>;

/** Shared generators and checks for the data-layer mapper tests (not a test file itself). */
import fc from 'fast-check';

/** True when an empty string sits anywhere in the value (objects and arrays, any depth). */
export const hasEmptyString = (value: unknown): boolean =>
  value === '' ||
  (Array.isArray(value) && value.some(hasEmptyString)) ||
  (value !== null && typeof value === 'object' && Object.values(value).some(hasEmptyString));

/** Every string anywhere in the value. */
export const allStrings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value !== null && typeof value === 'object'
      ? Object.values(value).flatMap(allStrings)
      : [];

/** Anything, including the odd shapes: null prototypes, boxed values, maps, sets, sparse and typed arrays. */
export const oddAnything = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withSparseArray: true,
  withTypedArray: true,
});

/** A field value a careless caller could send: empty strings, blanks, numeric texts, NaN, nulls, odd objects. */
export const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('', ' ', null, undefined, 'true', 'false', '0', '12,5', '-3', Number.NaN, Number.POSITIVE_INFINITY),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.oneof(fc.constant(''), fc.string(), fc.integer()), { maxLength: 60 }),
  oddAnything,
);

/** A record holding any subset of the given keys, each with a `fieldValue` (or a given arbitrary). */
export const recordOf = (
  keys: readonly string[],
  overrides: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(Object.fromEntries(keys.map((key) => [key, overrides[key] ?? fieldValue])), { requiredKeys: [] });

/** Either a record of the given keys or anything at all. */
export const inputOf = (
  keys: readonly string[],
  overrides: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<unknown> => fc.oneof(recordOf(keys, overrides), oddAnything, fc.object());

export const ITEM_KEYS = [
  'item_id', 'item_name', 'item_brand', 'item_variant', 'price', 'quantity', 'coupon', 'coupon_code',
  'coupon_value', 'item_coupon_value', 'product_order_id', 'td_order_number', 'product_id',
  'tcm_article_number', 'source_product_id', 'source_product_id_list', 'quickbuy', 'webshop_style',
  'online_exclusive', 'product_sale', 'scout_price', 'item_name_local', 'commodity_group',
  'assortment_level_0', 'assortment_level_1', 'assortment_level_2', 'assortment_level_3',
  'assortment_level_4', 'click_feature', 'list_name', 'stock_indicator', 'back_in_stock', 'index',
] as const;

export const ECOMMERCE_EVENT_NAMES = [
  'view_item', 'add_to_cart', 'view_cart', 'begin_checkout', 'progress_checkout', 'reverse_checkout',
  'purchase', 'purchase_ga4', 'view_wishlist', 'add_to_wishlist', 'remove_from_wishlist',
] as const;

const ECOMMERCE_KEYS = [
  'currency', 'value', 'tax', 'shipping', 'affiliation', 'transaction_id', 'coupon', 'coupon_types',
  'coupon_campaigns', 'coupon_codes', 'checkout_step', 'checkout_option', 'list_name', 'items',
] as const;

const EXTRA_KEYS = [
  'coupon_values', 'transaction_coupon_value', 'loyalty_beans_redemption', 'loyalty_beans_value',
  'gift_card_redemption', 'gift_card_value', 'guest_order',
] as const;

/** An e-commerce event of any shape, mostly close to the spec's, often with bad values. */
export const ecommerceEventInput: fc.Arbitrary<unknown> = inputOf(['event', 'ecommerce', ...EXTRA_KEYS], {
  event: fc.oneof(fc.constantFrom(...ECOMMERCE_EVENT_NAMES), fieldValue),
  ecommerce: fc.oneof(
    recordOf(ECOMMERCE_KEYS, {
      items: fc.oneof(fc.array(fc.oneof(recordOf(ITEM_KEYS), fieldValue), { maxLength: 30 }), fieldValue),
    }),
    fieldValue,
  ),
});

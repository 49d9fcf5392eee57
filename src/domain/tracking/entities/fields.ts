/**
 * The tracking entities of spec §3 as field-kind tables: the single source of truth for what each
 * field may hold. `check.ts` validates with them in the library; the zod/mini schemas of this folder
 * are derived from them (`schema.ts`) for the server and the tests. No zod here: the library's
 * bundle imports this file.
 *
 * Every field is optional and may be null, except the required kinds (`RequiredText`, `EcommerceName`).
 * Unknown keys are always kept. Shop pages send numbers as strings, flags as "true"/"false" and ids
 * unquoted: the kinds accept all of that and transform nothing (mappers read through `toNumber` / `toText`).
 */

/** A string, or a finite number (pages often send ids and codes unquoted). */
export const TEXT = 't';
/** A finite number, or a string that parses as one ("12.5", "12,5"). */
export const NUMERIC = 'n';
/** A number like {@link NUMERIC}, read as a whole count: "1.234" results are 1234 (`toCount`). */
export const COUNT = 'c';
/** A boolean or the strings "true" / "false". */
export const BOOLISH = 'b';
/** Like {@link BOOLISH}, failing with the spec's quickbuy / webshop_style text. */
export const FLAG = 'q';
/** One text or a list of texts. */
export const TEXT_LIST = 'l';
/** A present, non-empty text (or a number): required. */
export const REQUIRED_TEXT = 'r';
/** A boolish or a numeric value. */
export const BOOLISH_OR_NUMERIC = 'g';
/** A boolish or a text value. */
export const BOOLISH_OR_TEXT = 'h';
/** A string or a list of strings (the page scope). */
export const STRINGS = 's';
/** One of the e-commerce event names: required. */
export const ECOMMERCE_NAME = 'e';
/** A listed product: its id (text), or an object whose `item_id` is a text. */
export const LISTED_ITEM = 'i';

export type ScalarKind = 't' | 'n' | 'c' | 'b' | 'q' | 'l' | 'r' | 'g' | 'h' | 's' | 'e' | 'i';
/** Marks a list kind that also takes one entry alone (see {@link oneOrList}). */
export const ONE_OR_LIST = 1;
/** A field's kind: a scalar kind, a nested entity, a list (`[kind]`), or a list or one entry (`[kind, 1]`). */
export type Kind = ScalarKind | Shape | readonly [Kind] | readonly [Kind, typeof ONE_OR_LIST];
export interface Shape {
  readonly [field: string]: Kind;
}

/** A list of `kind`, or one entry alone (the mappers read one entry as a list of one). */
export const oneOrList = <K extends Kind>(kind: K): readonly [K, typeof ONE_OR_LIST] => [kind, ONE_OR_LIST];

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

/** The two forms of an order: the legacy `purchase` and the GA4 `purchase_ga4`. */
export const ORDER_EVENT_NAMES: readonly EcommerceEventName[] = ['purchase', 'purchase_ga4'];
/** Whether an event name is an order's (either form). */
export const isOrderEvent = (name: unknown): boolean => (ORDER_EVENT_NAMES as readonly unknown[]).includes(name);

type TextValue = string | number;
type FlagValue = boolean | 'true' | 'false';
type KindValues = {
  t: TextValue;
  n: number | string;
  c: number | string;
  b: FlagValue;
  q: FlagValue;
  l: TextValue | TextValue[];
  r: TextValue;
  g: FlagValue | number | string;
  h: FlagValue | TextValue;
  s: string | string[];
  e: EcommerceEventName;
  i: TextValue | { item_id?: TextValue | null; [key: string]: unknown };
};
type ValueOf<K> = K extends ScalarKind
  ? KindValues[K]
  : K extends readonly [infer E]
    ? ValueOf<E>[]
    : K extends readonly [infer E, typeof ONE_OR_LIST]
      ? ValueOf<E> | ValueOf<E>[]
      : K extends Shape
        ? Infer<K>
        : never;
type RequiredKind = 'r' | 'e';

/** The type of an entity with the given shape (what its derived zod schema infers). */
export type Infer<S extends Shape> = { -readonly [K in keyof S as S[K] extends RequiredKind ? K : never]: ValueOf<S[K]> } & {
  -readonly [K in keyof S as S[K] extends RequiredKind ? never : K]?: ValueOf<S[K]> | null;
} & { [key: string]: unknown };

const T = TEXT;
const N = NUMERIC;
const C = COUNT;
const B = BOOLISH;
const L = TEXT_LIST;
const H = BOOLISH_OR_TEXT;

/** One A/B test the visitor takes part in. */
export const AB_TEST = { name: T, group: T } as const satisfies Shape;

/** Coffee-subscription details, with the initial page data and with GA4 custom events. */
export const SUBSCRIPTION_INFO = {
  subscription_type: T,
  incentive_type: T,
  subscription_id: T,
  delivery_interval: T,
  gift_subscription: BOOLISH_OR_TEXT,
  gift_deliveries: C,
} as const satisfies Shape;

/** The page context every other event waits for (spec §3 InitialPageData). Every field is optional. */
export const INITIAL_PAGE_DATA = {
  page_type: T,
  page_name: T,
  node_level_1: T,
  node_level_2: T,
  node_level_3: T,
  node_level_4: T,
  node_level_5: T,
  language: T,
  platform: T,
  exactag_site_group: T,
  exactag_level: T,
  lead_id: T,
  lead_value: N,
  page_quality_score: N,
  /** A list, or one test alone. */
  ab_tests: oneOrList(AB_TEST),
  number_of_product_results: C,
  number_of_available_product_results: C,
  internal_search_fallback: B,
  internal_search_campaign: T,
  product_tiles_per_row: C,
  checkout_stage: T,
  checkout_tab: T,
  ident_method: T,
  selected_consent: H,
  payment_type: T,
  avl_payment_types: L,
  shipping_method: T,
  avl_shipping_methods: L,
  origin: T,
  page_override: H,
  is_spa: B,
  /** Trackers allowed on the page: an array or a comma-separated string of 'gtm', 'exactag', 'ttruth', 'app'. */
  scope: STRINGS,
  subscription_info: SUBSCRIPTION_INFO,
  emit_tracking_executed_event: B,
} as const satisfies Shape;

/** One product line of an e-commerce event (spec §3 Ecommerce item). */
export const ECOMMERCE_ITEM = {
  item_id: T,
  item_name: T,
  item_brand: T,
  item_variant: T,
  price: N,
  quantity: N,
  /** The item's place in its list (GA4's `index`); 1-based from the list when absent. */
  index: C,
  /** One coupon or a list (pipe-joined): stacked coupons on one line. */
  coupon: L,
  coupon_code: T,
  coupon_value: N,
  item_coupon_value: N,
  product_order_id: T,
  td_order_number: T,
  product_id: T,
  tcm_article_number: T,
  source_product_id: T,
  source_product_id_list: L,
  quickbuy: FLAG,
  webshop_style: FLAG,
  online_exclusive: B,
  product_sale: B,
  scout_price: N,
  item_name_local: T,
  commodity_group: T,
  assortment_level_0: T,
  assortment_level_1: T,
  assortment_level_2: T,
  assortment_level_3: T,
  assortment_level_4: T,
  click_feature: T,
  list_name: T,
  stock_indicator: T,
  back_in_stock: B,
} as const satisfies Shape;

/** The `ecommerce` object of an e-commerce event. */
export const ECOMMERCE_DATA = {
  currency: T,
  value: N,
  tax: N,
  shipping: N,
  affiliation: T,
  transaction_id: T,
  /** One coupon or a list (pipe-joined). */
  coupon: L,
  coupon_types: L,
  coupon_campaigns: L,
  coupon_codes: L,
  checkout_step: C,
  checkout_option: T,
  list_name: T,
  items: [ECOMMERCE_ITEM],
} as const satisfies Shape;

/** An e-commerce event (spec §3): `event` is required and must be one of the 11 names. */
export const ECOMMERCE_EVENT = {
  event: ECOMMERCE_NAME,
  ecommerce: ECOMMERCE_DATA,
  coupon_values: L,
  transaction_coupon_value: N,
  loyalty_beans_redemption: BOOLISH_OR_NUMERIC,
  loyalty_beans_value: N,
  gift_card_redemption: BOOLISH_OR_NUMERIC,
  gift_card_value: N,
  guest_order: B,
  /** The corporate-benefits user key the German site's Exactag touch point sends as `uk` (the spec names no field; ours). */
  user_key: T,
  cot_client_version: T,
  emitter: T,
} as const satisfies Shape;

/** The legacy (universal) custom event: event_category and event_action are required (spec §5). */
export const LEGACY_CUSTOM_EVENT = {
  event_category: REQUIRED_TEXT,
  event_action: REQUIRED_TEXT,
  event_label: T,
  event_context: T,
  // 1 and '1' as well: the data layer's mapper reads them as true.
  event_non_interaction: BOOLISH_OR_NUMERIC,
} as const satisfies Shape;

/**
 * The GA4 custom event (spec §3): event_name names the GA4 event and is required. The GA4 mapper
 * copies every text field after event_name and every numeric field (see `ga4-custom-event.ts`).
 */
export const GA4_CUSTOM_EVENT = {
  event_type: T,
  event_name: REQUIRED_TEXT,
  click_type: T,
  click_target: T,
  component_type: T,
  origin: T,
  interaction: T,
  subject: T,
  status: T,
  attribute: T,
  specification: T,
  response_type: T,
  response_details: T,
  checkout_stage: T,
  checkout_tab: T,
  ident_method: T,
  selected_consent: H,
  shipping_method: T,
  payment_type: T,
  partner_purchase_value: N,
  subscription_value: N,
  subscription_info: SUBSCRIPTION_INFO,
  cs_quantity: N,
  cs_product_value: N,
  cs_incentive_value: N,
  cs_order_id: T,
} as const satisfies Shape;

/** A product list shown on the page (spec §3 Item list data); position derives from page and page size. */
export const ITEM_LIST_DATA = {
  /** A list, or one entry alone: a comma-separated text of ids is one text. */
  items: oneOrList(LISTED_ITEM),
  search_id: T,
  list_page_number: C,
  max_items_per_page: C,
  fallback_search_result: B,
  emitter: T,
  cot_client_version: T,
} as const satisfies Shape;

/** A product-source event (spec §3): the product whose click source is recorded. */
export const PRODUCT_SOURCE_EVENT = { webshop_product_id: REQUIRED_TEXT } as const satisfies Shape;

/** Lead data (spec §3) sent on lead pages. */
export const LEAD_DATA = { lead_id: T, lead_value: N, exactag_level: T } as const satisfies Shape;

const PROBABILITIES = { x1: N, x2: N, x3: N, x4: N, x5: N, x6: N, x7: N, x8: N, x9: N, x10: N, x11: N, x12: N, x13: N, x14: N } as const;

/** One conversion-probability block: fields x1..x14, whose meaning the spec does not show. */
export const CONVERSION_PROBABILITY = PROBABILITIES satisfies Shape;

/** The customer part of the customer frontend data (spec §3). */
export const CUSTOMER = {
  age: N,
  salutation: T,
  anonymousZip: T,
  identifiers: { partnerGuid: T },
  email: { base64: T, sha256: T },
  statuses: { isScoutUser: B, isCommunityMember: B, isNewsletterSubscriber: B, isAppUser: B },
  /** REGULAR, GOLD or NO_CARD; the spec names no field, so `cardStatus` is this library's name for it. */
  cardStatus: T,
} as const satisfies Shape;

/** The tracking part of the customer frontend data (spec §3). */
export const CUSTOMER_TRACKING = {
  loginStatus: T,
  customerTypes: L,
  customerValueSegments: { overall: T, coffee: T, cafissimo: T, mobil: T, nonfood: T, travel: T },
  channelCode: T,
  conversionProbability: {
    assortment: PROBABILITIES,
    coffee: PROBABILITIES,
    cafissimo: PROBABILITIES,
    mobil: PROBABILITIES,
  },
} as const satisfies Shape;

/** Customer frontend data fetched from the backend (spec §3, §7 call 1). tracking is null after a failed fetch. */
export const CUSTOMER_FRONTEND_DATA = { customer: CUSTOMER, tracking: CUSTOMER_TRACKING } as const satisfies Shape;

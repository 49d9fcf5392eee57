import * as z from 'zod/mini';
import { Boolish, Numeric, Text, TextList, opt } from './lenient';
import { SubscriptionInfoSchema } from './subscription-info';

/** One A/B test the visitor takes part in. */
export const AbTestSchema = z.looseObject({
  name: opt(Text),
  group: opt(Text),
});
export type AbTest = z.infer<typeof AbTestSchema>;

/** The page context every other event waits for (spec §3 InitialPageData). Every field is optional. */
export const InitialPageDataSchema = z.looseObject({
  page_type: opt(Text),
  page_name: opt(Text),
  node_level_1: opt(Text),
  node_level_2: opt(Text),
  node_level_3: opt(Text),
  node_level_4: opt(Text),
  node_level_5: opt(Text),
  language: opt(Text),
  platform: opt(Text),
  exactag_site_group: opt(Text),
  exactag_level: opt(Text),
  lead_id: opt(Text),
  lead_value: opt(Numeric),
  page_quality_score: opt(Numeric),
  ab_tests: opt(z.array(AbTestSchema)),
  number_of_product_results: opt(Numeric),
  number_of_available_product_results: opt(Numeric),
  internal_search_fallback: opt(Boolish),
  internal_search_campaign: opt(Text),
  product_tiles_per_row: opt(Numeric),
  checkout_stage: opt(Text),
  checkout_tab: opt(Text),
  ident_method: opt(Text),
  selected_consent: opt(Text),
  payment_type: opt(Text),
  avl_payment_types: opt(TextList),
  shipping_method: opt(Text),
  avl_shipping_methods: opt(TextList),
  origin: opt(Text),
  page_override: opt(Text),
  is_spa: opt(Boolish),
  /** Trackers allowed on the page: an array or a comma-separated string of 'gtm', 'exactag', 'ttruth', 'app'. */
  scope: opt(z.union([z.string(), z.array(z.string())])),
  subscription_info: opt(SubscriptionInfoSchema),
  emit_tracking_executed_event: opt(Boolish),
});
export type InitialPageData = z.infer<typeof InitialPageDataSchema>;

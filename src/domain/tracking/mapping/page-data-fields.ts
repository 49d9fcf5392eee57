/**
 * The InitialPageData fields of spec §3 that both pageview forms carry, read totally.
 * Left out on purpose: exactag_level (affiliate tracker only), scope and emit_tracking_executed_event
 * (they steer the runtime), ab_tests and subscription_info (each form writes them its own way).
 */
import { asRecord, toNumber, toText } from './clean';
import { toFlag, toPipeList, toScalar, type DataLayerPayload } from './values';

/** Page-data fields shared by `pageview` and `pageview_ga4`; numbers fall back to `undefined` (omitted). */
export function readPageDataFields(pageData: unknown): DataLayerPayload {
  const page = asRecord(pageData);
  return {
    page_type: toText(page.page_type),
    page_name: toText(page.page_name),
    node_level_1: toText(page.node_level_1),
    node_level_2: toText(page.node_level_2),
    node_level_3: toText(page.node_level_3),
    node_level_4: toText(page.node_level_4),
    node_level_5: toText(page.node_level_5),
    language: toText(page.language),
    platform: toText(page.platform),
    exactag_site_group: toText(page.exactag_site_group),
    lead_id: toText(page.lead_id),
    lead_value: toNumber(page.lead_value),
    page_quality_score: toNumber(page.page_quality_score),
    number_of_product_results: toNumber(page.number_of_product_results),
    number_of_available_product_results: toNumber(page.number_of_available_product_results),
    internal_search_fallback: toScalar(page.internal_search_fallback),
    internal_search_campaign: toText(page.internal_search_campaign),
    product_tiles_per_row: toNumber(page.product_tiles_per_row),
    checkout_stage: toText(page.checkout_stage),
    checkout_tab: toText(page.checkout_tab),
    ident_method: toText(page.ident_method),
    selected_consent: toScalar(page.selected_consent),
    payment_type: toText(page.payment_type),
    avl_payment_types: toPipeList(page.avl_payment_types),
    shipping_method: toText(page.shipping_method),
    avl_shipping_methods: toPipeList(page.avl_shipping_methods),
    origin: toText(page.origin),
    page_override: toScalar(page.page_override),
    is_spa: toFlag(page.is_spa),
  };
}

/**
 * The legacy-to-GA4 custom-event table (tracking spec §9 "Legacy-to-GA4 event mapping"). The spec
 * gives only its shape: the legacy categories it covers and the GA4 event names it uses.
 *
 * How a row is chosen: the first row whose `category` lists the event's category and whose `action`
 * pattern (if any) is found in the event's action. Categories are recognised case- and
 * separator-insensitively: lower-cased, every run of characters other than letters and digits
 * (spaces, '_', '-', '/', '&', ...) becomes one '_', so 'Internal Link', 'internal_link' and
 * 'INTERNAL-LINK' are all 'internal_link'. The lists below hold the accepted spellings in that form.
 *
 * What a row derives: any of the five fields and the GA4 extras it wants to set. The mapper fills the
 * rest: click_target from the label, interaction from the action (as snake_case), subject from the
 * category, origin from event_context or else the category, click_type 'not_set'.
 */

/** The GA4 event names of spec §9, in the spec's order. */
export const GA4_CUSTOM_EVENT_NAMES = [
  'navigation_click',
  'link_click',
  'button_click',
  'form_interaction',
  'system_response',
  'component_open',
  'product_interaction',
  'sign_up',
  'login',
  'unsubscribe',
  'change_data',
  'filter_products',
  'sort_products',
  'search',
  'promotion_click',
  'storefinder_interaction',
  'tab_switch',
] as const;
export type Ga4CustomEventName = (typeof GA4_CUSTOM_EVENT_NAMES)[number];

/** The five fields every mapping sets (spec §9). */
export const GA4_MAPPED_FIELDS = ['click_type', 'click_target', 'subject', 'interaction', 'origin'] as const;
export type Ga4MappedField = (typeof GA4_MAPPED_FIELDS)[number];

/** Text fields of the GA4 custom-event form (spec §3) a row may set besides the five. */
export type Ga4ExtraField =
  | 'component_type'
  | 'status'
  | 'attribute'
  | 'specification'
  | 'response_type'
  | 'response_details'
  | 'checkout_stage'
  | 'checkout_tab'
  | 'ident_method'
  | 'shipping_method'
  | 'payment_type'
  | 'cs_order_id';

/** The legacy event as a row sees it: trimmed texts, `undefined` when absent, empty or not a scalar. */
export interface LegacyEventView {
  readonly category?: string;
  /** The category in its recognised form ('Internal Link' -> 'internal_link'). */
  readonly categoryKey?: string;
  readonly action?: string;
  readonly label?: string;
  readonly context?: string;
}

/** What a row derives. Unset, empty or non-text values fall back to the mapper's defaults. */
export type Ga4FieldDerivation = Partial<Record<Ga4MappedField | Ga4ExtraField, string | undefined>>;

export interface LegacyToGa4Row {
  /** Accepted category spellings, in recognised form. */
  readonly category: readonly string[];
  /** Matches when found anywhere in the action (case-insensitive patterns). Absent: any action. */
  readonly action?: RegExp;
  readonly event_name: Ga4CustomEventName;
  readonly derive: (event: LegacyEventView) => Ga4FieldDerivation;
}

// Accepted category spellings, one group per legacy category of spec §9; a group is named by its first spelling.
const SPELLINGS = `navigation nav main_navigation navigation_click
pagination paging
internal_link internal_links link_internal
external_link external_links link_external outbound_link
internal_external_link internal_and_external_link link links
form forms form_interaction
checkout
product_interaction product_interactions product product_detail
ecommerce e_commerce enhanced_ecommerce
filter_and_sort filter_sort filter_and_sorting filter_sorting
filter filters product_filter
sort sorting product_sort
leaflet leaflets digital_leaflet
storefinder store_finder store_locator
click_and_reserve click_reserve click_n_reserve clickandreserve
login_registration login_and_registration login log_in sign_in
registration register sign_up signup
newsletter newsletters
mini_cart minicart mini_basket minibasket
faq faqs
personal_preferences personal_preference preferences
promotion promotions promo
add_to_cart_modal add_to_cart_layer add_to_basket_modal add_to_basket_layer`;

// Action patterns. German words cover the shop's German-language legacy actions.
const ACTIONS: Readonly<Record<string, RegExp>> = {
  tab: /(^|[^a-z])tabs?([^a-z]|$)/i,
  error: /error|invalid|fail|fehler/i,
  // A sort (sort by, Sortierung, price_sort), not the assortment (Sortiment, assortment_level).
  sort: /(^|[^a-z])sort(?!iment)/i,
  regist: /regist|sign[\s_-]?up/i,
  // 'unsubscribe' contains 'subscribe': an unsubscribe row must come first.
  unsub: /unsubscri|opt[\s_-]?out|abmeld/i,
  sub: /subscri|sign[\s_-]?up|opt[\s_-]?in|anmeld/i,
  open: /open|show|expand|hover|öffn/i,
  close: /close|collapse|schlie/i,
  search: /search|such/i,
};

/**
 * The rows, most specific first within each category, one per line:
 * `categories action event_name click_type subject [extra=value]`. Categories are group names joined
 * by '+', action '-' matches any action, click_type '!' is a system response (an error: the label,
 * else the action, is its response_details), subject '=' is the first category group's name, an
 * extra without value takes the event's label.
 */
const ROWS = `navigation tab tab_switch tab =
navigation - navigation_click link =
pagination - navigation_click pagination =
internal_link - link_click link =
external_link - link_click link =
internal_external_link - link_click link =
form error system_response ! =
form - form_interaction form_field =
checkout tab tab_switch tab = checkout_tab=
checkout error system_response ! =
checkout - button_click button =
product_interaction tab tab_switch tab product
product_interaction - product_interaction product_element product
ecommerce - product_interaction button =
filter_and_sort+filter sort sort_products dropdown product_list
sort - sort_products dropdown product_list
filter_and_sort+filter - filter_products filter product_list
leaflet open component_open teaser = component_type=leaflet
leaflet - button_click button =
storefinder search search search_field =
storefinder - storefinder_interaction button =
click_and_reserve open component_open button = component_type=click_and_reserve_layer
click_and_reserve - button_click button =
login_registration+registration tab tab_switch tab =
login_registration+registration error system_response ! =
registration - sign_up button =
login_registration regist sign_up button registration
login_registration - login button login
newsletter unsub unsubscribe button =
newsletter sub sign_up button =
newsletter - form_interaction form_field =
mini_cart open component_open icon = component_type=mini_cart
mini_cart - button_click button =
faq search search search_field =
faq close button_click accordion =
faq - component_open accordion = component_type=accordion
personal_preferences tab tab_switch tab =
personal_preferences unsub unsubscribe button =
personal_preferences - change_data button =
promotion - promotion_click banner =
add_to_cart_modal open component_open button = component_type=modal
add_to_cart_modal - button_click button =`;

const GROUPS = new Map(SPELLINGS.split('\n').map((line) => [line.split(' ')[0] as string, line.split(' ')]));

const toRow = (line: string): LegacyToGa4Row => {
  const [categories = '', action = '-', eventName, clickType = '', named, extra] = line.split(' ');
  const subject = named === '=' ? categories.split('+')[0] : named;
  const [extraField = '', extraValue] = extra?.split('=') ?? [];
  return {
    category: categories.split('+').flatMap((group) => GROUPS.get(group) ?? []),
    ...(action !== '-' && { action: ACTIONS[action] }),
    event_name: eventName as Ga4CustomEventName,
    derive: (e) =>
      clickType === '!'
        ? { click_type: 'system', subject, response_type: 'error', response_details: e.label ?? e.action }
        : { click_type: clickType, subject, ...(extra && { [extraField]: extraValue || e.label }) },
  };
};

/** The rows, most specific first within each category. */
export const LEGACY_TO_GA4_TABLE: readonly LegacyToGa4Row[] = ROWS.split('\n').map(toRow);

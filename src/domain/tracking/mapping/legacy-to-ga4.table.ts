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
export const GA4_EXTRA_FIELDS = [
  'component_type',
  'status',
  'attribute',
  'specification',
  'response_type',
  'response_details',
  'checkout_stage',
  'checkout_tab',
  'ident_method',
  'selected_consent',
  'shipping_method',
  'payment_type',
] as const;
export type Ga4ExtraField = (typeof GA4_EXTRA_FIELDS)[number];

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

// Accepted category spellings, one list per legacy category of spec §9.
const NAVIGATION = ['navigation', 'nav', 'main_navigation', 'navigation_click'];
const PAGINATION = ['pagination', 'paging'];
const INTERNAL_LINK = ['internal_link', 'internal_links', 'link_internal'];
const EXTERNAL_LINK = ['external_link', 'external_links', 'link_external', 'outbound_link'];
const FORM = ['form', 'forms', 'form_interaction'];
const CHECKOUT = ['checkout'];
const PRODUCT_INTERACTION = ['product_interaction', 'product_interactions', 'product', 'product_detail'];
const ECOMMERCE = ['ecommerce', 'e_commerce', 'enhanced_ecommerce'];
const FILTER_AND_SORT = ['filter_and_sort', 'filter_sort', 'filter_and_sorting', 'filter_sorting'];
const FILTER = ['filter', 'filters', 'product_filter'];
const SORT = ['sort', 'sorting', 'product_sort'];
const LEAFLET = ['leaflet', 'leaflets', 'digital_leaflet'];
const STOREFINDER = ['storefinder', 'store_finder', 'store_locator'];
const CLICK_AND_RESERVE = ['click_and_reserve', 'click_reserve', 'click_n_reserve', 'clickandreserve'];
const LOGIN_REGISTRATION = ['login_registration', 'login_and_registration', 'login', 'log_in', 'sign_in'];
const REGISTRATION = ['registration', 'register', 'sign_up', 'signup'];
const NEWSLETTER = ['newsletter', 'newsletters'];
const MINI_CART = ['mini_cart', 'minicart', 'mini_basket', 'minibasket'];
const FAQ = ['faq', 'faqs'];
const PERSONAL_PREFERENCES = ['personal_preferences', 'personal_preference', 'preferences'];
const PROMOTION = ['promotion', 'promotions', 'promo'];
const ADD_TO_CART_MODAL = ['add_to_cart_modal', 'add_to_cart_layer', 'add_to_basket_modal', 'add_to_basket_layer'];

// Action patterns. German words cover the shop's German-language legacy actions.
const TAB = /(^|[^a-z])tabs?([^a-z]|$)/i;
const ERROR = /error|invalid|fail|fehler/i;
const SORTING = /sort/i;
const REGISTERING = /regist|sign[\s_-]?up/i;
const UNSUBSCRIBING = /unsubscri|opt[\s_-]?out|abmeld/i;
const SUBSCRIBING = /subscri|sign[\s_-]?up|opt[\s_-]?in|anmeld/i;
const OPENING = /open|show|expand|hover|öffn/i;
const CLOSING = /close|collapse|schlie/i;
const SEARCHING = /search|such/i;

/** A derivation that sets click_type, subject and any extras, leaving the rest to the mapper's defaults. */
const fixed =
  (click_type: string, subject: string, extras: Ga4FieldDerivation = {}) =>
  (): Ga4FieldDerivation => ({ ...extras, click_type, subject });

/** A system response (a reported error): the label, else the action, says what went wrong. */
const systemError =
  (subject: string) =>
  (e: LegacyEventView): Ga4FieldDerivation => ({
    click_type: 'system',
    subject,
    response_type: 'error',
    response_details: e.label ?? e.action,
  });

/** The rows, most specific first within each category. */
export const LEGACY_TO_GA4_TABLE: readonly LegacyToGa4Row[] = [
  { category: NAVIGATION, action: TAB, event_name: 'tab_switch', derive: fixed('tab', 'navigation') },
  { category: NAVIGATION, event_name: 'navigation_click', derive: fixed('link', 'navigation') },
  { category: PAGINATION, event_name: 'navigation_click', derive: fixed('pagination', 'pagination') },

  { category: INTERNAL_LINK, event_name: 'link_click', derive: fixed('link', 'internal_link') },
  { category: EXTERNAL_LINK, event_name: 'link_click', derive: fixed('link', 'external_link') },

  { category: FORM, action: ERROR, event_name: 'system_response', derive: systemError('form') },
  { category: FORM, event_name: 'form_interaction', derive: fixed('form_field', 'form') },

  {
    category: CHECKOUT,
    action: TAB,
    event_name: 'tab_switch',
    derive: (e) => ({ click_type: 'tab', subject: 'checkout', checkout_tab: e.label }),
  },
  { category: CHECKOUT, action: ERROR, event_name: 'system_response', derive: systemError('checkout') },
  { category: CHECKOUT, event_name: 'button_click', derive: fixed('button', 'checkout') },

  { category: PRODUCT_INTERACTION, action: TAB, event_name: 'tab_switch', derive: fixed('tab', 'product') },
  { category: PRODUCT_INTERACTION, event_name: 'product_interaction', derive: fixed('product_element', 'product') },
  { category: ECOMMERCE, event_name: 'product_interaction', derive: fixed('button', 'ecommerce') },

  {
    category: FILTER_AND_SORT,
    action: SORTING,
    event_name: 'sort_products',
    derive: fixed('dropdown', 'product_list'),
  },
  { category: SORT, event_name: 'sort_products', derive: fixed('dropdown', 'product_list') },
  { category: [...FILTER_AND_SORT, ...FILTER], event_name: 'filter_products', derive: fixed('filter', 'product_list') },

  {
    category: LEAFLET,
    action: OPENING,
    event_name: 'component_open',
    derive: fixed('teaser', 'leaflet', { component_type: 'leaflet' }),
  },
  { category: LEAFLET, event_name: 'button_click', derive: fixed('button', 'leaflet') },

  { category: STOREFINDER, action: SEARCHING, event_name: 'search', derive: fixed('search_field', 'storefinder') },
  { category: STOREFINDER, event_name: 'storefinder_interaction', derive: fixed('button', 'storefinder') },

  {
    category: CLICK_AND_RESERVE,
    action: OPENING,
    event_name: 'component_open',
    derive: fixed('button', 'click_and_reserve', { component_type: 'click_and_reserve_layer' }),
  },
  { category: CLICK_AND_RESERVE, event_name: 'button_click', derive: fixed('button', 'click_and_reserve') },

  {
    category: [...LOGIN_REGISTRATION, ...REGISTRATION],
    action: TAB,
    event_name: 'tab_switch',
    derive: fixed('tab', 'login_registration'),
  },
  {
    category: [...LOGIN_REGISTRATION, ...REGISTRATION],
    action: ERROR,
    event_name: 'system_response',
    derive: systemError('login_registration'),
  },
  { category: REGISTRATION, event_name: 'sign_up', derive: fixed('button', 'registration') },
  { category: LOGIN_REGISTRATION, action: REGISTERING, event_name: 'sign_up', derive: fixed('button', 'registration') },
  { category: LOGIN_REGISTRATION, event_name: 'login', derive: fixed('button', 'login') },

  // 'unsubscribe' contains 'subscribe': the unsubscribe row must come first.
  { category: NEWSLETTER, action: UNSUBSCRIBING, event_name: 'unsubscribe', derive: fixed('button', 'newsletter') },
  { category: NEWSLETTER, action: SUBSCRIBING, event_name: 'sign_up', derive: fixed('button', 'newsletter') },
  { category: NEWSLETTER, event_name: 'form_interaction', derive: fixed('form_field', 'newsletter') },

  {
    category: MINI_CART,
    action: OPENING,
    event_name: 'component_open',
    derive: fixed('icon', 'mini_cart', { component_type: 'mini_cart' }),
  },
  { category: MINI_CART, event_name: 'button_click', derive: fixed('button', 'mini_cart') },

  { category: FAQ, action: SEARCHING, event_name: 'search', derive: fixed('search_field', 'faq') },
  { category: FAQ, action: CLOSING, event_name: 'button_click', derive: fixed('accordion', 'faq') },
  { category: FAQ, event_name: 'component_open', derive: fixed('accordion', 'faq', { component_type: 'accordion' }) },

  {
    category: PERSONAL_PREFERENCES,
    action: TAB,
    event_name: 'tab_switch',
    derive: fixed('tab', 'personal_preferences'),
  },
  {
    category: PERSONAL_PREFERENCES,
    action: UNSUBSCRIBING,
    event_name: 'unsubscribe',
    derive: fixed('button', 'personal_preferences'),
  },
  { category: PERSONAL_PREFERENCES, event_name: 'change_data', derive: fixed('button', 'personal_preferences') },

  { category: PROMOTION, event_name: 'promotion_click', derive: fixed('banner', 'promotion') },

  {
    category: ADD_TO_CART_MODAL,
    action: OPENING,
    event_name: 'component_open',
    derive: fixed('button', 'add_to_cart_modal', { component_type: 'modal' }),
  },
  { category: ADD_TO_CART_MODAL, event_name: 'button_click', derive: fixed('button', 'add_to_cart_modal') },
];

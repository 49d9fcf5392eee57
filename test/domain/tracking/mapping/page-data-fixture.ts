/** A complete InitialPageData of a search result page, and page context, for the pageview tests. */
export const searchPageData = {
  page_type: 'search',
  page_name: 'Suche: kaffee',
  node_level_1: 'Kaffee',
  node_level_2: 'Bohnen',
  node_level_3: '',
  language: 'de',
  platform: 'desktop',
  exactag_site_group: 'Suchergebnisseite',
  exactag_level: 'affiliate-only',
  page_quality_score: '87',
  ab_tests: [
    { name: 'tile_layout', group: 'B' },
    { name: 'search_ranking', group: 'control' },
    { group: 'orphan' },
  ],
  number_of_product_results: 0,
  number_of_available_product_results: '12',
  internal_search_fallback: false,
  internal_search_campaign: 'spring',
  product_tiles_per_row: 4,
  checkout_stage: '',
  avl_payment_types: ['paypal', 'invoice', ''],
  avl_shipping_methods: 'standard',
  origin: 'search_box',
  is_spa: 'true',
  scope: ['gtm'],
  emit_tracking_executed_event: true,
  subscription_info: { subscription_type: 'coffee', incentive_type: '' },
} as const;

/** The search page's subscription info as both pageviews carry it: its parts, the missing ones by their fallbacks. */
export const searchSubscriptionFields = {
  subscription_type: 'coffee',
  incentive_type: 'UNKNOWN',
  subscription_id: 'cfd n/a',
  delivery_interval: '-',
  gift_subscription: '-',
  gift_deliveries: '-',
} as const;

export const pageContext = {
  page_path: '/suche',
  referrer_class: 'internal',
  screen_breakpoint: '3XL',
  device_type: 'no mobile',
  environment: 'production',
  site: 'de',
} as const;

export const customerData = {
  customer: { age: 41, salutation: 'MRS', anonymousZip: '20095' },
  tracking: {
    loginStatus: 'LOGGED_IN',
    customerTypes: ['coffee', '', 'nonfood'],
    customerValueSegments: { overall: 'A', coffee: 'B', travel: '' },
    channelCode: 'WEB',
    conversionProbability: { coffee: { x1: 0.25, x2: '0,5', x3: '' } },
  },
} as const;

export const PAGE_KEYS = [
  'page_type', 'page_name', 'node_level_1', 'node_level_2', 'node_level_3', 'node_level_4', 'node_level_5',
  'language', 'platform', 'exactag_site_group', 'exactag_level', 'lead_id', 'lead_value', 'page_quality_score',
  'ab_tests', 'number_of_product_results', 'number_of_available_product_results', 'internal_search_fallback',
  'internal_search_campaign', 'product_tiles_per_row', 'checkout_stage', 'checkout_tab', 'ident_method',
  'selected_consent', 'payment_type', 'avl_payment_types', 'shipping_method', 'avl_shipping_methods', 'origin',
  'page_override', 'is_spa', 'scope', 'subscription_info', 'emit_tracking_executed_event',
] as const;

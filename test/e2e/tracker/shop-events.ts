/**
 * What the framed page posts and what the shop page's data layer must then hold. The expected
 * entries are written out in full: the page context comes from the test page itself (path /product,
 * no referrer, a 1280 px wide screen, development on 127.0.0.1).
 */
import { wireMessage } from './pages';

export const EMITTER = 'checkout-frame';
const CLIENT = { cot_client_version: '5.3.0' };

export const FILTER_CLICK = { event_type: 'ga4_event', event_name: 'filter_click', click_type: 'filter', click_target: 'roast-dark', ...CLIENT };
const KLASSIK = { item_id: '123456789', item_name: 'Kaffee Klassik', item_brand: 'Barista', price: 8.99 };
const VIEW_ITEM = { event: 'view_item', ecommerce: { currency: 'EUR', value: 8.99, items: [{ ...KLASSIK, quantity: 1 }] }, ...CLIENT };
export const PAGE_DATA = {
  page_type: 'product',
  page_name: 'Kaffee Klassik',
  node_level_1: 'kaffee',
  node_level_2: 'bohnen',
  language: 'de',
  exactag_site_group: 'Product View',
  ...CLIENT,
};
const ITEM_LIST = { items: ['123456789', '987654321'], search_id: 'S-42', list_page_number: 2, max_items_per_page: 24, ...CLIENT };
const LOGO_CLICK = { event_category: 'navigation', event_action: 'click', event_label: 'header-logo', ...CLIENT };
const ADD_TO_CART = { event: 'add_to_cart', ecommerce: { currency: 'EUR', value: 17.98, items: [{ ...KLASSIK, quantity: 2 }] }, ...CLIENT };

/** Posted from origin C, which the page does not allow. */
export const FOREIGN_MESSAGE = wireMessage(
  'CustomEventData',
  { event_type: 'ga4_event', event_name: 'foreign_click', click_type: 'button', click_target: 'from-origin-c', ...CLIENT },
  'foreign-frame',
);

/** The framed page's messages, in posting order: two before the page data, one malformed (cut-off JSON). */
export const FRAME_MESSAGES = [
  wireMessage('CustomEventData', FILTER_CLICK, EMITTER),
  wireMessage('EcommerceEventData', VIEW_ITEM, EMITTER),
  '{"event_name":"CustomEventData","message":{"event_category":"navigation"',
  wireMessage('InitialPageData', PAGE_DATA, EMITTER),
  wireMessage('ItemListData', ITEM_LIST, EMITTER),
  wireMessage('CustomEventData', LOGO_CLICK, EMITTER),
  wireMessage('EcommerceEventData', ADD_TO_CART, EMITTER),
];

/** The pushes the library accepts from the frame (all but the malformed one). */
export const VALID_FRAME_MESSAGES = FRAME_MESSAGES.length - 1;

/** The consent manager's later grant: statistics (C0003). */
export const GRANT = { event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' };

const CONTEXT = {
  page_path: '/product',
  referrer_class: 'direct',
  screen_breakpoint: '3XL',
  device_type: 'no mobile',
  environment: 'development',
  site: 'de',
};
/** Every library push carries the client's identity and waits for the tags (its eventCallback is not JSON). */
const PUSHED = { cot_client_version: '5.3.0', emitter: EMITTER, eventTimeout: 1500 };
const CLEAR = { ecommerce: null };
const { cot_client_version: _version, ...PAGE_FIELDS } = PAGE_DATA;
const UA_KLASSIK = { id: '123456789', name: 'Kaffee Klassik', brand: 'Barista', price: 8.99, position: 1 };
const GA4_KLASSIK = { ...KLASSIK, index: 1 };

/** window.dataLayer after the grant, as JSON: the grant, then every waiting push in the order it came. */
export const EXPECTED_DATA_LAYER = [
  GRANT,
  { event: 'pageview', ...PAGE_FIELDS, ...CONTEXT, ...PUSHED },
  { event: 'pageview_ga4', ...PAGE_FIELDS, ...CONTEXT, ...PUSHED },
  { event: 'ga4_event', event_name: 'filter_click', click_type: 'filter', click_target: 'roast-dark', ...PUSHED },
  CLEAR,
  { event: 'ecommerce', ecommerce: { currencyCode: 'EUR', detail: { actionField: {}, products: [{ ...UA_KLASSIK, quantity: 1 }] } }, ...PUSHED },
  CLEAR,
  { event: 'view_item', ecommerce: { currency: 'EUR', value: 8.99, items: [{ ...GA4_KLASSIK, quantity: 1 }] }, ...PUSHED },
  CLEAR,
  {
    event: 'ecommerce',
    ecommerce: {
      impressions: [
        { id: '123456789', position: 25, list: 'Product View' },
        { id: '987654321', position: 26, list: 'Product View' },
      ],
    },
    search_id: 'S-42',
    ...PUSHED,
  },
  CLEAR,
  {
    event: 'view_item_list',
    ecommerce: {
      item_list_name: 'Product View',
      items: [
        { item_id: '123456789', index: 25, item_list_name: 'Product View' },
        { item_id: '987654321', index: 26, item_list_name: 'Product View' },
      ],
    },
    search_id: 'S-42',
    ...PUSHED,
  },
  { event: 'event', event_category: 'navigation', event_action: 'click', event_label: 'header-logo', event_non_interaction: false, ...PUSHED },
  {
    event: 'ga4_event',
    event_name: 'navigation_click',
    click_type: 'link',
    click_target: 'header-logo',
    origin: 'navigation',
    interaction: 'click',
    subject: 'navigation',
    ...PUSHED,
  },
  CLEAR,
  { event: 'ecommerce', ecommerce: { currencyCode: 'EUR', add: { actionField: {}, products: [{ ...UA_KLASSIK, quantity: 2 }] } }, ...PUSHED },
  CLEAR,
  { event: 'add_to_cart', ecommerce: { currency: 'EUR', value: 17.98, items: [{ ...GA4_KLASSIK, quantity: 2 }] }, ...PUSHED },
];

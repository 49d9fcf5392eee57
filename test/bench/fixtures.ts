/** The events the benchmark pushes: one page, GA4 custom events, and the consent grant. */
import type { PageFacts } from '../../src/domain/tracking/page-facts';

export const CLIENT = { emitter: 'bench-page', cot_client_version: '5.3.0' } as const;

/** The page the benchmark tracks on (what the runtime would read from location, screen and cookies). */
export const FACTS: PageFacts = {
  site: 'de',
  context: {
    page_path: '/kaffee',
    referrer_class: 'direct',
    screen_breakpoint: 'XXL',
    device_type: 'no mobile',
    environment: 'production',
    site: 'de',
  },
  firstPartyPage: { url: 'https://www.shop.example/kaffee', hostname: 'www.shop.example', page_path: '/kaffee' },
  appContext: false,
  campaignId: 'CAMPAIGN-DE',
};

export const PAGE_DATA = {
  page_type: 'category',
  page_name: 'kaffee',
  node_level_1: 'kaffee',
  language: 'de',
  exactag_site_group: 'Content',
  ...CLIENT,
} as const;

/** A GA4-form custom event (one data-layer entry each); `index` keeps every event distinct. */
export const customEvent = (index: number): Record<string, unknown> => ({
  event_type: 'ga4_event',
  event_name: 'product_tile_click',
  click_type: 'tile',
  click_target: `tile-${index}`,
  component_type: 'product_list',
  origin: 'category',
  ...CLIENT,
});

/** `count` distinct custom events, built before the clock starts. */
export const customEvents = (count: number): Record<string, unknown>[] =>
  Array.from({ length: count }, (_, index) => customEvent(index));

/** The consent cookie value with statistics and marketing given. */
export const CONSENT_COOKIE_GRANTED = 'groups=C0001%3A1%2CC0002%3A0%2CC0003%3A1%2CC0004%3A1';

/** A later grant, as the consent manager pushes it into the data layer. */
export const GRANT_ENTRY = { event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,C0004,' } as const;

/** Data-layer entries of the page data: the legacy `pageview` and the GA4 `pageview_ga4`. */
export const PAGE_DATA_ENTRIES = 2;

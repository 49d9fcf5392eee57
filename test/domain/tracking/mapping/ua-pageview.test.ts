import fc from 'fast-check';
import { toUaPageview } from '../../../../src/domain/tracking/mapping/ua-pageview';
import { allStrings, fieldValue, hasEmptyString, inputOf, oddAnything, recordOf } from './mapping-arbitraries';
import { customerData, PAGE_KEYS, pageContext, searchPageData, searchSubscriptionFields } from './page-data-fixture';

describe("legacy pageview { event: 'pageview' }", () => {
  it('maps the initial page data, the page context and the customer tracking fields', () => {
    expect(toUaPageview(searchPageData, pageContext, customerData)).toEqual({
      event: 'pageview',
      page_type: 'search',
      page_name: 'Suche: kaffee',
      node_level_1: 'Kaffee',
      node_level_2: 'Bohnen',
      language: 'de',
      platform: 'desktop',
      exactag_site_group: 'Suchergebnisseite',
      page_quality_score: 87,
      ab_tests: [
        { name: 'tile_layout', group: 'B' },
        { name: 'search_ranking', group: 'control' },
      ],
      number_of_product_results: 0,
      number_of_available_product_results: 12,
      internal_search_fallback: false,
      internal_search_campaign: 'spring',
      product_tiles_per_row: 4,
      avl_payment_types: 'paypal|invoice',
      avl_shipping_methods: 'standard',
      origin: 'search_box',
      is_spa: true,
      // Nested, as the page pushed it (GA4 flattens it), with the fallbacks of its missing parts.
      subscription_info: searchSubscriptionFields,
      page_path: '/suche',
      referrer_class: 'internal',
      screen_breakpoint: '3XL',
      device_type: 'no mobile',
      environment: 'production',
      site: 'de',
      login_status: 'LOGGED_IN',
      customer_types: 'coffee|nonfood',
      channel_code: 'WEB',
      customer_value_segment_overall: 'A',
      customer_value_segment_coffee: 'B',
      conversion_probability: { coffee: { x1: 0.25, x2: 0.5 } },
    });
  });

  it('carries each conversion-probability area with all its fields x1 to x14 (spec §3), and no x15', () => {
    const fields = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`x${i + 1}`, (i + 1) / 100]));
    const out = toUaPageview(searchPageData, pageContext, { tracking: { loginStatus: 'LOGGED_OUT', conversionProbability: { assortment: fields, mobil: fields } } });
    const expected = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`x${i + 1}`, (i + 1) / 100]));
    expect(out.conversion_probability).toEqual({ assortment: expected, mobil: expected });
  });

  it('leaves out an area with no score (null, a text, an empty list or object): a tag testing for the area finds none', () => {
    const conversionProbability = { assortment: { x1: 0.5 }, coffee: null, cafissimo: 'x', mobil: {} };
    const out = toUaPageview(searchPageData, pageContext, { tracking: { loginStatus: 'LOGGED_OUT', conversionProbability } });
    expect(out.conversion_probability).toEqual({ assortment: { x1: 0.5 } });
    const none = toUaPageview(searchPageData, pageContext, { tracking: { loginStatus: 'LOGGED_OUT', conversionProbability: { coffee: [] } } });
    expect(none).not.toHaveProperty('conversion_probability');
  });

  it('leaves out the runtime and affiliate fields and the personal customer fields', () => {
    const out = toUaPageview(searchPageData, pageContext, customerData);
    for (const key of ['scope', 'exactag_level', 'emit_tracking_executed_event', 'subscription_type', 'age', 'anonymousZip']) {
      expect(out).not.toHaveProperty(key);
    }
  });

  it('gives a bare pageview for missing page data, context and customer data (fetch failed: null)', () => {
    expect(toUaPageview(undefined, undefined, null)).toEqual({ event: 'pageview' });
  });

  it('spells a site group given in other letter case as the spec does, as Exactag gets it; another text as given', () => {
    expect(toUaPageview({ exactag_site_group: 'order confirmation' }).exactag_site_group).toBe('Order Confirmation');
    expect(toUaPageview({ exactag_site_group: 'SUCHERGEBNISSEITE' }).exactag_site_group).toBe('Suchergebnisseite');
    expect(toUaPageview({ exactag_site_group: 'Landing Page X' }).exactag_site_group).toBe('Landing Page X');
  });

  it('cuts the pipe-joined payment types to 100 characters', () => {
    const types = Array.from({ length: 30 }, (_, i) => `payment_${i}`);
    expect(toUaPageview({ avl_payment_types: types }).avl_payment_types).toBe(types.slice(0, 10).join('|')); // the 100th character was a '|'
  });

  it('never throws on arbitrary input (fc.anything and fc.object)', () => {
    fc.assert(
      fc.property(fc.oneof(oddAnything, fc.object()), fc.oneof(oddAnything, fc.object()), oddAnything, (page, ctx, customer) => {
        expect(toUaPageview(page, ctx, customer).event).toBe('pageview');
      }),
      { numRuns: 300 },
    );
  });

  it('never contains an empty string at any depth, and its pipe-joined lists are never longer than 100', () => {
    fc.assert(
      fc.property(inputOf(PAGE_KEYS), recordOf(Object.keys(pageContext)), fc.option(fieldValue), (page, ctx, customer) => {
        const out = toUaPageview(page, ctx, { tracking: { customerTypes: customer } });
        expect(hasEmptyString(out)).toBe(false);
        for (const key of ['avl_payment_types', 'avl_shipping_methods', 'customer_types']) {
          expect(allStrings(out[key]).every((s) => s.length <= 100)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });
});

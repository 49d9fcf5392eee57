import fc from 'fast-check';
import { toGa4Pageview } from '../../../../src/domain/tracking/mapping/ga4-pageview';
import { hasEmptyString, inputOf, oddAnything, recordOf } from './mapping-arbitraries';
import { customerData, PAGE_KEYS, pageContext, searchPageData, searchSubscriptionFields } from './page-data-fixture';

describe("GA4 pageview { event: 'pageview_ga4' }", () => {
  it('flattens the A/B tests to one pipe-joined name:group parameter', () => {
    const out = toGa4Pageview(searchPageData, pageContext, customerData);
    expect(out.event).toBe('pageview_ga4');
    expect(out.ab_tests).toBe('tile_layout:B|search_ranking:control');
  });

  it("adds the subscription info as flat fields with the fallbacks 'none', 'UNKNOWN', 'cfd n/a' and '-'", () => {
    expect(toGa4Pageview(searchPageData)).toMatchObject(searchSubscriptionFields);
    expect(toGa4Pageview({ page_type: 'home' })).not.toHaveProperty('subscription_type');
  });

  it('carries the same page, context and customer fields as the legacy pageview', () => {
    expect(toGa4Pageview(searchPageData, pageContext, customerData)).toMatchObject({
      page_type: 'search',
      exactag_site_group: 'Suchergebnisseite',
      number_of_product_results: 0,
      number_of_available_product_results: 12,
      internal_search_fallback: false,
      avl_payment_types: 'paypal|invoice',
      is_spa: true,
      page_path: '/suche',
      screen_breakpoint: '3XL',
      device_type: 'no mobile',
      login_status: 'LOGGED_IN',
    });
  });

  it('leaves out a login status that is no text, as it counts as no status (a number, a list)', () => {
    for (const loginStatus of [5, ['LOGGED_IN'], { status: 'LOGGED_IN' }, true]) {
      expect(toGa4Pageview(searchPageData, pageContext, { tracking: { loginStatus } })).not.toHaveProperty('login_status');
    }
    expect(toGa4Pageview(searchPageData, pageContext, { tracking: { loginStatus: ' logged_in ' } })).toMatchObject({ login_status: 'logged_in' });
  });

  it('cuts the flattened A/B tests to 100 characters', () => {
    const abTests = Array.from({ length: 20 }, (_, i) => ({ name: `experiment_${i}`, group: 'variant' }));
    expect(toGa4Pageview({ ab_tests: abTests }).ab_tests).toHaveLength(100);
    expect(toGa4Pageview({ ab_tests: { name: 'single' } }).ab_tests).toBe('single');
  });

  it('never throws on arbitrary input (fc.anything and fc.object)', () => {
    fc.assert(
      fc.property(fc.oneof(oddAnything, fc.object()), fc.oneof(oddAnything, fc.object()), oddAnything, (page, ctx, customer) => {
        expect(toGa4Pageview(page, ctx, customer).event).toBe('pageview_ga4');
      }),
      { numRuns: 300 },
    );
  });

  it('never contains an empty string at any depth, and ab_tests is never longer than 100', () => {
    fc.assert(
      fc.property(inputOf(PAGE_KEYS), recordOf(Object.keys(pageContext)), (page, ctx) => {
        const out = toGa4Pageview(page, ctx);
        expect(hasEmptyString(out)).toBe(false);
        expect(String(out.ab_tests ?? '').length).toBeLessThanOrEqual(100);
      }),
      { numRuns: 400 },
    );
  });
});

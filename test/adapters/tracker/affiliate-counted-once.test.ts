import { MemoryAffiliateTracker } from '../../../src/adapters/memory/memory-affiliate-tracker';
import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { memoryTrackerDeps, CONSENT_ALL } from '../../../src/app/tracker/memory-deps';
import { SHOP_ENDPOINTS } from './shop-endpoints';

const setup = () => {
  const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }) });
  const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
  const calls = () => deps.affiliate.tracked.map(({ pt, oi, li }) => ({ pt, oi, li }));
  return { deps, tracker, calls };
};

describe('the affiliate tracker counts one order and one lead once in a single-page app', () => {
  it('does not count an order again when the confirmation is pushed again after a reset (a guest who registers there)', async () => {
    const { tracker, calls } = setup();
    const confirmation = { page_type: 'checkout', page_name: 'oc', exactag_site_group: 'Order Confirmation' };
    const order = { event: 'purchase' as const, ecommerce: { transaction_id: 'T-1001', value: 23.97, items: [{ item_id: '1', price: 23.97 }] } };
    await tracker.api.pushInitialPageData(confirmation);
    await tracker.api.pushEcommerceEvent(order);
    await tracker.api.reset();
    await tracker.api.pushInitialPageData(confirmation);
    await tracker.api.pushEcommerceEvent(order);
    expect(calls()).toEqual([
      { pt: 'Order Confirmation', oi: 'T-1001', li: undefined },
      { pt: 'Order Confirmation', oi: undefined, li: undefined },
    ]);
  });

  it('does not count a lead again when its lead data came before the Lead page data', async () => {
    const { tracker, calls } = setup();
    await tracker.api.pushInitialPageData({ page_type: 'home', page_name: 'home', exactag_site_group: 'Homepage' });
    await tracker.api.pushLeadData({ lead_id: 'L1', lead_value: 10 });
    await tracker.api.pushInitialPageData({ page_type: 'newsletter', page_name: 'nl thanks', exactag_site_group: 'Lead', lead_id: 'L1' });
    expect(calls()).toEqual([
      { pt: 'Homepage', oi: undefined, li: undefined },
      { pt: 'Homepage', oi: undefined, li: 'L1' },
      { pt: 'Lead', oi: undefined, li: undefined },
    ]);
  });

  it('sends an order and a lead that were still waiting for consent when the tracker was reset, once they are pushed again', async () => {
    const cookies = new MemoryCookieJar({ OptanonConsent: 'groups=C0001%3A1%2CC0003%3A0%2CC0004%3A0' });
    const deps = memoryTrackerDeps({ cookies });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    const confirmation = { page_type: 'checkout', page_name: 'oc', exactag_site_group: 'Order Confirmation' };
    const order = { event: 'purchase' as const, ecommerce: { transaction_id: 'T5', value: 20, items: [{ item_id: 'A', price: 20 }] } };
    const lead = { page_type: 'newsletter', page_name: 'nl', exactag_site_group: 'Lead', lead_id: 'L9', lead_value: 5 };
    await tracker.api.pushInitialPageData(confirmation);
    await tracker.api.pushEcommerceEvent(order);
    await tracker.api.pushInitialPageData(lead);
    expect(deps.affiliate.tracked).toEqual([]);
    await tracker.api.reset();
    cookies.set('OptanonConsent', CONSENT_ALL);
    deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,C0004,' });
    await tracker.api.pushInitialPageData(confirmation);
    await tracker.api.pushEcommerceEvent(order);
    await tracker.api.pushInitialPageData(lead);
    expect(deps.affiliate.tracked.map(({ pt, oi, li }) => ({ pt, oi, li }))).toEqual([
      { pt: 'Order Confirmation', oi: 'T5', li: undefined },
      { pt: 'Lead', oi: undefined, li: 'L9' },
    ]);
  });

  it('does not count the lead of a Lead page again when the page is pushed again after a reset', async () => {
    const { tracker, calls } = setup();
    const lead = { page_type: 'newsletter', page_name: 'nl thanks', exactag_site_group: 'Lead', lead_id: 'L2' };
    await tracker.api.pushInitialPageData(lead);
    await tracker.api.reset();
    await tracker.api.pushInitialPageData(lead);
    expect(calls().map((call) => call.li)).toEqual(['L2', undefined]);
  });
});

describe('an order or a lead whose affiliate call failed was never counted at the tracker', () => {
  /** A script that fails to load until the CDN is back. */
  class FlakyAffiliateTracker extends MemoryAffiliateTracker {
    down = true;
    override load(scriptUrl: string): Promise<void> {
      return this.down ? Promise.reject(new Error('script could not be loaded')) : super.load(scriptUrl);
    }
  }
  const flakySetup = () => {
    const affiliate = new FlakyAffiliateTracker();
    const deps = memoryTrackerDeps({ affiliate, cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }) });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    const calls = () => affiliate.tracked.map(({ pt, oi, li }) => ({ pt, oi, li }));
    return { affiliate, tracker, calls };
  };

  it('sends the order with its next form once the script loads', async () => {
    const { affiliate, tracker, calls } = flakySetup();
    await tracker.api.pushInitialPageData({ page_type: 'checkout', page_name: 'oc', exactag_site_group: 'Order Confirmation' });
    const order = { transaction_id: 'T-5', value: 10, currency: 'EUR', items: [{ item_id: '123', price: 10, quantity: 1 }] };
    await expect(tracker.api.pushEcommerceEvent({ event: 'purchase', ecommerce: order })).rejects.toThrow('Exception has occurred during Exactag tracking');
    affiliate.down = false;
    await tracker.api.pushEcommerceEvent({ event: 'purchase_ga4', ecommerce: order });
    await tracker.api.pushEcommerceEvent({ event: 'purchase', ecommerce: order });
    expect(calls()).toEqual([{ pt: 'Order Confirmation', oi: 'T-5', li: undefined }]);
  });

  it('sends the lead when its lead data is pushed again once the script loads', async () => {
    const { affiliate, tracker, calls } = flakySetup();
    await tracker.api.pushInitialPageData({ page_type: 'home', page_name: 'home', exactag_site_group: 'Homepage' }).catch(() => undefined);
    await expect(tracker.api.pushLeadData({ lead_id: 'L-1', lead_value: 5 })).rejects.toThrow('Exception has occurred during Exactag tracking');
    affiliate.down = false;
    await tracker.api.pushLeadData({ lead_id: 'L-1', lead_value: 5 });
    await tracker.api.pushLeadData({ lead_id: 'L-1', lead_value: 5 });
    expect(calls().map((call) => call.li)).toEqual(['L-1']);
  });
});

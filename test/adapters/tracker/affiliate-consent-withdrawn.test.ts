import { MemoryAffiliateTracker } from '../../../src/adapters/memory/memory-affiliate-tracker';
import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { memoryTrackerDeps, CONSENT_ALL } from '../../../src/app/tracker/memory-deps';
import { SHOP_ENDPOINTS } from './shop-endpoints';

/** The affiliate script, loading until the test lets it arrive. */
class SlowAffiliateTracker extends MemoryAffiliateTracker {
  arrive = () => {};
  readonly #arrived = new Promise<void>((resolve) => (this.arrive = resolve));

  override load(scriptUrl: string): Promise<void> {
    return this.#arrived.then(() => super.load(scriptUrl));
  }
}

const REFUSED = 'groups=C0001%3A1%2CC0003%3A0%2CC0004%3A0';
// A consent-free cashback partner: its orders go to the affiliate tracker without consent.
const CASHBACK = '{"partner":"loyalty-cashback-partner"}';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the affiliate tracker after a withdrawal made while its script was loading', () => {
  const setup = (cashback = false) => {
    const cookies = new MemoryCookieJar({ OptanonConsent: REFUSED, ...(cashback ? { cashback_attribution: CASHBACK } : {}) });
    const affiliate = new SlowAffiliateTracker();
    const deps = memoryTrackerDeps({ cookies, affiliate });
    const tracker = createTracker(deps, { endpoints: SHOP_ENDPOINTS, site: 'DE' });
    const consent = (cookie: string, groups: string) => {
      cookies.set('OptanonConsent', cookie);
      deps.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: groups });
    };
    return { tracker, affiliate, consent, cookies };
  };
  const calls = (affiliate: MemoryAffiliateTracker) => affiliate.tracked.map(({ pt, oi }) => ({ pt, oi }));
  const confirmation = { page_type: 'checkout', page_name: 'oc', exactag_site_group: 'Order Confirmation' };
  const order = { event: 'purchase' as const, ecommerce: { currency: 'EUR', value: 49.9, transaction_id: 'T900', items: [{ item_id: '123', price: 49.9 }] } };
  const GRANTED = [CONSENT_ALL, ',C0001,C0002,C0003,C0004,'] as const;
  const WITHDRAWN = [REFUSED, ',C0001,'] as const;
  /** The order confirmation and its order, pushed while the script is on its way. */
  const pushOrder = async (tracker: ReturnType<typeof setup>['tracker']) => {
    void tracker.api.pushInitialPageData(confirmation);
    void tracker.api.pushEcommerceEvent(order);
    await settle();
  };

  /** The script arrives: nothing is tracked; the next grant sends the order, once. */
  async function expectOrderOnlyAtNextGrant(affiliate: ReturnType<typeof setup>['affiliate'], consent: ReturnType<typeof setup>['consent']) {
    affiliate.arrive();
    await settle();
    expect(affiliate.tracked).toEqual([]);
    consent(...GRANTED);
    await settle();
    expect(calls(affiliate)).toEqual([{ pt: 'Order Confirmation', oi: 'T900' }]);
  }

  it('gets nothing once the script arrives, and gets the order at the next grant', async () => {
    const { tracker, affiliate, consent } = setup();
    await pushOrder(tracker);
    consent(...GRANTED);
    await settle();
    consent(...WITHDRAWN);
    await expectOrderOnlyAtNextGrant(affiliate, consent);
  });

  it.each([
    ['withdrawn, then reset', true],
    ['reset, then withdrawn (only the session after the reset hears it)', false],
  ])('counts an order %s while the script loaded as not sent: pushed again after a grant, it goes once', async (_case, withdrawnFirst) => {
    const { tracker, affiliate, consent } = setup();
    consent(...GRANTED);
    await pushOrder(tracker);
    if (withdrawnFirst) consent(...WITHDRAWN);
    await tracker.api.reset();
    if (!withdrawnFirst) consent(...WITHDRAWN);
    affiliate.arrive();
    await settle();
    expect(affiliate.tracked).toEqual([]);

    consent(...GRANTED);
    await tracker.api.pushInitialPageData(confirmation);
    await tracker.api.pushEcommerceEvent(order);
    await settle();
    expect(calls(affiliate)).toEqual([{ pt: 'Order Confirmation', oi: 'T900' }]);
  });

  it.each([
    ['after a reset', (tracker: ReturnType<typeof setup>['tracker']) => tracker.api.reset()],
    ['when the next page of a single-page app came first', (tracker: ReturnType<typeof setup>['tracker']) => void tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'home', exactag_site_group: 'Homepage' })],
  ])("sends a cashback partner's order, which needs no consent, when the script arrives %s", async (_case, meanwhile) => {
    const { tracker, affiliate } = setup(true);
    await pushOrder(tracker);
    await meanwhile(tracker);
    await settle();
    affiliate.arrive();
    await settle();
    expect(calls(affiliate)).toEqual([{ pt: 'Order Confirmation', oi: 'T900' }]);
  });

  it('gets nothing when another tab withdrew the consent (only the cookie says so) while the script loaded, and the order at the next grant', async () => {
    const { tracker, affiliate, consent, cookies } = setup();
    consent(...GRANTED);
    await pushOrder(tracker);
    cookies.set('OptanonConsent', REFUSED);
    await expectOrderOnlyAtNextGrant(affiliate, consent);
  });
});

import { ORDER_EVENT_NAMES, isOrderEvent, type EcommerceEventName } from './entities/fields';
import { ownValue, toText } from './mapping/clean';
import { toSiteGroup } from './mapping/exactag-site-groups';

const CHECKOUT_EVENTS: readonly EcommerceEventName[] = ['begin_checkout', 'progress_checkout', 'reverse_checkout'];

/**
 * The page groups (spec §2 `exactag_site_group`) whose affiliate page view waits for an e-commerce
 * event (spec §4 Queueing), and the events that end the wait. Any group not listed sends its page
 * view at once.
 */
export const AFFILIATE_EXPECTED_ECOMMERCE: Readonly<Record<string, readonly EcommerceEventName[]>> = {
  'Product View': ['view_item'],
  Add_to_basket: ['add_to_cart'],
  shopping_basket: ['view_cart'],
  Checkout: CHECKOUT_EVENTS,
  Checkout_Anmeldung: CHECKOUT_EVENTS,
  Checkout_Bezahlart: CHECKOUT_EVENTS,
  Checkout_Lastcheck: CHECKOUT_EVENTS,
  Checkout_Lieferadresse: CHECKOUT_EVENTS,
  Checkout_Zahlart: CHECKOUT_EVENTS,
  'Order Confirmation': ORDER_EVENT_NAMES,
};

/**
 * The e-commerce events a page group waits for (in any spelling {@link toSiteGroup} recognises, as the
 * affiliate payload names it); empty when its page view is sent at once.
 */
export const expectedEcommerceFor = (siteGroup: unknown): readonly EcommerceEventName[] =>
  ownValue(AFFILIATE_EXPECTED_ECOMMERCE, toSiteGroup(siteGroup)) ?? [];

/**
 * One call to the affiliate tracker. A page view that carries `ecommerce` is the merged call: the
 * page view together with the e-commerce event it waited for (that event is not sent again).
 */
export type AffiliateSend<P, E> =
  | { readonly type: 'pageView'; readonly pageView: P; readonly ecommerce?: E }
  | { readonly type: 'ecommerce'; readonly ecommerce: E };

/**
 * The affiliate tracker's wait for an e-commerce event on the page groups of
 * {@link AFFILIATE_EXPECTED_ECOMMERCE}. Pure: each method returns the calls to make, in order.
 */
export interface AffiliateWait<P, E> {
  /** True while a page view waits for its e-commerce event. */
  readonly waiting: boolean;
  /**
   * A new page view. A page view still waiting from the previous page (a single-page-app navigation)
   * is sent alone first, so none is lost. Returns the page view at once unless its group waits.
   */
  pageView(pageView: P): AffiliateSend<P, E>[];
  /**
   * An e-commerce event. When it is the one the waiting page view expects, both go out as one merged
   * call. Otherwise an order, and an event of the kind the page's group expects (another item view),
   * is sent on its own. Any other event is not the affiliate tracker's: nothing is sent (an add to
   * cart on a home or lead page is neither a page view nor a conversion). A waiting page view keeps
   * waiting.
   */
  ecommerce(event: E): AffiliateSend<P, E>[];
  /** Sends a still-waiting page view alone (the page is left, or the runtime gives up waiting). */
  flush(): AffiliateSend<P, E>[];
  /** Drops a waiting page view (library reset). */
  reset(): void;
}

/** A new wait, with no page view waiting. */
export function createAffiliateWait<
  P extends { readonly exactag_site_group?: unknown },
  E extends { readonly event?: unknown },
>(): AffiliateWait<P, E> {
  let pending: { pageView: P; expects: readonly EcommerceEventName[] } | undefined;
  /** What the current page's group expects, once its page view went (none before any page view). */
  let expected: readonly string[] = [];
  const flush = (): AffiliateSend<P, E>[] => {
    const waiting = pending;
    pending = undefined;
    return waiting === undefined ? [] : [{ type: 'pageView', pageView: waiting.pageView }];
  };
  return {
    get waiting() {
      return pending !== undefined;
    },
    pageView(pageView) {
      const out = flush();
      const expects = expectedEcommerceFor(pageView.exactag_site_group);
      expected = expects;
      if (expects.length === 0) out.push({ type: 'pageView', pageView });
      else pending = { pageView, expects };
      return out;
    },
    ecommerce(event) {
      const name = toText(event.event) ?? '';
      const waiting = pending;
      if (waiting !== undefined && (waiting.expects as readonly string[]).includes(name)) {
        pending = undefined;
        return [{ type: 'pageView', pageView: waiting.pageView, ecommerce: event }];
      }
      // An order is a conversion wherever it is pushed (a checkout page, after a navigation away).
      return isOrderEvent(name) || expected.includes(name) ? [{ type: 'ecommerce', ecommerce: event }] : [];
    },
    flush,
    reset() {
      pending = undefined;
      expected = [];
    },
  };
}

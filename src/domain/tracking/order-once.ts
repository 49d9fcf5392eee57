import { asRecord, toText } from './mapping/clean';
import { isOrderEvent } from './entities/fields';
import { LEAD_GROUP, toSiteGroup } from './mapping/exactag-site-groups';


/** The order id of a purchase event (`purchase` or `purchase_ga4` with `ecommerce.transaction_id`); otherwise `undefined`. */
export const orderIdOf = (event: unknown): string | undefined => {
  const record = asRecord(event);
  if (!isOrderEvent(toText(record.event))) return undefined;
  return toText(asRecord(record.ecommerce).transaction_id);
};

/**
 * Ids counted on one page (as the tracker's payloads carry them), each with whether its call reached
 * the tracker: until then (the script loading, consent awaited) it is pending, and a failed call
 * forgets it.
 */
class CountedIds {
  protected readonly ids = new Map<string, boolean>();

  /** Its call reached the tracker: nothing can bring it back. */
  reached(id: unknown): void {
    if (this.ids.has(id as string)) this.ids.set(id as string, true);
  }

  /** Counted, and its call has not reached the tracker yet. */
  pending(id: unknown): boolean {
    return this.ids.get(id as string) === false;
  }

  /** Counted again: another form of it goes in place of a call that failed. */
  recount(id: unknown): void {
    if (typeof id === 'string') this.ids.set(id, false);
  }

  /** Forgets an id whose call was never made (it failed, or waited for consent when the tracker was reset). */
  forget(id: unknown): void {
    this.ids.delete(toText(id) as string);
  }
}

/**
 * The orders counted on one page: a shop pushes the same order in its legacy form (`purchase`) and
 * its GA4 form (`purchase_ga4`), and the affiliate tracker and its touch point must count it once.
 * Pure: it only remembers order ids.
 */
export class CountedOrders extends CountedIds {

  /**
   * True when `event` is to be counted: any event that is not a purchase, a purchase without
   * transaction_id, and the first purchase of each transaction_id. Remembers the order unless
   * `remember` is false (a form that cannot complete the order's call leaves it to a later form).
   */
  count(event: unknown, remember = true): boolean {
    const id = orderIdOf(event);
    if (id === undefined) return true;
    if (this.ids.has(id)) return false;
    if (remember) this.ids.set(id, false);
    return true;
  }
}

/**
 * The leads counted on one page, as orders are: the page data of a lead page and the lead data pushed
 * after it carry the same lead id, and the affiliate tracker must count the lead once.
 */
export class CountedLeads extends CountedIds {

  /**
   * False for lead data whose lead id was counted already; true for anything else. Remembers the lead
   * id of lead data and of a lead page's page data (which is always sent: it is the page view). Lead
   * data without an id of its own is the page's lead (`page`'s lead id), as the affiliate payload has it.
   */
  count(kind: string, data: unknown, page?: unknown): boolean {
    const record = asRecord(data);
    const isLeadPage = kind === 'InitialPageData' && toSiteGroup(record.exactag_site_group) === LEAD_GROUP;
    const own = toText(record.lead_id);
    const id = own || (kind === 'LeadData' ? toText(asRecord(page).lead_id) : undefined);
    if (!id || (kind !== 'LeadData' && !isLeadPage)) return true;
    if (kind === 'LeadData' && this.ids.has(id)) return false;
    this.ids.set(id, false);
    return true;
  }

  /**
   * True for the page data of a Lead page whose lead was counted already (its lead data came first,
   * or the page is pushed again): its page view goes without the lead.
   */
  countedPage(data: unknown): boolean {
    const record = asRecord(data);
    const id = toText(record.lead_id);
    return id !== undefined && toSiteGroup(record.exactag_site_group) === LEAD_GROUP && this.ids.has(id);
  }
}

/**
 * What the affiliate tracker has counted on this page load: orders, the touch point's orders (with and
 * without a user key) and leads. One per installation, kept across a library reset: a single-page app
 * resets after a login, and an order or lead pushed again after it is still the one counted.
 */
export interface CountedCalls {
  readonly orders: CountedOrders;
  readonly touchPoints: CountedOrders;
  readonly keylessTouchPoints: CountedOrders;
  readonly leads: CountedLeads;
}

export const countedCalls = (): CountedCalls => ({
  orders: new CountedOrders(),
  touchPoints: new CountedOrders(),
  keylessTouchPoints: new CountedOrders(),
  leads: new CountedLeads(),
});

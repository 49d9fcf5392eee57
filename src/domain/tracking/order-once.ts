import { asRecord, toText } from './mapping/clean';

const PURCHASES = ['purchase', 'purchase_ga4'];

/** The order id of a purchase event (`purchase` or `purchase_ga4` with `ecommerce.transaction_id`); otherwise `undefined`. */
export const orderIdOf = (event: unknown): string | undefined => {
  const record = asRecord(event);
  if (!PURCHASES.includes(toText(record.event) as string)) return undefined;
  return toText(asRecord(record.ecommerce).transaction_id)?.trim() || undefined;
};

/**
 * The orders counted on one page: a shop pushes the same order in its legacy form (`purchase`) and
 * its GA4 form (`purchase_ga4`), and the affiliate tracker and its touch point must count it once.
 * Pure: it only remembers order ids.
 */
export class CountedOrders {
  readonly #ids = new Set<string>();

  /**
   * True when `event` is to be counted: any event that is not a purchase, a purchase without
   * transaction_id, and the first purchase of each transaction_id. Remembers the order.
   */
  count(event: unknown): boolean {
    const id = orderIdOf(event);
    if (id === undefined) return true;
    if (this.#ids.has(id)) return false;
    this.#ids.add(id);
    return true;
  }

  /** Forgets every order (library reset). */
  reset(): void {
    this.#ids.clear();
  }
}

/**
 * Which open page sends a first-party outbox record. Every tab of the shop shares one outbox, so a
 * record carries a lease: while it runs, only its owner sends the record. A page that disappears
 * stops renewing it, and once it has run out another page (or the next page load) takes the record.
 */

/** A page's claim on a record: until `until` (Clock milliseconds) only `owner` sends it. */
export interface OutboxLease {
  readonly owner: string;
  readonly until: number;
}

/**
 * How long a claim holds. Well above the 1000 ms between sends, so the holder renews it in time
 * (see {@link needsRenewal}) even while a slow request is in flight.
 */
export const OUTBOX_LEASE_MS = 10_000;

/** True when `owner` may take a record with `lease` at `now`: no lease, its own, or one that has run out. */
export const mayClaim = (lease: OutboxLease | undefined, owner: string, now: number): boolean =>
  lease === undefined || lease.owner === owner || lease.until <= now;

/** True when a lease held until `until` should be claimed again before a send: less than half of it is left. */
export const needsRenewal = (until: number, now: number): boolean => until - now < OUTBOX_LEASE_MS / 2;

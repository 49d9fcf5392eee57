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

/**
 * True when `owner` may take a record with `lease` at `now`: no lease, its own, one that has run out,
 * or one that runs out later than a claim made now would: given by a page whose clock was ahead, or
 * before this device's clock was set back, it would otherwise hold the record for as long as that.
 */
export const mayClaim = (lease: OutboxLease | undefined, owner: string, now: number): boolean =>
  lease === undefined || lease.owner === owner || lease.until <= now || lease.until > now + OUTBOX_LEASE_MS;

/**
 * True when a lease held until `until` should be claimed again before a send: less than half of it is
 * left, or more than a claim gives (the clock went back: other pages may take it, see {@link mayClaim}).
 * `Infinity` marks a record only this page holds (never stored), which needs no lease.
 */
export const needsRenewal = (until: number, now: number): boolean =>
  until - now < OUTBOX_LEASE_MS / 2 || (until - now > OUTBOX_LEASE_MS && until !== Number.POSITIVE_INFINITY);

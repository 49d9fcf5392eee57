/**
 * The order a first-party outbox drains in: oldest first. Events pushed in the same millisecond tie
 * on `acceptedAt`; the page's sequence number (`seq`, counted up as it accepts them) keeps their
 * acceptance order, where the random record id scrambled it. The id breaks what is left of a tie
 * (two pages in one millisecond, records stored before `seq`).
 */
export interface Accepted {
  readonly id: string;
  readonly acceptedAt: number;
  readonly seq?: number;
}

/** Oldest first: by acceptance time, then by the page's acceptance sequence, then by id. */
export const byAcceptance = (a: Accepted, b: Accepted): number =>
  a.acceptedAt - b.acceptedAt || (a.seq ?? 0) - (b.seq ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

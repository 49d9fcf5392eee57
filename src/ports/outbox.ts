import type { OutboxLease } from '../domain/tracking/outbox-lease';

export type { OutboxLease };

/** One event waiting for the first-party collector's acknowledgement. */
export interface OutboxRecord {
  /** Unique per event; the collector sees it, so a retried send is recognisable. */
  id: string;
  /** When it was accepted (Clock milliseconds); records are sent oldest first. */
  acceptedAt: number;
  /** The accepting page's count of its records so far: keeps the order of records accepted in one millisecond. */
  seq?: number;
  /** The mapped first-party payload. */
  payload: Record<string, unknown>;
  /** Which page sends it, and until when (see `domain/tracking/outbox-lease.ts`). */
  lease?: OutboxLease;
}

/** What a claim found: the lease is now the caller's, another page's lease runs, or the record is not there. */
export type ClaimAnswer = 'claimed' | 'held' | 'gone';

/**
 * A durable queue (browser: IndexedDB via idb-keyval; tests: memory). A record is put before it is
 * sent (a send at page hide does not wait for the write to settle) and deleted after a 2xx answer, so
 * it survives a reload and is never sent after acknowledgement. Open tabs share it, hence the leases.
 */
export interface Outbox {
  /**
   * Stores the record: resolves `true` once it is stored durably, `false` when it is kept only in this
   * page's memory (no durable storage here): such a record is lost with the page unless it is sent.
   */
  put(record: OutboxRecord): Promise<boolean>;
  /** Removes the record (after its 2xx answer); a record already gone is no error. */
  delete(id: string): Promise<void>;
  /** Every record still waiting, oldest first. */
  all(): Promise<OutboxRecord[]>;
  /**
   * In one step no other page can interleave with: when the record is there and `mayClaim` allows
   * `lease.owner` at `now`, it gets `lease` ('claimed'); 'held' while another page's lease runs;
   * 'gone' when the record is not there (acknowledged). `until: 0` gives a lease up.
   */
  claim(id: string, lease: OutboxLease, now: number): Promise<ClaimAnswer>;
  /**
   * The page is hidden or left while these records' puts are still open (a write issued while the
   * page unloads may never commit): they are copied synchronously, and a later `all()` of any page
   * returns them. Optional: an outbox whose puts settle at once needs none.
   */
  keepSync?(records: readonly OutboxRecord[]): void;
}

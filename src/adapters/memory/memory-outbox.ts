import { mayClaim } from '../../domain/tracking/outbox-lease';
import { byAcceptance } from '../../domain/tracking/outbox-order';
import type { ClaimAnswer, Outbox, OutboxLease, OutboxRecord } from '../../ports/outbox';

/**
 * An Outbox in a Map (tests, benchmark, and the browser's fallback when IndexedDB fails). A record is
 * copied on the way in and out, as a structured clone would be. Sharing one instance between two
 * runtimes plays a page reload, or two tabs open at once.
 */
export class MemoryOutbox implements Outbox {
  readonly records = new Map<string, OutboxRecord>();
  /** Ids deleted so far, in order (a test can prove an acknowledged record is gone). */
  readonly deleted: string[] = [];

  async put(record: OutboxRecord): Promise<boolean> {
    this.records.set(record.id, { ...record, payload: { ...record.payload } });
    return true;
  }

  async delete(id: string): Promise<void> {
    this.deleted.push(id);
    this.records.delete(id);
  }

  async all(): Promise<OutboxRecord[]> {
    return [...this.records.values()].sort(byAcceptance).map((record) => ({ ...record }));
  }

  /** Atomic as IndexedDB's readwrite transaction: nothing runs between the read and the write. */
  async claim(id: string, lease: OutboxLease, now: number): Promise<ClaimAnswer> {
    const record = this.records.get(id);
    if (!record) return 'gone';
    if (!mayClaim(record.lease, lease.owner, now)) return 'held';
    this.records.set(id, { ...record, lease: { ...lease } });
    return 'claimed';
  }
}

/**
 * The durable outbox's copies for a page that unloads before its IndexedDB writes commit: an event
 * that waited for the customer data enters only at the page hide, and a write issued while the page
 * unloads may never commit, so a failed keepalive send was its only chance. At the hide those records
 * are copied synchronously into localStorage, one key each (tabs leaving at once write keys of their
 * own, never one list over the other's); the next `all()` of any page moves them into the outbox. A
 * copy goes once its write committed or the record was deleted (acknowledged). A copy that the pages
 * taking it cannot store (IndexedDB refuses the write) stays, and carries the lease the database would
 * hold: of the tabs that took it, the one holding it sends it. localStorage has no transaction: tabs
 * claiming one copy within a few milliseconds, or a lease written just after another tab removed the
 * copy, may have it sent twice; a lease the storage has no room for is not written.
 */
import type { KeyValueStore } from '../../ports/key-value-store';
import type { ClaimAnswer, OutboxLease, OutboxRecord } from '../../ports/outbox';
import { jsonText } from '../../domain/tracking/json-text';
import { mayClaim } from '../../domain/tracking/outbox-lease';

/** Each copy's key: the prefix and the record's id. */
export const OUTBOX_COPY_PREFIX = 'cot_outbox_copy:';

export interface OutboxCopies {
  /** Copies the records not copied yet (a page hide is often two: hidden, then left); returns those the storage had no room for. */
  add(records: readonly OutboxRecord[]): OutboxRecord[];
  /** Every copy (of any page), to be moved into the outbox; a key holding no record is removed. */
  take(): OutboxRecord[];
  /** The record is stored or deleted: its copy goes (only one this page added or took: no storage call per event). */
  remove(id: string): void;
  /**
   * For a copy this page took and could not store (the database refuses writes): the copy's lease,
   * claimed as the database's would be, so that of the tabs that took it one sends it; 'gone' once
   * its copy is (another tab had it acknowledged). `undefined` for any other record.
   */
  claim(id: string, lease: OutboxLease, now: number): ClaimAnswer | undefined;
}

export function outboxCopies(store: KeyValueStore, isRecord: (value: unknown) => value is OutboxRecord): OutboxCopies {
  const own = new Set<string>();
  const taken = new Set<string>();
  return {
    add(records) {
      const refused: OutboxRecord[] = [];
      for (const record of records) {
        if (own.has(record.id)) continue;
        own.add(record.id);
        if (store.setItem(OUTBOX_COPY_PREFIX + record.id, jsonText(record)) === 'quota-exceeded') refused.push(record);
      }
      return refused;
    },
    take() {
      const copies: OutboxRecord[] = [];
      for (const key of store.keys()) {
        if (!key.startsWith(OUTBOX_COPY_PREFIX)) continue;
        let copy: unknown;
        try {
          copy = JSON.parse(store.getItem(key) ?? '');
        } catch {
          // Not a copy: removed below.
        }
        if (isRecord(copy) && key === OUTBOX_COPY_PREFIX + copy.id) {
          own.add(copy.id);
          taken.add(copy.id);
          copies.push(copy);
        } else {
          store.removeItem(key);
        }
      }
      return copies;
    },
    remove(id) {
      taken.delete(id);
      if (own.delete(id)) store.removeItem(OUTBOX_COPY_PREFIX + id);
    },
    claim(id, lease, now) {
      if (!taken.has(id)) return undefined;
      let copy: unknown;
      try {
        copy = JSON.parse(store.getItem(OUTBOX_COPY_PREFIX + id) ?? '');
      } catch {
        // Gone, or rewritten into something else.
      }
      if (!isRecord(copy) || copy.id !== id) {
        taken.delete(id);
        own.delete(id);
        return 'gone';
      }
      if (!mayClaim(copy.lease, lease.owner, now)) return 'held';
      // A lease the storage has no room for is not written: this page sends it all the same.
      store.setItem(OUTBOX_COPY_PREFIX + id, jsonText({ ...copy, lease }));
      return 'claimed';
    },
  };
}

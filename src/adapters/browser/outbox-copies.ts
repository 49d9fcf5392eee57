/**
 * The durable outbox's copies for a page that unloads before its IndexedDB writes commit: an event
 * that waited for the customer data enters only at the page hide, and a write issued while the page
 * unloads may never commit, so a failed keepalive send was its only chance. At the hide those records
 * are copied synchronously into localStorage; the next `all()` of any page moves them into the outbox.
 * A copy goes once its write committed or the record was deleted (acknowledged).
 * Tabs share the key; a change reads and writes it in one synchronous step, so only two tabs writing
 * in the same instant (one hiding while another's record is acknowledged) can lose a copy.
 */
import type { KeyValueStore, StoreWriteResult } from '../../ports/key-value-store';
import type { OutboxRecord } from '../../ports/outbox';
import { jsonText } from '../../domain/tracking/json-text';

export const OUTBOX_COPIES_KEY = 'cot_outbox_spill';

export interface OutboxCopies {
  /** Copies the records not copied yet; when the storage is full, the largest are left out first. */
  add(records: readonly OutboxRecord[]): void;
  /** Every copy (of any page), to be moved into the outbox. */
  take(): OutboxRecord[];
  /** The record is stored or deleted: its copy goes (only one this page added or took: others are left alone). */
  remove(id: string): void;
}

export function outboxCopies(store: KeyValueStore, isRecord: (value: unknown) => value is OutboxRecord): OutboxCopies {
  const own = new Set<string>();
  const read = (): OutboxRecord[] => {
    try {
      const list: unknown = JSON.parse(store.getItem(OUTBOX_COPIES_KEY) ?? '[]');
      return Array.isArray(list) ? list.filter(isRecord) : [];
    } catch {
      return [];
    }
  };
  const write = (records: readonly OutboxRecord[]): StoreWriteResult => {
    if (records.length > 0) return store.setItem(OUTBOX_COPIES_KEY, jsonText(records));
    store.removeItem(OUTBOX_COPIES_KEY);
    return 'ok';
  };
  return {
    add(records) {
      const list = read();
      const known = new Set(list.map((record) => record.id));
      const fresh = records.filter((record) => !known.has(record.id));
      for (const record of fresh) own.add(record.id);
      if (fresh.length === 0) return;
      const sizes = new Map(fresh.map((record) => [record, jsonText(record).length]));
      fresh.sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0));
      while (fresh.length > 0 && write([...list, ...fresh]) === 'quota-exceeded') fresh.shift();
    },
    take() {
      const list = read();
      for (const record of list) own.add(record.id);
      return list;
    },
    remove(id) {
      if (own.delete(id)) write(read().filter((record) => record.id !== id));
    },
  };
}

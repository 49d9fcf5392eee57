/**
 * The outbox's fallback for a page that hides before its IndexedDB writes commit: an event pushed
 * while the customer data was on its way enters at the hide, and a write issued while the page
 * unloads may never commit, so a failed keepalive send was its only chance. At the hide those
 * records are copied synchronously into the page's key-value store (localStorage); the next page
 * puts them into the outbox. A record leaves the copy once its write committed or the collector
 * acknowledged it (at-least-once: the collector drops duplicates by `event_id`).
 */
import type { KeyValueStore } from '../../ports/key-value-store';
import type { OutboxRecord } from '../../ports/outbox';
import { isRecord } from '../../domain/tracking/mapping/clean';
import { jsonText } from '../../domain/tracking/json-text';

export const OUTBOX_SPILL_KEY = 'cot_outbox_spill';

export interface OutboxSpill {
  /** Copies the records (those not copied yet) into the store. */
  add(records: readonly OutboxRecord[]): void;
  /** The copied records, for the outbox; each stays until `remove`d. */
  take(): OutboxRecord[];
  /** The record is stored durably or acknowledged: its copy goes (only one this page added or took). */
  remove(id: string): void;
}

const isOutboxRecord = (value: unknown): value is OutboxRecord =>
  isRecord(value) && typeof value.id === 'string' && typeof value.acceptedAt === 'number' && isRecord(value.payload);

export function createOutboxSpill(store: KeyValueStore): OutboxSpill {
  const own = new Set<string>();
  const read = (): OutboxRecord[] => {
    try {
      const list: unknown = JSON.parse(store.getItem(OUTBOX_SPILL_KEY) ?? '[]');
      return Array.isArray(list) ? list.filter(isOutboxRecord) : [];
    } catch {
      return [];
    }
  };
  const write = (records: readonly OutboxRecord[]): void => {
    try {
      if (records.length === 0) store.removeItem(OUTBOX_SPILL_KEY);
      else store.setItem(OUTBOX_SPILL_KEY, jsonText(records));
    } catch {
      // A record the page cannot write as JSON: the keepalive send was its chance.
    }
  };
  return {
    add(records) {
      if (records.length === 0) return;
      const list = read();
      const known = new Set(list.map((record) => record.id));
      for (const record of records) {
        own.add(record.id);
        if (!known.has(record.id)) list.push(record);
      }
      write(list);
    },
    take() {
      const list = read();
      for (const record of list) own.add(record.id);
      return list;
    },
    remove(id) {
      if (!own.delete(id)) return;
      write(read().filter((record) => record.id !== id));
    },
  };
}

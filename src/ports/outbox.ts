/** One event waiting for the first-party collector's acknowledgement. */
export interface OutboxRecord {
  /** Unique per event; the collector sees it, so a retried send is recognisable. */
  id: string;
  /** When it was accepted (Clock milliseconds); records are sent oldest first. */
  acceptedAt: number;
  /** The mapped first-party payload. */
  payload: Record<string, unknown>;
}

/**
 * A durable queue (browser: IndexedDB via idb-keyval; tests: memory). A record is put before it is
 * sent and deleted after a 2xx answer, so it survives a reload and is never sent after acknowledgement.
 */
export interface Outbox {
  put(record: OutboxRecord): Promise<void>;
  delete(id: string): Promise<void>;
  /** Every record still waiting, oldest first. */
  all(): Promise<OutboxRecord[]>;
}

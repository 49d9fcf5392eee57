/** What a write to a store came to. */
export type StoreWriteResult = 'ok' | 'quota-exceeded' | 'unavailable';

/**
 * A synchronous string store (browser: localStorage; tests and the server: a Map).
 * Adapters never throw: a missing or blocked store reads as empty and writes as `unavailable`.
 */
export interface KeyValueStore {
  /** The stored string, or `null` when the key is absent or the store is unavailable. */
  getItem(key: string): string | null;
  /** Stores the value; `quota-exceeded` when the device's storage is full (recognised across browsers). */
  setItem(key: string, value: string): StoreWriteResult;
  /** Removes the key; absent keys are ignored. */
  removeItem(key: string): void;
  /** Every key held; none when the store is unavailable. */
  keys(): string[];
}

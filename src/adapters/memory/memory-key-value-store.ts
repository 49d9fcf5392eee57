import type { KeyValueStore, StoreWriteResult } from '../../ports/key-value-store';

export interface MemoryKeyValueStoreOptions {
  /** Writes that would make the store hold more characters (keys plus values) answer `quota-exceeded`. */
  readonly quotaChars?: number;
  /** Every write answers `unavailable` and every read gives `null`. */
  readonly unavailable?: boolean;
  /** Initial content. */
  readonly initial?: Record<string, string>;
}

/** A KeyValueStore in a Map (tests, benchmark, server side), with an optional quota and a log of every write. */
export class MemoryKeyValueStore implements KeyValueStore {
  readonly data = new Map<string, string>();
  readonly writes: { key: string; value: string; result: StoreWriteResult }[] = [];
  quotaChars: number | undefined;
  unavailable: boolean;

  constructor(options: MemoryKeyValueStoreOptions = {}) {
    this.quotaChars = options.quotaChars;
    this.unavailable = options.unavailable ?? false;
    for (const [key, value] of Object.entries(options.initial ?? {})) this.data.set(key, value);
  }

  getItem(key: string): string | null {
    if (this.unavailable) return null;
    return this.data.get(key) ?? null;
  }

  setItem(key: string, value: string): StoreWriteResult {
    const result = this.write(key, value);
    this.writes.push({ key, value, result });
    return result;
  }

  removeItem(key: string): void {
    if (!this.unavailable) this.data.delete(key);
  }

  keys(): string[] {
    return this.unavailable ? [] : [...this.data.keys()];
  }

  /** Characters held (keys plus values), as the quota counts them. */
  usedChars(): number {
    let total = 0;
    for (const [key, value] of this.data) total += key.length + value.length;
    return total;
  }

  private write(key: string, value: string): StoreWriteResult {
    if (this.unavailable) return 'unavailable';
    const current = this.data.get(key);
    const after = this.usedChars() - (current === undefined ? 0 : key.length + current.length) + key.length + value.length;
    if (this.quotaChars !== undefined && after > this.quotaChars) return 'quota-exceeded';
    this.data.set(key, value);
    return 'ok';
  }
}

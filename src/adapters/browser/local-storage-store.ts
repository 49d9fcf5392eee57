import { LogLevel } from '../../domain/tracking/log-buffer';
import type { KeyValueStore, StoreWriteResult } from '../../ports/key-value-store';
import type { Logger } from '../../ports/logger';
import { reportOnce } from './report';

/** Logged once per store when the browser refuses its storage (blocked cookies, sandboxed frame, no storage). */
// The texts are used as plain constants, so the library build needs no object for them.
const UNAVAILABLE = 'localStorage unavailable; no product history.';
export const LocalStorageTexts = { unavailable: UNAVAILABLE } as const;

const QUOTA_NAMES = ['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED'];
/** 22: QUOTA_EXCEEDED_ERR of the DOM standard (Chrome, Safari, Edge); 1014: old Firefox. */
const QUOTA_CODES = [22, 1014];

/** True when an error thrown by `Storage.setItem` means the storage is full, as any browser says it. */
export function isQuotaExceeded(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (typeof name === 'string' && QUOTA_NAMES.includes(name)) || (typeof code === 'number' && QUOTA_CODES.includes(code));
}

const defaultStorage = (): Storage | null | undefined => window.localStorage;

/**
 * A KeyValueStore on localStorage. Never throws: a missing or blocked storage reads `null` and writes
 * `unavailable`; a full one writes `quota-exceeded`. It stores strings only; what they mean (and
 * whether they parse) is the domain's business.
 */
export class LocalStorageStore implements KeyValueStore {
  readonly #getStorage: () => Storage | null | undefined;
  readonly #unavailable: (error?: unknown) => void;

  constructor(
    getStorage: () => Storage | null | undefined = defaultStorage,
    logger?: Logger,
  ) {
    this.#getStorage = getStorage;
    this.#unavailable = reportOnce(logger, LogLevel.warn, UNAVAILABLE);
  }

  getItem(key: string): string | null {
    try {
      const storage = this.#storage();
      return storage ? storage.getItem(key) : null;
    } catch (error) {
      this.#unavailable(error);
      return null;
    }
  }

  setItem(key: string, value: string): StoreWriteResult {
    let storage: Storage | undefined;
    try {
      storage = this.#storage();
      if (!storage) return 'unavailable';
      storage.setItem(key, value);
      return 'ok';
    } catch (error) {
      if (storage && isQuotaExceeded(error)) return 'quota-exceeded';
      this.#unavailable(error);
      return 'unavailable';
    }
  }

  removeItem(key: string): void {
    try {
      this.#storage()?.removeItem(key);
    } catch (error) {
      this.#unavailable(error);
    }
  }

  keys(): string[] {
    const keys: string[] = [];
    try {
      const storage = this.#storage();
      for (let index = 0; storage && index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key !== null) keys.push(key);
      }
    } catch (error) {
      this.#unavailable(error);
    }
    return keys;
  }

  #storage(): Storage | undefined {
    const storage = this.#getStorage();
    if (storage) return storage;
    this.#unavailable();
    return undefined;
  }
}

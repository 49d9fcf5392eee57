import { LocalStorageStore, LocalStorageTexts, isQuotaExceeded } from '../../src/adapters/browser/local-storage-store';
import { MemoryLogger } from '../../src/adapters/memory/memory-logger';
import { MemoryKeyValueStore } from '../../src/adapters/memory/memory-key-value-store';
import { SimulatedClock } from '../../src/adapters/memory/simulated-clock';
import { createProductHistoryStore, PRODUCT_HISTORY_KEY } from '../../src/domain/tracking/product-history-store';
import { Warnings } from '../../src/domain/tracking/warnings';

/** A Storage whose setItem throws the given error; reads and removals work on a Map. */
function throwingStorage(error: unknown): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (key: string) => data.get(key) ?? null,
    removeItem: (key: string) => void data.delete(key),
    setItem: () => {
      throw error;
    },
  };
}

/** An error shaped like a legacy browser's: only a numeric code, no telling name. */
const legacyError = (code: number) => Object.assign(new Error('quota'), { name: 'Error', code });

describe('LocalStorageStore', () => {
  beforeEach(() => localStorage.clear());

  it('stores and reads strings in window.localStorage', () => {
    const store = new LocalStorageStore();
    expect(store.setItem('k', 'v')).toBe('ok');
    expect(localStorage.getItem('k')).toBe('v');
    expect(store.getItem('k')).toBe('v');
    store.removeItem('k');
    expect(store.getItem('k')).toBeNull();
  });

  it('answers quota-exceeded for a DOMException named QuotaExceededError', () => {
    const store = new LocalStorageStore(() => throwingStorage(new DOMException('full', 'QuotaExceededError')));
    expect(store.setItem('k', 'v')).toBe('quota-exceeded');
  });

  it.each([
    ['legacy code 22', legacyError(22)],
    ['old Firefox code 1014', legacyError(1014)],
    ['Firefox name NS_ERROR_DOM_QUOTA_REACHED', Object.assign(new Error('full'), { name: 'NS_ERROR_DOM_QUOTA_REACHED' })],
  ])('answers quota-exceeded for %s', (_label, error) => {
    const store = new LocalStorageStore(() => throwingStorage(error));
    expect(store.setItem('k', 'v')).toBe('quota-exceeded');
  });

  it('answers unavailable for any other error on write, and logs it once', () => {
    const logger = new MemoryLogger();
    const store = new LocalStorageStore(() => throwingStorage(new DOMException('denied', 'SecurityError')), logger);
    expect(store.setItem('a', '1')).toBe('unavailable');
    expect(store.setItem('b', '2')).toBe('unavailable');
    expect(logger.messages()).toEqual([LocalStorageTexts.unavailable]);
  });

  it('reads null and writes unavailable when the storage is missing or access is blocked', () => {
    const missing = new LocalStorageStore(() => null);
    expect(missing.getItem('k')).toBeNull();
    expect(missing.setItem('k', 'v')).toBe('unavailable');
    expect(() => missing.removeItem('k')).not.toThrow();

    const blocked = new LocalStorageStore(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(blocked.getItem('k')).toBeNull();
    expect(blocked.setItem('k', 'v')).toBe('unavailable');
    expect(() => blocked.removeItem('k')).not.toThrow();
  });

  it('lists the keys held, and none when the storage is blocked', () => {
    localStorage.setItem('cot_outbox_copy:e1', '{}');
    localStorage.setItem('shop_cart', '[]');
    expect(new LocalStorageStore().keys().sort()).toEqual(['cot_outbox_copy:e1', 'shop_cart']);
    const blocked = new LocalStorageStore(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(blocked.keys()).toEqual([]);
  });

  it('recognises quota errors only by those names and codes', () => {
    expect(isQuotaExceeded(new DOMException('x', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaExceeded(new DOMException('x', 'SecurityError'))).toBe(false);
    expect(isQuotaExceeded(legacyError(18))).toBe(false);
    expect(isQuotaExceeded('QuotaExceededError')).toBe(false);
    expect(isQuotaExceeded(null)).toBe(false);
  });

  it('lets the product history keep its newest entries when the browser storage is full', () => {
    // A real Storage, full beyond 120 characters: the domain halves until it fits.
    const backing = new MemoryKeyValueStore({ quotaChars: 120 });
    const storage = {
      getItem: (key: string) => backing.getItem(key),
      removeItem: (key: string) => backing.removeItem(key),
      setItem: (key: string, value: string) => {
        if (backing.setItem(key, value) === 'quota-exceeded') throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    const logs: string[] = [];
    const clock = new SimulatedClock(1_700_000_000_000);
    const history = createProductHistoryStore({
      store: new LocalStorageStore(() => storage),
      clock,
      log: (_level, message) => logs.push(message),
    });
    for (const id of ['100000001', '100000002', '100000003', '100000004']) {
      clock.advance(1000);
      history.click(id, { sl1: 'search' });
    }
    const kept = Object.keys(JSON.parse(backing.getItem(PRODUCT_HISTORY_KEY) ?? '{}'));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toContain('100000004');
    expect(kept).not.toContain('100000001');
    expect(logs.some((m) => m.startsWith('Storage quota exceeded: kept the'))).toBe(true);
  });

  it('keeps the whole history while the browser storage has room, beside a shop key larger than the desktop minimum', () => {
    // 2,600,000 characters: 5078 KB by the spec's estimate, more than 5000 KB, in a storage that holds 5,000,000.
    localStorage.setItem('shop_cache', 'x'.repeat(2_600_000));
    const logs: string[] = [];
    const clock = new SimulatedClock(0);
    const history = createProductHistoryStore({
      store: new LocalStorageStore(),
      clock,
      log: (_level, message) => logs.push(message),
    });
    for (let id = 100000001; id <= 100000020; id += 1) {
      clock.advance(1000);
      history.click(String(id), { sl1: 'search' });
    }
    expect(Object.keys(JSON.parse(localStorage.getItem(PRODUCT_HISTORY_KEY) ?? '{}'))).toHaveLength(20);
    expect(logs).toEqual([]);
  });

  it('leaves unparseable data to the domain, which removes it and logs the spec text', () => {
    localStorage.setItem(PRODUCT_HISTORY_KEY, '{not json');
    const logs: string[] = [];
    const history = createProductHistoryStore({
      store: new LocalStorageStore(),
      clock: new SimulatedClock(0),
      log: (_level, message) => logs.push(message),
    });
    expect(history.read()).toEqual({});
    expect(localStorage.getItem(PRODUCT_HISTORY_KEY)).toBeNull();
    expect(logs).toEqual([Warnings.storageUnparseable(PRODUCT_HISTORY_KEY)]);
  });
});

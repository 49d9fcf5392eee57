import fc from 'fast-check';
import { toText } from '../../../src/domain/tracking/mapping/clean';
import type { LogLevel } from '../../../src/domain/tracking/log-buffer';
import {
  DAY_MS,
  PRODUCT_HISTORY_CAPACITY,
  PRODUCT_HISTORY_EXPIRY_DAYS,
  SUGGEST_RESULT_FEATURE,
  resolveHistoryLimits,
  toSourceRecord,
  SOURCE_TEXT_LIMIT,
  type ProductHistory,
  type ProductHistoryEntry,
} from '../../../src/domain/tracking/product-history';
import {
  STORAGE_BITS_PER_CHAR,
  STORAGE_BITS_PER_KB,
  STORAGE_LIMITS_KB,
  estimateStorageKb,
  keepNewestWithin,
  storageLimitKb,
} from '../../../src/domain/tracking/product-history-quota';
import {
  PRODUCT_HISTORY_KEY,
  ProductHistoryTexts,
  createProductHistoryStore,
  loadProductHistory,
  type ProductHistoryStoreOptions,
} from '../../../src/domain/tracking/product-history-store';
import { MemoryKeyValueStore } from '../../../src/adapters/memory/memory-key-value-store';
import { SimulatedClock } from '../../../src/adapters/memory/simulated-clock';

const START = 1_700_000_000_000;

function setup(options?: ProductHistoryStoreOptions, store = new MemoryKeyValueStore()) {
  const clock = new SimulatedClock(START);
  const logs: { level: LogLevel; message: string }[] = [];
  const history = createProductHistoryStore({ store, clock, log: (level, message) => logs.push({ level, message }), options });
  const stored = (): Record<string, ProductHistoryEntry> => JSON.parse(store.getItem(PRODUCT_HISTORY_KEY) ?? 'null');
  return { clock, store, logs, history, stored, messages: () => logs.map((l) => l.message) };
}

const tile = { spid: '111111111', sl1: 'search', sl2: 'results', sf: 'tile', ws: 'true', qs: 'false', sid: 's-1' };
const teaser = { sl1: 'home', sl2: 'teaser', sf: 'carousel' };

describe('product history defaults (spec §9)', () => {
  it('keeps 300 entries for 30 days unless configured otherwise', () => {
    expect(PRODUCT_HISTORY_CAPACITY).toBe(300);
    expect(PRODUCT_HISTORY_EXPIRY_DAYS).toBe(30);
    expect(resolveHistoryLimits()).toEqual({ capacity: 300, expiryMs: 30 * 24 * 60 * 60 * 1000 });
    expect(resolveHistoryLimits({ capacity: 50, expiryDays: 7 })).toEqual({ capacity: 50, expiryMs: 7 * DAY_MS });
  });

  it('falls back to the defaults for invalid configuration', () => {
    expect(resolveHistoryLimits({ capacity: -1, expiryDays: Number.NaN })).toEqual({ capacity: 300, expiryMs: 30 * DAY_MS });
    expect(resolveHistoryLimits({ capacity: 0, expiryDays: 0 })).toEqual({ capacity: 300, expiryMs: 30 * DAY_MS });
  });
});

describe('product history rules (spec §4)', () => {
  it('a click adds the entry with initial and last click source and the time', () => {
    const { history, stored } = setup();
    expect(history.click('123456789', tile)).toEqual({ '123456789': { lit: START, ics: tile, lcs: tile } });
    expect(stored()).toEqual({ '123456789': { lit: START, ics: tile, lcs: tile } });
  });

  it('a repeated click replaces the last click source and keeps the initial one', () => {
    const { history, clock } = setup();
    history.click('123456789', tile);
    clock.advance(5000);
    expect(history.click('123456789', teaser)['123456789']).toEqual({ lit: START + 5000, ics: tile, lcs: teaser });
  });

  it(`a suggest-result click ('${SUGGEST_RESULT_FEATURE}') on a clicked product only updates the feature`, () => {
    const { history, clock } = setup();
    history.click('123456789', tile);
    clock.advance(1000);
    const entry = history.click('123456789', { sl1: 'suggest', sl2: 'box', sf: 'suggest_result' })['123456789'];
    expect(entry).toEqual({ lit: START + 1000, ics: tile, lcs: { ...tile, sf: 'suggest_result' } });
  });

  it('a suggest-result click on a product not yet clicked adds it like any click', () => {
    const { history } = setup();
    const suggest = { sl1: 'suggest', sl2: 'box', sf: 'suggest_result' };
    expect(history.click('123456789', suggest)['123456789']).toEqual({ lit: START, ics: suggest, lcs: suggest });
  });

  it('a suggest-result click on a product only viewed or put in the basket so far is its first click: both click sources set, the rest kept', () => {
    const { history, clock } = setup();
    const suggest = { sl1: 'suggest', sl2: 'box', sf: 'suggest_result' };
    history.itemView('123456789', teaser);
    history.addToCart('123456789', tile);
    clock.advance(1000);
    expect(history.click('123456789', suggest)['123456789']).toEqual({ lit: START + 1000, liv: teaser, iac: tile, ics: suggest, lcs: suggest });
  });

  it('an item view sets the last item view source, adding the entry when needed', () => {
    const { history, clock } = setup();
    expect(history.itemView('222222222', teaser)['222222222']).toEqual({ lit: START, liv: teaser });
    history.click('123456789', tile);
    clock.advance(10);
    expect(history.itemView('123456789', teaser)['123456789']).toEqual({ lit: START + 10, ics: tile, lcs: tile, liv: teaser });
    expect(history.itemView('123456789', tile)['123456789']?.liv).toEqual(tile);
  });

  it('an add to cart sets the add-to-cart source once; later ones only update the time', () => {
    const { history, clock } = setup();
    history.click('123456789', tile);
    expect(history.addToCart('123456789', tile)['123456789']?.iac).toEqual(tile);
    clock.advance(60_000);
    const entry = history.addToCart('123456789', teaser)['123456789'];
    expect(entry).toEqual({ lit: START + 60_000, ics: tile, lcs: tile, iac: tile });
  });

  it('a purchase deletes the entries of the purchased products only', () => {
    const { history, stored } = setup();
    history.click('111111111', tile);
    history.click('222222222', tile);
    history.click('333333333', tile);
    expect(Object.keys(history.purchase(['111111111', 333333333]))).toEqual(['222222222']);
    expect(Object.keys(stored())).toEqual(['222222222']);
    expect(history.purchase('222222222')).toEqual({});
  });

  it('records the ids of one push (1,000 items viewed) with one write, keeping the newest 300', () => {
    const { history, store, messages } = setup();
    const ids = Array.from({ length: 1000 }, (_, i) => String(100_000_000 + i));
    const result = history.itemView([...ids, null], tile);
    expect(store.writes).toHaveLength(1);
    expect(Object.keys(result)).toHaveLength(300);
    expect(result['100000999']?.liv).toEqual(tile);
    expect(messages()).toEqual(['A product history interaction without a valid product id is ignored.']);
  });

  it('every interaction updates the last interaction time', () => {
    const { history, clock } = setup();
    history.click('123456789', tile);
    clock.advance(1);
    expect(history.click('123456789', { sf: 'suggest_result' })['123456789']?.lit).toBe(START + 1);
    clock.advance(1);
    expect(history.itemView('123456789', tile)['123456789']?.lit).toBe(START + 2);
    clock.advance(1);
    expect(history.addToCart('123456789', tile)['123456789']?.lit).toBe(START + 3);
    clock.advance(1);
    expect(history.addToCart('123456789', tile)['123456789']?.lit).toBe(START + 4);
  });

  it('keeps only the source fields spid, sl1..sl5, sf, ws, qs, sid as non-empty texts', () => {
    const { history } = setup();
    const entry = history.click(123456789, { spid: 987654321, sl1: 'a', sl5: '', ws: true, qs: false, extra: 'x', sid: null });
    expect(entry['123456789']?.lcs).toEqual({ spid: '987654321', sl1: 'a', ws: 'true', qs: 'false' });
  });

  it('keeps at most 255 characters of a source text, never half an emoji: a link with a huge cotcs cannot fill the storage and evict the history', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 0, maxLength: 600 }), (text) => {
        const record = toSourceRecord({ sl1: text, sl2: `x${text}`, sf: text, qs: text });
        for (const value of Object.values(record)) {
          expect(value.length).toBeLessThanOrEqual(SOURCE_TEXT_LIMIT);
          expect(value).not.toMatch(/[\ud800-\udbff]$/);
        }
        // Kept as read (trimmed, blank left out) up to the limit, its start beyond it.
        const read = toText(text);
        if (read !== undefined && read.length <= SOURCE_TEXT_LIMIT) expect(record.sl1).toBe(read);
        if (read !== undefined && read.length > SOURCE_TEXT_LIMIT) expect(read.startsWith(record.sl1 ?? '')).toBe(true);
      }),
    );
    const { history, store } = setup();
    const huge = { sl1: 'A'.repeat(1_000_000), sl2: 'teaser', sf: 'feature' };
    const entry = history.click(123456789, huge)['123456789'];
    expect(entry?.ics?.sl1).toBe('A'.repeat(SOURCE_TEXT_LIMIT));
    expect((store.getItem(PRODUCT_HISTORY_KEY) ?? '').length).toBeLessThan(2_000);
  });

  it('ignores an interaction without a valid product id, with a warning', () => {
    const { history, messages, store } = setup();
    for (const id of [undefined, null, '', '  ', {}, []]) expect(history.click(id, tile)).toEqual({});
    expect(messages()).toContain('A product history interaction without a valid product id is ignored.');
    expect(ProductHistoryTexts.invalidProductId).toBe('A product history interaction without a valid product id is ignored.');
    expect(store.getItem(PRODUCT_HISTORY_KEY)).toBeNull();
  });

  it('treats product ids named like object members as ordinary ids', () => {
    const { history } = setup();
    expect(history.itemView('constructor', tile)).toEqual({ constructor: { lit: START, liv: tile } });
    expect(Object.keys(history.click('__proto__', tile)).sort()).toEqual(['__proto__', 'constructor']);
  });

  it('reads source records of any shape without throwing', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('boom'); } });
    for (const value of [null, undefined, 42, 'text', [], hostile, { sf: {} }]) expect(() => toSourceRecord(value)).not.toThrow();
    expect(toSourceRecord({ sf: {} })).toEqual({});
  });
});

describe('product history expiry and capacity (spec §9: 30 days, 300 entries)', () => {
  it('drops entries older than 30 days on load and keeps one exactly 30 days old', () => {
    const initial = {
      [PRODUCT_HISTORY_KEY]: JSON.stringify({
        '111111111': { lit: START - 30 * DAY_MS, lcs: tile },
        '222222222': { lit: START - 30 * DAY_MS - 1, lcs: tile },
      }),
    };
    const { history, stored } = setup(undefined, new MemoryKeyValueStore({ initial }));
    expect(Object.keys(history.read())).toEqual(['111111111']);
    expect(Object.keys(stored())).toEqual(['111111111']);
  });

  it('keeps the date of an entry dated after now (this clock set back): read, it is neither rewritten nor dropped, and is there when the clock is right again', () => {
    // Clicked with a right clock; this page's clock is 60 days behind (a phone booted with a wrong date).
    const initial = { [PRODUCT_HISTORY_KEY]: JSON.stringify({ '111111111': { lit: START + 60 * DAY_MS, lcs: tile } }) };
    const { history, clock, stored } = setup(undefined, new MemoryKeyValueStore({ initial }));
    expect(history.read()['111111111']?.lit).toBe(START + 60 * DAY_MS);
    history.click('222222222', tile);
    expect(stored()['111111111']?.lit).toBe(START + 60 * DAY_MS);
    clock.advance(60 * DAY_MS + 60_000);
    expect(history.read()['111111111']?.lit).toBe(START + 60 * DAY_MS);
  });

  it('keeps the date of an entry dated after now through a click, a view and an add to cart with this clock behind: it is there, with its first click, when the clock is right', () => {
    const initial = { [PRODUCT_HISTORY_KEY]: JSON.stringify({ '111111111': { lit: START + 60 * DAY_MS, ics: teaser, lcs: teaser } }) };
    const { history, clock, stored } = setup(undefined, new MemoryKeyValueStore({ initial }));
    history.click('111111111', tile);
    history.itemView('111111111', tile);
    history.addToCart('111111111', tile);
    expect(stored()['111111111']).toMatchObject({ lit: START + 60 * DAY_MS, ics: { sl1: 'home' }, lcs: { sl1: 'search' }, liv: { sl1: 'search' }, iac: { sl1: 'search' } });
    clock.advance(60 * DAY_MS + 60_000);
    expect(history.read()['111111111']?.ics).toEqual(teaser);
  });

  it('evicts an entry dated after now before the ones dated up to now: it was written before the clock was set back', () => {
    // Clicked with a right clock, a day ahead of this page's; the lowest id, which an object lists first.
    const initial = { [PRODUCT_HISTORY_KEY]: JSON.stringify({ '100000000': { lit: START + DAY_MS, lcs: tile } }) };
    const { history, clock, stored } = setup({ capacity: 2 }, new MemoryKeyValueStore({ initial }));
    history.click('900000000', tile);
    clock.advance(60_000);
    history.click('500000000', tile);
    expect(Object.keys(stored()).sort()).toEqual(['500000000', '900000000']);
  });

  it('keeps the order of entries dated after now: at capacity the oldest of them goes, not the highest id', () => {
    const ahead: Record<string, unknown> = {};
    // Written while the clock was a year ahead, the lowest id first (ids sort as numbers in an object).
    for (let i = 0; i < 300; i += 1) ahead[String(100_000_001 + i)] = { lit: START + 365 * DAY_MS + i * 60_000, lcs: tile };
    const { history, stored } = setup(undefined, new MemoryKeyValueStore({ initial: { [PRODUCT_HISTORY_KEY]: JSON.stringify(ahead) } }));
    history.click('555555555', tile);
    const kept = stored();
    expect(Object.keys(kept)).toHaveLength(300);
    expect(kept['100000001']).toBeUndefined();
    expect(kept['100000300']).toBeDefined();
    expect(kept['555555555']).toBeDefined();
  });

  it('takes the expiry from configuration', () => {
    const { history, clock } = setup({ expiryDays: 1 });
    history.click('111111111', tile);
    clock.advance(DAY_MS + 1);
    expect(history.read()).toEqual({});
  });

  it('drops the oldest entry when the 301st product is clicked', () => {
    const { history, clock } = setup();
    for (let i = 0; i < 301; i += 1) {
      history.click(String(100_000_000 + i), tile);
      clock.advance(1);
    }
    const ids = Object.keys(history.read());
    expect(ids).toHaveLength(300);
    expect(ids).not.toContain('100000000');
    expect(ids).toContain('100000300');
  });

  it('keeps the product just clicked even when all entries share its time', () => {
    const { history } = setup({ capacity: 3 });
    for (const id of ['1', '2', '3', '4']) history.click(id, tile);
    expect(Object.keys(history.read())).toContain('4');
    expect(Object.keys(history.read())).toHaveLength(3);
  });

  it('takes the capacity from configuration', () => {
    const { history, clock } = setup({ capacity: 2 });
    for (const id of ['1', '2', '3']) {
      history.click(id, tile);
      clock.advance(1);
    }
    expect(Object.keys(history.read()).sort()).toEqual(['2', '3']);
  });
});

describe('product history storage', () => {
  const unparseable = (key: string) => `The stored entry ${key} could not be parsed and has been removed.`;

  it(`stores one JSON object under '${PRODUCT_HISTORY_KEY}'`, () => {
    const { history, store } = setup();
    history.click('123456789', tile);
    expect(PRODUCT_HISTORY_KEY).toBe('cot_product_history');
    expect([...store.data.keys()]).toEqual(['cot_product_history']);
  });

  it.each(['{not json', '[]', '42', 'null', '"text"'])('removes an unparseable value %s with a warning', (raw) => {
    const { history, store, messages } = setup(undefined, new MemoryKeyValueStore({ initial: { [PRODUCT_HISTORY_KEY]: raw } }));
    expect(history.read()).toEqual({});
    expect(store.data.has(PRODUCT_HISTORY_KEY)).toBe(false);
    expect(messages()).toEqual([unparseable('cot_product_history')]);
  });

  it('removes an unparseable entry and keeps the others', () => {
    const initial = {
      [PRODUCT_HISTORY_KEY]: JSON.stringify({
        '111111111': { lit: START, lcs: tile },
        '222222222': { lit: 'yesterday' },
        '333333333': { lit: START, lcs: { sf: {} } },
        '444444444': 'x',
      }),
    };
    const { history, stored, messages } = setup(undefined, new MemoryKeyValueStore({ initial }));
    expect(history.read()).toEqual({ '111111111': { lit: START, lcs: tile } });
    expect(stored()).toEqual({ '111111111': { lit: START, lcs: tile } });
    expect(messages()).toEqual([
      unparseable('cot_product_history.222222222'),
      unparseable('cot_product_history.333333333'),
      unparseable('cot_product_history.444444444'),
    ]);
  });

  it('keeps a stored source whose fields are numbers or flags, as texts: clicks may record them so', () => {
    const initial = { [PRODUCT_HISTORY_KEY]: JSON.stringify({ '111111111': { lit: START, ics: { sid: 12345, ws: true }, lcs: tile } }) };
    const { history, messages } = setup(undefined, new MemoryKeyValueStore({ initial }));
    expect(history.read()['111111111']?.ics).toEqual({ sid: '12345', ws: 'true' });
    expect(messages()).toEqual([]);
  });

  it('keeps a stored entry that writes null for an absent source or field, without them', () => {
    const initial = {
      [PRODUCT_HISTORY_KEY]: JSON.stringify({
        '111111111': { lit: START, ics: { sl1: 'a', sl3: null }, lcs: { sl1: 'a', sl3: null } },
        '222222222': { lit: START, ics: { sl1: 'a' }, lcs: { sl1: 'a' }, liv: null, iac: null },
      }),
    };
    const { history, messages } = setup(undefined, new MemoryKeyValueStore({ initial }));
    expect(history.read()).toEqual({
      '111111111': { lit: START, ics: { sl1: 'a' }, lcs: { sl1: 'a' } },
      '222222222': { lit: START, ics: { sl1: 'a' }, lcs: { sl1: 'a' } },
    });
    expect(messages()).toEqual([]);
  });

  it('loading never throws and never returns an invalid entry, whatever is stored', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        const store = new MemoryKeyValueStore({ initial: { [PRODUCT_HISTORY_KEY]: raw } });
        const { history } = loadProductHistory(store, () => {}, START, resolveHistoryLimits());
        for (const entry of Object.values(history)) expect(typeof entry.lit).toBe('number');
      }),
      { numRuns: 300 },
    );
  });

  it('reads a value another page wrote in between', () => {
    const { history, store } = setup();
    history.click('111111111', tile);
    store.data.set(PRODUCT_HISTORY_KEY, JSON.stringify({ '222222222': { lit: START, liv: teaser } }));
    expect(history.read()).toEqual({ '222222222': { lit: START, liv: teaser } });
    expect(Object.keys(history.click('333333333', tile)).sort()).toEqual(['222222222', '333333333']);
  });

  it('keeps working on an unavailable store', () => {
    const { history, messages } = setup(undefined, new MemoryKeyValueStore({ unavailable: true }));
    expect(history.click('123456789', tile)).toEqual({ '123456789': { lit: START, ics: tile, lcs: tile } });
    expect(messages()).toEqual([]);
  });
});

describe('product history storage quota (spec §9)', () => {
  const quota = (kept: number, dropped: number) =>
    `Storage quota exceeded: kept the ${kept} newest product history entries, dropped ${dropped}.`;

  it('estimates 16 bits per character divided by 8192, in KB', () => {
    expect(STORAGE_BITS_PER_CHAR).toBe(16);
    expect(STORAGE_BITS_PER_KB).toBe(8192);
    expect(estimateStorageKb(512)).toBe(1);
    expect(estimateStorageKb(8192)).toBe(16);
    expect(estimateStorageKb(1)).toBe(16 / 8192);
  });

  it('limits mobile to 2500 KB and desktop to 5000-10000 KB', () => {
    expect(STORAGE_LIMITS_KB).toEqual({ mobile: 2500, desktopMin: 5000, desktopMax: 10000 });
    expect(storageLimitKb({ device: 'mobile' })).toBe(2500);
    expect(storageLimitKb()).toBe(5000);
    expect(storageLimitKb({ device: 'desktop', desktopLimitKb: 7500 })).toBe(7500);
    expect(storageLimitKb({ device: 'desktop', desktopLimitKb: 20000 })).toBe(10000);
    expect(storageLimitKb({ device: 'desktop', desktopLimitKb: 1000 })).toBe(5000);
  });

  it('keeps as many of the newest entries as fit when the store answers quota-exceeded', () => {
    const { history, clock, store, stored, messages } = setup();
    for (let i = 1; i <= 10; i += 1) {
      history.click(String(i), tile);
      clock.advance(1000);
    }
    store.quotaChars = store.usedChars();
    history.click('11', tile);
    const ids = Object.keys(stored());
    // Eleven do not fit where ten were; nine do (one key is a character longer): the oldest two go, not half.
    expect(ids).toEqual(['3', '4', '5', '6', '7', '8', '9', '10', '11']);
    expect(messages()).toEqual([quota(9, 2)]);
  });

  it('keeps the newest entries within the space the other stored keys leave of the storage', () => {
    // The browser holds 2500 KB by the spec's estimate (512 characters a KB); the shop's cart takes all but 1 KB.
    const other = new MemoryKeyValueStore({
      quotaChars: 2500 * 512,
      initial: { shop_cart: 'x'.repeat(2499 * 512 - 'shop_cart'.length) },
    });
    const { history, clock, store, messages } = setup({ device: 'mobile' }, other);
    for (let i = 1; i <= 20; i += 1) {
      history.click(String(i), tile);
      clock.advance(1000);
    }
    const value = store.getItem(PRODUCT_HISTORY_KEY) ?? '';
    expect(estimateStorageKb(PRODUCT_HISTORY_KEY.length + value.length)).toBeLessThanOrEqual(1);
    const kept = Object.keys(JSON.parse(value)).map(Number);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(20);
    expect(Math.min(...kept)).toBe(20 - kept.length + 1);
    expect(messages()[0]).toMatch(/^Storage quota exceeded: kept the \d+ newest product history entries, dropped 1\.$/);
  });

  it('keeps the whole history while the storage has room, however much the other keys hold', () => {
    // The shop keeps more than the desktop minimum (5000 KB) under its own keys in a browser that holds 10 MB.
    const store = new MemoryKeyValueStore({
      quotaChars: 10240 * 512,
      initial: { shop_cache: 'x'.repeat(5400 * 512) },
    });
    const { history, clock, stored, messages } = setup(undefined, store);
    for (let i = 1; i <= 20; i += 1) {
      history.click(String(i), tile);
      clock.advance(1000);
    }
    expect(Object.keys(stored())).toHaveLength(20);
    expect(messages()).toEqual([]);
  });

  it('keeps the stored entries, not none, when the storage filled up around them', () => {
    const store = new MemoryKeyValueStore();
    const { history, clock, stored, messages } = setup(undefined, store);
    for (let i = 1; i <= 50; i += 1) {
      history.click(String(i), tile);
      clock.advance(1000);
    }
    // The page then fills the storage (a browser's 10 MB) to the last character: the history's own space stays its own.
    store.setItem('shop_cache', 'x'.repeat(10240 * 512 - store.usedChars() - 'shop_cache'.length));
    store.quotaChars = store.usedChars();
    for (let i = 51; i <= 55; i += 1) {
      history.click(String(i), tile);
      clock.advance(1000);
    }
    const kept = Object.keys(stored()).map(Number);
    expect(kept.length).toBeGreaterThanOrEqual(45);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 55 - kept.length + 1 + i));
    expect(messages()[0]).toMatch(/^Storage quota exceeded: kept the 4\d newest product history entries, dropped \d\.$/);
  });

  it('keeps the newest entries that still fit once the page stored more beside the history (the store refuses the rest)', () => {
    const store = new MemoryKeyValueStore();
    const { history, clock, messages } = setup(undefined, store);
    for (let i = 1; i <= 20; i += 1) {
      history.click(String(i), tile);
      clock.advance(1000);
    }
    expect(messages()).toEqual([]);
    const historyChars = PRODUCT_HISTORY_KEY.length + (store.getItem(PRODUCT_HISTORY_KEY) ?? '').length;
    // The page now fills the storage but for 1,000 characters besides the history: about half of it still fits.
    store.setItem('shop_cache', 'x'.repeat(4000));
    store.quotaChars = store.usedChars() - historyChars + 1000;
    expect(historyChars).toBeGreaterThan(1000);
    history.click('21', tile);
    const kept = Object.keys(JSON.parse(store.getItem(PRODUCT_HISTORY_KEY) ?? '{}')).map(Number);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(21);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 21 - kept.length + 1 + i));
    expect(PRODUCT_HISTORY_KEY.length + (store.getItem(PRODUCT_HISTORY_KEY) ?? '').length).toBeLessThanOrEqual(1000);
    expect(messages()).toEqual([quota(kept.length, 21 - kept.length)]);
  });

  it('warns once while the storage stays full, not at every product; again once it filled up anew', () => {
    const store = new MemoryKeyValueStore({ quotaChars: 0 });
    const { history, clock, messages } = setup(undefined, store);
    for (let i = 1; i <= 30; i += 1) {
      history.click(String(i), tile);
      clock.advance(1000);
    }
    expect(messages()).toEqual([quota(0, 1)]);
    store.quotaChars = Infinity;
    history.click('31', tile);
    expect(messages()).toHaveLength(1);
    store.quotaChars = store.usedChars();
    history.click('32', tile);
    expect(messages()).toEqual([quota(0, 1), quota(1, 1)]);
  });

  it('removes the key when not even an empty history fits', () => {
    const { history, store, messages } = setup(undefined, new MemoryKeyValueStore({ quotaChars: 0 }));
    expect(history.click('123456789', tile)).toEqual({});
    expect(store.data.has(PRODUCT_HISTORY_KEY)).toBe(false);
    expect(messages()).toEqual([quota(0, 1)]);
  });
});

const sourceArb = fc.record({ sl1: fc.constantFrom('a', 'b'), sf: fc.constantFrom('tile', 'suggest_result') });
const opArb = fc.record({
  kind: fc.constantFrom('click', 'itemView', 'addToCart', 'purchase'),
  id: fc.integer({ min: 1, max: 40 }).map(String),
  source: sourceArb,
  wait: fc.integer({ min: 0, max: 3 * DAY_MS }),
});

describe('product history properties', () => {
  it('a read at any clock, behind or ahead, changes no date: it only drops the entries that expired by it', () => {
    const litArb = fc.integer({ min: -90, max: 90 }).map((days) => START + days * DAY_MS);
    const datedArb = fc.dictionary(fc.integer({ min: 1, max: 999_999_999 }).map(String), fc.record({ lit: litArb, lcs: sourceArb }), { maxKeys: 30 });
    fc.assert(
      fc.property(datedArb, fc.integer({ min: -90 * DAY_MS, max: 90 * DAY_MS }), (dated: ProductHistory, offset) => {
        const store = new MemoryKeyValueStore({ initial: { [PRODUCT_HISTORY_KEY]: JSON.stringify(dated) } });
        const now = START + offset;
        createProductHistoryStore({ store, clock: new SimulatedClock(now), log: () => undefined }).read();
        const after: ProductHistory = JSON.parse(store.getItem(PRODUCT_HISTORY_KEY) ?? '{}');
        const expected = Object.fromEntries(Object.entries(dated).filter(([, entry]) => now - entry.lit <= 30 * DAY_MS));
        expect(after).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('never holds more than the capacity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.array(opArb, { maxLength: 60 }), (capacity, ops) => {
        const { history, clock, stored } = setup({ capacity });
        for (const op of ops) {
          clock.advance(op.wait % 1000);
          const result = op.kind === 'purchase' ? history.purchase([op.id]) : history[op.kind](op.id, op.source);
          expect(Object.keys(result).length).toBeLessThanOrEqual(capacity);
          expect(Object.keys(stored() ?? {}).length).toBeLessThanOrEqual(capacity);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('never holds an expired entry after load', () => {
    const entryArb = fc.record({ lit: fc.integer({ min: START - 60 * DAY_MS, max: START }) });
    fc.assert(
      fc.property(
        fc.dictionary(fc.integer({ min: 1, max: 999_999_999 }).map(String), entryArb),
        fc.integer({ min: 1, max: 60 }),
        (entries, expiryDays) => {
          const store = new MemoryKeyValueStore({ initial: { [PRODUCT_HISTORY_KEY]: JSON.stringify(entries) } });
          const { history } = loadProductHistory(store, () => {}, START, resolveHistoryLimits({ expiryDays }));
          for (const entry of Object.values(history)) expect(START - entry.lit).toBeLessThanOrEqual(expiryDays * DAY_MS);
          const kept = Object.keys(entries).filter((id) => START - (entries[id]?.lit ?? 0) <= expiryDays * DAY_MS);
          expect(Object.keys(history).length).toBe(Math.min(kept.length, 300));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('quota trimming keeps the newest entries (of those that fit alone, the kept set is a newest-first prefix by lit)', () => {
    const historyArb = fc.dictionary(
      fc.integer({ min: 1, max: 999_999_999 }).map(String),
      fc.record({ lit: fc.integer({ min: 0, max: 1_000_000 }), lcs: fc.record({ sl1: fc.string({ maxLength: 40 }) }) }),
      { maxKeys: 60 },
    );
    fc.assert(
      fc.property(historyArb, fc.double({ min: 0, max: 8, noNaN: true }), (history: ProductHistory, allowedKb) => {
        const result = keepNewestWithin(history, PRODUCT_HISTORY_KEY, allowedKb);
        const keptLits = Object.values(result.history).map((e) => e.lit);
        // An entry too large to be stored even alone is no newer entry the older ones must give way to.
        const fitsAlone = (id: string) => estimateStorageKb(PRODUCT_HISTORY_KEY.length + JSON.stringify({ [id]: history[id] }).length) <= allowedKb;
        const droppedFitting = Object.keys(history).filter((id) => !Object.hasOwn(result.history, id) && fitsAlone(id));
        const droppedLits = droppedFitting.map((id) => history[id]?.lit ?? 0);
        if (keptLits.length && droppedLits.length) expect(Math.min(...keptLits)).toBeGreaterThanOrEqual(Math.max(...droppedLits));
        expect(result.kept + result.dropped).toBe(Object.keys(history).length);
        const chars = PRODUCT_HISTORY_KEY.length + JSON.stringify(result.history).length;
        expect(estimateStorageKb(chars)).toBeLessThanOrEqual(Math.max(allowedKb, estimateStorageKb(PRODUCT_HISTORY_KEY.length + 2)));
      }),
      { numRuns: 300 },
    );
  });

  it('quota trimming skips an entry too large to be stored even alone (a garbage id): the older entries stay', () => {
    const entries: [string, { lit: number; lcs: { sl1: string } }][] = [];
    for (let i = 1; i <= 50; i += 1) entries.push([String(i), { lit: i, lcs: { sl1: 'kaffee' } }]);
    // 6,000,000 characters estimate at 11,719 KB, more than a desktop's 5,000.
    entries.push(['x'.repeat(6_000_000), { lit: 51, lcs: { sl1: 'kaffee' } }]);
    const history: ProductHistory = Object.fromEntries(entries);
    const result = keepNewestWithin(history, PRODUCT_HISTORY_KEY, 5000);
    expect(result.kept).toBe(50);
    expect(result.dropped).toBe(1);
    expect(Object.keys(result.history)).toHaveLength(50);
  });

  it('quota trimming in the store keeps the newest entries (a newest-first prefix by lit)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 30 }), fc.integer({ min: 0, max: 4000 }), (count, quotaChars) => {
        const { history, clock, store } = setup();
        for (let i = 1; i <= count; i += 1) {
          history.click(String(i), tile);
          clock.advance(1000);
        }
        store.quotaChars = quotaChars;
        history.click(String(count + 1), tile);
        const raw = store.getItem(PRODUCT_HISTORY_KEY);
        const ids = raw === null ? [] : Object.keys(JSON.parse(raw)).map(Number);
        expect(ids).toEqual(ids.length ? Array.from({ length: ids.length }, (_, i) => count + 2 - ids.length + i) : []);
        expect(store.usedChars()).toBeLessThanOrEqual(quotaChars);
      }),
      { numRuns: 200 },
    );
  });

  it('add to cart is set once', () => {
    fc.assert(
      fc.property(fc.array(opArb.map((op) => ({ ...op, id: '123456789' })), { maxLength: 30 }), (ops) => {
        const { history, clock } = setup();
        let expected: unknown;
        for (const op of ops) {
          clock.advance(op.wait % 1000);
          if (op.kind === 'purchase') {
            history.purchase(op.id);
            expected = undefined;
            continue;
          }
          const entry = history[op.kind](op.id, op.source)['123456789'];
          if (op.kind === 'addToCart' && expected === undefined) expected = op.source;
          expect(entry?.iac).toEqual(expected);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('tabs writing the history at the same moment (each tab reads and writes the whole history)', () => {
  /**
   * Two tabs over one storage, each with its own view of it (a browser's tabs each have a copy that
   * another tab's write reaches a moment later): the last write wins in the storage, and each tab is
   * told of the other's write (the storage event), where its changes of the moment are applied again.
   */
  const twoTabs = () => {
    const clock = new SimulatedClock(START);
    const views = [new MemoryKeyValueStore(), new MemoryKeyValueStore()] as const;
    const tabs = views.map((store) => createProductHistoryStore({ store, clock, log: () => undefined }));
    /** `from`'s last write reaches the storage and the other tab, which is told of it. */
    const arrives = (from: 0 | 1) => {
      const raw = views[from].getItem(PRODUCT_HISTORY_KEY);
      const to = from === 0 ? 1 : 0;
      if (raw === null || views[to].getItem(PRODUCT_HISTORY_KEY) === raw) return false;
      views[to].setItem(PRODUCT_HISTORY_KEY, raw);
      const before = raw;
      tabs[to]!.reapply();
      return views[to].getItem(PRODUCT_HISTORY_KEY) !== before;
    };
    return { clock, tabs, views, arrives };
  };

  /** Over each tab's own view: `from`'s last write reaches the other tab, which applies its changes again; true when it wrote. */
  const crossing =
    (views: readonly MemoryKeyValueStore[], tabs: readonly { reapply(): unknown }[]) =>
    (from: 0 | 1): boolean => {
      const to = from === 0 ? 1 : 0;
      const raw = views[from]!.getItem(PRODUCT_HISTORY_KEY);
      if (raw === null || views[to]!.getItem(PRODUCT_HISTORY_KEY) === raw) return false;
      if (views[to]!.setItem(PRODUCT_HISTORY_KEY, raw) !== 'ok') return false;
      tabs[to]!.reapply();
      return views[to]!.getItem(PRODUCT_HISTORY_KEY) !== raw;
    };
  /** How often the tabs wrote in turn after `first`'s write landed (counted up to 50). */
  const writesInTurn = (arrives: (from: 0 | 1) => boolean, first: 0 | 1): number => {
    let writes = 0;
    for (let side = first; writes < 50 && arrives(side); side = side === 0 ? 1 : 0) writes += 1;
    return writes;
  };

  it('keeps the products both tabs clicked: each applies its own again over the write that crossed it', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 100_000_000, max: 100_000_050 }).map(String), { minLength: 2, maxLength: 8 }),
        fc.nat(),
        (ids, split) => {
          const { clock, tabs, views, arrives } = twoTabs();
          const cut = 1 + (split % (ids.length - 1));
          for (const id of ids.slice(0, cut)) tabs[0]!.click(id, tile);
          clock.advance(5);
          for (const id of ids.slice(cut)) tabs[1]!.itemView(id, teaser);
          // Tab 1's write lands last; then the changes bounce until neither tab has anything to add.
          let from: 0 | 1 = 1;
          for (let rounds = 0; rounds < 4 && arrives(from); rounds += 1) from = from === 0 ? 1 : 0;
          for (const view of views) expect(Object.keys(JSON.parse(view.getItem(PRODUCT_HISTORY_KEY) ?? '{}')).sort()).toEqual([...ids].sort());
        },
      ),
    );
  });

  it("does not write another tab's history back only to drop what its own limits would (a smaller capacity): the tabs do not write in turn", () => {
    const clock = new SimulatedClock(START);
    const views = [new MemoryKeyValueStore(), new MemoryKeyValueStore()] as const;
    const small = createProductHistoryStore({ store: views[0], clock, log: () => undefined, options: { capacity: 2 } });
    const large = createProductHistoryStore({ store: views[1], clock, log: () => undefined });
    for (const id of ['100000001', '100000002', '100000003']) large.click(id, tile);
    const written = views[1].getItem(PRODUCT_HISTORY_KEY)!;
    views[0].setItem(PRODUCT_HISTORY_KEY, written);
    expect(Object.keys(small.reapply())).toHaveLength(2);
    expect(views[0].getItem(PRODUCT_HISTORY_KEY)).toBe(written);
  });

  it('settles after one exchange when the tabs click in turn with other capacities: a change its own capacity drops is not written back', () => {
    const clock = new SimulatedClock(START);
    const views = [new MemoryKeyValueStore(), new MemoryKeyValueStore()] as const;
    const tabs = [
      createProductHistoryStore({ store: views[0], clock, log: () => undefined }),
      createProductHistoryStore({ store: views[1], clock, log: () => undefined, options: { capacity: 3 } }),
    ] as const;
    const arrives = crossing(views, tabs);
    for (let n = 1; n <= 6; n += 1) {
      const from = (n % 2) as 0 | 1;
      tabs[from].click(String(100_000_000 + n), tile);
      clock.advance(70);
      expect(writesInTurn(arrives, from), `click ${n}`).toBeLessThanOrEqual(2);
    }
  });

  it('settles when two tabs click more products in the same moment than the history keeps: they do not write in turn for seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 }), (first, second, gap) => {
        const clock = new SimulatedClock(START);
        const views = [new MemoryKeyValueStore(), new MemoryKeyValueStore()] as const;
        const tabs = views.map((store) => createProductHistoryStore({ store, clock, log: () => undefined, options: { capacity: 3 } }));
        for (let n = 0; n < first; n += 1) tabs[0]!.click(String(100_000_000 + n), tile);
        clock.advance(gap);
        for (let n = 0; n < second; n += 1) tabs[1]!.itemView(String(100_000_100 + n), teaser);
        expect(writesInTurn(crossing(views, tabs), 1)).toBeLessThanOrEqual(3);
        expect(views[0].getItem(PRODUCT_HISTORY_KEY)).toBe(views[1].getItem(PRODUCT_HISTORY_KEY));
      }),
      { numRuns: 200 },
    );
  });

  it('settles when the storage is nearly full and two tabs click at once: what does not fit is not fought over', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 50 }), (first, second, gap) => {
        const clock = new SimulatedClock(START);
        // Each tab's view holds the page's own keys; the room left fits about three entries.
        const views = [0, 1].map(() => new MemoryKeyValueStore({ initial: { shop: 'x'.repeat(1000) }, quotaChars: 1000 + 400 })) as [MemoryKeyValueStore, MemoryKeyValueStore];
        const tabs = views.map((store) => createProductHistoryStore({ store, clock, log: () => undefined }));
        for (let n = 0; n < first; n += 1) tabs[0]!.click(String(100_000_000 + n), tile);
        clock.advance(gap);
        for (let n = 0; n < second; n += 1) tabs[1]!.itemView(String(100_000_100 + n), teaser);
        expect(writesInTurn(crossing(views, tabs), 1)).toBeLessThanOrEqual(3);
      }),
      { numRuns: 200 },
    );
  });

  it("does not put back a product this page bought since, when another tab's write comes", () => {
    const { clock, tabs, views, arrives } = twoTabs();
    tabs[0]!.itemView('100000001', teaser);
    tabs[0]!.addToCart('100000001', teaser);
    tabs[0]!.purchase(['100000001']);
    clock.advance(10);
    tabs[1]!.click('100000002', tile);
    arrives(1);
    expect(Object.keys(JSON.parse(views[0].getItem(PRODUCT_HISTORY_KEY)!))).toEqual(['100000002']);
  });

  it("does not put back an older change over another tab's newer one of the same product, nor a change of long ago", () => {
    const { clock, tabs, views, arrives } = twoTabs();
    tabs[0]!.click('100000001', tile);
    clock.advance(10);
    tabs[1]!.click('100000001', teaser);
    expect(arrives(1)).toBe(false);
    expect(JSON.parse(views[0].getItem(PRODUCT_HISTORY_KEY)!)['100000001'].lcs).toEqual(expect.objectContaining({ sl1: 'home' }));
    // Minutes later another tab's write without this tab's product: long settled, it is not added again.
    clock.advance(5 * 60_000);
    views[1].setItem(PRODUCT_HISTORY_KEY, '{}');
    expect(arrives(1)).toBe(false);
  });
});

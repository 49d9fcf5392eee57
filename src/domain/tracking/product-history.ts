/**
 * The product-click history (tracking spec §3 "Product history entry", §4 "Product history",
 * §9 "Product history"): one entry per product id with the sources of the first and last click,
 * the last item view and the add to cart. Pure rules over an immutable record; persistence lives
 * in `product-history-store.ts`.
 */
import { asRecord, cutText, ownValue, toText } from './mapping/clean';

/** Default capacity (spec §9: 300 entries, from configuration). */
export const PRODUCT_HISTORY_CAPACITY = 300;
/** Default expiry in days (spec §9: 30 days, from configuration). */
export const PRODUCT_HISTORY_EXPIRY_DAYS = 30;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The click feature (`sf`) of a search-suggestion click: such a click only updates the feature. */
export const SUGGEST_RESULT_FEATURE = 'suggest_result';

/** The fields of a source record: source product id, source levels 1-5, feature, webshop style, quickshopping, search id. */
export const SOURCE_FIELDS = ['spid', 'sl1', 'sl2', 'sl3', 'sl4', 'sl5', 'sf', 'ws', 'qs', 'sid'] as const;
export type SourceField = (typeof SOURCE_FIELDS)[number];
export type SourceRecord = Readonly<Partial<Record<SourceField, string>>>;
/**
 * The most characters a source text keeps: room for any host name (253), which a referrer's source
 * level 2 is. The spec sets none; without one, a link whose `cotcs` carried a megabyte filled the
 * storage, and the history's quota rule dropped every other entry to keep it.
 */
export const SOURCE_TEXT_LIMIT = 255;

export interface ProductHistoryEntry {
  /** Last interaction time, ms since the epoch (from the Clock). */
  readonly lit: number;
  /** Initial click source. */
  readonly ics?: SourceRecord;
  /** Last click source. */
  readonly lcs?: SourceRecord;
  /** Last item view source. */
  readonly liv?: SourceRecord;
  /** Add-to-cart source, set once. */
  readonly iac?: SourceRecord;
}

/** Product id -> entry. Read entries with {@link historyEntry}, never by plain indexing. */
export type ProductHistory = Readonly<Record<string, ProductHistoryEntry>>;

export interface ProductHistoryOptions {
  /** Most entries kept. Default {@link PRODUCT_HISTORY_CAPACITY} (300). */
  readonly capacity?: number;
  /** Days after the last interaction that an entry expires. Default {@link PRODUCT_HISTORY_EXPIRY_DAYS} (30). */
  readonly expiryDays?: number;
}

export interface HistoryLimits {
  readonly capacity: number;
  readonly expiryMs: number;
}

/** The limits from configuration; a missing or invalid value takes the spec's default. */
export const resolveHistoryLimits = (options?: ProductHistoryOptions): HistoryLimits => {
  const capacity = options?.capacity;
  const days = options?.expiryDays;
  return {
    capacity:
      typeof capacity === 'number' && Number.isFinite(capacity) && capacity >= 1
        ? Math.floor(capacity)
        : PRODUCT_HISTORY_CAPACITY,
    expiryMs: (typeof days === 'number' && Number.isFinite(days) && days > 0 ? days : PRODUCT_HISTORY_EXPIRY_DAYS) * DAY_MS,
  };
};

/** A product id as a non-empty trimmed text (numbers accepted), else `undefined`. */
export const toProductId = (value: unknown): string | undefined => toText(value);

/** The known source fields of any input as non-empty texts, cut to {@link SOURCE_TEXT_LIMIT}; anything else is left out. Never throws. */
export const toSourceRecord = (value: unknown): SourceRecord => {
  const out: Partial<Record<SourceField, string>> = {};
  try {
    const record = asRecord(value);
    for (const field of SOURCE_FIELDS) {
      const text = toText(record[field]);
      if (text !== undefined) out[field] = cutText(text, SOURCE_TEXT_LIMIT);
    }
  } catch {
    // A hostile getter or proxy: keep what was read so far.
  }
  return out;
};

/** The entry of a product id; own properties only, so ids like "constructor" are safe. */
export const historyEntry = (history: ProductHistory, id: string): ProductHistoryEntry | undefined => ownValue(history, id);

const withEntry = (history: ProductHistory, id: string, entry: ProductHistoryEntry): ProductHistory => ({
  ...history,
  [id]: entry,
});

/**
 * The time of an interaction with an entry: now, or the entry's own time when that is later (written
 * before this device's clock was set back): dated back to a clock that is behind, it would expire once
 * the clock is right again, its first-click source with it.
 */
const touchedAt = (existing: ProductHistoryEntry | undefined, now: number): number => Math.max(existing?.lit ?? now, now);

/**
 * A click: adds the entry (initial and last click source) or updates it (the last click source is
 * replaced, the initial one stays). A suggest-result click on a clicked product only updates `lcs.sf`.
 */
export const recordClick = (history: ProductHistory, id: string, source: SourceRecord, now: number): ProductHistory => {
  const existing = historyEntry(history, id);
  if (existing?.lcs && source.sf === SUGGEST_RESULT_FEATURE) {
    return withEntry(history, id, { ...existing, lit: touchedAt(existing, now), lcs: { ...existing.lcs, sf: source.sf } });
  }
  return withEntry(history, id, { ...existing, lit: touchedAt(existing, now), ics: existing?.ics ?? source, lcs: source });
};

/** An item view: sets the last item view source. */
export const recordItemView = (history: ProductHistory, id: string, source: SourceRecord, now: number): ProductHistory => {
  const existing = historyEntry(history, id);
  return withEntry(history, id, { ...existing, lit: touchedAt(existing, now), liv: source });
};

/** An add to cart: sets the add-to-cart source once; a later add to cart only updates `lit`. */
export const recordAddToCart = (history: ProductHistory, id: string, source: SourceRecord, now: number): ProductHistory => {
  const existing = historyEntry(history, id);
  return withEntry(history, id, { ...existing, lit: touchedAt(existing, now), iac: existing?.iac ?? source });
};

/** A purchase: deletes the entries of the purchased product ids. */
export const recordPurchase = (history: ProductHistory, ids: readonly string[]): ProductHistory => {
  const purchased = new Set(ids);
  return Object.fromEntries(Object.entries(history).filter(([id]) => !purchased.has(id)));
};

/**
 * Drops the entries whose last interaction is more than `expiryMs` before `now`. An entry dated after
 * `now` (written before the device clock was set back, or by a clock that ran ahead) keeps its date:
 * the clock that is wrong may be this one, and a date rewritten to it would age, or on its correction
 * drop, what a right clock wrote. The same object when nothing goes.
 */
export const dropExpired = (history: ProductHistory, now: number, expiryMs: number): ProductHistory => {
  const kept = Object.entries(history).filter(([, entry]) => now - entry.lit <= expiryMs);
  return kept.length === Object.keys(history).length ? history : Object.fromEntries(kept);
};

/**
 * The entries newest first (largest `lit` first). On equal times the `touched` id (the one just
 * changed) counts as newest, so a change at the same millisecond never evicts its own entry; other
 * equal times go by id, so every tab drops the same entry of a history they share (by the order of
 * its keys, which differs between tabs, two tabs had each dropped the other's and written in turn).
 * Entries dated after `now` come last, in their order: written before the clock was set back, they
 * are older than any written since.
 */
export const newestFirst = (history: ProductHistory, touched?: string, now = Number.POSITIVE_INFINITY): [string, ProductHistoryEntry][] =>
  Object.entries(history).sort(
    ([idA, a], [idB, b]) =>
      Number(a.lit > now) - Number(b.lit > now) ||
      b.lit - a.lit ||
      Number(idB === touched) - Number(idA === touched) ||
      (idA < idB ? -1 : idA > idB ? 1 : 0),
  );

/** Keeps at most `capacity` entries, dropping the oldest (`newestFirst`'s last). */
export const enforceCapacity = (history: ProductHistory, capacity: number, touched?: string, now?: number): ProductHistory => {
  if (Object.keys(history).length <= capacity) return history;
  return Object.fromEntries(newestFirst(history, touched, now).slice(0, Math.max(0, capacity)));
};

/** Expiry, then capacity: what every load and every change goes through (the same object when nothing goes). */
export const applyLimits = (
  history: ProductHistory,
  now: number,
  limits: HistoryLimits,
  touched?: string,
): ProductHistory => enforceCapacity(dropExpired(history, now, limits.expiryMs), limits.capacity, touched, now);

/**
 * Persistence of the product history through the KeyValueStore port: one JSON object under
 * {@link PRODUCT_HISTORY_KEY}, product id -> entry (see `product-history-codec.ts`). Every entry is
 * validated on load; expiry and capacity apply on load and on every change; a write that does not
 * fit keeps the newest entries.
 */
import type { Clock } from '../../ports/clock';
import type { KeyValueStore, StoreWriteResult } from '../../ports/key-value-store';
import { LogLevel, noLog, type LogSink } from './log-buffer';
import { truncate } from './mapping/clean';
import {
  applyLimits,
  historyEntry,
  recordAddToCart,
  recordClick,
  recordItemView,
  recordPurchase,
  resolveHistoryLimits,
  toProductId,
  toSourceRecord,
  type HistoryLimits,
  type ProductHistory,
  type ProductHistoryEntry,
  type ProductHistoryOptions,
  type SourceRecord,
} from './product-history';
import { decodeHistory } from './product-history-codec';
import {
  estimateStorageKb,
  keepNewestWithin,
  storageLimitKb,
  type StorageBudget,
  type TrimResult,
} from './product-history-quota';
import * as Warnings from './warnings';
import { jsonText } from './json-text';

/** The storage key of the whole history. */
export const PRODUCT_HISTORY_KEY = 'cot_product_history';

/** Texts of this module that the spec does not give. */
const INVALID_PRODUCT_ID = 'A product history interaction without a valid product id is ignored.';
export const ProductHistoryTexts = { invalidProductId: INVALID_PRODUCT_ID } as const;

/** The last value read or written with the history it holds, so an unchanged value is not parsed again. */
export interface StoredHistory {
  readonly raw: string;
  readonly history: ProductHistory;
}

export interface LoadResult {
  readonly history: ProductHistory;
  /** True when invalid, expired or surplus entries were dropped, so the stored value is stale. */
  readonly changed: boolean;
  /** What was read, for the next load's `cache`. */
  readonly stored?: StoredHistory;
}

/**
 * Reads the history. An unparseable value removes the key; an unparseable entry is left out (and
 * `changed` asks the caller to write the cleaned value back); both log `Warnings.storageUnparseable`. Expiry and capacity apply.
 * A value equal to `cache.raw` is not parsed again.
 */
export function loadProductHistory(
  store: KeyValueStore,
  log: LogSink,
  now: number,
  limits: HistoryLimits,
  cache?: StoredHistory,
): LoadResult {
  const raw = store.getItem(PRODUCT_HISTORY_KEY);
  if (raw === null) return { history: {}, changed: false };
  if (cache && raw === cache.raw) {
    const history = applyLimits(cache.history, now, limits);
    return { history, changed: history !== cache.history, stored: cache };
  }
  const decoded = decodeHistory(raw);
  if (!decoded) {
    store.removeItem(PRODUCT_HISTORY_KEY);
    log(LogLevel.warn, Warnings.storageUnparseable(PRODUCT_HISTORY_KEY));
    return { history: {}, changed: false };
  }
  for (const id of decoded.invalidIds) {
    log(LogLevel.warn, Warnings.storageUnparseable(`${PRODUCT_HISTORY_KEY}.${truncate(id)}`));
  }
  const read = decoded.history;
  const history = applyLimits(read, now, limits);
  return { history, changed: decoded.invalidIds.length > 0 || history !== read, stored: { raw, history: read } };
}

export interface SaveResult {
  readonly result: StoreWriteResult;
  /** What the store now holds (the newest entries when the quota forced a trim). */
  readonly history: ProductHistory;
  readonly kept: number;
  readonly dropped: number;
  /** The value written, when the write succeeded. */
  readonly stored?: StoredHistory;
}

/**
 * Writes the history. The history alone never exceeds the device's limit (mobile 2500 KB, desktop
 * 5000 KB by the spec's estimate); what the page's other keys leave of the storage is what the store
 * accepts: when it answers `quota-exceeded`, only the newest entries are kept: 1, 3, 7, ... fewer
 * until one fits, and then as many more as still fit (a binary search), down to none (then the key
 * is removed). A trim logs `Warnings.storageQuotaExceeded(kept, dropped)`. Newest in `newestFirst`'s order at `now`.
 */
export function saveProductHistory(
  store: KeyValueStore,
  history: ProductHistory,
  log: LogSink,
  budget?: StorageBudget,
  touched?: string,
  now?: number,
): SaveResult {
  // Spec §9: "kept newest-first within the remaining allowed space". A browser does not tell its real
  // limit (5 to 10 MB): an estimate of the other keys against the 5000 KB minimum wiped the history of
  // a shop whose own keys took 5 MB of a browser's 10, so the store's refusal tells the space left.
  const allowedKb = storageLimitKb(budget);
  const keep = (maxEntries?: number) => keepNewestWithin(history, PRODUCT_HISTORY_KEY, allowedKb, maxEntries, touched, now);
  const full = jsonText(history);
  const fits = estimateStorageKb(PRODUCT_HISTORY_KEY.length + full.length) <= allowedKb;
  let attempt: TrimResult = fits ? { history, kept: Object.keys(history).length, dropped: 0 } : keep();
  let raw = fits ? full : jsonText(attempt.history);
  let result = store.setItem(PRODUCT_HISTORY_KEY, raw);
  // Refused: drop 1, then 3, 7, 15, ... of the oldest until a write fits, then take back as many as
  // still fit (a full storage usually lacks room for one entry, not for half the history).
  let refused = attempt.kept;
  for (let step = 1; result === 'quota-exceeded' && attempt.kept > 0; step *= 2) {
    refused = attempt.kept;
    attempt = keep(Math.max(0, refused - step));
    raw = jsonText(attempt.history);
    result = store.setItem(PRODUCT_HISTORY_KEY, raw);
  }
  for (let fits = attempt.kept; result === 'ok' && refused - fits > 1; ) {
    const probe = keep(Math.floor((fits + refused) / 2));
    const probeRaw = jsonText(probe.history);
    const answer = store.setItem(PRODUCT_HISTORY_KEY, probeRaw);
    if (answer === 'ok') [attempt, raw, fits] = [probe, probeRaw, probe.kept];
    else if (answer === 'quota-exceeded') refused = probe.kept;
    else break;
  }
  if (result === 'quota-exceeded') store.removeItem(PRODUCT_HISTORY_KEY);
  if (attempt.dropped > 0 && result !== 'unavailable') {
    log(LogLevel.warn, Warnings.storageQuotaExceeded(attempt.kept, attempt.dropped));
  }
  return { result, ...attempt, ...(result === 'ok' ? { stored: { raw, history: attempt.history } } : {}) };
}

export interface ProductHistoryStoreOptions extends ProductHistoryOptions, StorageBudget {}

export interface ProductHistoryStoreDeps {
  readonly store: KeyValueStore;
  readonly clock: Clock;
  readonly log: LogSink;
  /** Capacity, expiry and storage budget; defaults: 300 entries, 30 days, desktop 5000 KB. */
  readonly options?: ProductHistoryStoreOptions;
}

/** The history as the tracker uses it: every call reads the store, applies the rule and writes back. */
export interface ProductHistoryStore {
  /** The current history (expired and surplus entries dropped). The changes take a product id or a list of them. */
  read(): ProductHistory;
  click(productId: unknown, source: unknown): ProductHistory;
  itemView(productId: unknown, source: unknown): ProductHistory;
  addToCart(productId: unknown, source: unknown): ProductHistory;
  /** Deletes the entries of the purchased product ids (a list or a single id). */
  purchase(productIds: unknown): ProductHistory;
  /**
   * Another tab wrote the history: this page's changes of the last moments ({@link CROSSED_WRITE_MS})
   * go in again where that write lacks them (its tab read the history before they were written), not
   * over a newer change of the same product. Writes only when something was missing.
   */
  reapply(): ProductHistory;
}

/**
 * How long a change is applied again over another tab's write: tabs that write at the same moment
 * (five product pages opened at once) each read the history before the others' writes reached them.
 */
export const CROSSED_WRITE_MS = 3000;
/** The changes kept for that at most (a page that clicks faster keeps its last ones). */
const CROSSED_WRITE_CHANGES = 20;

type Rule = (history: ProductHistory, id: string, source: SourceRecord, now: number) => ProductHistory;

/** A product history over the given ports. */
export function createProductHistoryStore({ store, clock, log, options }: ProductHistoryStoreDeps): ProductHistoryStore {
  const limits = resolveHistoryLimits(options);
  let cache: StoredHistory | undefined;
  const load = (now: number) => {
    const loaded = loadProductHistory(store, log, now, limits, cache);
    cache = loaded.stored;
    return loaded;
  };
  /**
   * Whether the last write had to trim. While the storage stays full every new product trims again: the
   * quota warning comes with the first trim, not with every product after it.
   */
  let trimming = false;
  const save = (history: ProductHistory, now: number, touched?: string) => {
    const saved = saveProductHistory(store, history, trimming ? noLog : log, options, touched, now);
    trimming = saved.dropped > 0;
    cache = saved.stored;
    return saved.history;
  };

  const read = (): ProductHistory => {
    const now = clock.now();
    const loaded = load(now);
    return loaded.changed ? save(loaded.history, now) : loaded.history;
  };

  const entryOnly = (id: string, entry: ProductHistoryEntry): ProductHistory => ({ [id]: entry });

  /** This page's recent changes, for `reapply`. */
  let recent: { readonly ids: readonly string[]; readonly rule: Rule; readonly record: SourceRecord; readonly now: number }[] = [];

  /** Applies `rule` to each id's entry alone, into `history` (changed in place). */
  const applyRule = (history: Record<string, ProductHistoryEntry>, ids: readonly string[], rule: Rule, record: SourceRecord, now: number): void => {
    for (const id of ids) {
      const existing = historyEntry(history, id);
      const entry = historyEntry(rule(existing ? entryOnly(id, existing) : {}, id, record, now), id);
      // Defined, not assigned: an id like "__proto__" stays an entry of its own.
      if (entry) Object.defineProperty(history, id, { value: entry, enumerable: true, writable: true, configurable: true });
    }
  };

  // One read and one write for all the ids of a push: an event with 1,000 items must not write the history 1,000 times.
  const change = (rule: Rule) => (productIds: unknown, source: unknown): ProductHistory => {
    const ids: string[] = [];
    for (const productId of Array.isArray(productIds) ? productIds : [productIds]) {
      const id = toProductId(productId);
      if (id === undefined) log(LogLevel.warn, INVALID_PRODUCT_ID);
      else ids.push(id);
    }
    const last = ids.at(-1);
    if (last === undefined) return read();
    const now = clock.now();
    const record = toSourceRecord(source);
    // Each rule reads and writes the entry of its own id only: it is given that entry alone, and the
    // result is written into one copy of the history (a copy per id made 40,000 items take 9 s).
    const changed: Record<string, ProductHistoryEntry> = { ...load(now).history };
    applyRule(changed, ids, rule, record, now);
    recent = [...recent.slice(1 - CROSSED_WRITE_CHANGES), { ids, rule, record, now }];
    return save(applyLimits(changed, now, limits, last), now, last);
  };

  const reapply = (): ProductHistory => {
    const now = clock.now();
    recent = recent.filter((change) => change.now <= now && now - change.now < CROSSED_WRITE_MS);
    const loaded = load(now);
    let changed: Record<string, ProductHistoryEntry> | undefined;
    const readded: string[] = [];
    for (const change of recent) {
      // Missing there, or older than this change: that tab had not seen it. (An entry dated after now
      // keeps that date through a change, `touchedAt`: a crossed write of it cannot be told, and is left.)
      const missing = change.ids.filter((id) => !((historyEntry(changed ?? loaded.history, id)?.lit ?? -Infinity) >= change.now));
      if (missing.length === 0) continue;
      changed ??= { ...loaded.history };
      applyRule(changed, missing, change.rule, change.record, change.now);
      readded.push(...missing);
    }
    // Nothing of this page's missing, or nothing of it its own limits keep (over its capacity, expired by
    // its clock): the other tab's write stands. Written back, the other tab would put its own changes
    // back again, and the two would write in turn until the 3 s were over.
    if (changed === undefined) return loaded.history;
    // No id counts as just touched here: another tab's entries of the same moment weigh as much as this
    // page's (each tab keeping its own had made them evict each other's in turn).
    const limited = applyLimits(changed, now, limits);
    if (!readded.some((id) => historyEntry(limited, id))) return limited;
    const saved = save(limited, now);
    // The storage is full: what it cannot hold is not fought over with the other tabs (each write
    // would drop another tab's entries, and that tab put them back).
    if (trimming) recent = [];
    return saved;
  };

  return {
    read,
    click: change(recordClick),
    itemView: change(recordItemView),
    addToCart: change(recordAddToCart),
    reapply,
    purchase(productIds) {
      const list: unknown[] = Array.isArray(productIds) ? productIds : [productIds];
      const ids = list.map(toProductId).filter((id): id is string => id !== undefined);
      // Bought: this page's earlier changes of them are not applied again over another tab's write.
      const bought = new Set(ids);
      recent = recent.map((change) => ({ ...change, ids: change.ids.filter((id) => !bought.has(id)) }));
      const now = clock.now();
      const loaded = load(now);
      const next = recordPurchase(loaded.history, ids);
      if (!loaded.changed && Object.keys(next).length === Object.keys(loaded.history).length) return next;
      return save(next, now);
    },
  };
}

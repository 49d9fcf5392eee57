/**
 * Storage budget of the product history (tracking spec §9): the size estimate, the per-device
 * limits and the newest-first trim used when the history does not fit.
 */
import { newestFirst, type ProductHistory } from './product-history';
import { jsonText } from './json-text';

/** Spec §9: a stored character counts 16 bits. */
export const STORAGE_BITS_PER_CHAR = 16;
/** Spec §9: bits per KB in the estimate (divided by 8192). */
export const STORAGE_BITS_PER_KB = 8192;

/** Spec §9 storage limits in KB: mobile 2500, desktop minimum 5000, desktop maximum 10000 (2.5, 5 and 10 MB). */
const MOBILE_KB = 2500;
const DESKTOP_MIN_KB = 5000;
const DESKTOP_MAX_KB = 10000;
export const STORAGE_LIMITS_KB = { mobile: MOBILE_KB, desktopMin: DESKTOP_MIN_KB, desktopMax: DESKTOP_MAX_KB } as const;

export type StorageDevice = 'mobile' | 'desktop';

export interface StorageBudget {
  /** Device class of the page. Default `desktop`. */
  readonly device?: StorageDevice;
  /** A desktop limit known for the browser, clamped to 5000-10000 KB. Default 5000 (the minimum). */
  readonly desktopLimitKb?: number;
}

/** Estimated KB of a number of stored characters: chars * 16 / 8192. */
export const estimateStorageKb = (chars: number): number => (chars * STORAGE_BITS_PER_CHAR) / STORAGE_BITS_PER_KB;

/** The device's limit in KB: mobile 2500; desktop the known limit within 5000-10000, else 5000. */
export const storageLimitKb = (budget?: StorageBudget): number => {
  if (budget?.device === 'mobile') return MOBILE_KB;
  const known = budget?.desktopLimitKb;
  if (typeof known !== 'number' || !Number.isFinite(known)) return DESKTOP_MIN_KB;
  return Math.min(DESKTOP_MAX_KB, Math.max(DESKTOP_MIN_KB, known));
};

export interface TrimResult {
  readonly history: ProductHistory;
  readonly kept: number;
  readonly dropped: number;
}

/**
 * The longest newest-first run of entries whose stored form (`key` plus the JSON of the history)
 * fits in `allowedKb`, and at most `maxEntries` of them (in `newestFirst`'s order). An entry too
 * large to be stored even alone (a garbage id from a broken widget) is passed over: the older
 * entries do not give way to what can never be kept.
 */
export const keepNewestWithin = (
  history: ProductHistory,
  key: string,
  allowedKb: number,
  maxEntries: number = Number.POSITIVE_INFINITY,
  touched?: string,
  now?: number,
): TrimResult => {
  const ordered = newestFirst(history, touched, now);
  // JSON of an object = '{' + members joined by ',' + '}', whatever order the engine keeps the keys in.
  let chars = key.length + 2;
  const kept: typeof ordered = [];
  for (const [id, entry] of ordered) {
    if (kept.length >= maxEntries) break;
    const alone = jsonText(id).length + 1 + jsonText(entry).length;
    if (estimateStorageKb(key.length + 2 + alone) > allowedKb) continue;
    const member = alone + (kept.length > 0 ? 1 : 0);
    if (estimateStorageKb(chars + member) > allowedKb) break;
    chars += member;
    kept.push([id, entry]);
  }
  return { history: Object.fromEntries(kept), kept: kept.length, dropped: ordered.length - kept.length };
};

/** Validation rules of custom and e-commerce events (tracking spec §5). Every function is total. */
import { LogLevel, type LogSink } from './log-buffer';
import { asArray, asRecord, isPresent } from './mapping/clean';
import * as Warnings from './warnings';

/** The `event_type` a GA4 custom event must carry when it carries one. */
export const GA4_EVENT_TYPE = 'ga4_event';

/** A printable form of any value, for log texts; never throws. */
export const describeValue = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
};

/**
 * A legacy custom event is sendable only with both event_category and event_action.
 * Otherwise warns `Warnings.customEventCategoryActionRequired` and returns false.
 */
export const checkLegacyCustomEvent = (input: unknown, log: LogSink): boolean => {
  const record = asRecord(input);
  if (isPresent(record['event_category']) && isPresent(record['event_action'])) return true;
  log(LogLevel.warn, Warnings.customEventCategoryActionRequired, input);
  return false;
};

/**
 * Checks that `event_type`, when present, equals the expected GA4 type. A mismatch only warns
 * `Warnings.eventTypeMismatch`; the event is still sent. Returns whether the type was acceptable.
 */
export const checkEventType = (input: unknown, log: LogSink, expected: string = GA4_EVENT_TYPE): boolean => {
  const eventType = asRecord(input)['event_type'];
  if (!isPresent(eventType) || eventType === expected) return true;
  log(LogLevel.warn, Warnings.eventTypeMismatch(expected, describeValue(eventType)), input);
  return false;
};

export type FlagResult = { ok: true; value: boolean | undefined } | { ok: false; error: string };

/**
 * quickbuy / webshop_style: true, false, "true" and "false" become booleans, an absent value (undefined,
 * null) stays absent, anything else is the error `Warnings.quickbuyWebshopStyle`.
 */
export const normalizeQuickbuyFlag = (value: unknown): FlagResult => {
  if (value === undefined || value === null) return { ok: true, value: undefined };
  if (value === true || value === 'true') return { ok: true, value: true };
  if (value === false || value === 'false') return { ok: true, value: false };
  return { ok: false, error: Warnings.quickbuyWebshopStyle };
};

export type NormalizeResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Normalises quickbuy and webshop_style of one item; the rest of the item is kept as it is. */
export const normalizeItemFlags = (item: unknown): NormalizeResult<Record<string, unknown>> => {
  const record = asRecord(item);
  const out: Record<string, unknown> = { ...record };
  for (const key of ['quickbuy', 'webshop_style'] as const) {
    if (!(key in record)) continue;
    const flag = normalizeQuickbuyFlag(record[key]);
    if (!flag.ok) return flag;
    if (flag.value === undefined) delete out[key];
    else out[key] = flag.value;
  }
  return { ok: true, value: out };
};

/**
 * Normalises quickbuy and webshop_style of every item in `ecommerce.items`. Returns the event with
 * boolean flags, or the error `Warnings.quickbuyWebshopStyle` the push is rejected with.
 */
export const normalizeEcommerceItemFlags = (event: unknown): NormalizeResult<Record<string, unknown>> => {
  const record = asRecord(event);
  const ecommerce = asRecord(record['ecommerce']);
  if (!Array.isArray(ecommerce['items'])) return { ok: true, value: { ...record } };
  const items: Record<string, unknown>[] = [];
  for (const item of asArray(ecommerce['items'])) {
    const normalized = normalizeItemFlags(item);
    if (!normalized.ok) return normalized;
    items.push(normalized.value);
  }
  return { ok: true, value: { ...record, ecommerce: { ...ecommerce, items } } };
};

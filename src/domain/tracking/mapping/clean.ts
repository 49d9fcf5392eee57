/** Small total helpers shared by every payload mapper (tracking spec §5). None of them throws. */
import { hasVisible } from '../../text/visible';

export const TEXT_LIMIT = 100;

/** A table's value for a key; own properties only, so keys like "constructor" find nothing. */
export const ownValue = <V>(table: Readonly<Record<string, V>>, key: unknown): V | undefined =>
  typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;

/** True for a text with nothing visible in it: white space, zero-width or format characters only. */
export const isBlankText = (text: string): boolean => !hasVisible(text);

/**
 * Cuts a text to at most `limit` characters, never between the two halves of a character outside the
 * basic plane (an emoji): half of one is not text, and strict JSON readers refuse it.
 */
export const cutText = (text: string, limit: number): string =>
  text.length > limit ? text.slice(0, /[\ud800-\udbff]/.test(text[limit - 1] as string) ? limit - 1 : limit) : text;

/** Cuts a text to at most 100 characters (spec §5). */
export const truncate = (text: string): string => cutText(text, TEXT_LIMIT);

/**
 * Joins the non-empty scalar values (objects are skipped) with '|' and cuts the result to 100
 * characters; a cut right after a '|' drops it, so the list does not end with an empty entry.
 */
export const joinPipe = (values: readonly unknown[]): string => {
  const whole = values
    .map(toText)
    .filter((v): v is string => v !== undefined)
    .join('|');
  const cut = truncate(whole);
  return cut !== whole && cut.endsWith('|') ? cut.slice(0, -1) : cut;
};

// Thousands groups of three digits, then an optional decimal part with the other separator.
const GROUPED = /^[+-]?\d{1,3}([.,])\d{3}(\1\d{3})*(?!\1)([.,]\d*)?$/;

// Thousands grouped with a space (also no-break and narrow no-break, as Intl writes them for at, cz,
// sk, pl, hu, ch_fr) or an apostrophe (ch), never a decimal separator; then an optional decimal part.
const SPACED = /^[+-]?\d{1,3}([ \u00a0\u202f'\u2019])\d{3}(?:\1\d{3})*(?:[.,]\d*)?$/;

// A currency sign before the number (after its sign: "-€ 12") or after it, or a currency's code or
// abbreviation apart from it by a space (or before its sign: "CHF-12"), as Intl and shop templates
// write amounts on the nine sites ("12,99 zł", "₺1.234,50", "CHF 12.90", "12.90 Fr."). Only the
// sites' currencies and the common foreign ones: other capitals are a code ("NEU10") or a unit ("12 PCS").
const CURRENCY_CODES = 'EUR|CHF|PLN|CZK|HUF|TRY|USD|GBP|zł|Kč|Ft|TL|Fr\\.';
const CURRENCY = new RegExp(`^([+-]?)\\s*(?:\\p{Sc}\\s*|(?:${CURRENCY_CODES})(?:\\s+|(?=[+-])))|(?:\\s*\\p{Sc}|\\s+(?:${CURRENCY_CODES}))$`, 'u');

// One separator and three digits: a thousand and more as a count, or a whole amount with its currency
// ("1.234 €"), is written on de, at and tr.
const THOUSANDS = /^[+-]?[1-9]\d{0,2}[.,]\d{3}$/;

/**
 * A numeric text as JavaScript reads it, without a currency sign or code around it. Spaces and
 * apostrophes between groups of three digits group thousands ("1 234,50", "1'234.50"). One separator
 * is the decimal separator ("12,5", and "1.234" is 1.234), but before three digits in a count
 * (`whole`) or an amount written with its currency ("1.234 €" is 1234); with more than one, the last
 * is the decimal separator and the others group thousands ("1.234,56", "1,234.56", "1.234.567");
 * anything else is NaN.
 */
function parseNumeric(written: string, whole: boolean): number {
  const amount = written.replace(CURRENCY, '$1');
  // A count has no fraction, nor has a display amount three decimals: "1.234" is a thousand and more.
  const given = (whole || amount !== written) && THOUSANDS.test(amount) ? amount.replace(/[.,]/, '') : amount;
  const spaced = SPACED.exec(given);
  const text = spaced ? given.split(spaced[1] as string).join('') : given;
  const grouped = /[.,].*[.,]/.test(text) && GROUPED.exec(text);
  const decimal = (grouped ? text.split(grouped[1] as string).join('') : text).replace(',', '.');
  return DECIMAL.test(decimal) ? Number(decimal) : NaN;
}

// A decimal number, as `Number` reads it but without its hexadecimal, octal and binary forms ('0x10' is no price of 16).
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Parses a number from a number or a numeric string ("12.5", "12,5", "1.234,56"); anything else gives
 * the fallback. The spec's mappings use `undefined` or `0` as fallback, depending on the field.
 */
export function toNumber(value: unknown): number | undefined;
export function toNumber<F extends number | undefined>(value: unknown, fallback: F): number | F;
export function toNumber(value: unknown, fallback?: number): number | undefined {
  return readNumber(value, fallback, false);
}

/** A number, or a numeric text read by `parseNumeric` (`whole`: a count); else the fallback. */
function readNumber(value: unknown, fallback: number | undefined, whole: boolean): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : fallback;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = parseNumeric(value.trim(), whole);
    return Number.isFinite(parsed) ? parsed : fallback;
  }
  return fallback;
}

/**
 * A count (results, a page size or number, a place in a list, a step, deliveries): like {@link toNumber},
 * but one separator before three digits groups thousands, since no count has a fraction: "1.234"
 * results are 1234. An amount's or a quantity's "1.234" stays 1.234, as JavaScript reads it (a
 * quantity may be 1.500 kg), unless written with its currency.
 */
export function toCount(value: unknown): number | undefined;
export function toCount<F extends number | undefined>(value: unknown, fallback: F): number | F;
export function toCount(value: unknown, fallback?: number): number | undefined {
  return readNumber(value, fallback, true);
}

/**
 * A string for a present scalar value, without the white space around it (' 42 ' is the product 42, as
 * the shop's own records have it); `undefined` for null, undefined, objects and blank texts (nothing
 * visible: white space, a zero-width space, direction marks).
 */
export const toText = (value: unknown): string | undefined => {
  if (typeof value === 'string') {
    const text = value.trim();
    // Most texts start with a printable ASCII character: only the others need the visible-character test.
    const first = text.charCodeAt(0);
    return (first > 0x20 && first < 0x7f) || hasVisible(text) ? text : undefined;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return undefined;
};

/**
 * Removes empty strings, `undefined` values and functions from a payload, deeply (objects and arrays).
 * The data layer must never receive an empty string (spec §5).
 */
export const removeEmpty = <T>(value: T): T => clean(value, 0) as T;

const MAX_DEPTH = 20;

function clean(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const cleaned = clean(item, depth + 1);
      if (cleaned !== undefined) out.push(cleaned);
    }
    return out;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const cleaned = clean((value as Record<string, unknown>)[key], depth + 1);
      if (cleaned !== undefined) out[key] = cleaned;
    }
    return out;
  }
  if (value === '' || typeof value === 'function' || typeof value === 'symbol') return undefined;
  return value;
}

/** True for a value other than undefined, null and the empty string. */
export const isPresent = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** Present, and a text only with something visible in it (what the mappers send: `toText` drops a blank one). */
export const isFilled = (value: unknown): boolean => isPresent(value) && !(typeof value === 'string' && isBlankText(value));

/** True for an object that is not null and not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A plain object view of any input, so mappers can read fields of arbitrary data safely. */
export const asRecord = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** An array view of any input. */
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

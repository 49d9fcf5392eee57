/**
 * Old-to-new product-id conversion, the pure part (spec §5 Product id conversion, §7 calls 3 and 4,
 * §9): which ids convert, batches of 24, and applying the looked-up mappings. The requests and answers
 * of the product-data service are in `product-id-lookup.ts`.
 */
import { asRecord, asArray } from './mapping/clean';

export const PRODUCT_ID_BATCH_SIZE = 24;

const CONVERTIBLE = /^\d{9}$/;

/** True exactly for a string of nine digits (normalize a number with `normalizeProductId` first). */
export const isConvertibleProductId = (id: unknown): id is string => typeof id === 'string' && CONVERTIBLE.test(id);

/**
 * A number (or bigint) becomes its decimal string, a text loses the white space around it (as every
 * destination sends it: ' 123456789 ' is an old id too); anything else is returned unchanged.
 */
export function normalizeProductId(id: number | bigint | string): string;
export function normalizeProductId(id: unknown): unknown;
export function normalizeProductId(id: unknown): unknown {
  if (typeof id === 'string') return id.trim();
  return typeof id === 'number' || typeof id === 'bigint' ? String(id) : id;
}

/**
 * Splits a list into consecutive batches of at most `size` items (default 24), keeping the order. A
 * size below 1 or not a number counts as 1; a non-array gives no batches.
 */
export const toBatches = <T>(ids: readonly T[], size: number = PRODUCT_ID_BATCH_SIZE): T[][] => {
  if (!Array.isArray(ids)) return [];
  const step = typeof size === 'number' && size >= 1 ? Math.floor(Math.min(size, ids.length || 1)) : 1;
  const batches: T[][] = [];
  for (let start = 0; start < ids.length; start += step) batches.push(ids.slice(start, start + step));
  return batches;
};

/** One answer entry of the batch lookup. */
export interface ProductIdMapping {
  oldProductId: string;
  newProductId: string;
}

/**
 * The ids with every mapped id replaced by its new id, in the same order and number; unmapped ids stay
 * as they are (numbers as their strings). The first mapping for an old id wins.
 */
export const applyMappings = (ids: readonly unknown[], mappings: readonly ProductIdMapping[]): unknown[] => {
  const table = new Map<string, string>();
  for (const entry of asArray(mappings)) {
    const { oldProductId, newProductId } = asRecord(entry);
    if (typeof oldProductId === 'string' && typeof newProductId === 'string' && !table.has(oldProductId)) {
      table.set(oldProductId, newProductId);
    }
  }
  return asArray(ids).map((id) => {
    const normalized = normalizeProductId(id);
    if (typeof normalized !== 'string') return normalized;
    return table.get(normalized) ?? (typeof id === 'string' ? id : normalized);
  });
};

/** True only when the install options switch conversion on (`newProductIds: true`; default off). */
export const shouldConvert = (options: unknown): boolean => asRecord(options).newProductIds === true;

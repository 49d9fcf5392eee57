/**
 * A JSON-safe, bounded copy of arbitrary data for payloads that leave the page as JSON (first-party
 * collector, app bridge). Never throws: unreadable properties are skipped.
 */
import { asRecord } from './clean';

/** Nesting kept below a payload field; deeper values are dropped (also ends reference cycles). */
export const JSON_SAFE_DEPTH = 6;

/**
 * Strings (trimmed, never empty), finite numbers, booleans, null, bigint as text, and arrays and plain records
 * of those; everything else (undefined, functions, symbols, NaN, empty strings) is left out.
 * `__proto__` keys are skipped so a copy can never change an object's prototype.
 */
export function toJsonSafe(value: unknown, depth: number = JSON_SAFE_DEPTH): unknown {
  switch (typeof value) {
    case 'string': {
      // Without the white space around it, as every destination gets a text (a padded order id would match nothing).
      const text = value.trim();
      return text === '' ? undefined : text;
    }
    case 'number':
      // -0 becomes 0, as JSON would send it.
      return Number.isFinite(value) ? value + 0 : undefined;
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'object':
      if (value === null) return null;
      if (depth <= 0) return undefined;
      try {
        return Array.isArray(value) ? copyArray(value, depth) : copyRecord(value, depth);
      } catch {
        return undefined;
      }
    default:
      return undefined;
  }
}

/** The JSON-safe copy of a record's fields, `{}` for anything that is not a record. */
export const jsonSafeRecord = (value: unknown): Record<string, unknown> => asRecord(toJsonSafe(value));

/** `undefined` for a record without fields, so optional payload sections disappear instead of being `{}`. */
export const unlessEmpty = (record: Record<string, unknown>): Record<string, unknown> | undefined =>
  Object.keys(record).length > 0 ? record : undefined;

function copyArray(values: readonly unknown[], depth: number): unknown[] {
  const out: unknown[] = [];
  for (const item of values) {
    const copy = toJsonSafe(item, depth - 1);
    if (copy !== undefined) out.push(copy);
  }
  return out;
}

function copyRecord(value: object, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key === '__proto__') continue;
    try {
      const copy = toJsonSafe((value as Record<string, unknown>)[key], depth - 1);
      if (copy !== undefined) out[key] = copy;
    } catch {
      // A throwing getter only loses its own field.
    }
  }
  return out;
}

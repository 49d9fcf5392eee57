/**
 * A JSON-safe, bounded copy of arbitrary data for payloads that leave the page as JSON (first-party
 * collector, app bridge). Never throws: unreadable properties are skipped.
 */
import { originalOf } from '../copied-from';
import { asRecord, isRecord, toText } from './clean';

/** Nesting kept below a payload field; deeper values are dropped. */
export const JSON_SAFE_DEPTH = 6;

/**
 * Strings (trimmed, never blank), finite numbers, booleans, null, bigint as text, and arrays and plain records
 * of those; everything else (undefined, functions, symbols, NaN, empty strings) is left out.
 * `__proto__` keys are skipped so a copy can never change an object's prototype.
 */
export function toJsonSafe(value: unknown, depth: number = JSON_SAFE_DEPTH, within: object[] = []): unknown {
  switch (typeof value) {
    case 'string':
      // As every destination gets a text: without the white space around it (a padded order id would
      // match nothing), and left out when nothing in it shows.
      return toText(value);
    case 'number':
      // -0 becomes 0, as JSON would send it.
      return Number.isFinite(value) ? value + 0 : undefined;
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'object':
      return value === null ? null : copyObject(value, depth, within);
    default:
      return undefined;
  }
}

/**
 * The JSON-safe copy of a record's fields but the `skipped` ones, `{}` for anything that is not a
 * record; `within`: the objects it is part of (see copyObject).
 */
export const jsonSafeRecord = (value: unknown, within: readonly object[] = [], skipped?: ReadonlySet<string>): Record<string, unknown> =>
  isRecord(value) ? asRecord(copyObject(value, JSON_SAFE_DEPTH, within.map(originalOf), skipped)) : {};

/**
 * An array's or a record's copy. `within`: the page's objects this one is part of (the library's
 * copies stand for the objects they copy). One coming back among them (an item that names its cart)
 * is a cycle, left out where it comes back: copied to the depth, a list of 80 such items grew to
 * megabytes.
 */
function copyObject(value: object, depth: number, within: object[], skipped?: ReadonlySet<string>): unknown {
  const self = originalOf(value);
  if (depth <= 0 || within.includes(self)) return undefined;
  within.push(self);
  try {
    return Array.isArray(value) ? copyArray(value, depth, within) : copyRecord(value, depth, within, skipped);
  } catch {
    return undefined;
  } finally {
    within.pop();
  }
}

/** `undefined` for a record without fields, so optional payload sections disappear instead of being `{}`. */
export const unlessEmpty = (record: Record<string, unknown>): Record<string, unknown> | undefined =>
  Object.keys(record).length > 0 ? record : undefined;

function copyArray(values: readonly unknown[], depth: number, within: object[]): unknown[] {
  const out: unknown[] = [];
  for (const item of values) {
    const copy = toJsonSafe(item, depth - 1, within);
    if (copy !== undefined) out.push(copy);
  }
  return out;
}

function copyRecord(value: object, depth: number, within: object[], skipped?: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key === '__proto__' || skipped?.has(key)) continue;
    try {
      const copy = toJsonSafe((value as Record<string, unknown>)[key], depth - 1, within);
      if (copy !== undefined) out[key] = copy;
    } catch {
      // A throwing getter only loses its own field.
    }
  }
  return out;
}

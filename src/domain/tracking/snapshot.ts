/**
 * A copy of pushed data taken when a push has to wait (for the customer data, an id lookup or an
 * earlier push's): the page may change or reuse its object right after the call, and what is sent
 * must be what was pushed. Plain records and arrays are copied, to a bounded depth that also ends
 * reference cycles; anything else (text, numbers, functions, dates) is kept as it is.
 */
import { copiedFrom } from './copied-from';
import { isRecord } from './mapping/clean';

/** Nesting copied; deeper values are kept by reference (no payload nests this deep). */
const SNAPSHOT_DEPTH = 8;

/**
 * Never throws: data with a part that cannot be read (a revoked proxy, a throwing getter) is kept as
 * pushed, not copied without that part, so the validation that reads it rejects the push, as it does a
 * push that did not wait.
 */
export function snapshotOf(value: unknown): unknown {
  try {
    return copyOf(value, SNAPSHOT_DEPTH);
  } catch {
    return value;
  }
}

function copyOf(value: unknown, depth: number): unknown {
  if (depth <= 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return copiedFrom(value.map((item) => copyOf(item, depth - 1)), value);
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (!isRecord(value) || (prototype !== Object.prototype && prototype !== null)) return value;
  const copy: Record<string, unknown> = copiedFrom({}, value);
  for (const key of Object.keys(value)) if (key !== '__proto__') copy[key] = copyOf(value[key], depth - 1);
  return copy;
}

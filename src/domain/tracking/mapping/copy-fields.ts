/**
 * Payload building without empties: mappers store only present values (`put`), so a finished payload
 * never needs cleaning (spec §5 "Empty strings are removed from data-layer payloads": the readers of
 * clean.ts / values.ts never return an empty string). Field lists are compiled once from the entity
 * tables (`entities/fields.ts`), so a field's name is written in one place.
 */
import type { Kind, ScalarKind, Shape } from '../entities/fields';

type Reader = (value: unknown) => unknown;
type Payload = Record<string, unknown>;

/** Stores `value` under `key` unless it is undefined; returns `out`. */
export const put = (out: Payload, key: string, value: unknown): Payload => {
  if (value !== undefined) out[key] = value;
  return out;
};

/** The fields of `fields` that are neither undefined nor empty strings, in a new object (shallow: nested values are built compact). */
export const compact = (fields: Payload): Payload => {
  const out: Payload = {};
  for (const key of Object.keys(fields)) if (fields[key] !== undefined && fields[key] !== '') out[key] = fields[key];
  return out;
};

/**
 * A compiled field list: source key, payload key and reader, three entries per field; each field's
 * position by source key; and the fields read whether present or not, a bit per position. Positions
 * share bits modulo 32: a field past the 32nd may be read when absent, which gives what leaving it
 * gives (its reader's `undefined`).
 */
export interface FieldList {
  readonly fields: readonly (string | Reader)[];
  readonly index: Readonly<Record<string, number>>;
  readonly always: number;
}

/**
 * The fields of `shape` a mapper copies: each scalar field read by the reader of its kind, or by its
 * override (`0` leaves the field out; a string renames it, read by its kind's reader); fields whose kind
 * has no reader (nested entities, lists, kinds not given) are left out. Readers are pure: one that gives
 * a value for a missing field (a fallback) is called for every source.
 */
export function compileFields(
  shape: Shape,
  readers: Partial<Record<ScalarKind, Reader>>,
  overrides: Readonly<Record<string, Reader | string | 0>> = {},
): FieldList {
  const fields: (string | Reader)[] = [];
  const index: Record<string, number> = Object.create(null);
  let always = 0;
  for (const key of Object.keys(shape)) {
    const kind = shape[key] as Kind;
    const override = Object.hasOwn(overrides, key) ? overrides[key] : undefined;
    const reader = typeof override === 'function' ? override : typeof kind === 'string' ? readers[kind] : undefined;
    if (override !== 0 && reader) {
      const at = (index[key] = fields.push(key, typeof override === 'string' ? override : key, reader) / 3 - 1);
      if (reader(undefined) !== undefined) always |= 1 << at;
    }
  }
  return { fields, index, always };
}

/**
 * Copies the present fields of `source` into `out` by a compiled list, in the list's order; returns `out`.
 * Events carry a few of the many fields a table lists, so the source's keys say which fields to read.
 */
export function copyFields(out: Payload, source: Payload, list: FieldList): Payload {
  const { fields, index } = list;
  let wanted = list.always;
  for (const key of Object.keys(source)) {
    const at = index[key];
    if (at !== undefined) wanted |= 1 << at;
  }
  for (let i = 0; i < fields.length; i += 3) {
    if ((wanted & (1 << (i / 3))) === 0) continue;
    const value = (fields[i + 2] as Reader)(source[fields[i] as string]);
    if (value !== undefined) out[fields[i + 1] as string] = value;
  }
  return out;
}

/**
 * The stored form of the product history: one JSON object, product id -> entry
 * (`{ "123456789": { "lit": 1700000000000, "ics": {...}, "lcs": {...} } }`), decoded entry by entry.
 */
import { isRecord } from './mapping/clean';
import {
  SOURCE_FIELDS,
  toProductId,
  toSourceRecord,
  type ProductHistory,
  type ProductHistoryEntry,
  type SourceRecord,
} from './product-history';

const SOURCE_KEYS = ['ics', 'lcs', 'liv', 'iac'] as const;

const isPlainObject = isRecord;

/**
 * A field as `toSourceRecord` takes it: text, or a finite number or a flag (kept as text); null, as
 * another writer may write an absent one, is left out.
 */
const isSourceField = (field: unknown): boolean =>
  field == null || typeof field === 'string' || typeof field === 'boolean' || (typeof field === 'number' && Number.isFinite(field));

const isSource = (value: unknown): boolean =>
  value == null || (isPlainObject(value) && SOURCE_FIELDS.every((field) => isSourceField(value[field])));

/**
 * A stored entry, or `undefined` when it is unparseable: `lit` a finite number, each source absent
 * or an object whose known fields are texts (or numbers and flags, which are kept as texts). Checked by hand: it runs for every entry on every load.
 */
export const decodeEntry = (value: unknown): ProductHistoryEntry | undefined => {
  if (!isPlainObject(value)) return undefined;
  if (typeof value.lit !== 'number' || !Number.isFinite(value.lit)) return undefined;
  if (!SOURCE_KEYS.every((key) => isSource(value[key]))) return undefined;
  const entry: { lit: number } & Partial<Record<(typeof SOURCE_KEYS)[number], SourceRecord>> = { lit: value.lit };
  for (const key of SOURCE_KEYS) if (value[key] != null) entry[key] = toSourceRecord(value[key]);
  return entry;
};

export interface DecodedHistory {
  /** The valid entries. */
  readonly history: ProductHistory;
  /** Ids whose entry (or the id itself) could not be parsed. */
  readonly invalidIds: readonly string[];
}

/** The stored value decoded, or `undefined` when the value as a whole is not a JSON object. Never throws. */
export const decodeHistory = (raw: string): DecodedHistory | undefined => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isPlainObject(parsed)) return undefined;
  const valid: [string, ProductHistoryEntry][] = [];
  const invalidIds: string[] = [];
  for (const [id, value] of Object.entries(parsed)) {
    const entry = toProductId(id) === id ? decodeEntry(value) : undefined;
    if (entry) valid.push([id, entry]);
    else invalidIds.push(id);
  }
  return { history: Object.fromEntries(valid), invalidIds };
};

import { asRecord, toText, truncate } from './clean';
import { put } from './copy-fields';
import { GA4_CUSTOM_EVENT } from '../entities/fields';
import {
  GA4_CUSTOM_EVENT_NAMES,
  GA4_MAPPED_FIELDS,
  LEGACY_TO_GA4_TABLE,
  type Ga4CustomEventName,
  type Ga4ExtraField,
  type LegacyEventView,
  type LegacyToGa4Row,
} from './legacy-to-ga4.table';

/**
 * Maps a legacy custom event to the GA4-form fields of a custom event through the legacy-to-GA4
 * table (tracking spec §9, §8). The data-layer envelope and the client fields are added elsewhere.
 */

/** A legacy custom event (spec §3, legacy form), read leniently: any field may hold anything. */
export interface LegacyCustomEventInput {
  readonly event_category?: unknown;
  readonly event_action?: unknown;
  readonly event_label?: unknown;
  readonly event_context?: unknown;
  readonly event_non_interaction?: unknown;
}

export const DEPRECATED_EVENT_NAME = 'deprecated_event';
export const MAPPING_ERROR_EVENT_NAME = 'ga4_event_mapping_error';
export const MAPPING_EXCEPTION_RESPONSE_TYPE = 'exception in mapping function';
/** Value of any of the five fields that nothing could fill; the payload never holds an empty string. */
export const FIELD_FALLBACK = 'not_set';
/** response_details when the thrown value carries no readable message. */
export const UNKNOWN_MAPPING_EXCEPTION = 'unknown exception';
/** response_details when a table row names an event the spec does not list. */
export const unknownEventNameInTable = (name: string) => `The legacy-to-GA4 table names an unknown GA4 event: ${name}`;

export type MappedEventName = Ga4CustomEventName | typeof DEPRECATED_EVENT_NAME | typeof MAPPING_ERROR_EVENT_NAME;

export interface Ga4CustomEventFields extends Partial<Record<Ga4ExtraField, string>> {
  event_name: MappedEventName;
  click_type: string;
  click_target: string;
  subject: string;
  interaction: string;
  origin: string;
  event_category?: string;
  event_action?: string;
  event_label?: string;
}

/**
 * A word: a letter or digit, then letters, digits and the marks that combine with them; not an
 * emoji's variation selector or keycap (Mini Cart ❤️ is mini_cart, Schritt 1️⃣ is schritt_1).
 */
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}\p{Mc}]|(?![\uFE00-\uFE0F])\p{Mn})*/gu;

/**
 * Lower-case snake_case of a text ('Internal Link' -> 'internal_link'); `undefined` if nothing is left.
 * Composed first, and a combining mark is part of its word: 'e\u0301te\u0301' pasted decomposed is
 * 'été', as typed; the capital İ is i, as a Turkish text writes it in lower case.
 */
export const toSlug = (text: string | undefined): string | undefined => {
  const words = text?.normalize('NFC').toLowerCase().replace(/i\u0307/g, 'i').match(WORD);
  return words ? truncate(words.join('_')) : undefined;
};

/** A trimmed, truncated text of a scalar; `undefined` for anything else and for blank texts. */
const cleanText = (value: unknown): string | undefined => {
  const text = toText(value);
  return text ? truncate(text) : undefined;
};

const isGa4CustomEventName = (name: unknown): name is Ga4CustomEventName =>
  (GA4_CUSTOM_EVENT_NAMES as readonly unknown[]).includes(name);

/** Maps a legacy custom event with the production table. Never throws. */
export const mapLegacyToGa4 = (event: unknown): Ga4CustomEventFields => mapLegacyToGa4With(LEGACY_TO_GA4_TABLE, event);

/**
 * Maps a legacy custom event with the given table: the first matching row gives the GA4 event;
 * no matching row gives 'deprecated_event'; anything a row throws gives 'ga4_event_mapping_error'.
 * Never throws, whatever the table rows or the event hold.
 */
export function mapLegacyToGa4With(table: readonly LegacyToGa4Row[], event: unknown): Ga4CustomEventFields {
  let view: LegacyEventView = {};
  try {
    view = readLegacyEvent(event);
    const row = findRow(table, view);
    return row ? fromRow(row, view) : fallbackEvent(DEPRECATED_EVENT_NAME, view);
  } catch (error) {
    return fallbackEvent(MAPPING_ERROR_EVENT_NAME, view, {
      response_type: MAPPING_EXCEPTION_RESPONSE_TYPE,
      response_details: errorMessage(error),
    });
  }
}

function readLegacyEvent(event: unknown): LegacyEventView {
  const input: LegacyCustomEventInput = asRecord(event);
  const category = cleanText(input.event_category);
  return {
    category,
    categoryKey: toSlug(category),
    action: cleanText(input.event_action),
    label: cleanText(input.event_label),
    context: cleanText(input.event_context),
  };
}

function findRow(table: readonly LegacyToGa4Row[], view: LegacyEventView): LegacyToGa4Row | undefined {
  const { categoryKey, action } = view;
  if (categoryKey === undefined) return undefined;
  // The table lists its spellings in recognised form already.
  return table.find(
    (row) =>
      row.category.includes(categoryKey) &&
      (row.action === undefined || (action !== undefined && action.normalize('NFC').search(row.action) >= 0)),
  );
}

/** A text field of the GA4 form other than the five: a row may set it as it is. */
const isExtraField = (field: string): field is Ga4ExtraField =>
  GA4_CUSTOM_EVENT[field as Ga4ExtraField] === 't' && !(GA4_MAPPED_FIELDS as readonly string[]).includes(field);

function fromRow(row: LegacyToGa4Row, view: LegacyEventView): Ga4CustomEventFields {
  const eventName: unknown = row.event_name;
  if (!isGa4CustomEventName(eventName)) {
    throw new Error(unknownEventNameInTable(cleanText(eventName) ?? typeof eventName));
  }
  const derived = asRecord(row.derive(view));
  const fields: Record<string, string> = {};
  for (const field of Object.keys(derived)) if (isExtraField(field)) put(fields, field, cleanText(derived[field]));
  fields.event_name = eventName;
  // What the event itself gives for each of the five fields when the row derives nothing usable.
  const fromEvent: Record<string, string | undefined> = {
    click_target: view.label,
    subject: view.categoryKey,
    interaction: toSlug(view.action),
    origin: view.context ?? view.categoryKey,
  };
  for (const field of GA4_MAPPED_FIELDS) fields[field] = cleanText(derived[field]) ?? fromEvent[field] ?? FIELD_FALLBACK;
  return fields as unknown as Ga4CustomEventFields;
}

/**
 * An event no row derived: the five fields fall back (only origin can still come from
 * event_context), then the given fields, then the old values that are present.
 */
function fallbackEvent(event_name: MappedEventName, view: LegacyEventView, fields?: object): Ga4CustomEventFields {
  const out = {
    event_name,
    click_type: FIELD_FALLBACK,
    click_target: FIELD_FALLBACK,
    subject: FIELD_FALLBACK,
    interaction: FIELD_FALLBACK,
    origin: view.context ?? FIELD_FALLBACK,
    ...fields,
  };
  put(out, 'event_category', view.category);
  put(out, 'event_action', view.action);
  put(out, 'event_label', view.label);
  return out;
}

/** The message of whatever was thrown, cut to 100 characters; reading it never throws. */
function errorMessage(error: unknown): string {
  try {
    const message = error instanceof Error ? error.message : error;
    return cleanText(message) ?? UNKNOWN_MAPPING_EXCEPTION;
  } catch {
    return UNKNOWN_MAPPING_EXCEPTION;
  }
}

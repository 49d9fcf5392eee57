/** The fields of any pushed event, one level flat, for the first-party and app payloads. */
import { asRecord, isRecord, toText } from './clean';
import { jsonSafeRecord } from './json-safe';

/** Keys whose content is sent apart (the items) or spread (the e-commerce block). */
const SET_APART = new Set(['ecommerce', 'items']);

/**
 * The event's own fields followed by the fields of its `ecommerce` block, without the items;
 * JSON-safe, without empty strings. Values other than plain data are left out.
 */
export const eventFields = (event: unknown): Record<string, unknown> =>
  Object.assign(jsonSafeRecord(event, [], SET_APART), jsonSafeRecord(asRecord(event).ecommerce, isRecord(event) ? [event] : [], SET_APART));

/** The event's name: the GA4 `event_name`, else the e-commerce or data-layer `event`. */
export const eventNameOf = (event: unknown): string | undefined => {
  const record = asRecord(event);
  return toText(record.event_name) ?? toText(record.event);
};

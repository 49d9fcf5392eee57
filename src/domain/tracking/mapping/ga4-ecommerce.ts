/** GA4 e-commerce entry of the data layer: `{ event: <GA4 name>, ecommerce: {...}, ...extras }`. */
import { ECOMMERCE_DATA, ECOMMERCE_EVENT_NAMES } from '../entities/fields';
import { LogLevel, noLog, type LogSink } from '../log-buffer';
import * as Warnings from '../warnings';
import { asRecord, toCount, toNumber, toText } from './clean';
import { compileFields, copyFields, put } from './copy-fields';
import { readEcommerceExtras } from './ecommerce-extras';
import { placedItems } from './ecommerce-items';
import { isInvalidFlag, toGa4Item } from './ga4-ecommerce-item';
import { toPipeList, type DataLayerPayload } from './values';

/** The GA4 name of a spec e-commerce event: its own, except `purchase_ga4`, which is GA4's `purchase`. */
const ga4NameOf = (name: string | undefined): string | undefined =>
  name === 'purchase_ga4' ? 'purchase' : (ECOMMERCE_EVENT_NAMES as readonly unknown[]).includes(name) ? name : undefined;

/** Logged when an event name is none of the spec's e-commerce events (a text of our own). */
export const unknownEcommerceEventWarning = (name: string): string =>
  `Unknown e-commerce event "${name}" is not sent to the data layer.`;

/** The `ecommerce` block: `value` falls back to 0 (GA4 needs a number next to the currency), list_name becomes item_list_name. */
const ECOMMERCE_FIELDS = compileFields(
  ECOMMERCE_DATA,
  { t: toText, n: toNumber, c: toCount, l: toPipeList },
  { value: (value) => toNumber(value, 0), list_name: 'item_list_name' },
);

/**
 * Maps an e-commerce event to GA4. `value` falls back to 0; tax, shipping and item prices fall back to
 * `undefined`; list fields are pipe-joined and cut to 100 characters. Returns `undefined`, with a
 * warning, for an unknown event name. quickbuy / webshop_style that are not flags are left out and
 * logged once, with the spec's text.
 */
export function toGa4Ecommerce(event: unknown, log: LogSink = noLog): DataLayerPayload | undefined {
  const fields = asRecord(event);
  const name = toText(fields.event);
  const ga4Name = ga4NameOf(name);
  if (ga4Name === undefined) {
    log(LogLevel.warn, unknownEcommerceEventWarning(name ?? ''));
    return undefined;
  }
  const ecommerce = asRecord(fields.ecommerce);
  const items = placedItems(ecommerce.items);
  if (items.some(({ item }) => isInvalidFlag(asRecord(item).quickbuy) || isInvalidFlag(asRecord(item).webshop_style))) {
    log(LogLevel.error, Warnings.quickbuyWebshopStyle);
  }
  const listName = toText(ecommerce.list_name);
  const block = copyFields({}, ecommerce, ECOMMERCE_FIELDS);
  block.items = items.map(({ item, place }) => toGa4Item(item, place, listName));
  return readEcommerceExtras(event, put({ event: ga4Name }, 'ecommerce', block));
}

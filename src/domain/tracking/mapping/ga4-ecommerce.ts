/** GA4 e-commerce entry of the data layer: `{ event: <GA4 name>, ecommerce: {...}, ...extras }`. */
import { LogLevel, type LogSink } from '../log-buffer';
import { Warnings } from '../warnings';
import { asArray, asRecord, removeEmpty, toNumber, toText } from './clean';
import { readEcommerceExtras } from './ecommerce-extras';
import { isInvalidFlag, toGa4Item } from './ga4-ecommerce-item';
import { toPipeList, type DataLayerPayload } from './values';

/** The spec's e-commerce event names and their GA4 names (`purchase_ga4` is GA4's `purchase`). */
export const GA4_ECOMMERCE_EVENT_NAMES: ReadonlyMap<string, string> = new Map([
  ['view_item', 'view_item'],
  ['add_to_cart', 'add_to_cart'],
  ['view_cart', 'view_cart'],
  ['begin_checkout', 'begin_checkout'],
  ['progress_checkout', 'progress_checkout'],
  ['reverse_checkout', 'reverse_checkout'],
  ['purchase', 'purchase'],
  ['purchase_ga4', 'purchase'],
  ['view_wishlist', 'view_wishlist'],
  ['add_to_wishlist', 'add_to_wishlist'],
  ['remove_from_wishlist', 'remove_from_wishlist'],
]);

/** Logged when an event name is none of the spec's e-commerce events (a text of our own). */
export const unknownEcommerceEventWarning = (name: string): string =>
  `Unknown e-commerce event "${name}" is not sent to the data layer.`;

const noLog: LogSink = () => undefined;

/**
 * Maps an e-commerce event to GA4. `value` falls back to 0 (GA4 needs a number next to the
 * currency); tax, shipping and item prices fall back to `undefined`; list fields are pipe-joined and
 * cut to 100 characters. Returns `undefined`, with a warning, for an unknown event name.
 * quickbuy / webshop_style that are not flags are left out and logged once, with the spec's text.
 */
export function toGa4Ecommerce(event: unknown, log: LogSink = noLog): DataLayerPayload | undefined {
  const fields = asRecord(event);
  const name = toText(fields.event);
  const ga4Name = name === undefined ? undefined : GA4_ECOMMERCE_EVENT_NAMES.get(name);
  if (ga4Name === undefined) {
    log(LogLevel.warn, unknownEcommerceEventWarning(name ?? ''));
    return undefined;
  }
  const ecommerce = asRecord(fields.ecommerce);
  const items = asArray(ecommerce.items).filter((item) => Object.keys(asRecord(item)).length > 0);
  if (items.some((item) => isInvalidFlag(asRecord(item).quickbuy) || isInvalidFlag(asRecord(item).webshop_style))) {
    log(LogLevel.error, Warnings.quickbuyWebshopStyle);
  }
  const listName = toText(ecommerce.list_name);
  return removeEmpty({
    event: ga4Name,
    ecommerce: {
      currency: toText(ecommerce.currency),
      value: toNumber(ecommerce.value, 0),
      tax: toNumber(ecommerce.tax),
      shipping: toNumber(ecommerce.shipping),
      affiliation: toText(ecommerce.affiliation),
      transaction_id: toText(ecommerce.transaction_id),
      coupon: toText(ecommerce.coupon),
      coupon_types: toPipeList(ecommerce.coupon_types),
      coupon_campaigns: toPipeList(ecommerce.coupon_campaigns),
      coupon_codes: toPipeList(ecommerce.coupon_codes),
      checkout_step: toNumber(ecommerce.checkout_step),
      checkout_option: toText(ecommerce.checkout_option),
      item_list_name: listName,
      items: items.map((item, i) => toGa4Item(item, i + 1, listName)),
    },
    ...readEcommerceExtras(event),
  });
}

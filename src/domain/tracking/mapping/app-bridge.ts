/**
 * The event handed to the native app's `sendTrackingEvent` (tracking spec §7.9): one flat record
 * `{ event_name, ...fields }` with the e-commerce block spread into it, the items as `items` (an item
 * list's with their places as `index`), and
 * their ids pipe-joined in `product_ids`, cut to 100 characters (spec §5).
 */
import { LogLevel, type LogSink } from '../log-buffer';
import { asRecord, toText } from './clean';
import { compact } from './copy-fields';
import { eventFields } from './event-fields';
import { eventItemRecords, productIdList } from './product-list';
import { payloadUnreadable } from './payload-texts';

/** The app's event name per message kind; e-commerce and custom events name themselves. */
const EVENT_NAMES = new Map<string, string>([
  ['InitialPageData', 'pageview'],
  ['EcommerceEventData', 'ecommerce'],
  ['CustomEventData', 'custom_event'],
  ['ItemListData', 'item_list'],
  ['ProductSourceEventData', 'product_source'],
  ['LeadData', 'lead'],
]);
const OWN_NAME_FIELD = new Map([
  ['EcommerceEventData', 'event'],
  ['CustomEventData', 'event_name'],
]);
export const UNKNOWN_APP_EVENT = 'unknown_event';

/**
 * The app event's name: the event's own name for e-commerce events (`event`) and GA4 custom events
 * (`event_name`; a legacy one has none), the kind's name otherwise ('custom_event', 'pageview',
 * 'item_list', 'product_source', 'lead'); an unknown kind names itself. Only the field of its form: a
 * stray `event` on a custom event (`gaEvent`, as pages push them) or `event_name` on an e-commerce one
 * is a field the library does not know, and renamed the event.
 */
export const appEventName = (kind: unknown, data: unknown): string => {
  const kindText = toText(kind) ?? '';
  const own = OWN_NAME_FIELD.get(kindText);
  return (own && toText(asRecord(data)[own])) ?? EVENT_NAMES.get(kindText) ?? (kindText || UNKNOWN_APP_EVENT);
};

/**
 * The app bridge event for a pushed message of the given kind (InitialPageData, EcommerceEventData,
 * CustomEventData, ItemListData, ProductSourceEventData, LeadData). Never throws: unreadable data
 * logs a warning and gives `{ event_name }` alone.
 */
export function toAppBridgePayload(kind: unknown, data: unknown, log: LogSink): Record<string, unknown> {
  let name = UNKNOWN_APP_EVENT;
  try {
    name = appEventName(kind, data);
    const items = eventItemRecords(data);
    return compact({
      ...eventFields(data),
      items,
      product_ids: productIdList(items ?? []),
      event_name: name,
    });
  } catch (error) {
    log(LogLevel.warn, payloadUnreadable('app bridge'), error);
    return { event_name: name };
  }
}

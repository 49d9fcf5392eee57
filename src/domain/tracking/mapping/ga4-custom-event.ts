/** GA4 custom event entry of the data layer: `{ event: 'ga4_event', event_name, ...fields }`. */
import { GA4_EVENT_TYPE } from '../event-validation';
import { LogLevel, type LogSink } from '../log-buffer';
import { Warnings } from '../warnings';
import { asRecord, removeEmpty, toNumber, toText } from './clean';
import { toSubscriptionFields } from './subscription-info';
import type { DataLayerPayload } from './values';

/** The data-layer event of every GA4 custom event, and the expected `event_type` of the GA4 form. */

/** Text fields of the GA4 form (spec §3), copied under their own names. */
export const GA4_CUSTOM_TEXT_FIELDS = [
  'click_type',
  'click_target',
  'component_type',
  'origin',
  'interaction',
  'subject',
  'status',
  'attribute',
  'specification',
  'response_type',
  'response_details',
  'checkout_stage',
  'checkout_tab',
  'ident_method',
  'selected_consent',
  'shipping_method',
  'payment_type',
  'cs_order_id',
] as const;

/** Amount and count fields of the GA4 form; they fall back to `undefined` (left out). */
export const GA4_CUSTOM_NUMBER_FIELDS = [
  'partner_purchase_value',
  'subscription_value',
  'cs_quantity',
  'cs_product_value',
  'cs_incentive_value',
] as const;

const noLog: LogSink = () => undefined;

/**
 * Maps a GA4-form custom event. An `event_type` other than 'ga4_event' is logged with the
 * event-type warning and the event is mapped all the same; subscription_info becomes flat fields
 * with the spec's fallbacks.
 */
export function toGa4CustomEvent(event: unknown, log: LogSink = noLog): DataLayerPayload {
  const fields = asRecord(event);
  const eventType = toText(fields.event_type);
  if (eventType !== undefined && eventType !== GA4_EVENT_TYPE) {
    log(LogLevel.warn, Warnings.eventTypeMismatch(GA4_EVENT_TYPE, eventType));
  }
  const out: DataLayerPayload = { event: GA4_EVENT_TYPE, event_name: toText(fields.event_name) };
  // Only present values are stored: an object given many keyed stores of `undefined` turns into a
  // slow dictionary object in V8, and this runs for every custom event.
  for (const key of GA4_CUSTOM_TEXT_FIELDS) {
    const text = toText(fields[key]);
    if (text !== undefined) out[key] = text;
  }
  for (const key of GA4_CUSTOM_NUMBER_FIELDS) {
    const amount = toNumber(fields[key]);
    if (amount !== undefined) out[key] = amount;
  }
  return removeEmpty(Object.assign(out, toSubscriptionFields(fields.subscription_info)));
}

/** GA4 custom event entry of the data layer: `{ event: 'ga4_event', event_name, ...fields }`. */
import { GA4_CUSTOM_EVENT } from '../entities/fields';
import { asRecord, toCount, toNumber, toText } from './clean';
import { compileFields, copyFields } from './copy-fields';
import { putSubscriptionFields } from './subscription-info';
import { toFlagOrScalar, type DataLayerPayload } from './values';

/** The `event_type` a GA4 custom event must carry when it carries one (a different one only warns). */
export const GA4_EVENT_TYPE = 'ga4_event';

/**
 * The fields of the GA4 form (spec §3) copied under their own names: its texts after event_name, its
 * amounts and counts, and `selected_consent` (a flag, else as given), from the entity table. Only
 * present values are stored: an object given many keyed stores of `undefined` turns into a slow
 * dictionary object in V8, and this runs for every custom event.
 */
const FIELDS = compileFields(GA4_CUSTOM_EVENT, { t: toText, r: toText, n: toNumber, c: toCount, h: toFlagOrScalar }, { event_type: 0 });

/**
 * Maps a GA4-form custom event as 'ga4_event', whatever `event_type` it carries (validation warns
 * about another one, for every destination); subscription_info becomes flat fields with the spec's
 * fallbacks.
 */
export function toGa4CustomEvent(event: unknown): DataLayerPayload {
  const fields = asRecord(event);
  // event_name (required text) is the first field of the list, right after `event`.
  return putSubscriptionFields(copyFields({ event: GA4_EVENT_TYPE }, fields, FIELDS), fields.subscription_info);
}

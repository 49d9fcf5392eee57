/** Lead entry of the data layer: `{ event: 'lead', lead_id, lead_value, lead_total_price }`. */
import { asRecord, toNumber, toText } from './clean';
import { compact } from './copy-fields';
import { toTwoDecimals, type DataLayerPayload } from './values';

export const LEAD_EVENT = 'lead';

/** "Lead total price is formatted to 2 decimals": 12.5 gives '12.50'; no value gives `undefined`. */
export const formatLeadTotalPrice = toTwoDecimals;

/**
 * Maps lead data (spec §3: lead_id, lead_value, exactag_level). lead_value stays a number (fallback
 * `undefined`), lead_total_price is its 2-decimal text; exactag_level is for the affiliate tracker only.
 */
export function toLeadEntry(leadData: unknown): DataLayerPayload {
  const data = asRecord(leadData);
  return compact({
    event: LEAD_EVENT,
    lead_id: toText(data.lead_id),
    lead_value: toNumber(data.lead_value),
    lead_total_price: formatLeadTotalPrice(data.lead_value),
  });
}

/** Lead entry of the data layer: `{ event: 'lead', lead_id, lead_value, lead_total_price }`. */
import { asRecord, toNumber, toText } from './clean';
import { compact } from './copy-fields';
import { toTwoDecimals, type DataLayerPayload } from './values';

export const LEAD_EVENT = 'lead';

/** "Lead total price is formatted to 2 decimals": 12.5 gives '12.50'; no value gives `undefined`. */
export const formatLeadTotalPrice = toTwoDecimals;

/**
 * Which lead lead data is (decisions "a lead is counted once"): with an id of its own (other than the
 * page's) that lead with its own value only; without one (blank is none) the page's lead, with the
 * page's id and its value unless the lead data gives one. Ids are trimmed, as the lead count reads them.
 */
export function leadOf(leadData: unknown, pageData: unknown): { id?: string; value?: unknown } {
  const lead = asRecord(leadData);
  const page = asRecord(pageData);
  const ownId = toText(lead.lead_id);
  const pageId = toText(page.lead_id);
  const pageLead = ownId === undefined || ownId === pageId;
  return { id: ownId ?? pageId, value: lead.lead_value ?? (pageLead ? page.lead_value : undefined) };
}

/**
 * Maps lead data (spec §3: lead_id, lead_value, exactag_level) as the lead {@link leadOf} names: lead
 * data without an id is the page's lead. lead_value stays a number (fallback `undefined`),
 * lead_total_price is its 2-decimal text; exactag_level is for the affiliate tracker only.
 */
export function toLeadEntry(leadData: unknown, pageData?: unknown): DataLayerPayload {
  const { id, value } = leadOf(leadData, pageData);
  return compact({
    event: LEAD_EVENT,
    lead_id: id,
    lead_value: toNumber(value),
    lead_total_price: formatLeadTotalPrice(value),
  });
}

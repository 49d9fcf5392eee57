/**
 * The `tracking` part of the customer frontend data (spec §3) as pageview fields. Only the
 * non-personal tracking values are read here; personal fields (age, gender, zip, e-mail hashes),
 * which go out only for logged-in users, are not this file's business.
 */
import { asRecord, toNumber, toText } from './clean';
import { toPipeList, toScalar, type DataLayerPayload } from './values';

export const VALUE_SEGMENTS = ['overall', 'coffee', 'cafissimo', 'mobil', 'nonfood', 'travel'] as const;
export const CONVERSION_PROBABILITY_AREAS = ['assortment', 'coffee', 'cafissimo', 'mobil'] as const;
const PROBABILITY_KEYS = Array.from({ length: 14 }, (_, i) => `x${i + 1}`);

const readProbabilities = (area: unknown): DataLayerPayload => {
  const fields = asRecord(area);
  const out: DataLayerPayload = {};
  for (const key of PROBABILITY_KEYS) out[key] = toNumber(fields[key]) ?? toText(fields[key]);
  return out;
};

/**
 * Maps customer frontend data (or `null` when the fetch failed) to `login_status`, `customer_types`
 * (pipe-joined), `customer_value_segment_<segment>`, `channel_code` and `conversion_probability`
 * (per area, its fields x1..x14). Without tracking data there are no fields.
 */
export function readCustomerTrackingFields(customerData: unknown): DataLayerPayload {
  const tracking = asRecord(asRecord(customerData).tracking);
  if (Object.keys(tracking).length === 0) return {};
  const segments = asRecord(tracking.customerValueSegments);
  const probabilities = asRecord(tracking.conversionProbability);
  const out: DataLayerPayload = {
    login_status: toText(tracking.loginStatus),
    customer_types: toPipeList(tracking.customerTypes),
    channel_code: toText(tracking.channelCode),
  };
  for (const segment of VALUE_SEGMENTS) out[`customer_value_segment_${segment}`] = toScalar(segments[segment]);
  const byArea: DataLayerPayload = {};
  for (const area of CONVERSION_PROBABILITY_AREAS) {
    if (probabilities[area] !== undefined) byArea[area] = readProbabilities(probabilities[area]);
  }
  if (Object.keys(byArea).length > 0) out.conversion_probability = byArea;
  return out;
}

/**
 * The `tracking` part of the customer frontend data (spec §3) as pageview fields. Only the
 * non-personal tracking values are read here; personal fields (age, gender, zip, e-mail hashes),
 * which go out only for logged-in users, are not this file's business.
 */
import { asRecord, toNumber, toText } from './clean';
import { put } from './copy-fields';
import { toPipeList, toScalar, type DataLayerPayload } from './values';

export const VALUE_SEGMENTS = ['overall', 'coffee', 'cafissimo', 'mobil', 'nonfood', 'travel'] as const;
export const CONVERSION_PROBABILITY_AREAS = ['assortment', 'coffee', 'cafissimo', 'mobil'] as const;

const readProbabilities = (area: unknown): DataLayerPayload => {
  const fields = asRecord(area);
  const out: DataLayerPayload = {};
  for (let i = 1; i <= 14; i += 1) put(out, `x${i}`, toNumber(fields[`x${i}`]) ?? toText(fields[`x${i}`]));
  return out;
};

/**
 * Adds customer frontend data (or `null` when the fetch failed) to `out` as `login_status`,
 * `customer_types` (pipe-joined), `customer_value_segment_<segment>`, `channel_code` and
 * `conversion_probability` (per area, its fields x1..x14). Without tracking data nothing is added.
 */
export function readCustomerTrackingFields(customerData: unknown, out: DataLayerPayload): DataLayerPayload {
  const tracking = asRecord(asRecord(customerData).tracking);
  if (Object.keys(tracking).length === 0) return out;
  const segments = asRecord(tracking.customerValueSegments);
  const probabilities = asRecord(tracking.conversionProbability);
  // A status that is no text is no status (logged in reads it so): a number is not written as one.
  put(out, 'login_status', typeof tracking.loginStatus === 'string' ? toText(tracking.loginStatus) : undefined);
  put(out, 'customer_types', toPipeList(tracking.customerTypes));
  put(out, 'channel_code', toText(tracking.channelCode));
  for (const segment of VALUE_SEGMENTS) put(out, `customer_value_segment_${segment}`, toScalar(segments[segment]));
  const byArea: DataLayerPayload = {};
  for (const area of CONVERSION_PROBABILITY_AREAS) {
    // An area without a score (null, an empty object) is left out: a tag testing for it finds none.
    const scores = readProbabilities(probabilities[area]);
    if (Object.keys(scores).length > 0) byArea[area] = scores;
  }
  if (Object.keys(byArea).length > 0) out.conversion_probability = byArea;
  return out;
}

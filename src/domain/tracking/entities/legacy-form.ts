import { LEGACY_CUSTOM_EVENT } from './fields';
import { asRecord, isFilled } from '../mapping/clean';

/**
 * True for the legacy form: event_name is not filled in and a field of the legacy form is (event_category,
 * event_action, or one only the legacy form has, like event_label), so `{ event_label }` alone is a
 * legacy event missing both required fields and gets the spec's warning for that.
 */
export const isLegacyCustomEvent = (input: unknown): boolean => {
  const record = asRecord(input);
  return !isFilled(record['event_name']) && Object.keys(LEGACY_CUSTOM_EVENT).some((key) => isFilled(record[key]));
};

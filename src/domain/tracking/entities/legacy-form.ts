import { asRecord, isBlankText, isPresent } from '../mapping/clean';

/** Present, and something visible. */
const isFilled = (value: unknown): boolean => isPresent(value) && !(typeof value === 'string' && isBlankText(value));

/** True for the legacy form: event_category or event_action is filled in and event_name is not. */
export const isLegacyCustomEvent = (input: unknown): boolean => {
  const record = asRecord(input);
  return (isFilled(record['event_category']) || isFilled(record['event_action'])) && !isFilled(record['event_name']);
};

import { asRecord, isPresent } from '../mapping/clean';

/** Present, and more than white space. */
const isFilled = (value: unknown): boolean => isPresent(value) && !(typeof value === 'string' && value.trim() === '');

/** True for the legacy form: event_category or event_action is filled in and event_name is not. */
export const isLegacyCustomEvent = (input: unknown): boolean => {
  const record = asRecord(input);
  return (isFilled(record['event_category']) || isFilled(record['event_action'])) && !isFilled(record['event_name']);
};

import { asRecord, isPresent } from '../mapping/clean';

/** True for the legacy form: event_category or event_action is present and event_name is not. */
export const isLegacyCustomEvent = (input: unknown): boolean => {
  const record = asRecord(input);
  return (isPresent(record['event_category']) || isPresent(record['event_action'])) && !isPresent(record['event_name']);
};

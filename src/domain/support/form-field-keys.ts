/**
 * The person fields' limits and message keys, without their schemas (zod): what a screen shows before
 * its rules are loaded.
 */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** The keys of the person fields both forms have, and the two generic rules. */
export const PERSON_MESSAGE_KEYS = [
  'required',
  'invalid',
  'firstName.required',
  'firstName.tooLong',
  'lastName.required',
  'lastName.tooLong',
  'email.required',
  'email.tooLong',
  'email.invalid',
] as const;

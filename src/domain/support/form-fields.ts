/**
 * Field schemas and the result shape shared by the contact and the cancellation form (support spec §5).
 * Every error is a message key; the texts live per site in `locales/`.
 */
import * as z from 'zod/mini';

import { UNSEEN, VISIBLE, hasVisible } from '../text/visible';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './form-field-keys';
import { freeText } from './free-text';

export { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PERSON_MESSAGE_KEYS } from './form-field-keys';

/** `{ ok: true, value }` with the cleaned value, or the first error key of each failing field. */
export type FormResult<V, F extends string, K extends string> =
  | { readonly ok: true; readonly value: V }
  | { readonly ok: false; readonly errors: Partial<Record<F, K>> };

/** Every format and control character: none belongs in an e-mail address. */
const UNSEEN_IN_EMAIL = /[\p{Cf}\p{Cc}]/gu;
/**
 * Tabs and line, page or paragraph breaks a paste brings into a one-line field (a soft break VT, FF,
 * NEL, U+2028 and U+2029 too): each run becomes a space.
 */
const BREAKS = /[\t\n\u000B\u000C\r\u0085\u2028\u2029]+/g;
// Breaks first: they are control characters too, and become a space rather than nothing. Composed
// (NFC) as stored, and as `freeText` is: counted apart, a name the shopper saw under its limit was over it.
const without = (unseen: RegExp) => z.overwrite((text: string) => text.replace(BREAKS, ' ').replace(unseen, '').normalize('NFC'));
const withoutControls = z.overwrite(freeText);
/** What a field drops before it is trimmed: a one-line field the unseen characters, free text its controls. */
const cleaned = (oneLine: boolean) => (oneLine ? without(UNSEEN) : withoutControls);

/**
 * Trimmed text: missing, not a string or with nothing visible -> `requiredKey`; over `max` characters ->
 * `tooLongKey`. A one-line field (`oneLine`) drops the control and format characters a paste brings
 * along unseen (`UNSEEN`); free text keeps its format characters (emoji sequences are made with
 * joiners) and drops its controls but tabs and line breaks.
 */
export const requiredText = (requiredKey: string, max: number, tooLongKey: string, oneLine = false) =>
  z
    .string({ error: requiredKey })
    .check(
      cleaned(oneLine),
      z.trim(),
      z.regex(VISIBLE, { error: requiredKey }),
      z.maxLength(max, { error: tooLongKey }),
    );

/**
 * Trimmed optional text (null, blank and text that shows nothing, such as a pasted direction mark,
 * become `undefined`: none was given); not a string -> the generic 'invalid'. `oneLine` as above.
 */
export const optionalText = (max: number, tooLongKey: string, oneLine = false) =>
  z.pipe(
    z.nullish(
      z
        .string({ error: 'invalid' })
        .check(cleaned(oneLine), z.trim(), z.maxLength(max, { error: tooLongKey })),
    ),
    z.transform((text): string | undefined => (text && hasVisible(text) ? text : undefined)),
  );

/**
 * zod's standard e-mail pattern (`z.regexes.email`) with a domain that may be written in its own
 * letters (müller.de, örnek.com.tr) or in its ASCII form, as a customer may paste it or an e-mail
 * input of Chromium sends it (so a top-level domain may be `xn--p1ai` or `рф`). The part before the @
 * stays ASCII.
 */
const EMAIL = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[\p{L}\p{N}][\p{L}\p{M}\p{N}\-]*\.)+(?:\p{L}[\p{L}\p{M}]+|xn--[A-Za-z0-9-]+)$/u;

/**
 * Required e-mail address matching the standard e-mail pattern, its domain in any letters. Text that
 * shows nothing is missing, as in every required field (not an invalid address).
 */
export const emailField = () =>
  z
    .string({ error: 'email.required' })
    .check(
      without(UNSEEN_IN_EMAIL),
      z.trim(),
      // Caps Lock on a Turkish keyboard types İ for I: before the @ it is the i it stands for (after it the server reads it so).
      z.overwrite((text: string) => text.replace(/İ(?=[^@]*@)/g, 'i')),
      z.regex(VISIBLE, { error: 'email.required' }),
      z.maxLength(EMAIL_MAX_LENGTH, { error: 'email.tooLong' }),
      z.regex(EMAIL, { error: 'email.invalid' }),
    );

export const personFields = () => ({
  firstName: requiredText('firstName.required', NAME_MAX_LENGTH, 'firstName.tooLong', true),
  lastName: requiredText('lastName.required', NAME_MAX_LENGTH, 'lastName.tooLong', true),
  email: emailField(),
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const safeParse = <V>(schema: z.ZodMiniType<V>, form: Record<string, unknown>) => {
  try {
    return schema.safeParse(form);
  } catch {
    return schema.safeParse({});
  }
};

/**
 * Runs a form schema over any input without throwing: a non-object counts as an empty form, and an
 * input that throws while read (a hostile getter) is judged as an empty form too.
 */
export function validateForm<V, F extends string, K extends string>(
  schema: z.ZodMiniType<V>,
  input: unknown,
  fields: readonly F[],
  keys: readonly K[],
): FormResult<V, F, K> {
  const form = isObject(input) ? input : {};
  const result = safeParse(schema, form);
  if (result.success) return { ok: true, value: result.data };
  const errors: Partial<Record<F, K>> = {};
  for (const issue of result.error.issues) {
    const field = fields.find((f) => f === issue.path[0]);
    if (field === undefined || errors[field] !== undefined) continue;
    errors[field] = keys.find((k) => k === issue.message) ?? (keys.find((k) => k === 'required') as K);
  }
  return { ok: false, errors };
}

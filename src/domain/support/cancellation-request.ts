/**
 * The coffee-subscription cancellation (support spec §2-§5, §9): the request's zod/mini schema for the
 * browser and the server (DACH sites only, a reason for an extraordinary cancellation), and the facts
 * the success screen and its PDF state.
 */
import * as z from 'zod/mini';
import {
  PERSON_MESSAGE_KEYS,
  optionalText,
  personFields,
  requiredText,
  validateForm,
  type FormResult,
} from './form-fields';
import { hasVisible } from '../text/visible';
import { isDach, parseSite, type DachSite } from './sites';

export const CANCELLATION_TYPES = ['ordinary', 'extraordinary'] as const;
export type CancellationType = (typeof CANCELLATION_TYPES)[number];

export const REASON_MAX_LENGTH = 5000;
/** Customer number and subscription id. */
export const REFERENCE_MAX_LENGTH = 50;

export const CANCELLATION_FIELDS = [
  'site',
  'cancellationType',
  'reason',
  'customerNumber',
  'subscriptionId',
  'firstName',
  'lastName',
  'email',
] as const;
export type CancellationField = (typeof CANCELLATION_FIELDS)[number];

export const CANCELLATION_MESSAGE_KEYS = [
  ...PERSON_MESSAGE_KEYS,
  'tooLong',
  'site.invalid',
  'site.notAllowed',
  'reason.required',
  'reason.tooLong',
] as const;
export type CancellationMessageKey = (typeof CANCELLATION_MESSAGE_KEYS)[number];

const siteError = (input: unknown): string =>
  input === undefined ? 'required' : parseSite(input) === undefined ? 'site.invalid' : 'site.notAllowed';

/**
 * A customer number or subscription id: text, or a whole number a JSON client sent for its digits
 * (`12345678`), taken as those digits.
 */
const reference = () =>
  z.pipe(
    z.transform((value: unknown) => (Number.isSafeInteger(value) && (value as number) >= 0 ? String(value) : value)),
    requiredText('required', REFERENCE_MAX_LENGTH, 'tooLong', true),
  );

/** The request; missing or wrong-typed customer number, subscription id and type fail the generic 'required'. */
export const cancellationSchema = z
  .object({
    site: z.pipe(
      // abort: false, or a wrong site would stop the reason rule below (zod's custom aborts by default).
      z.custom<string>((value) => isDach(value), { error: (issue) => siteError(issue.input), abort: false }),
      z.transform((value) => parseSite(value) as DachSite),
    ),
    cancellationType: z.pipe(z.string({ error: 'required' }), z.enum(CANCELLATION_TYPES, { error: 'required' })),
    reason: optionalText(REASON_MAX_LENGTH, 'reason.tooLong'),
    customerNumber: reference(),
    subscriptionId: reference(),
    ...personFields(),
  })
  .check(
    z.superRefine(
      (request, ctx) => {
        const { cancellationType, reason } = request as { cancellationType?: unknown; reason?: unknown };
        // One visible character, as every required text (a zero-width space or a braille blank shows nothing).
        if (cancellationType === 'extraordinary' && (reason === undefined || (typeof reason === 'string' && !hasVisible(reason)))) {
          ctx.issues.push({ code: 'custom', message: 'reason.required', path: ['reason'], input: reason });
        }
      },
      // Runs also when other fields failed, so the reason's error shows together with theirs.
      { when: (payload) => payload.value !== null && typeof payload.value === 'object' },
    ),
  );

/** A valid request as the schema returns it: texts trimmed, site in lower case, empty reason removed. */
export type CancellationRequest = z.output<typeof cancellationSchema>;
export type CancellationInput = z.input<typeof cancellationSchema>;
export type CancellationResult = FormResult<CancellationRequest, CancellationField, CancellationMessageKey>;

/** Validates a cancellation request; never throws. The errors hold the first key per field. */
export const validateCancellation = (input: unknown): CancellationResult =>
  validateForm(cancellationSchema, input, CANCELLATION_FIELDS, CANCELLATION_MESSAGE_KEYS);

/** The error key of one field of the form's values (for validation on blur), or `undefined`. */
export function validateCancellationField(
  field: CancellationField,
  values: unknown,
): CancellationMessageKey | undefined {
  const result = validateCancellation(values);
  return result.ok ? undefined : result.errors[field];
}

/**
 * Days before the next delivery within which an ordinary cancellation takes effect only after that
 * delivery: Germany five, Austria six, Switzerland seven.
 */
export const ORDINARY_CANCELLATION_WINDOW_DAYS: Readonly<Record<DachSite, number>> = {
  de: 5,
  at: 6,
  ch: 7,
  ch_fr: 7,
};

/**
 * Minimum number of coffee deliveries of a subscription with a coffee machine, where the spec states
 * it (French Switzerland: 4). Without a machine, cancellation is possible at any time.
 */
export const MIN_COFFEE_DELIVERIES_WITH_MACHINE: Readonly<Partial<Record<DachSite, number>>> = {
  ch_fr: 4,
};

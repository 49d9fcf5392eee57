/**
 * The contact form's message (support spec §3, §5), one zod/mini schema per site for the browser, the
 * server and the tests. Errors are message keys; the texts are per site in `locales/`.
 */
import * as z from 'zod/mini';
import { ATTACHMENT_MESSAGE_KEYS, attachmentProblem, type FileDescriptor } from './attachments';
import {
  PERSON_MESSAGE_KEYS,
  optionalText,
  personFields,
  requiredText,
  validateForm,
  type FormResult,
} from './form-fields';
import { parseSite, type SiteCode } from './sites';

export * from './attachments';
export { NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, type FormResult } from './form-fields';

export const CONTACT_TOPICS = [
  'order',
  'delivery',
  'payment',
  'voucher',
  'loyaltyCard',
  'reclaim',
  'returnDelivery',
  'account',
  'product',
  'feedback',
  'accessibility',
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** The topic selector's default, unselected choice; it never passes validation. */
export const NO_TOPIC = '';

export const QUESTION_MAX_LENGTH = 5000;
export const ARTICLE_NUMBER_MAX_LENGTH = 50;

export const CONTACT_FIELDS = [
  'site',
  'question',
  'topic',
  'articleNumber',
  'firstName',
  'lastName',
  'email',
  'legalConsent',
  'attachments',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * Every key the contact form can produce, plus 'articleNumber.required': its text exists in the
 * locales, but the rule is not enforced on any site.
 */
export const CONTACT_MESSAGE_KEYS = [
  ...PERSON_MESSAGE_KEYS,
  'site.invalid',
  'question.required',
  'question.tooLong',
  'topic.required',
  'articleNumber.required',
  'articleNumber.tooLong',
  'legalConsent.required',
  ...ATTACHMENT_MESSAGE_KEYS,
] as const;
export type ContactMessageKey = (typeof CONTACT_MESSAGE_KEYS)[number];

/** The site that must tick the legal notice. */
export const LEGAL_CONSENT_SITE: SiteCode = 'tr';

const consentField = (required: boolean) =>
  z
    .pipe(
      z.optional(z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'legalConsent.required' })),
      z.transform((v): boolean | undefined => (v === undefined ? undefined : v === true || v === 'true')),
    )
    .check(z.refine((v) => !required || v === true, { error: 'legalConsent.required' }));

const attachmentsField = () =>
  z.optional(
    z.custom<readonly FileDescriptor[]>((files) => Array.isArray(files) && attachmentProblem(files) === undefined, {
      error: (issue) => (Array.isArray(issue.input) ? attachmentProblem(issue.input) : undefined) ?? 'invalid',
    }),
  );

const buildSchema = (site: SiteCode) =>
  z.object({
    site: z.pipe(
      z
        .string({ error: (issue) => (issue.input === undefined ? 'required' : 'site.invalid') })
        .check(z.refine((value) => parseSite(value) === site, { error: 'site.invalid' })),
      z.transform((): SiteCode => site),
    ),
    question: requiredText('question.required', QUESTION_MAX_LENGTH, 'question.tooLong'),
    topic: z.pipe(z.string({ error: 'topic.required' }), z.enum(CONTACT_TOPICS, { error: 'topic.required' })),
    articleNumber: optionalText(ARTICLE_NUMBER_MAX_LENGTH, 'articleNumber.tooLong'),
    ...personFields(),
    legalConsent: consentField(site === LEGAL_CONSENT_SITE),
    attachments: attachmentsField(),
  });

export type ContactSchema = ReturnType<typeof buildSchema>;
/** A valid message as the schema returns it: texts trimmed, empty optional texts removed. */
export type ContactMessage = z.output<ContactSchema>;
export type ContactInput = z.input<ContactSchema>;
export type ContactResult = FormResult<ContactMessage, ContactField, ContactMessageKey>;

const schemas = new Map<SiteCode, ContactSchema>();

/** The contact schema of a site (the legal notice must be ticked on tr only); an unknown site gets DE's. */
export function contactSchemaFor(site: SiteCode): ContactSchema {
  const code = parseSite(site) ?? 'de';
  let schema = schemas.get(code);
  if (!schema) {
    schema = buildSchema(code);
    schemas.set(code, schema);
  }
  return schema;
}

/** Validates a whole contact message; never throws. The errors hold the first key per field. */
export const validateContact = (site: SiteCode, input: unknown): ContactResult =>
  validateForm(contactSchemaFor(site), input, CONTACT_FIELDS, CONTACT_MESSAGE_KEYS);

/** The error key of one field of the form's values (for validation on blur), or `undefined`. */
export function validateContactField(
  site: SiteCode,
  field: ContactField,
  values: unknown,
): ContactMessageKey | undefined {
  const result = validateContact(site, values);
  return result.ok ? undefined : result.errors[field];
}

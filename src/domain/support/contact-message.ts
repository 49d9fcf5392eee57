/**
 * The contact form's message (support spec §3, §5), one zod/mini schema per site for the browser, the
 * server and the tests. Errors are message keys; the texts are per site in `locales/`. The fields,
 * limits and keys are in `contact-fields` (re-exported here).
 */
import * as z from 'zod/mini';
import { attachmentProblem, type FileDescriptor } from './attachments';
import {
  ARTICLE_NUMBER_MAX_LENGTH,
  CONTACT_FIELDS,
  CONTACT_MESSAGE_KEYS,
  CONTACT_TOPICS,
  LEGAL_CONSENT_SITE,
  QUESTION_MAX_LENGTH,
  type ContactField,
  type ContactMessageKey,
} from './contact-fields';
import { optionalText, personFields, requiredText, validateForm, type FormResult } from './form-fields';
import { parseSite, type SiteCode } from './sites';

export * from './contact-fields';
export type { FormResult } from './form-fields';

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
    articleNumber: optionalText(ARTICLE_NUMBER_MAX_LENGTH, 'articleNumber.tooLong', true),
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

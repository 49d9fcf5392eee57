import {
  ARTICLE_NUMBER_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  LEGAL_CONSENT_SITE,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  NAME_MAX_LENGTH,
  QUESTION_MAX_LENGTH,
  type ContactField,
} from '../../../domain/support/contact-fields';
import type { SiteCode } from '../../../domain/support/sites';

/** The contact form's values as the controls hold them (the domain checks and cleans them on send). */
export interface ContactFormValues {
  question: string;
  topic: string;
  articleNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  legalConsent: boolean;
  attachments: File[];
}

/** The fields a visitor fills in (the site is not one of them). */
export type ContactFormField = Exclude<ContactField, 'site'>;

export const EMPTY_CONTACT_VALUES: ContactFormValues = {
  question: '',
  topic: '',
  articleNumber: '',
  firstName: '',
  lastName: '',
  email: '',
  legalConsent: false,
  attachments: [],
};

export const TEXT_FIELDS = ['question', 'topic', 'articleNumber', 'firstName', 'lastName', 'email'] as const;

/** The fields in the order the screen shows them: the error summary lists them in this order. */
export const FIELD_ORDER: readonly ContactFormField[] = [...TEXT_FIELDS, 'attachments', 'legalConsent'];

export const fieldId = (field: ContactFormField): string => `contact-${field}`;

export const hasLegalConsent = (site: SiteCode): boolean => site === LEGAL_CONSENT_SITE;

/** The input the domain's contact schema judges: the values plus the site; the legal notice only where asked. */
export const contactInput = (site: SiteCode, values: ContactFormValues) => ({
  ...values,
  site,
  legalConsent: hasLegalConsent(site) ? values.legalConsent : undefined,
});

/** The limits the texts name, from the domain. */
export function limitParams(field?: ContactFormField): Record<string, number> {
  const max: Partial<Record<ContactFormField, number>> = {
    question: QUESTION_MAX_LENGTH,
    articleNumber: ARTICLE_NUMBER_MAX_LENGTH,
    firstName: NAME_MAX_LENGTH,
    lastName: NAME_MAX_LENGTH,
    email: EMAIL_MAX_LENGTH,
  };
  return {
    maxFiles: MAX_ATTACHMENTS,
    maxMb: MAX_ATTACHMENT_BYTES / (1024 * 1024),
    ...(field && max[field] !== undefined ? { max: max[field] } : {}),
  };
}

/** Whether a draft holds anything worth keeping. */
export const isEmpty = (values: ContactFormValues): boolean =>
  TEXT_FIELDS.every((field) => values[field].trim() === '') && !values.legalConsent && values.attachments.length === 0;

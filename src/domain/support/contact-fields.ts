/**
 * The contact form's fields, topics, limits and message keys (support spec §3, §5) without its schema
 * (zod): what the contact screen shows before its rules are loaded. `contact-message` re-exports them.
 */
import { ATTACHMENT_MESSAGE_KEYS } from './attachments';
import { PERSON_MESSAGE_KEYS } from './form-field-keys';
import type { SiteCode } from './sites';

export * from './attachments';
export { NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from './form-field-keys';

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

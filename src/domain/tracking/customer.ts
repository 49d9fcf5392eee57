/**
 * Customer-data rules (spec §3 Customer frontend data, §6): login status, card status and gender
 * mappings, and the personal fields that only logged-in customers' tracking may carry. Everything reads
 * `unknown` input, so these rules hold whatever the customer-data service answers.
 */
import { asRecord, ownValue, toNumber, toText } from './mapping/clean';
import { compact } from './mapping/copy-fields';

export const LoginStatus = {
  loggedIn: 'LOGGED_IN',
  remembered: 'REMEMBERED',
  loggedOut: 'LOGGED_OUT',
} as const;
export type LoginStatus = (typeof LoginStatus)[keyof typeof LoginStatus];

// Spelled out rather than read from the object above, so the library build needs no object.
const LOGIN_STATUSES: readonly string[] = ['LOGGED_IN', 'REMEMBERED', 'LOGGED_OUT'];

const code = (value: unknown): string | undefined => toText(value)?.toUpperCase();

/** The login status named by a value (any case, trimmed), or `undefined` for an unknown value. */
export const loginStatusOf = (value: unknown): LoginStatus | undefined => {
  const text = code(value);
  return text !== undefined && LOGIN_STATUSES.includes(text) ? (text as LoginStatus) : undefined;
};

/** The login statuses that are not logged in: spec §6 names logged out and known. */
const NOT_LOGGED_IN: readonly string[] = ['LOGGED_OUT', 'KNOWN'];

/**
 * Spec §6: "Any value other than logged out and known counts as logged in": LOGGED_IN, REMEMBERED
 * and any other status text (any case, trimmed). No status (absent, empty, not a text) is not logged in.
 */
export const isLoggedIn = (status: unknown): boolean => {
  const text = typeof status === 'string' ? status.trim().toUpperCase() : '';
  return text !== '' && !NOT_LOGGED_IN.includes(text);
};

export type MemberStatus = 'regular' | 'gold' | false | 'not defined';

const CARD_STATUSES: Readonly<Record<string, MemberStatus>> = { REGULAR: 'regular', GOLD: 'gold', NO_CARD: false };

/** Card status to member status: REGULAR -> 'regular', GOLD -> 'gold', NO_CARD -> false, else 'not defined'. */
export const memberStatus = (cardStatus: unknown): MemberStatus => ownValue(CARD_STATUSES, code(cardStatus)) ?? 'not defined';

export interface Gender {
  salutation: 'Herr' | 'Frau' | 'Divers' | 'not defined';
  gender: 'm' | 'f' | 'd' | 'not defined';
}

const GENDERS: Readonly<Record<string, Gender>> = {
  MR: { salutation: 'Herr', gender: 'm' },
  MRS: { salutation: 'Frau', gender: 'f' },
  DIVERS: { salutation: 'Divers', gender: 'd' },
};
const NO_GENDER: Gender = { salutation: 'not defined', gender: 'not defined' };

/** The shared table entry behind {@link genderOf}, for callers that copy it anyway. */
const genderEntry = (salutation: unknown): Readonly<Gender> => ownValue(GENDERS, code(salutation)) ?? NO_GENDER;

/** Salutation to gender: MR -> Herr/m, MRS -> Frau/f, DIVERS -> Divers/d, anything else 'not defined'. */
export const genderOf = (salutation: unknown): Gender => ({ ...genderEntry(salutation) });

/** The personal fields of a logged-in customer, in the library's own names. */
export interface PersonalFields {
  age?: number;
  salutation?: Gender['salutation'];
  gender?: Gender['gender'];
  anonymousZip?: string;
  partnerGuid?: string;
  emailBase64?: string;
  emailSha256?: string;
  memberStatus?: MemberStatus;
  isScoutUser?: boolean;
  isCommunityMember?: boolean;
  isNewsletterSubscriber?: boolean;
  isAppUser?: boolean;
}

const STATUS_FLAGS = ['isScoutUser', 'isCommunityMember', 'isNewsletterSubscriber', 'isAppUser'] as const;

const flag = (value: unknown): boolean | undefined =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;

/**
 * The personal fields (from `customer`: age, gender, anonymous zip, partner guid, e-mail hashes, card
 * status as member status, the four statuses) when `tracking.loginStatus` is a logged-in status;
 * otherwise `{}`. Missing fields are left out, but for the salutation and the card status, which the
 * spec maps 'anything else' to 'not defined'; the card status is read from `customer.cardStatus`.
 */
export const personalFields = (customerData: unknown): PersonalFields => {
  const data = asRecord(customerData);
  if (!isLoggedIn(asRecord(data.tracking).loginStatus)) return {};
  const customer = asRecord(data.customer);
  const email = asRecord(customer.email);
  const statuses = asRecord(customer.statuses);
  const fields: Record<string, unknown> = {
    age: toNumber(customer.age),
    // Spec §3: anything but the mapped codes, a missing one too, is 'not defined'.
    ...genderEntry(customer.salutation),
    anonymousZip: toText(customer.anonymousZip),
    partnerGuid: toText(asRecord(customer.identifiers).partnerGuid),
    emailBase64: toText(email.base64),
    emailSha256: toText(email.sha256),
    memberStatus: memberStatus(customer.cardStatus),
  };
  for (const status of STATUS_FLAGS) fields[status] = flag(statuses[status]);
  return compact(fields) as PersonalFields;
};

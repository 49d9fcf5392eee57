import type { ConsentGroups } from './consent-groups';
import { STATISTICS_GROUP, MARKETING_GROUP, decodeSafely } from './consent-groups';
import { asRecord, toText } from './mapping/clean';
import { LEAD_GROUP, ORDER_CONFIRMATION_GROUP, toSiteGroup } from './mapping/exactag-site-groups';

/** The four destinations, by the names of the `Destination` port. */
/** `exactagTouchPoint`: the affiliate provider's touch-point GET, in scope with the affiliate tracker. */
export type ConsentDestination = 'dataLayer' | 'exactag' | 'exactagTouchPoint' | 'firstParty' | 'appBridge';

/**
 * What a delivery needs before it may go out (spec §4 Consent, §6):
 * `none` goes at once, `anyOf` waits until one of the groups is active, `suppressed` never goes.
 */
export type ConsentRequirement =
  | { readonly kind: 'none' }
  | { readonly kind: 'anyOf'; readonly groups: readonly string[] }
  | { readonly kind: 'suppressed' };

const NONE: ConsentRequirement = { kind: 'none' };
const SUPPRESSED: ConsentRequirement = { kind: 'suppressed' };
const STATISTICS_OR_MARKETING: ConsentRequirement = { kind: 'anyOf', groups: [STATISTICS_GROUP, MARKETING_GROUP] };

/** The page groups on which a consent-free cashback partner is tracked without consent. */
export const CONSENT_FREE_SITE_GROUPS: readonly string[] = [ORDER_CONFIRMATION_GROUP, LEAD_GROUP];

/**
 * Cashback partners tracked without consent on order-confirmation and lead pages (install option
 * `consentFreeAffiliates`). Placeholder: the id of the one loyalty cashback partner is configuration.
 */
export const DEFAULT_CONSENT_FREE_AFFILIATES: readonly string[] = ['loyalty-cashback-partner'];

/** The cookie naming the cashback partner that brought the visitor; JSON with the partner id in `partner`. */
export const CASHBACK_COOKIE = 'cashback_attribution';
/** The app-context cookie (spec §3 "an app-context cookie (platform)"). */
export const APP_CONTEXT_COOKIE = 'platform';
/** The cross-channel app-context cookie. Placeholder name: the spec does not show it. */
export const CROSS_CHANNEL_APP_COOKIE = 'cross_channel_app';
/** The unique-user cookie, written only with statistics consent (C0003). */
export const UNIQUE_USER_COOKIE = 'ttruth_uid';
/** The first-party person id sent without statistics consent. */
export const NO_CONSENT_PERSON_ID = 'noConsent';

/** Platform cookie values that mean the page runs inside the native shop app (case-insensitive). */
export const APP_PLATFORM_VALUES: readonly string[] = ['app', 'ios', 'android', 'smartphone', 'tablet'];
/** Legacy platform data attribute values that mean app context (spec §2). */
export const LEGACY_APP_PLATFORM_VALUES: readonly string[] = ['smartphone', 'tablet'];

/** A value as a trimmed lower-case text; '' for a blank value or one that is not a text. */
const normalized = (value: unknown): string => toText(value)?.toLowerCase() ?? '';

/** What the page says about app context: the two cookies and the legacy platform data attribute. */
export interface AppContextSignals {
  readonly platformCookie?: unknown;
  readonly crossChannelCookie?: unknown;
  readonly platformAttribute?: unknown;
}

/** True when the page runs in app context or cross-channel app context: web tracking is suppressed. */
export const isAppContext = (signals: AppContextSignals): boolean => {
  if (APP_PLATFORM_VALUES.includes(normalized(signals.platformCookie))) return true;
  const crossChannel = normalized(signals.crossChannelCookie);
  if (crossChannel !== '' && crossChannel !== '0' && crossChannel !== 'false') return true;
  return LEGACY_APP_PLATFORM_VALUES.includes(normalized(signals.platformAttribute));
};

/** The partner id in a `cashback_attribution` cookie value (JSON, raw or URL-encoded); total. */
export const cashbackPartnerFromCookie = (cookieValue: unknown): string | undefined => {
  if (typeof cookieValue !== 'string') return undefined;
  for (const text of [cookieValue, decodeSafely(cookieValue)]) {
    try {
      return toText(asRecord(JSON.parse(text)).partner);
    } catch {
      // not JSON in this form: try the decoded one
    }
  }
  return undefined;
};

/** Everything besides the consent groups that decides what a delivery needs. */
export interface ConsentContext {
  readonly appContext: boolean;
  /** The page's `exactag_site_group`, in any spelling {@link toSiteGroup} recognises. */
  readonly siteGroup?: unknown;
  /** From {@link cashbackPartnerFromCookie}. */
  readonly cashbackPartner?: string;
  /** Default: {@link DEFAULT_CONSENT_FREE_AFFILIATES}. */
  readonly consentFreeAffiliates?: readonly string[];
}

/** True on an order-confirmation or lead page when the cashback partner is on the consent-free list. */
export const isConsentFreeAffiliate = (context: ConsentContext): boolean => {
  const partner = normalized(context.cashbackPartner);
  if (partner === '' || !CONSENT_FREE_SITE_GROUPS.includes(toSiteGroup(context.siteGroup))) return false;
  const list = context.consentFreeAffiliates ?? DEFAULT_CONSENT_FREE_AFFILIATES;
  return list.some((entry) => normalized(entry) === partner);
};

/**
 * What a delivery to `destination` needs. App context suppresses the web destinations; the app bridge
 * is never gated (the native app tracks under its own consent). The data layer and the affiliate
 * tracker need statistics or marketing consent, the affiliate tracker not on a consent-free cashback
 * page. The first-party tracker always sends (its person id follows {@link firstPartyPersonId}).
 */
export const consentRequirementFor = (destination: ConsentDestination, context: ConsentContext): ConsentRequirement => {
  if (destination === 'appBridge') return NONE;
  if (context.appContext) return SUPPRESSED;
  if (destination === 'firstParty') return NONE;
  if (destination === 'exactag' && isConsentFreeAffiliate(context)) return NONE;
  return STATISTICS_OR_MARKETING;
};

/** True when the active groups satisfy the requirement. */
export const isRequirementMet = (requirement: ConsentRequirement, groups: ConsentGroups): boolean =>
  requirement.kind === 'none' || (requirement.kind === 'anyOf' && requirement.groups.some((g) => groups.has(g)));

/** The first-party person id: 'noConsent' without statistics consent (C0003), else the given id. */
export const firstPartyPersonId = (personId: unknown, groups: ConsentGroups): string | undefined =>
  groups.has(STATISTICS_GROUP) ? toText(personId) : NO_CONSENT_PERSON_ID;

/** True when the unique-user cookie `ttruth_uid` may be written: statistics consent (C0003). */
export const mayWriteUniqueUserCookie = (groups: ConsentGroups): boolean => groups.has(STATISTICS_GROUP);

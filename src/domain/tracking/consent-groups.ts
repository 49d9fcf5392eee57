import { asArray, asRecord } from './mapping/clean';

/** The consent groups (OneTrust categories) that are active, such as `C0001`, `C0003`. */
export type ConsentGroups = ReadonlySet<string>;

/** Consent category 3: statistics / tracking (spec §6). */
export const STATISTICS_GROUP = 'C0003';
/** Consent category 4: marketing (spec §6). */
export const MARKETING_GROUP = 'C0004';

/** The consent cookie's name. */
export const CONSENT_COOKIE = 'OptanonConsent';
/** The data-layer event that announces a later grant. */
export const GROUPS_UPDATED_EVENT = 'OneTrustGroupsUpdated';

export const NO_GROUPS: ConsentGroups = new Set<string>();

const MAX_GROUPS = 200;

/** Decodes percent-encoding; on malformed input decodes only the separators `: , = & { } "`. */
export const decodeSafely = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%(3A|2C|3D|26|7B|7D|22)/gi, (code) => String.fromCharCode(parseInt(code.slice(1), 16)));
  }
};

const groupsParameter = (cookie: string): string | undefined => {
  for (const part of cookie.split('&')) {
    const equals = part.indexOf('=');
    if (equals > 0 && part.slice(0, equals).trim() === 'groups') return part.slice(equals + 1);
  }
  return undefined;
};

/** The groups `groupOf` names in the texts among the first {@link MAX_GROUPS} parts, trimmed and upper-cased; blank ones are left out. */
const collectGroups = (parts: readonly unknown[], groupOf: (part: string) => string): Set<string> => {
  const active = new Set<string>();
  for (const part of parts.slice(0, MAX_GROUPS)) {
    const group = typeof part === 'string' ? groupOf(part).trim().toUpperCase() : '';
    if (group !== '') active.add(group);
  }
  return active;
};

/**
 * The active groups of an `OptanonConsent` cookie value: its URL-encoded `groups` parameter lists
 * `C0001:1,C0002:0,...`, and `:1` marks a group active. Accepts the value raw or already decoded
 * (also when the whole value was encoded once more, or form-encoded with '+' for a space). Total:
 * anything unreadable gives no groups.
 */
export const groupsFromConsentCookie = (cookieValue: unknown): ConsentGroups => {
  if (typeof cookieValue !== 'string') return NO_GROUPS;
  const raw = groupsParameter(cookieValue) ?? groupsParameter(decodeSafely(cookieValue));
  if (raw === undefined) return NO_GROUPS;
  const entries = decodeSafely(raw.replace(/\+/g, ' ')).split(',');
  const marked = (mark: string) =>
    collectGroups(entries, (entry) => {
      const colon = entry.lastIndexOf(':');
      return colon > 0 && entry.slice(colon + 1).trim() === mark ? entry.slice(0, colon) : '';
    });
  // A group named refused too (a broken or hand-made consent tool) is not taken as granted.
  const refused = marked('0');
  const active = marked('1');
  for (const group of refused) active.delete(group);
  return active;
};

/**
 * The active groups of every `OptanonConsent` cookie the browser sends (one for the host and one for
 * the shop's domain, left by a consent tool whose cookie domain changed): a group is granted only when
 * each grants it. The browser lists the older first, and which one the visitor chose last is unknown:
 * a refusal in either wins. No cookie: no groups.
 */
export const groupsFromConsentCookies = (cookieValues: readonly unknown[]): ConsentGroups => {
  const [first = NO_GROUPS, ...others] = cookieValues.map(groupsFromConsentCookie);
  if (others.length === 0) return first;
  return new Set([...first].filter((group) => others.every((groups) => groups.has(group))));
};

/**
 * The groups of an `OnetrustActiveGroups` value: `",C0001,C0003,"`; spaces, ';' or '|' between the
 * groups are read as commas (hand-written consent tools), and a list of strings is accepted too.
 */
export const groupsFromActiveGroupsList = (value: unknown): ConsentGroups | undefined => {
  const parts = typeof value === 'string' ? value.split(/[\s,;|]+/) : Array.isArray(value) ? asArray(value) : undefined;
  return parts && collectGroups(parts, (part) => part);
};

/**
 * The consent update carried by a data-layer entry `{ event: 'OneTrustGroupsUpdated',
 * OnetrustActiveGroups: ',C0001,C0003,' }`: the complete list of groups now active. `undefined` for
 * any other entry, or when the list is unreadable (the current consent then stays as it is).
 */
export const groupsFromDataLayerEntry = (entry: unknown): ConsentGroups | undefined => {
  try {
    const record = asRecord(entry);
    if (record.event !== GROUPS_UPDATED_EVENT) return undefined;
    return groupsFromActiveGroupsList(record.OnetrustActiveGroups);
  } catch {
    // A data-layer entry is page-owned: a throwing getter must not break tracking.
    return undefined;
  }
};

/** The consent flags the first-party collector receives (spec §7.7 `consent`). */
export interface CollectorConsent {
  readonly C0003: boolean;
  readonly C0004: boolean;
}

/** The collector's consent flags for the granted groups. */
export const collectorConsent = (groups: ConsentGroups): CollectorConsent => ({
  C0003: groups.has(STATISTICS_GROUP),
  C0004: groups.has(MARKETING_GROUP),
});

/** True when statistics (C0003) or marketing (C0004) consent is given. */
export const hasStatisticsOrMarketing = (groups: ConsentGroups): boolean =>
  groups.has(STATISTICS_GROUP) || groups.has(MARKETING_GROUP);

/** Whether two readings name the same active groups. */
export const sameGroups = (a: ConsentGroups, b: ConsentGroups): boolean => {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const group of a) if (!b.has(group)) return false;
  return true;
};

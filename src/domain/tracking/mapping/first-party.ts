/**
 * The first-party collector's payload (tracking spec §7.7): page and device context, traffic source,
 * consent, the short-term id, the long-term token, the event's fields, its items and customer fields.
 * Without C0003 consent the person id (`customer.person_id`) is 'noConsent', and so is a token subject (`token.sub`).
 */
import { NO_CONSENT_PERSON_ID } from '../consent';
import type { CollectorConsent } from '../consent-groups';
import type { LogSink } from '../log-buffer';
import { LogLevel } from '../log-buffer';
import { asRecord, toText } from './clean';
import { compact } from './copy-fields';
import { eventFields, eventNameOf } from './event-fields';
import { jsonSafeRecord, unlessEmpty } from './json-safe';
import { eventItemRecords, productIdList } from './product-list';
import { payloadUnreadable } from './payload-texts';

export { parseLongTermToken, type LongTermToken } from './long-term-token';

/** What the first-party payload is built from. Every field may hold anything. */
export interface FirstPartyInput {
  /** Page context: url, hostname, page_path, device_type, screen_breakpoint, screen_size, user_agent, tcs_source, tcs_medium, tcs_campaign, site, environment, referrer_class. */
  page?: unknown;
  /** Consent flags `{ C0003, C0004 }`; a group counts as granted only when its flag is `true`. */
  consent?: unknown;
  /** Value of the short-term session cookie (cot_session). */
  shortTermId?: unknown;
  /** The parsed long-term token (see `parseLongTermToken`). */
  token?: unknown;
  /** The visitor's person id, sent only with C0003 consent. */
  personId?: unknown;
  /** The event's name; default: the event's `event_name`, else its `event`. */
  eventName?: unknown;
  /** The pushed event (any message kind); its items are sent apart as `items` and `product_ids`. */
  event?: unknown;
  /** Customer fields, already mapped. */
  customer?: unknown;
}


/** The spec's page fields, then the page view's site, environment and referrer class (one collector serves every site). */
export const PAGE_FIELDS = [
  'url', 'hostname', 'page_path', 'device_type', 'screen_breakpoint', 'screen_size',
  'user_agent', 'tcs_source', 'tcs_medium', 'tcs_campaign', 'site', 'environment', 'referrer_class',
] as const;

/** True only for a flag that is exactly `true`: unknown consent counts as none. */
const granted = (consent: Record<string, unknown>, group: 'C0003' | 'C0004'): boolean => consent[group] === true;

/**
 * The JSON body for the first-party collector. Never throws: unreadable input logs a warning and gives
 * the minimal payload `{ customer: { person_id: 'noConsent' } }`.
 */
export function toFirstPartyPayload(input: FirstPartyInput, log: LogSink): Record<string, unknown> {
  try {
    return buildPayload(asRecord(input));
  } catch (error) {
    log(LogLevel.warn, payloadUnreadable('first-party'), error);
    return { customer: { person_id: NO_CONSENT_PERSON_ID } };
  }
}

/**
 * The token's fields. Without C0003 the long-term login and tracking ids stay out too: they would join
 * the visits of a person who said no, as the person id would.
 */
const tokenFields = (token: Record<string, unknown>, statistics: boolean): Record<string, unknown> | undefined => {
  const sub = toText(token.sub);
  return unlessEmpty(
    compact(
      statistics
        ? { sub, lid: toText(token.lid), tid: toText(token.tid) }
        : { sub: sub === undefined ? undefined : NO_CONSENT_PERSON_ID },
    ),
  );
};

/**
 * A stored payload as it may be sent now, after the visitor withdrew consent (in this tab or in
 * another): a group it was built with and that is no longer granted is taken away, and without C0003
 * the payload is the one a page without it builds: person id and token subject 'noConsent', no other
 * token ids, no customer fields. A later grant adds nothing (what was left out is not known any more).
 */
export function withConsentNow(payload: Record<string, unknown>, now: CollectorConsent): Record<string, unknown> {
  const then = asRecord(payload.consent);
  const consent = { C0003: then.C0003 === true && now.C0003, C0004: then.C0004 === true && now.C0004 };
  if (consent.C0003 === (then.C0003 === true) && consent.C0004 === (then.C0004 === true)) return payload;
  const changed: Record<string, unknown> = { ...payload, consent };
  if (!consent.C0003) {
    changed.token = tokenFields(asRecord(payload.token), false);
    changed.customer = { person_id: NO_CONSENT_PERSON_ID };
  }
  return compact(changed);
}

function buildPayload(input: Record<string, unknown>): Record<string, unknown> {
  const page = asRecord(input.page);
  const consent = asRecord(input.consent);
  const statistics = granted(consent, 'C0003');
  const token = asRecord(input.token);
  const items = eventItemRecords(input.event);
  const customer = jsonSafeRecord(input.customer);

  const payload: Record<string, unknown> = {};
  for (const field of PAGE_FIELDS) payload[field] = toText(page[field]);
  payload.consent = { C0003: statistics, C0004: granted(consent, 'C0004') };
  payload.custom_short_term_id = toText(input.shortTermId);
  payload.token = tokenFields(token, statistics);
  payload.event_name = toText(input.eventName) ?? eventNameOf(input.event);
  payload.event = unlessEmpty(eventFields(input.event));
  payload.items = items;
  payload.product_ids = productIdList(items ?? []);
  payload.customer = compact({
    ...customer,
    person_id: statistics ? (toText(input.personId) ?? toText(customer.person_id)) : NO_CONSENT_PERSON_ID,
  });
  // Every nested part is a JSON-safe copy or built without empties: only the top level needs it.
  return compact(payload);
}

import type { ConsentDestination } from './consent';
import type { ConsentGroups } from './consent-groups';
import { collectorConsent, STATISTICS_GROUP } from './consent-groups';
import { firstPartyPersonId } from './consent';
import { personalFields } from './customer';
import type { TrackedEvent, TrackedKind } from './deliveries';
import { LogLevel, type LogSink } from './log-buffer';
import * as Warnings from './warnings';
import { appEventName } from './mapping/app-bridge';
import { asRecord, toText } from './mapping/clean';
import { stampClient } from './mapping/client-meta';
import { put } from './mapping/copy-fields';
import { readCustomerTrackingFields } from './mapping/customer-tracking-fields';
import { toGa4CustomEvent } from './mapping/ga4-custom-event';
import { toGa4Ecommerce } from './mapping/ga4-ecommerce';
import { spelledSiteGroup } from './mapping/exactag-site-groups';
import { USER_KEY_FIELD } from './mapping/exactag-touch-point';
import { toGa4ItemList } from './mapping/ga4-item-list';
import { toGa4Pageview } from './mapping/ga4-pageview';
import { toLeadEntry } from './mapping/lead';
import { mapLegacyToGa4 } from './mapping/legacy-to-ga4';
import { toUaCustomEvent } from './mapping/ua-custom-event';
import { toUaEcommerce } from './mapping/ua-ecommerce';
import { toUaItemList } from './mapping/ua-item-list';
import { toUaPageview } from './mapping/ua-pageview';
import { toFirstPartyPayload } from './mapping/first-party';
import { isLegacyCustomEvent } from './entities/legacy-form';
import type { PageFacts } from './page-facts';

type Payload = Record<string, unknown>;

/** Adds a data-layer payload (if any), stamped with the pushing client's identity. */
const add = (out: Payload[], payload: Payload | undefined, data: unknown): void => {
  if (payload !== undefined) out.push(stampClient(payload, data));
};

/** GA4 keeps the first 200 items of an event. */
export const GA4_MAX_ITEMS = 200;

/** Warns of what GA4 would drop without a word: items beyond its limit, a value without a currency. */
const checkedForGa4 = (payload: Payload | undefined, log: LogSink): Payload | undefined => {
  const ecommerce = asRecord(payload?.ecommerce);
  const event = String(payload?.event);
  const { items, value } = ecommerce;
  if (Array.isArray(items) && items.length > GA4_MAX_ITEMS) log(LogLevel.warn, Warnings.ga4ItemsOverLimit(event, items.length));
  if (typeof value === 'number' && value !== 0 && ecommerce.currency === undefined) log(LogLevel.warn, Warnings.ga4ValueWithoutCurrency(event, value));
  return payload;
};

/** The data-layer entries of one event, legacy form first, then GA4 (spec §4 "Data-layer events"). */
export function dataLayerPayloads(event: TrackedEvent, facts: PageFacts, page: Payload, log: LogSink): Payload[] {
  const { data } = event;
  // The list name is the page view's own spelling of the group: one group, one list name in the reports.
  const siteGroup = spelledSiteGroup(page.exactag_site_group);
  const out: Payload[] = [];
  switch (event.kind) {
    case 'InitialPageData': {
      const personal = personalFields(event.customerData);
      add(out, Object.assign(toUaPageview(data, facts.context, event.customerData), personal), data);
      add(out, Object.assign(toGa4Pageview(data, facts.context, event.customerData), personal), data);
      break;
    }
    case 'EcommerceEventData': {
      // `purchase` is the legacy form of an order and `purchase_ga4` its GA4 form (spec §3 lists both):
      // each goes to its own format only, so GA4 never counts one order twice.
      const name = toText(asRecord(data).event);
      // Either form's currency reaches GA4 or the legacy entry, and Exactag: one that is no ISO 4217 code is told once.
      const currency = toText(asRecord(asRecord(data).ecommerce).currency);
      if (currency !== undefined && !/^[A-Z]{3}$/.test(currency)) log(LogLevel.warn, Warnings.currencyNotIso(String(name), currency));
      if (name !== 'purchase_ga4') add(out, toUaEcommerce(data), data);
      if (name !== 'purchase') add(out, checkedForGa4(toGa4Ecommerce(data, log), log), data);
      break;
    }
    case 'CustomEventData':
      // The common case, one entry: a list of one, not a list grown by `push`.
      if (!isLegacyCustomEvent(data)) return [stampClient(toGa4CustomEvent(data), data)];
      add(out, toUaCustomEvent(data, log), data);
      add(out, ga4FormOfLegacy(data, log), data);
      break;
    case 'ItemListData':
      add(out, toUaItemList(data, siteGroup), data);
      add(out, checkedForGa4(toGa4ItemList(data, siteGroup), log), data);
      break;
    case 'LeadData':
      add(out, toLeadEntry(data, page), data);
      break;
  }
  return out;
}

/** The legacy fields a deprecated (or mapping-error) GA4 event carries along (spec §8), which the GA4 form does not list. */
const LEGACY_FIELDS = ['event_category', 'event_action', 'event_label'] as const;

/** The GA4 entry of a legacy custom event: the mapped event, with the old category, action and label when the mapping kept them. */
const ga4FormOfLegacy = (data: unknown, log: LogSink): Payload => {
  const mapped = mapLegacyToGa4(data);
  const payload = toGa4CustomEvent(mapped);
  for (const key of LEGACY_FIELDS) put(payload, key, mapped[key]);
  return payload;
};

/**
 * The event without the corporate-benefits user key, which names the person (it is the affiliate
 * touch point's, never the data layer's): without statistics consent the collector gets no field that
 * does, as it gets `noConsent` for the person id.
 */
const withoutUserKey = (data: unknown): unknown => {
  const record = asRecord(data);
  if (!Object.hasOwn(record, USER_KEY_FIELD)) return data;
  const { [USER_KEY_FIELD]: _personal, ...rest } = record;
  return rest;
};

/** The first-party collector's payload (spec §7.7); the person id follows consent. */
export function firstPartyPayload(
  event: TrackedEvent,
  facts: PageFacts,
  groups: ConsentGroups,
  customerData: unknown,
  log: LogSink,
): Payload {
  // Personal fields, the partner GUID among them, only for a logged-in visitor (spec §6).
  const personal = personalFields(customerData);
  return toFirstPartyPayload(
    {
      page: facts.firstPartyPage,
      consent: collectorConsent(groups),
      shortTermId: facts.shortTermId,
      token: facts.token,
      personId: firstPartyPersonId(personal.partnerGuid, groups),
      // Named as the app bridge names them, so the collector never guesses an event's kind.
      eventName: appEventName(event.kind, event.data),
      event: groups.has(STATISTICS_GROUP) ? event.data : withoutUserKey(event.data),
      // The customer's tracking fields (login status, segments), as the data layer has them, and the
      // personal ones. Without statistics consent the person must not be recognisable by another field either.
      customer: groups.has(STATISTICS_GROUP) ? { ...readCustomerTrackingFields(customerData, {}), ...personal } : {},
    },
    log,
  );
}

/** Which destinations an event kind reaches at all (the affiliate tracker is decided by its wait). */
export const DESTINATIONS_OF: Readonly<Record<TrackedKind, readonly ConsentDestination[]>> = {
  InitialPageData: ['dataLayer', 'exactag', 'firstParty', 'appBridge'],
  EcommerceEventData: ['dataLayer', 'exactag', 'firstParty', 'appBridge'],
  CustomEventData: ['dataLayer', 'firstParty', 'appBridge'],
  ItemListData: ['dataLayer', 'firstParty', 'appBridge'],
  LeadData: ['dataLayer', 'exactag', 'firstParty', 'appBridge'],
  ProductSourceEventData: ['firstParty', 'appBridge'],
};

import type { ConsentDestination } from './consent';
import type { ConsentGroups } from './consent-groups';
import { MARKETING_GROUP, STATISTICS_GROUP } from './consent-groups';
import { firstPartyPersonId } from './consent';
import { personalFields } from './customer';
import type { TrackedEvent, TrackedKind } from './deliveries';
import type { LogSink } from './log-buffer';
import { asRecord, toText } from './mapping/clean';
import { withClientMeta } from './mapping/client-meta';
import { toGa4CustomEvent } from './mapping/ga4-custom-event';
import { toGa4Ecommerce } from './mapping/ga4-ecommerce';
import { toGa4ItemList } from './mapping/ga4-item-list';
import { toGa4Pageview } from './mapping/ga4-pageview';
import { toLeadEntry } from './mapping/lead';
import { mapLegacyToGa4 } from './mapping/legacy-to-ga4';
import { toUaCustomEvent } from './mapping/ua-custom-event';
import { toUaEcommerce } from './mapping/ua-ecommerce';
import { toUaItemList } from './mapping/ua-item-list';
import { toUaPageview } from './mapping/ua-pageview';
import { toFirstPartyPayload } from './mapping/first-party';
import { toAppBridgePayload } from './mapping/app-bridge';
import { isLegacyCustomEvent } from './entities/custom-event';
import type { PageFacts } from './page-facts';

type Payload = Record<string, unknown>;

/** The client's identity travels on the pushed data; every data-layer payload carries it on. */
const clientOf = (data: unknown) => {
  const record = asRecord(data);
  return { version: toText(record.cot_client_version) ?? '', emitter: toText(record.emitter) ?? '' };
};

const withClient = (payload: Payload | undefined, data: unknown): Payload | undefined =>
  payload === undefined ? undefined : withClientMeta(payload, clientOf(data));

/**
 * `purchase` is the legacy form of an order and `purchase_ga4` its GA4 form (spec §3 lists both):
 * each goes to its own format only, so GA4 never counts one order twice.
 */
const LEGACY_ONLY = new Set(['purchase']);
const GA4_ONLY = new Set(['purchase_ga4']);

/** The data-layer entries of one event, legacy form first, then GA4 (spec §4 "Data-layer events"). */
export function dataLayerPayloads(event: TrackedEvent, facts: PageFacts, siteGroup: unknown, log: LogSink): Payload[] {
  const { data } = event;
  const out: (Payload | undefined)[] = [];
  switch (event.kind) {
    case 'InitialPageData': {
      const personal = personalFields(event.customerData);
      out.push({ ...toUaPageview(data, facts.context, event.customerData), ...personal });
      out.push({ ...toGa4Pageview(data, facts.context, event.customerData), ...personal });
      break;
    }
    case 'EcommerceEventData': {
      const name = toText(asRecord(data).event) ?? '';
      if (!GA4_ONLY.has(name)) out.push(toUaEcommerce(data));
      if (!LEGACY_ONLY.has(name)) out.push(toGa4Ecommerce(data, log));
      break;
    }
    case 'CustomEventData':
      if (isLegacyCustomEvent(data)) {
        out.push(toUaCustomEvent(data, log));
        out.push(toGa4CustomEvent({ ...mapLegacyToGa4(data), event_type: 'ga4_event' }, log));
      } else {
        out.push(toGa4CustomEvent(data, log));
      }
      break;
    case 'ItemListData':
      out.push(toUaItemList(data, siteGroup), toGa4ItemList(data, siteGroup));
      break;
    case 'LeadData':
      out.push(toLeadEntry(data));
      break;
    case 'ProductSourceEventData':
      break;
  }
  return out.map((payload) => withClient(payload, data)).filter((p): p is Payload => p !== undefined);
}

/** The first-party collector's payload (spec §7.7); the person id follows consent. */
export function firstPartyPayload(
  event: TrackedEvent,
  facts: PageFacts,
  groups: ConsentGroups,
  customerData: unknown,
  log: LogSink,
): Payload {
  const customer = asRecord(asRecord(customerData).customer);
  return toFirstPartyPayload(
    {
      page: facts.firstPartyPage,
      consent: { C0003: groups.has(STATISTICS_GROUP), C0004: groups.has(MARKETING_GROUP) },
      shortTermId: facts.shortTermId,
      token: facts.token,
      personId: firstPartyPersonId(asRecord(customer.identifiers).partnerGuid, groups),
      eventName: event.kind === 'InitialPageData' ? 'pageview' : undefined,
      event: event.data,
      customer: personalFields(customerData),
    },
    log,
  );
}

/** The native app bridge's event. */
export const appBridgePayload = (event: TrackedEvent, log: LogSink): Payload =>
  toAppBridgePayload(event.kind, event.data, log);

/** Which destinations an event kind reaches at all (the affiliate tracker is decided by its wait). */
export const DESTINATIONS_OF: Readonly<Record<TrackedKind, readonly ConsentDestination[]>> = {
  InitialPageData: ['dataLayer', 'exactag', 'firstParty', 'appBridge'],
  EcommerceEventData: ['dataLayer', 'exactag', 'firstParty', 'appBridge'],
  CustomEventData: ['dataLayer', 'firstParty', 'appBridge'],
  ItemListData: ['dataLayer', 'firstParty', 'appBridge'],
  LeadData: ['dataLayer', 'exactag', 'firstParty', 'appBridge'],
  ProductSourceEventData: ['firstParty', 'appBridge'],
};

import { createAffiliateWait, type AffiliateSend } from './affiliate-wait';
import { consentRequirementFor, isRequirementMet, type ConsentContext, type ConsentDestination, type ConsentRequirement } from './consent';
import { createConsentGate } from './consent-gate';
import type { ConsentGroups } from './consent-groups';
import { PREPARE, type Delivery, type TrackedEvent } from './deliveries';
import { dataLayerPayloads, DESTINATIONS_OF, firstPartyPayload } from './destination-payloads';
import { toAppBridgePayload } from './mapping/app-bridge';
import { LogLevel, type LogSink } from './log-buffer';
import { asRecord } from './mapping/clean';
import { leadOf } from './mapping/lead';
import { readListedItems } from './mapping/listed-items';
import { toExactagPayload } from './mapping/exactag';
import { needsTouchPoint, userKeyOf } from './mapping/exactag-touch-point';
import { countedCalls, orderIdOf, type CountedCalls } from './order-once';
import { KINDS_HELD_BEFORE_PAGE_DATA, PageDataGate } from './page-data-gate';
import type { PageFacts } from './page-facts';
import { checkRequiredParameters, checkScopeNames, checkSiteGroup, isTrackerInScope, validateEntity, type TrackerName } from './validation';
import * as Warnings from './warnings';

/** Which destinations the install options switch on (spec §9 "Default install options"). */
export interface EnabledDestinations {
  readonly gtm: boolean;
  readonly exactag: boolean;
  readonly ttruth: boolean;
}

export interface PipelineOptions {
  readonly facts: PageFacts;
  readonly enabled: EnabledDestinations;
  /** The consent groups active at install (from the consent cookie). */
  readonly groups: ConsentGroups;
  /** Default: the one loyalty cashback partner. */
  readonly consentFreeAffiliates?: readonly string[];
  readonly log: LogSink;
  /** What the affiliate tracker counted before, kept across a reset (default: nothing yet). */
  readonly counted?: CountedCalls;
}

/**
 * What a push came to: the deliveries to make now, and whether the event is waiting (for the page
 * data; some of its deliveries for consent; a page data's affiliate page view for its e-commerce
 * event): then more of its deliveries may come later.
 */
export type PushOutcome =
  | {
      readonly ok: true;
      readonly deliveries: Delivery[];
      readonly waiting: boolean;
      /** It released what earlier pushes left waiting (events held for the page data, a held affiliate page view). */
      readonly releases: boolean;
      /**
       * Accepted, and sent nowhere, a warning having said why (spec §5: a legacy custom event without
       * category or action; an item list without product ids; lead data naming no lead).
       */
      readonly sentNothing?: boolean;
    }
  | { readonly ok: false; readonly error: string; readonly deliveries: Delivery[] };

type Data = Record<string, unknown>;

/** Keys of the standby forms (see `standby`): an order id and a lead id never meet. */
const ORDER = 'o:';
const LEAD = 'l:';

/** The order or lead of an affiliate call, as its standby forms are kept. */
const keyOf = (payload: Record<string, unknown>): string | undefined =>
  payload.oi !== undefined ? ORDER + String(payload.oi) : payload.li !== undefined ? LEAD + String(payload.li) : undefined;

const TRACKER_OF = { dataLayer: 'gtm', exactag: 'exactag', exactagTouchPoint: 'exactag', firstParty: 'ttruth', appBridge: 'app' } as const satisfies Record<
  ConsentDestination,
  TrackerName
>;

/** The pipeline of one tracker (see {@link createTrackingPipeline}). */
export interface TrackingPipeline {
  /** Validates and routes one pushed event. Never throws. */
  push(event: TrackedEvent): PushOutcome;
  /** A consent update (a later `OneTrustGroupsUpdated`): the waiting deliveries it allows, in order. */
  grantConsent(groups: ConsentGroups): Delivery[];
  /** The page is left: a page view still waiting for its e-commerce event goes to the affiliate tracker. */
  flush(): Delivery[];
  /** Forgets the page and everything waiting. */
  reset(): void;
  /**
   * The page read again once parsed (a tracker installed in `<head>`, before its `<body>` or a cookie
   * written meanwhile told the app context): what enters from now on is routed by it.
   */
  pageRead(facts: PageFacts): void;
  /**
   * An affiliate call reached the tracker, or failed (the script did not load, its track function
   * threw): a failed call never counted there, so its order or lead goes with the next push of it, or
   * with a form of it pushed while the call was under way, which the deliveries returned carry.
   */
  deliverySettled(delivery: Delivery, reached: boolean): Delivery[];
  /**
   * Whether an affiliate call under way (its script loading) may still go: false when the consent it
   * needed on its page was withdrawn meanwhile; it then waits for the next grant as one held then does
   * (after a reset it is dropped, and its order or lead may come again). Its settling counts nothing.
   * `groups`: the consent granted now where the caller knows it better (default: this pipeline's).
   */
  stillAllowed(delivery: Delivery, groups?: ConsentGroups): boolean;
  /**
   * The tickets of the pushes still waiting: held for the page data, with a delivery held for consent,
   * a page data whose affiliate page view waits for its e-commerce event, or an order's or lead's
   * other form waiting on the call of its first.
   */
  waitingTickets(): Set<number>;
  /** Whether a waiting push was let go with a warning when released (lead data naming no lead); asked once. */
  releasedUnsent(ticket: number): boolean;
}

/**
 * One event in, the deliveries each destination receives out (spec §4, §5). No I/O: the runtime
 * delivers what this returns, so ordering, exactly-once release and consent are decided here.
 *
 * Order of the rules: validation, then the page-data gate, then per destination its enable flag and
 * the page scope, the mapper, and last the consent gate (which may hold the delivery for a grant).
 */
export function createTrackingPipeline(options: PipelineOptions): TrackingPipeline {
  const { enabled, log, consentFreeAffiliates } = options;
  /** The page as read at install, or as read again for a later page data (a single-page app's new URL). */
  let facts = options.facts;
  const gate = new PageDataGate<TrackedEvent, TrackedEvent>({ log });
  const consent = createConsentGate<Delivery>({ log, groups: options.groups });
  const affiliate = createAffiliateWait<Data, Data>();
  /**
   * The affiliate tracker counts an order once, whichever of its two forms comes second. The touch
   * point counts it apart: the first form with a user key sends it, whichever form that is; before
   * that, the first form without one goes too, to log that the touch point was not sent. And a lead
   * once, whether it came with the lead page's page data or as lead data.
   */
  const { orders, touchPoints, keylessTouchPoints, leads } = options.counted ?? countedCalls();
  /**
   * The affiliate calls of the current page view: each counts a page view at the tracker, so the same
   * call again (a basket updated with the same products, the next checkout step) is not sent.
   */
  let affiliateCalls = new Set<string>();
  /**
   * The affiliate calls of an order's or lead's other form, pushed while the call of its first was under
   * way (the script loading, consent awaited), by order or lead: one goes in its place if that call fails.
   */
  let standby: { readonly key: string; readonly delivery: Delivery }[] = [];
  /**
   * The orders and leads whose affiliate call this pipeline made: only their settling reaches it (a
   * call the tracker before a reset made settles there), so only they get standby forms.
   */
  const calling = new Set<string>();
  let pageData: Data = {};
  let customerData: unknown = null;
  let inScope: ReadonlySet<ConsentDestination> = new Set();
  /** What decides each destination's consent requirement on the current page (its site group among others). */
  let consentContext = {} as ConsentContext;

  /** The ticket of the push being routed, whether one of its deliveries was kept for consent, and whether it was dropped with a warning. */
  let pushing: number | undefined;
  let pushHeld = false;
  /** Whether the push being routed let go of a delivery an earlier push left waiting for consent. */
  let freedHeld = false;
  let sentNothing = false;
  /** Waiting pushes let go with a warning when the page data released them, until their outcome is told. */
  const unsent = new Set<number>();
  /** The push whose affiliate page view waits for its e-commerce event: the page view goes as its delivery. */
  let affiliateTicket: number | undefined;
  /** The ticket of the page data whose affiliate page view is waiting now, if one is. */
  const heldPageViewTicket = (): number | undefined => (affiliate.waiting ? affiliateTicket : undefined);
  /**
   * The affiliate calls admitted, with the consent they needed on their page and the reset they came
   * before: a call whose script loads meanwhile is checked again against these (see `stillAllowed`).
   */
  const admitted = new WeakMap<Delivery, { readonly requirement: ConsentRequirement; readonly resets: number }>();
  /** The calls `stillAllowed` stopped: their settling counts nothing (they were held again or dropped). */
  const stopped = new WeakSet<Delivery>();
  let resets = 0;

  /** `quiet`: the push's wait for consent is told already (its legacy entry's, for its GA4 entry). */
  const offer = (destination: ConsentDestination, payload: Data, ticket: number | undefined, out: Delivery[], carries?: number, quiet = false): void => {
    const delivery: Delivery = carries === undefined ? { destination, payload, ticket } : { destination, payload, ticket, carries };
    // A consent-free cashback partner's call goes without consent for its order or lead only: a call
    // without one (its confirmation page seen again) would track the visit and attribute nothing.
    const cashbackCall = destination !== 'exactag' || payload === PREPARE || keyOf(payload) !== undefined;
    const requirement = consentRequirementFor(destination, cashbackCall ? consentContext : { ...consentContext, cashbackPartner: undefined });
    if (destination === 'exactag') admitted.set(delivery, { requirement, resets });
    // Loading the affiliate script is no push: it waits for consent without saying so.
    if (consent.admit(delivery, requirement, quiet || payload === PREPARE)) out.push(delivery);
    else if (ticket !== undefined && ticket === pushing) pushHeld = true;
  };

  /**
   * A call under way whose consent was withdrawn meanwhile waits for the next grant, as if held then;
   * after a reset it is dropped as the calls held then were, and its order or lead may come again.
   */
  const stillAllowed = (delivery: Delivery, groups = consent.groups): boolean => {
    const terms = admitted.get(delivery);
    if (!terms || isRequirementMet(terms.requirement, groups)) return true;
    stopped.add(delivery);
    if (terms.resets === resets) consent.admit(delivery, terms.requirement, true);
    else uncount(delivery);
    return false;
  };

  /**
   * The affiliate tracker's payloads of the given calls (empty payloads are not sent), through the
   * consent gate. `lead`: the lead the calls count; `standbyKey`: the order or lead whose first call is
   * under way (the calls wait on it); `pageViewOf`: the push whose waiting page view a page-view call
   * carries, when that push is not `ticket`.
   */
  const affiliateSends = (
    sends: AffiliateSend<Data, Data>[],
    ticket: number | undefined,
    out: Delivery[],
    { lead, standbyKey, pageViewOf }: { lead?: Data; standbyKey?: string; pageViewOf?: number } = {},
  ): void => {
    for (const send of sends) {
      const payload = toExactagPayload(
        {
          site: facts.site,
          campaignId: facts.campaignId,
          pageData: send.type === 'pageView' ? send.pageView : pageData,
          ecommerceEvent: send.ecommerce,
          lead,
          deviceCookie: facts.affiliateDeviceCookie,
        },
        log,
      );
      const call = JSON.stringify(payload);
      if (call !== '{}' && standbyKey !== undefined) {
        standby.push({ key: standbyKey, delivery: { destination: 'exactag', payload, ticket } });
        if (ticket !== undefined && ticket === pushing) pushHeld = true;
        continue;
      }
      if (call === '{}' || affiliateCalls.has(call)) continue;
      affiliateCalls.add(call);
      const key = keyOf(payload);
      if (key !== undefined) calling.add(key);
      offer('exactag', payload, ticket, out, send.type === 'pageView' && pageViewOf !== ticket ? pageViewOf : undefined);
    }
  };

  /**
   * A new page (or none yet, after a reset): its data, the destinations in scope and their consent
   * context. Before any page data no scope restricts the enabled destinations: a product-source event,
   * which does not wait for the page data, goes out at once.
   */
  const enterPage = (data: Data, customer: unknown): void => {
    pageData = data;
    customerData = customer;
    affiliateCalls = new Set();
    const wanted: ConsentDestination[] = facts.appContext
      ? ['appBridge']
      : (['dataLayer', 'exactag', 'firstParty'] as const).filter((d) => enabled[TRACKER_OF[d]]);
    checkScopeNames(data, log);
    inScope = new Set(wanted.filter((d) => isTrackerInScope(data, TRACKER_OF[d], log)));
    if (inScope.has('dataLayer')) checkRequiredParameters(data, 'dataLayer', log);
    if (inScope.has('exactag')) checkSiteGroup(data, log);
    consentContext = { appContext: facts.appContext, siteGroup: data.exactag_site_group, cashbackPartner: facts.cashbackPartner, consentFreeAffiliates };
  };

  /**
   * An order or lead a single-page shop pushed right before its confirmation or lead page's page data
   * waited for consent under the page before; on this page a consent-free cashback partner's call
   * needs none: it goes now, once (a grant later finds it gone).
   */
  const releaseConsentFree = (out: Delivery[]): void => {
    if (!inScope.has('exactag')) return;
    const requirement = consentRequirementFor('exactag', consentContext);
    for (const delivery of consent.release((d) => d.destination === 'exactag' && keyOf(d.payload) !== undefined, requirement)) {
      // Checked again against this page's requirement when its script arrives (`stillAllowed`).
      admitted.set(delivery, { requirement, resets });
      out.push(delivery);
      freedHeld = true;
    }
  };

  const route = (event: TrackedEvent, out: Delivery[]): void => {
    const { kind, data, ticket } = event;
    // Lead data without an id is the page's lead (lead.ts); with none on the page either there is no
    // lead to count, and a lead tag would fire for nothing.
    if (kind === 'LeadData' && leadOf(data, pageData).id === undefined) {
      if (ticket === pushing) sentNothing = true;
      else if (ticket !== undefined) unsent.add(ticket);
      return log(LogLevel.warn, Warnings.leadWithoutId, data);
    }
    if (kind === 'InitialPageData') {
      // A page view the previous page left waiting goes alone first, as that page's call (its consent
      // context, its calls so far): the new page's calls are counted afresh.
      if (affiliate.waiting) affiliateSends(affiliate.flush(), affiliateTicket, out);
      if (event.facts) facts = event.facts;
      enterPage(asRecord(data), event.customerData ?? null);
      releaseConsentFree(out);
    }
    for (const destination of DESTINATIONS_OF[kind]) {
      if (!inScope.has(destination)) continue;
      if (destination === 'dataLayer') {
        // One push, one line when its entries wait for consent (the spec's "debug message, push waits").
        dataLayerPayloads(event, facts, pageData, log).forEach((payload, i) => offer(destination, payload, ticket, out, undefined, i > 0));
      } else if (destination === 'exactag') {
        const record = asRecord(data);
        // The touch point of a corporate-benefits purchase (German site) follows the affiliate tracker's
        // page scope and needs statistics or marketing consent.
        const touchPoint =
          kind === 'EcommerceEventData' &&
          needsTouchPoint(facts.site, record) &&
          (userKeyOf(record) === undefined ? touchPoints.count(record, false) && keylessTouchPoints.count(record) : touchPoints.count(record));
        if (kind === 'EcommerceEventData') {
          // The page data whose page view waited for this event: its outcome waits for the call that carries it.
          const pageViewOf = heldPageViewTicket();
          const sends = affiliate.ecommerce(record);
          const counted = orders.count(record);
          // An order sent before (its other form, or under the page before a single-page app's
          // confirmation): a page view that waited for it goes without it; the order is not sent again,
          // unless the call of its first form, still under way, fails.
          const calls = counted ? sends : sends.flatMap((send) => (send.type === 'pageView' ? [{ type: 'pageView' as const, pageView: send.pageView }] : []));
          affiliateSends(calls, ticket, out, { pageViewOf });
          const id = orderIdOf(record);
          if (!counted && orders.pending(id) && calling.has(ORDER + id)) affiliateSends([{ type: 'ecommerce', ecommerce: record }], ticket, out, { standbyKey: ORDER + id });
        } else {
          // A Lead page whose lead was counted already (its lead data came first): its page view goes without it.
          const leadAgain = leads.countedPage(record);
          if (leadAgain || leads.count(kind, record, pageData)) {
            const pageView = leadAgain ? { ...record, lead_id: undefined, lead_value: undefined } : record;
            const sends = kind === 'InitialPageData' ? affiliate.pageView(pageView) : [{ type: 'pageView' as const, pageView: pageData }];
            affiliateSends(sends, ticket, out, { lead: kind === 'LeadData' ? record : undefined });
            if (kind === 'InitialPageData' && affiliate.waiting) {
              affiliateTicket = ticket;
              // Not the push's own delivery: the push does not wait for the script.
              offer('exactag', PREPARE, undefined, out);
            }
          } else {
            const id = leadOf(data, pageData).id;
            if (leads.pending(id) && calling.has(LEAD + id)) affiliateSends([{ type: 'pageView', pageView: pageData }], ticket, out, { lead: record, standbyKey: LEAD + id });
          }
        }
        if (touchPoint) offer('exactagTouchPoint', record, ticket, out);
      } else {
        const payload =
          destination === 'firstParty'
            ? firstPartyPayload(event, facts, consent.groups, event.customerData ?? customerData, log)
            : toAppBridgePayload(kind, data, log);
        offer(destination, payload, ticket, out);
      }
    }
  };

  /** An affiliate call that never reached the tracker: its order, lead or touch point may come again. */
  const uncount = ({ destination, payload }: Delivery): void => {
    if (destination === 'exactag') {
      orders.forget(payload.oi);
      leads.forget(payload.li);
      affiliateCalls.delete(JSON.stringify(payload));
    } else if (destination === 'exactagTouchPoint') {
      touchPoints.forget(orderIdOf(payload));
      keylessTouchPoints.forget(orderIdOf(payload));
    }
  };

  const deliverySettled = (delivery: Delivery, reached: boolean): Delivery[] => {
    const out: Delivery[] = [];
    if (stopped.delete(delivery)) return out;
    const { payload } = delivery;
    const key = delivery.destination === 'exactag' ? keyOf(payload) : undefined;
    if (reached) {
      orders.reached(payload.oi);
      leads.reached(payload.li);
      standby = standby.filter((kept) => kept.key !== key);
      return out;
    }
    uncount(delivery);
    const next = standby.find((kept) => kept.key === key);
    if (next) {
      standby = standby.filter((kept) => kept !== next);
      orders.recount(next.delivery.payload.oi);
      leads.recount(next.delivery.payload.li);
      affiliateCalls.add(JSON.stringify(next.delivery.payload));
      calling.add(next.key);
      offer('exactag', next.delivery.payload, next.delivery.ticket, out);
    }
    return out;
  };

  const reset = (): void => {
    resets += 1;
    unsent.clear();
    gate.reset();
    // The affiliate calls that waited for consent are dropped: the orders and leads they carried were
    // not counted at the tracker, and may come again.
    for (const delivery of consent.reset()) uncount(delivery);
    affiliate.reset();
    affiliateTicket = undefined;
    standby = [];
    enterPage({}, null);
  };
  reset();

  return {
    pageRead(read) {
      facts = read;
      // Before its page data, the destinations a product-source event goes to follow the page as read now.
      if (!gate.isOpen) enterPage({}, null);
    },
    push(event) {
      const { kind } = event;
      const held = !gate.isOpen && KINDS_HELD_BEFORE_PAGE_DATA.has(kind);
      // What is kept beyond this call (the page data, events waiting for it) is a copy, so a page that
      // changes or reuses its object after the push cannot change what is sent later.
      const result = validateEntity(kind, event.data, held || kind === 'InitialPageData');
      if (!result.ok) {
        const error = result.issues.join(' ');
        // Spec §5: a legacy custom event without category or action is a warning, and is not sent.
        if (error === Warnings.customEventCategoryActionRequired) {
          log(LogLevel.warn, error, event.data);
          return { ok: true, waiting: false, releases: false, deliveries: [], sentNothing: true };
        }
        // Refused: the push's failure line names the cause (and carries the data), once.
        return { ok: false, error, deliveries: [] };
      }
      if (result.warnings) for (const warning of result.warnings) log(LogLevel.warn, warning);
      // A list without one product id would reach every destination as an empty list.
      if (kind === 'ItemListData' && readListedItems(result.value).length === 0) {
        log(LogLevel.warn, Warnings.itemListWithoutIds, event.data);
        return { ok: true, waiting: false, releases: false, deliveries: [], sentNothing: true };
      }
      const valid: TrackedEvent = result.value === event.data ? event : { ...event, data: result.value };
      const deliveries: Delivery[] = [];
      pushing = event.ticket;
      pushHeld = false;
      freedHeld = false;
      sentNothing = false;
      const heldEvents = gate.waiting;
      const heldPageView = heldPageViewTicket();
      // The page data is never held: it opens the gate.
      if (held) gate.offer(valid);
      else if (kind === 'InitialPageData') for (const released of gate.openWith(valid)) route(released, deliveries);
      else route(valid, deliveries);
      const releases =
        (kind === 'InitialPageData' && (heldEvents > 0 || freedHeld)) ||
        (heldPageView !== undefined && heldPageViewTicket() !== heldPageView);
      // A page data's affiliate page view waits for its e-commerce event; not when a view_item pushed
      // before the page data, released by it, went out with that page view in the same call.
      const pageViewHeld = event.ticket !== undefined && heldPageViewTicket() === event.ticket;
      return { ok: true, waiting: held || pushHeld || pageViewHeld, releases, deliveries, sentNothing };
    },
    grantConsent: (groups) => consent.grant(groups),
    deliverySettled,
    stillAllowed,
    flush() {
      const out: Delivery[] = [];
      const sends = affiliate.flush();
      if (inScope.has('exactag')) affiliateSends(sends, affiliateTicket, out);
      return out;
    },
    reset,
    releasedUnsent: (ticket) => unsent.delete(ticket),
    waitingTickets() {
      const tickets = new Set<number>();
      for (const { ticket } of gate.held) if (ticket !== undefined) tickets.add(ticket);
      for (const { ticket, carries } of consent.held()) {
        if (ticket !== undefined) tickets.add(ticket);
        if (carries !== undefined) tickets.add(carries);
      }
      const pageView = heldPageViewTicket();
      if (pageView !== undefined) tickets.add(pageView);
      for (const { delivery } of standby) if (delivery.ticket !== undefined) tickets.add(delivery.ticket);
      return tickets;
    },
  };
}

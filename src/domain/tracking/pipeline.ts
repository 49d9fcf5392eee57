import { AffiliateWait, type AffiliateSend } from './affiliate-wait';
import { consentRequirementFor, type ConsentDestination } from './consent';
import { ConsentGate } from './consent-gate';
import type { ConsentGroups } from './consent-groups';
import type { Delivery, TrackedEvent } from './deliveries';
import { appBridgePayload, dataLayerPayloads, DESTINATIONS_OF, firstPartyPayload } from './destination-payloads';
import { LogLevel, type LogSink } from './log-buffer';
import { asRecord } from './mapping/clean';
import { toExactagPayload } from './mapping/exactag';
import { PageDataGate } from './page-data-gate';
import type { PageFacts } from './page-facts';
import { checkRequiredParameters, isTrackerInScope, validateEntity, type TrackerName } from './validation';

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
}

/** What a push came to: the deliveries to make now, and whether the event itself is waiting. */
export type PushOutcome =
  | { readonly ok: true; readonly deliveries: Delivery[]; readonly waiting: boolean }
  | { readonly ok: false; readonly error: string; readonly deliveries: Delivery[] };

type Data = Record<string, unknown>;

const TRACKER_OF: Readonly<Record<ConsentDestination, TrackerName>> = {
  dataLayer: 'gtm',
  exactag: 'exactag',
  firstParty: 'ttruth',
  appBridge: 'app',
};

/**
 * One event in, the deliveries each destination receives out (spec §4, §5). No I/O: the runtime
 * delivers what this returns, so ordering, exactly-once release and consent are decided here.
 *
 * Order of the rules: validation, then the page-data gate, then per destination its enable flag and
 * the page scope, the mapper, and last the consent gate (which may hold the delivery for a grant).
 */
export class TrackingPipeline {
  private readonly gate: PageDataGate<TrackedEvent, TrackedEvent>;
  private readonly consent: ConsentGate<Delivery>;
  private readonly affiliate = new AffiliateWait<Data, Data>();
  private pageData: Data = {};
  private customerData: unknown = null;
  private inScope: ReadonlySet<ConsentDestination> = new Set();

  constructor(private readonly options: PipelineOptions) {
    this.gate = new PageDataGate({ log: options.log });
    this.consent = new ConsentGate({ log: options.log, groups: options.groups });
  }

  /** Validates and routes one pushed event. Never throws. */
  push(event: TrackedEvent): PushOutcome {
    const checked = this.validate(event);
    if (!checked.ok) return checked;
    const valid: TrackedEvent = { ...event, data: checked.data };
    if (valid.kind === 'InitialPageData') {
      const released = this.gate.openWith(valid);
      return { ok: true, waiting: false, deliveries: released.flatMap((e) => this.route(e)) };
    }
    const passed = this.gate.offer(valid);
    return { ok: true, waiting: passed.length === 0, deliveries: passed.flatMap((e) => this.route(e)) };
  }

  /** A consent update (a later `OneTrustGroupsUpdated`): the waiting deliveries it allows, in order. */
  grantConsent(groups: ConsentGroups): Delivery[] {
    return this.consent.grant(groups);
  }

  /** The page is left: a page view still waiting for its e-commerce event goes to the affiliate tracker. */
  flush(): Delivery[] {
    return this.affiliateDeliveries(this.affiliate.flush(), undefined);
  }

  /** Forgets the page and everything waiting; returns the tickets of the events that never went out. */
  reset(): number[] {
    const dropped = [...this.gate.reset(), ...this.consent.reset()];
    this.affiliate.reset();
    this.pageData = {};
    this.customerData = null;
    return dropped.map((d) => d.ticket).filter((t): t is number => t !== undefined);
  }

  /** How many events wait for the page data, and how many deliveries wait for consent. */
  get waiting(): { pageData: number; consent: number } {
    return { pageData: this.gate.waiting, consent: this.consent.waiting() };
  }

  private validate(event: TrackedEvent): { ok: true; data: Data } | { ok: false; error: string; deliveries: [] } {
    const result = validateEntity(event.kind, event.data);
    if (!result.ok) {
      const error = result.issues.join(' ');
      this.options.log(LogLevel.warn, error, event.data);
      return { ok: false, error, deliveries: [] };
    }
    return { ok: true, data: result.value as Data };
  }

  private route(event: TrackedEvent): Delivery[] {
    if (event.kind === 'InitialPageData') this.enterPage(event);
    const out: Delivery[] = [];
    for (const destination of DESTINATIONS_OF[event.kind]) {
      if (!this.inScope.has(destination)) continue;
      for (const payload of this.payloads(destination, event)) {
        out.push(...this.offer({ destination, payload, ticket: event.ticket }));
      }
    }
    return out;
  }

  private enterPage(event: TrackedEvent): void {
    const { enabled, facts, log } = this.options;
    this.pageData = asRecord(event.data);
    this.customerData = event.customerData ?? null;
    const wanted: ConsentDestination[] = facts.appContext
      ? ['appBridge']
      : (['dataLayer', 'exactag', 'firstParty'] as const).filter((d) => enabled[TRACKER_OF[d] as keyof EnabledDestinations]);
    this.inScope = new Set(wanted.filter((d) => isTrackerInScope(this.pageData, TRACKER_OF[d], log)));
    if (this.inScope.has('dataLayer')) checkRequiredParameters(this.pageData, 'dataLayer', log);
  }

  private payloads(destination: ConsentDestination, event: TrackedEvent): Data[] {
    const { facts, log } = this.options;
    switch (destination) {
      case 'dataLayer':
        return dataLayerPayloads(event, facts, this.pageData.exactag_site_group, log);
      case 'exactag':
        return this.affiliatePayloads(event);
      case 'firstParty':
        return [firstPartyPayload(event, facts, this.consent.groups, this.customerData, log)];
      case 'appBridge':
        return [appBridgePayload(event, log)];
    }
  }

  private affiliatePayloads(event: TrackedEvent): Data[] {
    const data = asRecord(event.data);
    if (event.kind === 'InitialPageData') return this.exactagPayloads(this.affiliate.pageView(data));
    if (event.kind === 'EcommerceEventData') return this.exactagPayloads(this.affiliate.ecommerce(data));
    if (event.kind === 'LeadData') return this.exactagPayloads([{ type: 'pageView', pageView: this.pageData }], data);
    return [];
  }

  private exactagPayloads(sends: AffiliateSend<Data, Data>[], lead?: Data): Data[] {
    const { facts, log } = this.options;
    return sends
      .map((send) =>
        toExactagPayload(
          {
            site: facts.site,
            campaignId: facts.campaignId,
            pageData: send.type === 'pageView' ? send.pageView : this.pageData,
            ecommerceEvent: send.ecommerce,
            lead,
            deviceCookie: facts.affiliateDeviceCookie,
          },
          log,
        ),
      )
      .filter((payload) => Object.keys(payload).length > 0);
  }

  private affiliateDeliveries(sends: AffiliateSend<Data, Data>[], ticket: number | undefined): Delivery[] {
    if (!this.inScope.has('exactag')) return [];
    return this.exactagPayloads(sends).flatMap((payload) => this.offer({ destination: 'exactag', payload, ticket }));
  }

  private offer(delivery: Delivery): Delivery[] {
    const { facts, consentFreeAffiliates } = this.options;
    const requirement = consentRequirementFor(delivery.destination, {
      appContext: facts.appContext,
      siteGroup: this.pageData.exactag_site_group,
      cashbackPartner: facts.cashbackPartner,
      consentFreeAffiliates,
    });
    return this.consent.offer(delivery, requirement);
  }
}

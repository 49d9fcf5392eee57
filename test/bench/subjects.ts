/**
 * What the benchmark drives: a tracker on a fresh page, fed page data, custom events and a consent
 * grant, whose data-layer entries can be counted. Two implementations: the whole runtime
 * (`runtime-subject.ts`) and the domain pipeline alone (`domainSubject`), to tell their costs apart.
 */
import { groupsFromActiveGroupsList, groupsFromConsentCookie } from '../../src/domain/tracking/consent-groups';
import { createTrackingPipeline } from '../../src/domain/tracking/pipeline';
import { CONSENT_COOKIE_GRANTED, FACTS, GRANT_ENTRY, PAGE_DATA } from './fixtures';

export interface TrackerUnderTest {
  pushPageData(): void;
  pushCustom(data: Record<string, unknown>): void;
  /** The consent manager's later grant (statistics and marketing). */
  grantConsent(): void;
  /** Lets the tracker finish what the pushes started (promise reactions, work due now). */
  settle(): Promise<void>;
  /** Entries in the data layer so far (the consent grant entry itself not counted). */
  entries(): number;
  /** Pushes that were rejected (a correct run has none). */
  failures(): number;
}

export interface Subject {
  readonly name: string;
  /** A tracker installed on a fresh page, with consent from the cookie, or none. */
  create(options: { consent: boolean }): Promise<TrackerUnderTest>;
}

/** The domain's TrackingPipeline with the data-layer deliveries pushed into an array. */
export const domainSubject: Subject = {
  name: 'domain pipeline',
  async create({ consent }) {
    const dataLayer: Record<string, unknown>[] = [];
    let failures = 0;
    const pipeline = createTrackingPipeline({
      facts: FACTS,
      enabled: { gtm: true, exactag: true, ttruth: false },
      groups: groupsFromConsentCookie(consent ? CONSENT_COOKIE_GRANTED : undefined),
      log: () => undefined,
    });
    const deliver = (deliveries: readonly { destination: string; payload: Record<string, unknown> }[]) => {
      for (const delivery of deliveries) if (delivery.destination === 'dataLayer') dataLayer.push(delivery.payload);
    };
    return {
      pushPageData: () => deliver(pipeline.push({ kind: 'InitialPageData', data: { ...PAGE_DATA }, customerData: null }).deliveries),
      pushCustom: (data) => {
        const outcome = pipeline.push({ kind: 'CustomEventData', data });
        if (!outcome.ok) failures += 1;
        deliver(outcome.deliveries);
      },
      grantConsent: () => deliver(pipeline.grantConsent(groupsFromActiveGroupsList(GRANT_ENTRY.OnetrustActiveGroups) ?? new Set())),
      settle: async () => undefined,
      entries: () => dataLayer.length,
      failures: () => failures,
    };
  },
};

import type { ConsentDestination } from './consent';
import type { PageFacts } from './page-facts';

/** The message event kinds that carry data (spec §3; `Reset` carries none). */
export type TrackedKind =
  | 'InitialPageData'
  | 'EcommerceEventData'
  | 'CustomEventData'
  | 'ItemListData'
  | 'ProductSourceEventData'
  | 'LeadData';

/** One pushed event, as the pipeline receives it. */
export interface TrackedEvent {
  readonly kind: TrackedKind;
  /** The pushed data, validated by the pipeline itself. */
  readonly data: unknown;
  /**
   * With InitialPageData: the customer frontend data fetched for the page (or null). With
   * ProductSourceEventData: the customer data as far as it has come, for the collector (the event
   * does not wait for the page data, whose customer data the other events take).
   */
  readonly customerData?: unknown;
  /** Only with InitialPageData: the page read again for it (a URL changed without a page load). */
  readonly facts?: PageFacts;
  /** Settles the caller's push once its deliveries are done (the runtime's concern; carried through). */
  readonly ticket?: number;
}

/**
 * The empty payload: the destination gets ready (loads its script) and sends nothing. The affiliate
 * tracker gets it for a page view that starts waiting, which may be sent at page hide, when a script
 * added then would never run. No destination is sent an empty payload otherwise.
 */
export const PREPARE: Readonly<Record<string, unknown>> = Object.freeze({});

/** One payload for one destination: what the destination adapter delivers, nothing more to decide. */
export interface Delivery {
  readonly destination: ConsentDestination;
  readonly payload: Record<string, unknown>;
  /** The push this delivery belongs to (from {@link TrackedEvent.ticket}). */
  readonly ticket?: number;
  /**
   * Another push whose part this delivery carries: a page data's affiliate page view, sent in its
   * e-commerce event's call. That push's outcome waits for this delivery too.
   */
  readonly carries?: number;
}

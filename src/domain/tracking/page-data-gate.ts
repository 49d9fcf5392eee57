import type { LogSink } from './log-buffer';
import { LogLevel } from './log-buffer';
import * as Warnings from './warnings';

/**
 * The event kinds that wait for the initial page data (spec §4 Queueing: "ecommerce, custom and
 * item-list events"). LeadData waits too: its affiliate payload and its consent-free rule depend on
 * the page's site group ('Lead'), which only the page data carries. ProductSourceEventData does not
 * wait: it only records a click source in the product history, from the URL and the referrer.
 */
export const KINDS_HELD_BEFORE_PAGE_DATA: ReadonlySet<string> = new Set([
  'EcommerceEventData',
  'CustomEventData',
  'ItemListData',
  'LeadData',
]);

/** Anything the gate can hold: a tagged event whose `kind` is a message event kind (spec §3). */
export interface GatedEvent {
  readonly kind: string;
}

export interface PageDataGateOptions {
  /** Receives one `Warnings.eventBeforePageData(kind)` per held event. */
  readonly log: LogSink;
  /** Which kinds wait for the page data. Default: {@link KINDS_HELD_BEFORE_PAGE_DATA}. */
  readonly heldKinds?: ReadonlySet<string>;
}

/**
 * Holds events until the initial page data has arrived, then lets everything through (spec §4
 * Queueing). Pure: it returns what to deliver, in order, and never calls out.
 *
 * Holding and releasing are O(1) per event: held events are appended to an array that is handed
 * over whole when the page data arrives (no `shift`).
 */
export class PageDataGate<E extends GatedEvent, P = unknown> {
  #held: E[] = [];
  #open = false;
  readonly #log: LogSink;
  readonly #heldKinds: ReadonlySet<string>;

  constructor(options: PageDataGateOptions) {
    this.#log = options.log;
    this.#heldKinds = options.heldKinds ?? KINDS_HELD_BEFORE_PAGE_DATA;
  }

  /** True once a page data has arrived (and until {@link reset}). */
  get isOpen(): boolean {
    return this.#open;
  }

  /** How many events wait for the page data. */
  get waiting(): number {
    return this.#held.length;
  }

  /** The events waiting for the page data, in arrival order. */
  get held(): readonly E[] {
    return this.#held;
  }

  /**
   * Offers one event. Returns it at once (a one-element list) when the gate is open or its kind
   * does not wait; otherwise holds it, logs the queueing warning once, and returns nothing.
   */
  offer(event: E): E[] {
    if (this.#open || !this.#heldKinds.has(event.kind)) return [event];
    this.#held.push(event);
    this.#log(LogLevel.warn, Warnings.eventBeforePageData(event.kind));
    return [];
  }

  /**
   * Opens the gate with a page data: returns the page data first, then every held event in arrival
   * order, each exactly once. A later page data (a single-page-app navigation) keeps the gate open
   * and returns only itself.
   */
  openWith(pageData: P): [P, ...E[]] {
    this.#open = true;
    const released = this.#held;
    this.#held = [];
    return [pageData, ...released];
  }

  /** Closes the gate again and drops what waits; returns the dropped events (to settle their calls). */
  reset(): E[] {
    this.#open = false;
    const dropped = this.#held;
    this.#held = [];
    return dropped;
  }
}

/**
 * What a page (the support app, any shop page) asks of the tracking library: the six push methods of
 * `window.collectOnTrackApi` as a client sees them. Each resolves when the push was accepted and its
 * deliveries are done, and rejects with the cause when it failed (the library has logged it).
 * Browser: the library's client (`createClient`), direct or events mode; tests: a recording twin.
 */
export interface TrackingClient {
  /** The page's page data (spec §3 PageData); the events pushed before it wait for it. */
  pushInitialPageData(data: Record<string, unknown>): Promise<void>;
  /** An e-commerce event (spec §3 EcommerceEventData). */
  pushEcommerceEvent(data: Record<string, unknown>): Promise<void>;
  /** A custom event (spec §3 CustomEventData). */
  pushCustomEvent(data: Record<string, unknown>): Promise<void>;
  /** An item list (spec §3 ItemListData). */
  pushItemListData(data: Record<string, unknown>): Promise<void>;
  /** A product-source event (spec §3 ProductSourceEventData); it does not wait for the page data. */
  pushProductSourceEvent(data: Record<string, unknown>): Promise<void>;
  /** A lead (spec §3 LeadData). */
  pushLeadData(data: Record<string, unknown>): Promise<void>;
}

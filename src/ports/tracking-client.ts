/**
 * What a page (the support app, any shop page) asks of the tracking library: the six push methods of
 * `window.collectOnTrackApi` as a client sees them. Each resolves when the push was accepted and its
 * deliveries are done, and rejects with the cause when it failed (the library has logged it).
 * Browser: the library's client (`createClient`), direct or events mode; tests: a recording twin.
 */
export interface TrackingClient {
  pushInitialPageData(data: Record<string, unknown>): Promise<void>;
  pushEcommerceEvent(data: Record<string, unknown>): Promise<void>;
  pushCustomEvent(data: Record<string, unknown>): Promise<void>;
  pushItemListData(data: Record<string, unknown>): Promise<void>;
  pushProductSourceEvent(data: Record<string, unknown>): Promise<void>;
  pushLeadData(data: Record<string, unknown>): Promise<void>;
}

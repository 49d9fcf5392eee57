import type { SiteCode } from '../domain/support/sites';

/**
 * The client-side store named `contact`: one field, the current site (shared decisions "Sites,
 * languages, locale"). Browser: kept in sessionStorage; tests: in memory.
 */
export interface SiteStore {
  /** The current site, lower case. Default: `de` (the store holds `DE`). */
  getSnapshot(): SiteCode;
  /** Calls `listener` after every change of the site; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Sets the site; listeners are called only when it changes. Never throws (a blocked storage keeps it in memory). */
  set(site: SiteCode): void;
}

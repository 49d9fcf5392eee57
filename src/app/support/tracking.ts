/**
 * The tracker on the support pages: loaded after the first render and started (./support-tracker:
 * installed, its client named `customer-support-frontend` 1.0.1). Until then pushes wait in a
 * {@link QueuedTrackingClient}; a tracker that fails to load or install never breaks the page.
 */
import type { SiteCode } from '../../domain/support/sites';
import type { TrackingClient } from '../../ports/tracking-client';
import { QueuedTrackingClient, type AsOfPage } from './queued-tracking-client';
import type { Warn } from './warn';

/** The part of the tracker module the page uses. */
export interface TrackerModule {
  /** Installs the tracker for the site and the page's host; returns the page's client (throws when install does). */
  start(site: SiteCode, host: string): TrackingClient;
  /** Runs a push as made on the page's address at its call (the library's `asOfPage`). */
  asOf?: AsOfPage;
}

export interface PageTrackingOptions {
  /** The site the tracker is installed for (read when it loads). */
  readonly site: () => SiteCode;
  /** The page's host, for the environment (dev / staging / production). */
  readonly host: () => string;
  readonly warn: Warn;
  /** Loads the tracker module (the page's: `import('./tracker-module')`, a chunk of its own). */
  readonly load: () => Promise<TrackerModule>;
}

export const TRACKER_LOAD_FAILED = 'The tracker could not be loaded or installed; no tracking on this page';

/** The page's tracking client (usable at once) and `start`, which loads and installs the tracker once. */
export function createPageTracking(options: PageTrackingOptions) {
  const client = new QueuedTrackingClient();
  let started: Promise<void> | undefined;
  const start = (): Promise<void> => {
    started ??= (async () => {
      try {
        const tracker = await options.load();
        client.ready(tracker.start(options.site(), options.host()), tracker.asOf);
      } catch (error) {
        options.warn(TRACKER_LOAD_FAILED, error);
        client.fail(error);
      }
    })();
    return started;
  };
  return { client, start };
}

/**
 * The tracker on the support pages (shared decisions "The library's public face"): loaded after the
 * first render, installed with the tag manager and the affiliate tracker on and the first-party tracker
 * off, its client named `customer-support-frontend` 1.0.1 in direct mode. Until then pushes wait in a
 * {@link QueuedTrackingClient}; a tracker that fails to load or install never breaks the page.
 */
import type { SiteCode } from '../../domain/support/sites';
import type { InstallOptions, ClientOptions, CollectOnTrackClient } from '../tracker-types';
import { QueuedTrackingClient } from './queued-tracking-client';
import type { Warn } from './warn';

export const SUPPORT_EMITTER = 'customer-support-frontend';
export const SUPPORT_CLIENT_VERSION = '1.0.1';

/** The part of the tracker module the page uses. */
export interface TrackerModule {
  install(options?: InstallOptions): unknown;
  createClient(options: ClientOptions): CollectOnTrackClient;
  /** The environment of a page host (the domain's rule; it travels with the tracker's chunk). */
  environmentFromHost(host: unknown): string;
}

export interface PageTrackingOptions {
  /** The site the tracker is installed for (read when it loads). */
  readonly site: () => SiteCode;
  /** The page's host, for the environment (dev / staging / production). */
  readonly host: () => string;
  readonly warn: Warn;
  /** Default: `import('./tracker-module')`, a chunk of its own. */
  readonly load?: () => Promise<TrackerModule>;
}

export const TRACKER_LOAD_FAILED = 'The tracker could not be loaded or installed; the page goes on without tracking';

const loadTracker = (): Promise<TrackerModule> => import('./tracker-module');

/** The page's tracking client (usable at once) and `start`, which loads and installs the tracker once. */
export function createPageTracking(options: PageTrackingOptions) {
  const client = new QueuedTrackingClient();
  let started: Promise<void> | undefined;
  const start = (): Promise<void> => {
    started ??= (async () => {
      try {
        const tracker = await (options.load ?? loadTracker)();
        tracker.install({
          site: options.site(),
          environment: tracker.environmentFromHost(options.host()),
          gtm: true,
          exactag: true,
          ttruth: false,
        });
        client.ready(tracker.createClient({ emitter: SUPPORT_EMITTER, version: SUPPORT_CLIENT_VERSION, mode: 'direct' }));
      } catch (error) {
        options.warn(TRACKER_LOAD_FAILED, error);
        client.fail(error);
      }
    })();
    return started;
  };
  return { client, start };
}

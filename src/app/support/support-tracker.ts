/**
 * How the support pages install the tracker (shared decisions "The library's public face"): the tag
 * manager and the affiliate tracker on, the first-party tracker off, the environment of the page's
 * host, and a client named `customer-support-frontend` 1.0.1 in direct mode. It travels in the
 * tracker's chunk (./tracker-module): none of it runs before the tracker has loaded.
 */
import type { SiteCode } from '../../domain/support/sites';
import type { TrackingClient } from '../../ports/tracking-client';
import type { ClientOptions, CollectOnTrackClient, InstallEnvironment, InstallOptions } from '../tracker-types';

export const SUPPORT_EMITTER = 'customer-support-frontend';
export const SUPPORT_CLIENT_VERSION = '1.0.1';

/** The parts of the tracking library (and the domain's environment rule) the support pages use. */
export interface TrackerParts {
  install(options?: InstallOptions): unknown;
  createClient(options: ClientOptions): CollectOnTrackClient;
  /** The environment of a page host (the domain's rule). */
  environmentFromHost(host: unknown): InstallEnvironment;
  /** The spec's language code of a language tag (the domain's rule). */
  languageOfTag(tag: string): string;
  /** The tag manager container the page names (the server's configuration), if any. */
  tagManagerScript?(): string | undefined;
  /**
   * Whether this page is a reload for a new build the visitor has not seen (`unseen-reload.ts`): its view
   * was tracked. Asked at the first page data, of the address that page data was pushed on.
   */
  reloadedUnseen?(): boolean;
  /** Whether this document has started a full load of the page it shows (`document-views.ts`): the loaded one tracks the view. */
  leaving?(): boolean;
  /** Told when this document pushes the view of the page it shows, or goes on with the one tracked before its reload. */
  viewTracked?(): void;
}

/** Installs the tracker for a site and the page's host, and returns the page's client (throws when install does). */
export const supportTracker =
  ({ install, createClient, environmentFromHost, languageOfTag, tagManagerScript, reloadedUnseen, leaving, viewTracked }: TrackerParts) =>
  (site: SiteCode, host: string): TrackingClient => {
    const container = tagManagerScript?.();
    // The first page data of such a reload is the view tracked before it: asked at that push, which
    // may have waited for the tracker while the visitor moved on (it goes as made on its own address).
    let first = true;
    install({
      site,
      environment: environmentFromHost(host),
      gtm: true,
      exactag: true,
      ttruth: false,
      ...(container ? { endpoints: { tagManagerScript: container } } : {}),
    });
    const client = createClient({ emitter: SUPPORT_EMITTER, version: SUPPORT_CLIENT_VERSION, mode: 'direct' });
    /**
     * The page data of such a reload, held back: the library tracks a view with it. The events that wait
     * for page data (spec §4) would wait for good without it, so the first of them brings it along.
     */
    let held: Record<string, unknown> | undefined;
    // The screens name the language of the texts shown as the document does (`de-CH`); the page data
    // carries it as the spec's language code (de), as the shop's other pages do.
    const pushInitialPageData: TrackingClient['pushInitialPageData'] = (data) => {
      if (leaving?.()) return Promise.resolve();
      const reloaded = first && (reloadedUnseen?.() ?? false);
      first = false;
      viewTracked?.();
      const pageData = typeof data.language === 'string' ? { ...data, language: languageOfTag(data.language) } : data;
      held = reloaded ? pageData : undefined;
      return held ? Promise.resolve() : client.pushInitialPageData(pageData);
    };
    const afterHeldPageData =
      (push: TrackingClient['pushCustomEvent']): TrackingClient['pushCustomEvent'] =>
      (data) => {
        if (held) {
          // Its outcome is the library's to log; the event's promise is the caller's.
          client.pushInitialPageData(held).catch(() => {});
          held = undefined;
        }
        return push(data);
      };
    return {
      ...client,
      pushInitialPageData,
      pushEcommerceEvent: afterHeldPageData(client.pushEcommerceEvent),
      pushCustomEvent: afterHeldPageData(client.pushCustomEvent),
      pushItemListData: afterHeldPageData(client.pushItemListData),
      pushLeadData: afterHeldPageData(client.pushLeadData),
    };
  };

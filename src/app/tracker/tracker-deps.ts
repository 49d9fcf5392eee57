/** Every port the tracker uses (browser: browser-deps.ts; Node: the memory twins). */
import type { AffiliateTracker } from '../../ports/affiliate-tracker';
import type { AppBridge } from '../../ports/app-bridge';
import type { Clock } from '../../ports/clock';
import type { CookieJar } from '../../ports/cookie-jar';
import type { DataLayer } from '../../ports/data-layer';
import type { HttpClient } from '../../ports/http-client';
import type { KeyValueStore } from '../../ports/key-value-store';
import type { Logger } from '../../ports/logger';
import type { MessageSource } from '../../ports/message-source';
import type { Outbox } from '../../ports/outbox';
import type { IdGenerator } from '../../ports/random';
import type { PageReading } from './page-facts';
import type { RelayLogger } from './relay-logger';
import type { ClickRoot } from './product-tiles';

/** Every port the tracker uses, plus the browser's page hooks (absent in Node). */
export interface TrackerDeps {
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** Product history (browser: localStorage). */
  readonly store: KeyValueStore;
  readonly cookies: CookieJar;
  readonly http: HttpClient;
  readonly dataLayer: DataLayer;
  readonly affiliate: AffiliateTracker;
  readonly appBridge: AppBridge;
  readonly messages: MessageSource;
  /** The first-party collector's durable outbox (browser: IndexedDB). */
  readonly outbox: Outbox;
  readonly logger: Logger;
  /** Where the adapters report (browser: a relay the tracker points at its log, so getLogs() has them). */
  readonly adapterLogger?: RelayLogger;
  /** Reads the page (browser: `readPage()`); called at install and at every reset. */
  readonly page: () => PageReading;
  /** Where product-tile clicks are heard (browser: `document`; with the `listeners` option). */
  readonly clicks?: ClickRoot;
  /** Exposes the `/json/psdata` answer (browser: a window global). Without it psdata is not loaded. */
  readonly exposePsdata?: (data: unknown) => void;
  /**
   * While the page is prerendered and not yet shown (browser: `document.prerendering`), or still
   * parsed without its `<body>` (the library installed in `<head>`), a promise of the moment it is
   * shown and parsed; `undefined` for a page that is both.
   */
  readonly whenShown?: () => Promise<void> | undefined;
  /**
   * Calls `listener` when the page is hidden or left (browser: pagehide, visibilitychange hidden);
   * `leaving` is true when it is left for good (a pagehide not into the back/forward cache).
   */
  readonly onPageHide?: (listener: (leaving: boolean) => void) => () => void;
  /** Calls `listener` when the page is shown again (browser: visibilitychange visible, pageshow from the back/forward cache). */
  readonly onPageShow?: (listener: () => void) => () => void;
  /**
   * Calls `listener` when the cookie `name` was written or removed, by this page or another tab
   * (browser: the Cookie Store API's change event, where the browser has it).
   */
  readonly onCookieChange?: (name: string, listener: () => void) => () => void;
  /** Calls `listener` when another tab changed `key` in the store (browser: localStorage's storage event). */
  readonly onStoreChange?: (key: string, listener: () => void) => () => void;
  /** Adds a script to the page (browser: `<script async>`; the tag manager's container). */
  readonly loadScript?: (url: string) => Promise<void>;
  /** Whether a script of this address is on the page (browser: a `<script src>`, also one the page emptied its data layer after). */
  readonly scriptOnPage?: (url: string) => boolean;
}

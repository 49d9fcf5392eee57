/**
 * The tracking library's public face (shared decisions "The library's public face"): the install
 * options, the installed instance `window.collectOnTrackApi` and the client. Types only and
 * self-contained: the library build (vite.lib.config.ts) emits this file as its declarations.
 */

/** One entry of the in-page log: level 1 (trace) to 7 (fatal). */
export interface LogEntry {
  readonly time: number;
  readonly level: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  readonly message: string;
  readonly content?: unknown;
}

/** Base URLs of the services the library calls (the spec shows none of them but the collector's path). */
export interface TrackerEndpoints {
  /** The affiliate tracker's script; default: the site's CDN URL of the site table, a placeholder under the reserved `.example` name that never loads. */
  exactagScript?: string | undefined;
  /** The affiliate provider's touch-point URL. Default: none (no touch point is sent). */
  exactagTouchPoint?: string | undefined;
  /**
   * The tag manager's container script (e.g. `https://www.googletagmanager.com/gtm.js?id=GTM-XXXX`),
   * loaded once with `gtm` on and outside app context. Default: none (the page loads its container).
   */
  tagManagerScript?: string | undefined;
  /** The first-party collector's URL. Default: the spec's `/service/ttruth/publish` on `shopServices`. */
  collector?: string | undefined;
  /** The remote log service's URL. Default: none (nothing is reported). */
  remoteLogger?: string | undefined;
  /** Prefix of the shop's own services (psdata, product ids). Default: '' (same origin). */
  shopServices?: string | undefined;
}

type SiteKeyName = 'de' | 'at' | 'ch' | 'ch_fr' | 'pl' | 'cz' | 'hu' | 'sk' | 'tr';
/** A site (spec §3 Site): its key, in lower or upper case ('ch_fr', 'CH_FR'). */
export type InstallSite = SiteKeyName | Uppercase<SiteKeyName>;
type EnvironmentName = 'development' | 'dev' | 'staging' | 'production' | 'live';
/** An environment: 'development' (also 'dev'), 'staging' or 'production' (also 'live'); lower, upper or capitalised. */
export type InstallEnvironment = EnvironmentName | Uppercase<EnvironmentName> | Capitalize<EnvironmentName>;

/**
 * Install options; every one is optional (defaults of spec §9 "Default install options"). A value
 * read from elsewhere at run time (`config.site as InstallSite`) is checked when installed: an unknown
 * one warns and gives the default.
 */
export interface InstallOptions {
  /** Site key, upper case accepted. Default 'de'. */
  site?: InstallSite | undefined;
  /** 'development' (also 'dev'), 'staging' or 'production' (also 'live'). Default 'development'. */
  environment?: InstallEnvironment | undefined;
  /** Affiliate tracker on. Default true. */
  exactag?: boolean | undefined;
  /** Tag-manager data layer on. Default true. */
  gtm?: boolean | undefined;
  /** First-party tracker on. Default false. */
  ttruth?: boolean | undefined;
  /** Window-message and product-tile click listeners on. Default false. */
  listeners?: boolean | undefined;
  /** Remote logging and error monitoring on. Default true. */
  monitoring?: boolean | undefined;
  /** Old-to-new product-id conversion on. Default false. */
  newProductIds?: boolean | undefined;
  /** Cashback partners tracked without consent on order-confirmation and lead pages. Default: the loyalty cashback partner. */
  consentFreeAffiliates?: readonly string[] | undefined;
  /** Origins whose window messages are accepted. Default: the page's own origin. */
  allowedOrigins?: readonly string[] | undefined;
  /** Service URLs. */
  endpoints?: TrackerEndpoints | undefined;
  /** The product history's limits (spec §9: "these come from configuration"). */
  productHistory?: ProductHistoryLimits | undefined;
  /** The remote log service's identity (spec §7.10: key, application id and service name are configurable). */
  remoteLog?: RemoteLogIdentity | undefined;
}

/** How the library names itself to the remote log service (its URL is `endpoints.remoteLogger`). */
export interface RemoteLogIdentity {
  /** Sent as the header `x-api-key`. Default: none. */
  key?: string | undefined;
  /** Sent as the record's `application.id`. Default: none. */
  applicationId?: string | undefined;
  /** The record's `service`. Default 'collect-on-track'. */
  service?: string | undefined;
}

/** Limits of the product-click history kept in localStorage. */
export interface ProductHistoryLimits {
  /** Most products kept; the oldest is dropped beyond it. A whole number from 1. Default 300. */
  capacity?: number | undefined;
  /** Days after its last interaction that an entry is dropped. A number above 0. Default 30. */
  expiryDays?: number | undefined;
}

/**
 * Any pushed data: an object with the entity fields of the tracking spec §3 (a literal, an interface's
 * or a class's object). Its own fields are read, as JSON.stringify reads them: a getter a class defines
 * is not (it sits on the prototype). Not an array or a function, which every push rejects: both have a `length`,
 * which data may not have. The index signature is `any`, not `unknown`, since only `any` lets an
 * interface without an index signature in (and keeps a literal's fields from counting as excess).
 */
export type PushData = object & { readonly [field: string]: any; readonly length?: never };

/** The push methods; each resolves when its deliveries are done (or it waits for page data or consent) and rejects with the cause. */
export interface PushMethods {
  pushInitialPageData(data: PushData): Promise<void>;
  pushEcommerceEvent(data: PushData): Promise<void>;
  pushCustomEvent(data: PushData): Promise<void>;
  pushItemListData(data: PushData): Promise<void>;
  pushProductSourceEvent(data: PushData): Promise<void>;
  pushLeadData(data: PushData): Promise<void>;
}

/** The installed instance, `window.collectOnTrackApi`. */
export interface CollectOnTrackApi extends PushMethods {
  /** Re-initializes and reinstalls with the same options. */
  reset(): Promise<void>;
  /** The in-page log: the last 100 entries, oldest first. */
  getLogs(): LogEntry[];
  /** The library version. */
  readonly version: string;
}

/** How a client reaches the tracker. */
export interface ClientOptions {
  /** 'direct' calls `window.collectOnTrackApi` (retried while not installed); 'events' posts to the parent window. Default 'direct'. */
  mode?: 'direct' | 'events' | undefined;
  /** The client's name, sent as `emitter` (a number as its text). */
  emitter: string | number;
  /** The client's version, sent as `cot_client_version` (a number as its text). Default: the library's client version. */
  version?: string | number | undefined;
  /**
   * Events mode: the origin of the parent page the messages may reach, e.g. 'https://www.kaffeeshop.de'
   * (a parent of another origin gets nothing). Default '*': any parent.
   */
  targetOrigin?: string | undefined;
}

/** A client: the six push methods. */
export type CollectOnTrackClient = PushMethods;

/** The window message kinds (spec §3). */
export type MessageKind =
  | 'InitialPageData'
  | 'CustomEventData'
  | 'ProductSourceEventData'
  | 'EcommerceEventData'
  | 'ItemListData'
  | 'LeadData'
  | 'Reset';

/** What the library exports, and what the classic script defines as `window.CollectOnTrack`. */
export interface CollectOnTrackLibrary {
  /** Installs the tracker as `window.collectOnTrackApi`; throws when one is installed or outside a browser. */
  install(options?: InstallOptions): CollectOnTrackApi;
  /** A client of the installed tracker (direct mode) or of the parent window's tracker (events mode). */
  createClient(options: ClientOptions): CollectOnTrackClient;
  /** Re-initializes and reinstalls the installed tracker. */
  reset(): Promise<void>;
}

declare global {
  interface Window {
    /** The classic script's library object. */
    CollectOnTrack?: CollectOnTrackLibrary;
    /** The installed instance. */
    collectOnTrackApi?: CollectOnTrackApi;
    /** The answer of `GET /json/psdata` (spec §7.2; its shape is the shop's), once it came. */
    collectOnTrackPsdata?: unknown;
  }
}

/** The browser adapters of every port the tracker uses, each touching its globals lazily. */
import { LogLevel } from '../../domain/tracking/log-buffer';
import { BrowserClock } from '../../adapters/browser/browser-clock';
import { BrowserIdGenerator } from '../../adapters/browser/browser-random';
import { ConsoleLogger } from '../../adapters/browser/console-logger';
import { DocumentCookieJar } from '../../adapters/browser/document-cookie-jar';
import { ExactagScript } from '../../adapters/browser/exactag-script';
import { FetchHttpClient } from '../../adapters/browser/fetch-http-client';
import { IdbOutbox } from '../../adapters/browser/idb-outbox';
import { LocalStorageStore } from '../../adapters/browser/local-storage-store';
import { NativeAppBridge } from '../../adapters/browser/native-app-bridge';
import { readPage } from '../../adapters/browser/page-reader';
import { pageOfPushHandedOver } from './direct-line';
import { loadScriptTag, scriptOnPage } from '../../adapters/browser/script-tag';
import { WindowDataLayer } from '../../adapters/browser/window-data-layer';
import { WindowMessageSource } from '../../adapters/browser/window-message-source';
import type { TrackerDeps } from './tracker-deps';
import { PSDATA_GLOBAL } from './customer-data';
import { RelayLogger } from './relay-logger';

/** True in a browser page (a window with a document). */
export const isBrowser = (): boolean => typeof window !== 'undefined' && typeof document !== 'undefined';

type PrerenderingDocument = Document & { readonly prerendering?: boolean };
const isPrerendering = (): boolean => (document as PrerenderingDocument).prerendering === true;

const once = (type: string): Promise<void> => new Promise((resolve) => document.addEventListener(type, () => resolve(), { once: true }));

/**
 * While the page is prerendered (speculation rules), the moment the visitor opens it; while it is still
 * parsed with no `<body>` yet (the library installed in `<head>`), the moment it is parsed, since the
 * app-context attribute may be on `<body>`. Both, when both hold.
 */
const whenShown = (): Promise<void> | undefined => {
  const parsing = document.body === null && document.readyState === 'loading';
  const waits = [isPrerendering() && once('prerenderingchange'), parsing && once('DOMContentLoaded')].filter(
    (wait): wait is Promise<void> => wait !== false,
  );
  return waits.length > 0 ? Promise.all(waits).then(() => undefined) : undefined;
};

/**
 * Calls `listener` on pagehide (`leaving` unless into the back/forward cache) and when the page becomes
 * hidden (never for a prerendered page, which was not shown).
 */
const onPageHide = (listener: (leaving: boolean) => void): (() => void) => {
  const onHide = (event: Event) => {
    if (!isPrerendering()) listener(event.type === 'pagehide' && !(event as PageTransitionEvent).persisted);
  };
  const onVisibility = (event: Event) => {
    if (document.visibilityState === 'hidden') onHide(event);
  };
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
};

/** Calls `listener` when the page is shown again: back in its tab, or back from the back/forward cache. */
const onPageShow = (listener: () => void): (() => void) => {
  const onVisibility = () => {
    if (document.visibilityState === 'visible') listener();
  };
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted) listener();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pageshow', onShow);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pageshow', onShow);
  };
};

/** Calls `listener` when another tab changes `key` in localStorage (or clears it). */
const onStoreChange = (key: string, listener: () => void): (() => void) => {
  const onStorage = (event: StorageEvent) => {
    if ((event.key === key || event.key === null) && event.storageArea === attemptLocalStorage()) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
};
/** A cookie change as the Cookie Store API's change event reports it. */
interface CookieChangeEvent extends Event {
  readonly changed?: readonly { readonly name?: string }[];
  readonly deleted?: readonly { readonly name?: string }[];
}
const onCookieChange = (name: string, listener: () => void): (() => void) => {
  const onChange = (event: Event) => {
    const { changed = [], deleted = [] } = event as CookieChangeEvent;
    if (changed.some((cookie) => cookie.name === name) || deleted.some((cookie) => cookie.name === name)) listener();
  };
  try {
    // Absent in older browsers (the next push, or the tab shown again, reads the cookie then); refused
    // in some sandboxed frames.
    const store = (window as { cookieStore?: EventTarget }).cookieStore;
    store?.addEventListener('change', onChange);
    return () => store?.removeEventListener('change', onChange);
  } catch {
    return () => undefined;
  }
};
const attemptLocalStorage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

let made: { readonly window: Window; readonly deps: TrackerDeps } | undefined;

/**
 * The tracker's ports on `window`, `document`, localStorage, IndexedDB and fetch: made once per
 * window, so a tracker installed in place of a reset one takes them over as a reset's new session
 * does. New adapters per install wrapped `dataLayer.push` once more and opened another IndexedDB
 * connection each time, and the old ones, never released, kept the replaced tracker alive.
 */
export function browserDeps(): TrackerDeps {
  if (made?.window !== window) made = { window, deps: makeBrowserDeps() };
  return made.deps;
}

/** Forgets the ports made for this window (an uninstalled library starts afresh). */
export function forgetBrowserDeps(): void {
  made = undefined;
}

function makeBrowserDeps(): TrackerDeps {
  const logger = new ConsoleLogger(LogLevel.warn);
  const adapterLogger = new RelayLogger(logger);
  const store = new LocalStorageStore(undefined, adapterLogger);
  return {
    clock: new BrowserClock(),
    ids: new BrowserIdGenerator(),
    store,
    cookies: new DocumentCookieJar(undefined, adapterLogger),
    http: new FetchHttpClient(),
    dataLayer: new WindowDataLayer(undefined, adapterLogger),
    affiliate: new ExactagScript(),
    appBridge: new NativeAppBridge(undefined, adapterLogger),
    messages: new WindowMessageSource(),
    outbox: new IdbOutbox(adapterLogger, undefined, undefined, store),
    logger,
    adapterLogger,
    // A direct push made before install and handed over now describes the address it was made on (the
    // page's own attributes, such as the app's platform attribute on a <body> parsed since, are read now).
    page: () => ({ ...readPage(), ...pageOfPushHandedOver() }),
    clicks: document,
    exposePsdata: (data) => {
      (window as unknown as Record<string, unknown>)[PSDATA_GLOBAL] = data;
    },
    whenShown,
    onPageHide,
    onPageShow,
    onStoreChange,
    onCookieChange,
    loadScript: (url) => loadScriptTag(() => document, url, () => new Error(url)),
    scriptOnPage: (url) => scriptOnPage(() => document, url),
  };
}

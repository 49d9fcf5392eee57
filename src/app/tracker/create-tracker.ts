/**
 * The tracker over its ports: works in a browser (install.ts hands it the browser adapters) and in
 * Node (tests and the benchmark hand it the memory twins). Adapters meet the domain here.
 */
import { LogLevel, type LogSink } from '../../domain/tracking/log-buffer';
import { LIBRARY_VERSION } from '../../domain/tracking/mapping/client-meta';
import { sameGroups, type ConsentGroups } from '../../domain/tracking/consent-groups';
import { dataLayerModel, type DataLayerModel } from '../../domain/tracking/data-layer-model';
import { countedCalls, type CountedCalls } from '../../domain/tracking/order-once';
import { deviceType } from '../../domain/tracking/page-context';
import { createProductHistoryStore } from '../../domain/tracking/product-history-store';
import * as Warnings from '../../domain/tracking/warnings';
import { TrackingCookies } from '../../adapters/browser/tracking-cookies';
import type { CollectOnTrackApi, InstallOptions, PushData } from '../tracker-types';
import { listenForConsent } from './consent-listener';
import { createFirstPartySender } from './first-party-sender';
import { createTrackerLog } from './log';
import { resolveOptions, type ResolvedOptions } from './options';
import type { TrackerDeps } from './tracker-deps';
import { PUSH_METHODS, type PushMethod } from './push-methods';
import { startSession, type PageViews, type Session } from './session';
import { tagManagerContainer } from './tag-manager';
import { cookiePathOf, parseUrl } from './url';

export type { TrackerDeps };

/** A running tracker. */
export interface Tracker {
  /** The instance a page sees as `window.collectOnTrackApi`. */
  readonly api: CollectOnTrackApi;
  readonly options: ResolvedOptions;
  /** The tracker's log (in-page buffer and Logger port). */
  readonly log: LogSink;
  /** The orders and leads the affiliate tracker counted: a tracker installed in place of this one keeps them. */
  readonly counted: CountedCalls;
  /** What its data-layer entries left in the tag manager's model: a tracker installed in place of this one unsets it as this one would. */
  readonly dataLayerModel: DataLayerModel;
  /** The page view it was on: a tracker installed in place of this one goes on from it, as a reset does. */
  readonly views: PageViews;
  /** The consent its data layer's entries last gave: a tracker installed in place of this one goes on from it, as a reset does. */
  readonly heardConsent: HeardConsent;
  /** Re-initializes: forgets the page and what waits, reads the page again and restarts the listeners. */
  reset(): Promise<void>;
  /** True once it has been reset (by `reset()`, the instance's `reset` or a Reset message): a new install may replace it. */
  wasReset(): boolean;
  /** Stops every listener and retry loop (the tracker is gone). */
  dispose(): void;
}

/** The consent the data layer's entries last gave, and the consent cookie's reading then (none: no cookie). */
export interface HeardConsent {
  last?: { readonly groups: ConsentGroups; readonly cookie: ConsentGroups | undefined };
}

/** Builds and starts a tracker over `deps` with the install options. */
export function createTracker(
  deps: TrackerDeps,
  installOptions?: InstallOptions,
  replacesReset = false,
  counted: CountedCalls = countedCalls(),
  model: DataLayerModel = dataLayerModel(),
  views: PageViews = {},
  carried?: HeardConsent,
): Tracker {
  const { sink: log, buffer } = createTrackerLog(deps.clock, deps.logger);
  deps.adapterLogger?.relayTo({ log: (entry) => log(entry.level, entry.message, entry.content) });
  const options = resolveOptions(installOptions, log);
  // Spec §9: the storage budget is 2500 KB on a mobile device, else the desktop minimum.
  const page = deps.page();
  const pathname = parseUrl(page.href ?? '')?.pathname ?? page.pathname;
  const device = deviceType({ userAgent: page.userAgent, pathname }) === 'mobile' ? 'mobile' : 'desktop';
  const history = createProductHistoryStore({ ...deps, log, options: { ...options.productHistory, device } });
  // Spec §4: "Entries older than the expiry are dropped on load."
  history.read();
  // The collector's path also without `ttruth` here: another page of the shop may run the collector.
  const cookies = new TrackingCookies(deps.cookies, deps.clock, deps.ids, log, cookiePathOf(options.endpoints.collector, page.href));
  const sender = options.ttruth
    ? createFirstPartySender({ ...deps, log, url: options.endpoints.collector, consentNow: () => session.consentNow() })
    : undefined;
  void sender?.resume();

  const loadTagManager = tagManagerContainer(options.endpoints.tagManagerScript, { ...deps, log });
  let session: Session;
  /** Set when a new install replaced this tracker: its instance then refuses pushes. */
  let disposed = false;
  let resets = 0;
  const reset = async (): Promise<void> => {
    // A replaced tracker stays stopped: a stale reference must not bring its listeners back.
    if (disposed) throw new Error(Warnings.notInstalled);
    session.stop();
    session = start();
    takeHeardSinceCookie();
    resets += 1;
    log(LogLevel.info, Warnings.resetSucceeded);
  };
  const start = (): Session =>
    startSession({
      deps,
      options,
      log,
      history,
      cookies,
      sender,
      reset,
      loadTagManager,
      counted,
      dataLayerModel: model,
      views,
      // The current session's, also for the calls of a session a reset ended.
      consentGroupsNow: () => session.groupsNow(),
    });
  session = start();
  // One consent listener per installation, not per session: it hears the entries pushed before install
  // once, and a reset's new session starts from the consent cookie as it is then, not from a replay
  // of older entries (a withdrawal made in another tab is only in the cookie). A tracker installed in
  // place of a reset one (`replacesReset`) likewise hears only the entries pushed from now on. Both go on
  // from the last entry heard when the cookie has not changed since (or there is none): nothing was
  // withdrawn in another tab then (`takeHeardSinceCookie`).
  // A grant pushed from now on is taken once the page's push has returned: a tag manager that wrapped
  // the data layer's push after the library records the grant first, then the events it releases, so
  // its consent-gated tags fire for them. Grants pushed before install count at once. What an entry
  // withdraws counts at once: a push the page makes in the same task must not reach what was refused.
  // Only the last entry heard in a task is taken: a grant a later entry withdrew in the same task
  // would otherwise release, in its turn, what that withdrawal had held back. A push the page makes
  // after its own push of the grant has returned, in the same task (OneTrust's callback tracking the
  // choice), takes the grant first: the collector stamps its record with the consent of that moment.
  let installing = true;
  let pendingGrant: ConsentGroups | undefined;
  // An entry heard since the consent cookie last changed is the newer choice: a reset's session (a
  // login), and a tracker installed in place of the reset one, go on from it. A consent tool that writes
  // no cookie (one written by hand, a tag manager's own banner) gave its consent on the data layer only;
  // one that pushes its entry before it rewrites the cookie, or never does, withdrew there first: a
  // reset must not bring back what was refused.
  // The cookie counts as changed when its reading did (a consent tool rewrites it with a new datestamp
  // for the same choice), or it came or went (a deleted cookie is a withdrawal).
  const heard: HeardConsent = carried ?? {};
  const sameReading = (a: ConsentGroups | undefined, b: ConsentGroups | undefined): boolean =>
    a === undefined || b === undefined ? a === b : sameGroups(a, b);
  const takeHeardSinceCookie = (): void => {
    const last = heard.last;
    // (A tracker of another copy of the library may have kept it in another shape.)
    if (last?.groups instanceof Set && sameReading(last.cookie, cookies.consentReading())) session.consentChanged(last.groups);
  };
  const takePendingGrant = (): void => {
    const groups = pendingGrant;
    pendingGrant = undefined;
    if (groups !== undefined && !disposed) session.consentChanged(groups);
  };
  const stopConsent = listenForConsent(
    deps.dataLayer,
    (groups) => {
      heard.last = { groups, cookie: cookies.consentReading() };
      if (installing) return session.consentChanged(groups);
      session.consentWithdrawn(groups);
      pendingGrant = groups;
      queueMicrotask(takePendingGrant);
    },
    // Without a consent cookie the older entries are all the consent there is: heard again, unless the
    // reset tracker handed on what it heard (one of another copy of the library may not).
    !replacesReset || (carried === undefined && !cookies.hasConsentCookie()),
  );
  installing = false;
  if (replacesReset) takeHeardSinceCookie();

  // A getter, so `version` is read-only as its type says: a page's assignment fails (a TypeError in
  // strict code) instead of changing what every later reader sees.
  const api = {
    get version() {
      return LIBRARY_VERSION;
    },
    reset,
    getLogs: () => buffer.entries(),
  } as CollectOnTrackApi;
  const refused = (method: PushMethod): Promise<void> => {
    // Spec §4: every push logs its failure, also on an instance a new install replaced.
    log(LogLevel.error, Warnings.pushFailed(method, Warnings.notInstalled));
    return Promise.reject(new Error(Warnings.notInstalled));
  };
  for (const method of PUSH_METHODS) {
    (api as unknown as Record<PushMethod, (data: PushData) => Promise<void>>)[method] = (data) => {
      if (disposed) return refused(method);
      takePendingGrant();
      return session.push(method, data);
    };
  }
  return {
    api,
    options,
    log,
    counted,
    dataLayerModel: model,
    views,
    heardConsent: heard,
    reset,
    wasReset: () => resets > 0,
    dispose() {
      disposed = true;
      stopConsent();
      session.stop();
      sender?.stop();
    },
  };
}

/**
 * One installation's page session: the page facts, the pipeline, the destinations and the listeners.
 * A reset stops it and starts a new one; the product history and the first-party outbox outlive it.
 */
import { CONSENT_COOKIE, collectorConsent, hasStatisticsOrMarketing, sameGroups, type CollectorConsent, type ConsentGroups } from '../../domain/tracking/consent-groups';
import type { CotcsSource } from '../../domain/tracking/cotcs';
import type { PageFacts } from '../../domain/tracking/page-facts';
import type { TrackedKind } from '../../domain/tracking/deliveries';
import { LogLevel, type LogSink } from '../../domain/tracking/log-buffer';
import { toTouchPointRequest, userKeyOf } from '../../domain/tracking/mapping/exactag-touch-point';
import type { CountedCalls } from '../../domain/tracking/order-once';
import type { DataLayerModel } from '../../domain/tracking/data-layer-model';
import type { SourceRecord } from '../../domain/tracking/product-history';
import { PRODUCT_HISTORY_KEY, type ProductHistoryStore } from '../../domain/tracking/product-history-store';
import { createTrackingPipeline } from '../../domain/tracking/pipeline';
import { snapshotOf } from '../../domain/tracking/snapshot';
import { validateEntity } from '../../domain/tracking/validation';
import * as Warnings from '../../domain/tracking/warnings';
import { AppBridgeDestination } from '../../adapters/browser/app-bridge-destination';
import { ANSWERED_AT_ONCE, DataLayerDestination, TAG_EXECUTED_TIMEOUT_MS } from '../../adapters/browser/data-layer-destination';
import { ExactagDestination, TouchPointDestination } from '../../adapters/browser/exactag-destination';
import type { TrackingCookies } from '../../adapters/browser/tracking-cookies';
import type { TrackerDeps } from './tracker-deps';
import type { AffiliateTracker } from '../../ports/affiliate-tracker';
import type { TimerId } from '../../ports/clock';
import { createCustomerDataSource, loadPsdata } from './customer-data';
import { SCRIPT_TIMEOUT_MS, withDeadline, withDeadlines } from './deadline';
import type { FirstPartySender } from './first-party-sender';
import { levelsOf, recordInHistory, tileSourceOf } from './history-events';
import { causeText } from './log';
import { listenForMessages } from './message-listener';
import type { ResolvedOptions } from './options';
import { appContextOf, readPageFacts, type PageReading } from './page-facts';
import { addressOf } from '../../adapters/browser/page-reader';
import { createProductIdConverter, type ProductIdConverter } from './product-ids';
import { listenForTileClicks } from './product-tiles';
import type { PushMethod } from './push-methods';
import { createRemoteErrorReport } from './remote-logger';
import { createRuntime, type PreparedPush } from './runtime';

export interface SessionContext {
  readonly deps: TrackerDeps;
  readonly options: ResolvedOptions;
  readonly log: LogSink;
  readonly history: ProductHistoryStore;
  readonly cookies: TrackingCookies;
  readonly sender: FirstPartySender | undefined;
  /** The tracker's reset (a `Reset` window message). */
  readonly reset: () => Promise<void>;
  /** Loads the tag manager's container, once per page however many sessions ask. */
  readonly loadTagManager: () => void;
  /** The orders and leads the affiliate tracker counted, kept from session to session. */
  readonly counted: CountedCalls;
  /** What the data-layer entries left in the tag manager's model, kept from session to session. */
  readonly dataLayerModel: DataLayerModel;
  /** The page view the last session was on, kept from session to session: a reset goes on from it. */
  readonly views: PageViews;
  /** The consent granted now in the installation's current session (see `Session.groupsNow`). */
  readonly consentGroupsNow: () => ConsentGroups;
}

/** What a reset's session goes on from: the last view read, and before any the landing's address. */
export interface PageViews {
  last?: PageView;
  landing?: PageReading;
}

/** A page view's address: as the first-party collector gets it (`url`), as the page had it, and the referrer it was read with. */
export interface PageView {
  readonly url: string;
  readonly href: string | undefined;
  readonly referrer: string | undefined;
}

export interface Session {
  push(method: PushMethod, data: unknown): Promise<void>;
  /** A consent update heard on the data layer (a later `OneTrustGroupsUpdated`). */
  consentChanged(groups: ConsentGroups): void;
  /** Takes at once only what such an update withdraws (its grants are taken by `consentChanged`). */
  consentWithdrawn(groups: ConsentGroups): void;
  /**
   * The consent granted now (a change another tab made to the cookie is taken first), as the collector
   * gets it; `undefined` while it is not known (no consent cookie, no entry heard).
   */
  consentNow(): CollectorConsent | undefined;
  /** The consent groups granted now (a change another tab made to the cookie is taken first). */
  groupsNow(): ConsentGroups;
  stop(): void;
}


/**
 * The affiliate tracker whose script load fails after {@link SCRIPT_TIMEOUT_MS}: a script that never
 * loads (a stalled CDN) fails its delivery with the spec's error instead of holding the push forever.
 * The load itself goes on; once the script is there, the next delivery uses it.
 */
const affiliateWithDeadline = ({ affiliate, clock }: TrackerDeps): AffiliateTracker => ({
  load: (url) => withDeadline(affiliate.load(url), clock, SCRIPT_TIMEOUT_MS),
  // A track function that answers with a promise gets the same 30 s: one that never settles held
  // the push, and the order's other form waiting on it, for good.
  track: (payload) => {
    const answer = affiliate.track(payload);
    return answer === undefined ? undefined : withDeadline(answer, clock, SCRIPT_TIMEOUT_MS);
  },
});

/** How often a push or a collector send reads the consent cookie again, at most, while no tracking consent holds (ms). */
export const CONSENT_COOKIE_READ_MS = 1000;

/** Starts a session: reads the page, builds the pipeline and starts the listeners. */
export function startSession(context: SessionContext): Session {
  const { deps, options, log, history, cookies, sender } = context;
  const before = context.views.last;
  // Until a page view is read, every session starts from the document's first address: a reset before
  // the first page data keeps the landing's address (its campaign) and referrer. The rest of the page
  // (the app's platform attribute on a <body> parsed since) is read now.
  const now = deps.page();
  const current = before === undefined ? { ...now, ...(context.views.landing ??= addressOf(now)) } : now;
  // After a reset (a single-page app's login or logout) the page goes on from the view the last session
  // was on: it was reached from that view, not from the document's referrer.
  const reading = before === undefined ? current : { ...current, referrer: current.href === before.href ? before.referrer : before.url };
  // A prerendered page (speculation rules) tracks nothing until the visitor opens it: a page never
  // shown was never viewed. Its pushes wait as prepared pushes do, in call order (`prepareWhenShown`);
  // the tag manager and the customer data are asked for once it is shown. A page still being parsed
  // (installed in `<head>`) waits the same way for its `<body>`, which may carry the app context.
  const shown = deps.whenShown?.();
  // Its session cookie is written once shown, and only outside app context.
  const page = readPageFacts(options, reading, cookies, log, false, undefined, shown === undefined);
  // Read again once a page still being parsed is (its app context known then).
  let { facts } = page;
  let prerendered = shown !== undefined;
  let stopped = false;
  void shown?.then(() => (prerendered = false));
  const onceShown = (start: () => void): void => {
    if (shown === undefined) start();
    else void shown.then(() => stopped || start());
  };
  let appContext = facts.appContext;
  let groups: ConsentGroups = page.groups;
  // What the product history and the remote logger take from the page: a single-page app's page data
  // moves them on (the history's source once that page data enters: pushes made before it keep theirs).
  let { source } = page;
  /** A tile click's source on this page (`tileSourceOf`; before its page data, the source it came with). */
  let tileSource: SourceRecord = source;
  let viewUrl = facts.firstPartyPage.url as string;
  /** The address of that page view as the page had it (`viewUrl` is without its fragment). */
  let viewHref = reading.href;
  /** The referrer the page view of `viewUrl` was read with. */
  let viewReferrer = reading.referrer;
  /** A page data was read: its view is the one a reset goes on from. */
  const keepView = (): void => {
    // A stopped session's late read (a prerendered page's push shown after a reset) is not the page's.
    if (!stopped) context.views.last = { url: viewUrl, href: viewHref, referrer: viewReferrer };
  };
  // Written with C0003 whether or not this page runs the first-party tracker (spec §4), but not in
  // app context, where nothing is tracked on the web (a withdrawal still removes it).
  // On a page still being parsed the app context is known once its `<body>` is there: a grant heard
  // before then writes nothing yet (a withdrawal still removes it).
  let contextKnown = shown === undefined;
  // Whether the visitor's consent is known here (a consent cookie, or an entry heard): until then an
  // event the collector's outbox holds goes with the consent it was stored with, not stripped as if
  // withdrawn, and a `ttruth_uid` stays (a frame on another site may not see the consent cookie).
  let consentKnown = cookies.hasConsentCookie();
  const syncUniqueUser = (): void => {
    cookies.writeUniqueUserId(groups, contextKnown && !appContext, consentKnown);
  };
  onceShown(() => {
    if (shown !== undefined) {
      const parsed = { ...reading, platformAttribute: deps.page().platformAttribute };
      appContext = appContextOf(parsed, cookies);
      // The app's `<body>` attribute, or its platform cookie written while the page was parsed: nothing
      // entered yet, and all that does goes by the page as it is now (the app bridge only).
      if (appContext !== facts.appContext) {
        facts = readPageFacts(options, parsed, cookies, log, true).facts;
        runtime.pageRead(facts);
      }
    }
    contextKnown = true;
    if (shown !== undefined && !appContext && facts.shortTermId !== undefined) cookies.keepSession(facts.shortTermId);
    syncUniqueUser();
    // In app context nothing is tracked on the web: no container either.
    if (appContext) log(LogLevel.info, Warnings.appContextSuppresses);
    else if (options.gtm) context.loadTagManager();
  });

  // What the calls to the shop's services share.
  const shop = { http: deps.http, log, site: options.site, baseUrl: options.endpoints.shopServices };
  const customerData = createCustomerDataSource({ ...shop, clock: deps.clock, token: () => cookies.longTermTokenValue() });
  // The app gets no customer fields (the bridge's payload has none): no request for them in app context.
  // Both asked for a task later, not at once: the README's `reset()` then `install(options)` replaces
  // this session before then, and asking for the old options' site was a wasted request (the customer
  // data's carrying the token).
  const expose = deps.exposePsdata;
  let prefetch: TimerId | undefined;
  onceShown(() => (prefetch = deps.clock.schedule(() => stopped || appContext || void customerData.get(), 0)));
  const psdata = expose ? deps.clock.schedule(() => stopped || void loadPsdata({ ...shop, clock: deps.clock, isLocalhost: page.isLocalhost, expose }), 0) : undefined;
  // The id lookups, the log service and the touch point: nothing waits for their answer beyond the services' deadline.
  const answeredInTime = withDeadlines(deps.http, deps.clock);
  const converter = options.newProductIds ? createProductIdConverter({ ...shop, http: answeredInTime }) : undefined;
  const reportError = createRemoteErrorReport({
    http: answeredInTime,
    url: options.endpoints.remoteLogger,
    enabled: options.monitoring && !page.isLocalhost,
    viewUrl: () => viewUrl,
    sessionId: () => facts.shortTermId,
    groups: () => groups,
    identity: options.remoteLog,
    log,
  });

  /** A single-page app's page data after its URL changed: the page is read again (path, URL, parameters). */
  let moved = false;
  // The consent cookie as last read: a change made meanwhile in another tab (whose banner pushed its
  // entry into that tab's data layer only) is taken at this tab's next push, and before the collector
  // sends what waits in the outbox. An unchanged cookie leaves a grant heard on the data layer alone.
  let cookieGroups = page.groups;
  // The first page data of the document (not of a reset's session) takes the document's referrer and the landing's campaign.
  let firstPageData = before === undefined;
  const takeCookieConsent = (read: ConsentGroups): void => {
    if (sameGroups(read, cookieGroups)) return;
    cookieGroups = read;
    consentChanged(read);
  };
  // While tracking consent holds, read at every push: a withdrawal counts at once. Without it, at most
  // once a second between page data: reading `document.cookie` costs some 10 µs on a shop page with
  // forty cookies, more than a whole push may cost. A push within the second has the cookie read once
  // the second is over: a grant it waits for still comes.
  let cookieReadAt = Number.NEGATIVE_INFINITY;
  let cookieReread: TimerId | undefined;
  const takeCookieChange = (atOnce = false): void => {
    const now = deps.clock.now();
    const wait = cookieReadAt + CONSENT_COOKIE_READ_MS - now;
    // Longer than the interval: the device clock was set back since the last read, which counts as long ago.
    if (!atOnce && wait > 0 && wait <= CONSENT_COOKIE_READ_MS && !hasStatisticsOrMarketing(groups)) {
      cookieReread ??= deps.clock.schedule(() => {
        cookieReread = undefined;
        if (!stopped) takeCookieChange();
      }, wait);
      return;
    }
    cookieReadAt = now;
    takeCookieConsent(cookies.consentGroups());
  };
  const factsNow = (): { readonly facts: PageFacts; readonly source: CotcsSource } | undefined => {
    const now = deps.page();
    const first = firstPageData;
    firstPageData = false;
    // Once the app has moved, every page data reads the page: coming back to the first URL must not keep
    // the last one's. A page installed in `<head>` is read again for its first page data, once parsed.
    if (!moved && now.href === reading.href && now.platformAttribute === reading.platformAttribute) {
      // The same address (a page back from the back/forward cache) still takes a change of consent.
      takeCookieConsent(cookies.consentGroups());
      keepView();
      return undefined;
    }
    moved = true;
    // An address cleaned before the first page data (`history.replaceState` dropping utm_*, cotcs) keeps the landing's campaign.
    // A later virtual page was reached from the previous one: that is its referrer, not the landing's;
    // the same page pushed again keeps the referrer it had.
    viewReferrer = first ? now.referrer : now.href === viewHref ? viewReferrer : viewUrl;
    const read = readPageFacts(options, { ...now, referrer: viewReferrer }, cookies, log, true, first ? reading.href : undefined);
    viewUrl = read.facts.firstPartyPage.url as string;
    viewHref = now.href;
    keepView();
    takeCookieConsent(read.groups);
    return read;
  };
  let nullSaid = false;
  /**
   * By the data pushed, what a push enters with when the page is left before its preparation is done:
   * a page data's page as read at its call; a push made before the page was shown, its copy; an event
   * whose ids are converted, the converted event (it may wait behind a page data's customer data).
   */
  const readAtCall = new WeakMap<object, PreparedPush>();
  const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
  // The closures live in the two helpers: `prepare` runs on every push and allocates nothing itself.
  const withCustomerData = (data: unknown, pushed: unknown): Promise<PreparedPush> => {
    // Read first: data that cannot be read throws here, before the page is taken as moved on.
    const pageLevels = levelsOf(data);
    const read = factsNow();
    // A tile clicked while the customer data is on its way already belongs to this page.
    tileSource = tileSourceOf(pageLevels, read?.source ?? source);
    const page = { data, facts: read?.facts, source: read?.source };
    if (isObject(pushed)) readAtCall.set(pushed, page);
    if (appContext) return Promise.resolve({ ...page, customerData: null });
    return customerData.get().then((customer) => {
      // Fetched once: a warning for the first page view without it; later views (an SPA's) say it quietly.
      if (customer === null) log(nullSaid ? LogLevel.debug : LogLevel.warn, Warnings.customerDataNull);
      nullSaid ||= customer === null;
      return { ...page, customerData: customer };
    });
  };
  const withConvertedIds = (converter: ProductIdConverter, kind: TrackedKind, data: unknown, original: unknown): Promise<PreparedPush> =>
    withDeadline(converter.convertEvent(kind, data) ?? Promise.resolve(data), deps.clock).then(
      (result) => {
        // Converted while waiting behind an earlier push: a page left now still sends the new ids.
        const prepared = { data: result, pushed: data };
        if (isObject(original)) readAtCall.set(original, prepared);
        return prepared;
      },
      (error: unknown) => {
        // Spec §7.4: a network exception is an error; the event goes out with the ids as pushed (numbers as texts).
        log(LogLevel.error, Warnings.noAnswer('Product id lookup', causeText(error)), error);
        return converter.idsAsTexts(kind, data).then((result) => ({ data: result, pushed: data }));
      },
    );
  // A push that waits for its preparation holds a copy (`snapshotOf`): the page may change its object right after the call.
  const prepare = (kind: TrackedKind, data: unknown): Promise<PreparedPush> | undefined => {
    if (kind === 'InitialPageData') return withCustomerData(snapshotOf(data), data);
    const converts = converter !== undefined && converter.converts(kind, data);
    const sourceEvent = kind === 'ProductSourceEventData';
    // An event the pipeline will reject is neither converted nor held: it rejects at once, without a call.
    if ((!converts && !sourceEvent) || !validateEntity(kind, data).ok) return undefined;
    const converted = converts ? withConvertedIds(converter, kind, snapshotOf(data), data) : undefined;
    // A product-source event made while the customer data is on its way (asked for at install) waits
    // for it, within its deadline: the collector gets the customer's person id (a page left meanwhile
    // sends it as it is).
    if (!sourceEvent || appContext || customerData.known() !== undefined) return converted;
    const pushed = snapshotOf(data);
    if (isObject(data)) readAtCall.set(data, { data: pushed });
    return Promise.all([converted ?? { data: pushed }, customerData.get()]).then(([prepared, customer]) => ({ ...prepared, customerData: customer }));
  };
  const prepareWhenShown = (kind: TrackedKind, data: unknown): Promise<PreparedPush> | undefined => {
    if (!prerendered) return prepare(kind, data);
    const pushed = snapshotOf(data);
    if (isObject(data)) readAtCall.set(data, { data: pushed });
    return (shown as Promise<void>).then(() => prepare(kind, pushed) ?? { data: pushed });
  };
  /** A push's preparation so far, by the data pushed: its copy, and a page data's page once read (see `readAtCall`). */
  const preparedSoFar = (data: unknown): PreparedPush | undefined => {
    const early = isObject(data) ? readAtCall.get(data) : undefined;
    return (early && isObject(early.data) ? readAtCall.get(early.data) : undefined) ?? early;
  };

  const onAccepted = (kind: TrackedKind, data: unknown, prepared?: PreparedPush) => {
    if (kind === 'InitialPageData') {
      source = prepared?.source ?? source;
      tileSource = tileSourceOf(levelsOf(data), source);
    }
    recordInHistory(history, source, kind, data);
  };

  // Each session numbers its pushes afresh: its first entry is a new push to the data-layer model.
  context.dataLayerModel.push = undefined;
  const runtime = createRuntime({
    pipeline: createTrackingPipeline({
      facts,
      // The options' gtm, exactag and ttruth flags.
      enabled: options,
      groups,
      consentFreeAffiliates: options.consentFreeAffiliates,
      log,
      counted: context.counted,
    }),
    destinations: {
      dataLayer: new DataLayerDestination(deps.dataLayer, deps.clock, TAG_EXECUTED_TIMEOUT_MS, context.dataLayerModel),
      exactag: new ExactagDestination(affiliateWithDeadline(deps), options.endpoints.exactagScript),
      exactagTouchPoint: new TouchPointDestination(answeredInTime, log, (ecommerceEvent) =>
        toTouchPointRequest(
          { site: options.site, ecommerceEvent, userKey: userKeyOf(ecommerceEvent), touchPointUrl: options.endpoints.exactagTouchPoint },
          log,
        ),
      ),
      firstParty: sender,
      appBridge: new AppBridgeDestination(deps.appBridge),
    },
    log,
    reportFailure: reportError,
    viewUrl: () => viewUrl,
    prepare: prepareWhenShown,
    // None in app context: the app gets no customer fields.
    customerDataNow: () => (appContext ? undefined : customerData.known()),
    preparedSoFar,
    onAccepted,
    deliveredAtOnce: ANSWERED_AT_ONCE,
    consentNow: context.consentGroupsNow,
  });

  /** Every push, by a call or a window message: another tab's change of the consent cookie counts first. */
  function push(method: PushMethod, data: unknown): Promise<void> {
    // With a collector, at once: it stamps the push's record with the consent of this moment, and a
    // grant the banner wrote just before (its callback tracking the choice) must count for it.
    takeCookieChange(sender !== undefined);
    // Activity keeps the session alive, before the push's events take its id (a session that expired
    // meanwhile is followed by a new one). A prerendered page writes no cookie: it renews once shown.
    if (!prerendered && !appContext && facts.shortTermId !== undefined) cookies.keepSession(facts.shortTermId);
    return runtime.push(method, data);
  }

  function consentChanged(granted: ConsentGroups): void {
    consentKnown = true;
    groups = granted;
    syncUniqueUser();
    runtime.grantConsent(granted);
  }
  const stops: (() => void)[] = [];
  if (deps.onPageHide) {
    stops.push(
      deps.onPageHide((leaving) => {
        // A page left before it was parsed may be an app's (the app-context attribute is on `<body>`):
        // what waits for it stays out, as on a prerendered page never shown.
        if (contextKnown) runtime.flush();
        sender?.flush(leaving);
      }),
    );
  }
  // Back in its tab, the visitor may have answered the banner in another: what waits for consent goes.
  // The collector's events go their usual way again (hidden, each went at once with keepalive).
  if (deps.onPageShow) {
    stops.push(
      deps.onPageShow(() => {
        sender?.shown();
        takeCookieChange();
      }),
    );
  }
  // A consent tool that writes only the cookie (no OneTrustGroupsUpdated entry), here or in a tab
  // beside this one: what waits for consent goes without another push.
  if (deps.onCookieChange) stops.push(deps.onCookieChange(CONSENT_COOKIE, takeCookieChange));
  // Another tab's write of the product history may have crossed this page's: its changes go in again.
  if (deps.onStoreChange) stops.push(deps.onStoreChange(PRODUCT_HISTORY_KEY, () => void history.reapply()));
  if (options.listeners) {
    const origins = options.allowedOrigins.length > 0 ? options.allowedOrigins : [page.origin];
    stops.push(listenForMessages(deps.messages, origins, { push, reset: context.reset }, log));
    if (deps.clicks) stops.push(listenForTileClicks(deps.clicks, history, () => tileSource));
  }

  return {
    push,
    consentNow() {
      takeCookieChange();
      return consentKnown ? collectorConsent(groups) : undefined;
    },
    groupsNow() {
      takeCookieChange();
      return groups;
    },
    consentChanged(heard) {
      // A withdrawal this update carried was taken at once: the same consent again changes nothing.
      if (!consentKnown || !sameGroups(heard, groups)) consentChanged(heard);
    },
    consentWithdrawn(heard) {
      const kept = new Set([...groups].filter((group) => heard.has(group)));
      if (consentKnown && kept.size < groups.size) consentChanged(kept);
    },
    stop() {
      stopped = true;
      deps.clock.cancel(cookieReread);
      deps.clock.cancel(prefetch);
      deps.clock.cancel(psdata);
      for (const stop of stops.splice(0)) stop();
      // A page still being parsed or prerendered enters nothing, as on a page hide (see `onPageHide`).
      runtime.reset(contextKnown && !prerendered);
    },
  };
}

/**
 * The page facts the pipeline maps with, read once at install from the page and the cookies; every
 * rule (path, referrer, screen, device, environment, consent, app context) is the domain's.
 */
import { isAppContext } from '../../domain/tracking/consent';
import type { ConsentGroups } from '../../domain/tracking/consent-groups';
import type { LogSink } from '../../domain/tracking/log-buffer';
import {
  checkEnvironment,
  classifyReferrer,
  derivePagePath,
  deviceType,
  environmentFromHost,
  isLocalHost,
  parseCotcs,
  recordedPageUrl,
  screenCluster,
  type CotcsSource,
} from '../../domain/tracking/page-context';
import type { PageFacts } from '../../domain/tracking/page-facts';
import { campaignIdFor, internalHostsFor } from '../../domain/tracking/sites';
import type { PageReading } from '../../adapters/browser/page-reader';
import type { TrackingCookies } from '../../adapters/browser/tracking-cookies';
import type { ResolvedOptions } from './options';
import { parseUrl } from './url';

export type { PageReading };

/** The facts plus what the runtime itself needs from the page. */
export interface PageFactsReading {
  readonly facts: PageFacts;
  /** The consent groups of the consent cookie. */
  readonly groups: ConsentGroups;
  readonly origin: string;
  /** True on this machine (localhost, *.localhost, 127.x.x.x, ::1): no remote logging, no psdata. */
  readonly isLocalhost: boolean;
  /** The click source of this page: the cotcs parameter, else the referrer. */
  readonly source: CotcsSource;
}

/** Whether the page is in the legacy app's context (its cookies, or the platform attribute of `page`). */
export const appContextOf = (page: PageReading, cookies: TrackingCookies): boolean =>
  isAppContext(cookies.appContextSignals(page.platformAttribute));

/** The landing page's parameters that describe how the visitor came: the campaign (UTM) and the click source. */
const ARRIVAL_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'cotcs'] as const;

/**
 * Builds the page facts; logs an environment mismatch (unless `again`: the page read again for a
 * single-page app's new URL) and an unparseable token cookie as the domain does. `landingHref`: the
 * address the page was loaded with, when the page data is the first and the address has changed
 * since (a shop that cleans its URL with `history.replaceState`): when the address now carries none
 * of the arrival parameters, this page view still takes the landing's.
 */
export function readPageFacts(
  options: ResolvedOptions,
  page: PageReading,
  cookies: TrackingCookies,
  log: LogSink,
  again = false,
  landingHref?: string,
  writeSession = true,
): PageFactsReading {
  const url = parseUrl(page.href ?? '');
  const hostname = url?.hostname ?? '';
  const landing = landingHref === undefined ? undefined : parseUrl(landingHref);
  const arrival = ARRIVAL_PARAMETERS.some((name) => url?.searchParams.has(name)) ? url : (landing ?? url);
  const param = (name: (typeof ARRIVAL_PARAMETERS)[number]): string | undefined => arrival?.searchParams.get(name) ?? undefined;
  const pagePath = derivePagePath(url?.pathname ?? '/');
  const device = deviceType({ userAgent: page.userAgent, pathname: url?.pathname });
  const breakpoint = screenCluster(page.screenWidth);
  const internalHosts = internalHostsFor(hostname);
  if (!again) checkEnvironment(options.environment, environmentFromHost(hostname), log);
  const appContext = appContextOf(page, cookies);
  const session = appContext ? undefined : cookies.sessionId(writeSession);
  const referrerClass = classifyReferrer(page.referrer, internalHosts);
  const facts: PageFacts = {
    site: options.site,
    context: {
      page_path: pagePath,
      referrer_class: referrerClass,
      screen_breakpoint: breakpoint,
      device_type: device,
      environment: options.environment,
      site: options.site,
    },
    firstPartyPage: {
      // Without its fragment (a sign-in token, a phone number a page keeps there) and an e-mail
      // address in its path: the collector and the log service need neither.
      url: recordedPageUrl(page.href),
      hostname,
      page_path: pagePath,
      device_type: device,
      screen_breakpoint: breakpoint,
      screen_size: page.screenWidth === undefined ? undefined : String(page.screenWidth),
      user_agent: page.userAgent,
      tcs_source: param('utm_source'),
      tcs_medium: param('utm_medium'),
      tcs_campaign: param('utm_campaign'),
      // One collector serves every site: which one, and where the visitor came from, as the page view says.
      site: options.site,
      environment: options.environment,
      referrer_class: referrerClass,
    },
    appContext,
    cashbackPartner: cookies.cashbackPartner(),
    affiliateDeviceCookie: cookies.affiliateDeviceId(),
    // Nothing on the web uses the web session in the app: its cookie is not written there. Read at each
    // event: a session that expired while the page stayed open is followed by a new one (`keepSession`).
    get shortTermId() {
      return session === undefined ? undefined : (cookies.session ?? session);
    },
    token: cookies.longTermToken(),
    campaignId: campaignIdFor(options.site, options.environment),
  };
  return {
    facts,
    groups: cookies.consentGroups(),
    // The address's origin first: window.origin is only needed where the address has none (a frame the
    // page wrote itself), and a page variable named `origin` replaces it.
    origin: [url?.origin, page.origin].find((origin) => origin !== undefined && origin !== 'null') ?? '',
    isLocalhost: isLocalHost(hostname),
    source: parseCotcs(param('cotcs'), page.referrer, log, internalHosts),
  };
}

import type { PageviewContext } from './mapping/pageview-context';
import type { LongTermToken } from './mapping/long-term-token';

/**
 * What the runtime reads from the page once at install (location, referrer, screen, cookies) and the
 * pipeline needs to map payloads. Built by the install entry from the adapters; plain data here.
 */
export interface PageFacts {
  /** Site key (de, at, ...). */
  readonly site: string;
  /** Page path, referrer class, screen cluster, device type, environment, site. */
  readonly context: PageviewContext;
  /** The first-party collector's page fields: url, hostname, page_path, device_type, ... tcs_campaign. */
  readonly firstPartyPage: Readonly<Record<string, unknown>>;
  /** App context or cross-channel app context: web tracking is suppressed, the app bridge receives. */
  readonly appContext: boolean;
  /** The cashback partner of the `cashback_attribution` cookie. */
  readonly cashbackPartner?: string;
  /** The affiliate device cookie's value. */
  readonly affiliateDeviceCookie?: string;
  /** The short-term session id (`cot_session`). */
  readonly shortTermId?: string;
  /** The long-term token's sub, lid and tid. */
  readonly token?: LongTermToken;
  /** The campaign id of the site in this environment (non-production uses the non-live id). */
  readonly campaignId: string;
}

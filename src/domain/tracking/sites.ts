/**
 * The nine country sites as the tracking library sees them (spec §3 Site, §9 per-site tracker hosts).
 *
 * PLACEHOLDERS: the spec does not give the hosts, campaign ids, tracking URLs, CDN URLs or tracker
 * hosts. Every such value below is an invented, plausible stand-in (the `kaffeeshop` domains, the
 * campaign ids, the affiliate-provider URLs) and must be replaced with the shop's real configuration.
 */
import { unseenEscaped } from '../text/visible';
import { LogLevel, type LogSink } from './log-buffer';
import type { Environment } from './environment';
import { ownValue, toText } from './mapping/clean';
import { jsonText } from './json-text';
import { shownValue } from './warnings';

export const SITE_KEYS = ['de', 'at', 'ch', 'ch_fr', 'pl', 'cz', 'hu', 'sk', 'tr'] as const;
export type SiteKey = (typeof SITE_KEYS)[number];
export const DEFAULT_SITE: SiteKey = 'de';

/** Languages of the library (spec §1): one per site. */
export type SiteLanguage = 'de' | 'fr' | 'pl' | 'cz' | 'hu' | 'sk' | 'tr';

export interface TrackingSite {
  readonly key: SiteKey;
  readonly language: SiteLanguage;
  /** The site's shop host (placeholder). */
  readonly shopHost: string;
  /** Affiliate campaign ids (placeholders): `live` in production, `nonLive` elsewhere. */
  readonly campaignId: { readonly live: string; readonly nonLive: string };
  /** Affiliate tracking URL (placeholder). */
  readonly trackingUrl: string;
  /** URL of the affiliate tracker script on the site CDN (placeholder). */
  readonly cdnUrl: string;
}

/**
 * The affiliate hosts are placeholders (the spec does not show them) under the name reserved for
 * examples (RFC 6761): nobody can register it, so until the shop configures its own no script is loaded
 * from a host someone else owns, and no visitor data goes there.
 */
const AFFILIATE_DOMAIN = 'exactag.kaffeeshop-tracking.example';

const site = (key: SiteKey, language: SiteLanguage, shopHost: string, code: string): TrackingSite => ({
  key,
  language,
  shopHost,
  campaignId: { live: `5f3c${code}00000000000000000000000001`, nonLive: `5f3c${code}00000000000000000000000099` },
  trackingUrl: `https://${key.replace('_', '-')}.${AFFILIATE_DOMAIN}/track`,
  cdnUrl: `https://cdn.${AFFILIATE_DOMAIN}/js/exactag-${key}.js`,
});

export const TRACKING_SITES: Readonly<Record<SiteKey, TrackingSite>> = {
  de: site('de', 'de', 'www.kaffeeshop.de', 'de'),
  at: site('at', 'de', 'www.kaffeeshop.at', 'a7'),
  ch: site('ch', 'de', 'www.kaffeeshop.ch', 'c4'),
  ch_fr: site('ch_fr', 'fr', 'fr.kaffeeshop.ch', 'cf'),
  pl: site('pl', 'pl', 'www.kaffeeshop.pl', 'b1'),
  cz: site('cz', 'cz', 'www.kaffeeshop.cz', 'c2'),
  hu: site('hu', 'hu', 'www.kaffeeshop.hu', 'd6'),
  sk: site('sk', 'sk', 'www.kaffeeshop.sk', 'e5'),
  tr: site('tr', 'tr', 'www.kaffeeshop.com.tr', 'f7'),
};

/** The Austrian site's own domain beside the country host, and its shop host (placeholders). */
export const AUSTRIAN_SITE_DOMAIN = 'kaffeehaus-shop.at';
export const AUSTRIAN_SITE_HOST = `www.${AUSTRIAN_SITE_DOMAIN}`;
/** Staging and development shop hosts (placeholders). */
export const STAGING_SHOP_HOST = 'shop.staging.kaffeeshop-test.net';
export const DEV_SHOP_HOST = 'shop.dev.kaffeeshop-test.net';
/** The first-party collector's host (placeholder). */
export const COLLECTOR_HOST = 'collector.kaffeeshop-data.net';

/**
 * The own-shop hosts whose referrers count as internal (spec §2), matched by host or subdomain: the
 * nine country shop domains, the Austrian site, the staging and dev shop hosts and the collector.
 * Read with `Object.entries`: Prototype.js replaces `Object.values` by a walk that also yields what
 * a page added to Object.prototype, and the library would not load.
 */
export const INTERNAL_HOSTS: readonly string[] = [
  ...new Set(Object.entries(TRACKING_SITES).map(([, site]) => site.shopHost.replace(/^(www|fr)\./, ''))),
  AUSTRIAN_SITE_DOMAIN,
  STAGING_SHOP_HOST,
  DEV_SHOP_HOST,
  COLLECTOR_HOST,
];

/**
 * The hosts whose referrers count as internal on a page of `pageHost`: {@link INTERNAL_HOSTS} and the
 * page's own host, which is an own-shop host wherever the library is installed (the table's hosts
 * are placeholders until the shop configures its own).
 */
export const internalHostsFor = (pageHost: string): readonly string[] =>
  // As the table's hosts: without `www.`/`fr.`, so the shop's apex and its other subdomains count too.
  pageHost ? [...INTERNAL_HOSTS, pageHost.replace(/^(www|fr)\./, '')] : INTERNAL_HOSTS;

/**
 * Logged when a configured site code is not one of the nine; the lead merges it into warnings.ts.
 * Signs a reader cannot see are written out (`de\u200b`): the text read "de is unknown, de is used".
 */
export const UNKNOWN_SITE_CODE_WARNING = (code: string): string =>
  `The site code "${unseenEscaped(code)}" is unknown. The site de is used.`;

/** A code for the warning: one that is no text (a list, an object) as JSON; cut as every shown value. */
const shownCode = (code: unknown): string => {
  try {
    return shownValue(jsonText(code) ?? code);
  } catch {
    return shownValue(code);
  }
};

/**
 * The site key for a configured site code (AT, CH, CH_FR, CZ, DE, HU, PL, SK, TR; any case, trimmed).
 * No code gives 'de' silently; an unknown code, a blank one or `null` (a template variable rendered
 * empty: a Turkish shop would send German campaign ids unwarned), or one that is no text, gives 'de'
 * with a warning.
 */
export const siteKeyFromCode = (code: unknown, log: LogSink): SiteKey => {
  const text = toText(code);
  if (!text) {
    if (code !== undefined) log(LogLevel.warn, UNKNOWN_SITE_CODE_WARNING(typeof code === 'string' ? shownValue(code) : shownCode(code)), { code });
    return DEFAULT_SITE;
  }
  const site = ownValue(TRACKING_SITES, text.toLowerCase());
  if (site) return site.key;
  log(LogLevel.warn, UNKNOWN_SITE_CODE_WARNING(shownValue(text)), { code });
  return DEFAULT_SITE;
};

/** The site record for a key; anything that is not a site key gives the de site. */
export const trackingSite = (key: unknown): TrackingSite => ownValue(TRACKING_SITES, key) ?? TRACKING_SITES[DEFAULT_SITE];

/** The affiliate campaign id: the live id in production, the non-live id in any other environment. */
export const campaignIdFor = (key: unknown, environment: Environment): string => {
  const { campaignId } = trackingSite(key);
  return environment === 'production' ? campaignId.live : campaignId.nonLive;
};

/** The app and site language: de for de, at and ch; fr for ch_fr; the site key for the others. */
export const siteLanguage = (key: unknown): SiteLanguage => trackingSite(key).language;

/** The sites' languages, as the site table has them. */
const LANGUAGES: readonly string[] = Object.entries(TRACKING_SITES).map(([, entry]) => entry.language);

/**
 * The spec's language code (de, fr, pl, cz, hu, sk, tr) of a language tag (`de-CH`, `fr-CH`, Czech
 * `cs-CZ`); the tag as given when it names another language.
 */
export const languageOfTag = (tag: string): string => {
  const primary = tag.split('-')[0]?.toLowerCase() ?? '';
  const code = primary === 'cs' ? 'cz' : primary;
  return LANGUAGES.includes(code) ? code : tag;
};

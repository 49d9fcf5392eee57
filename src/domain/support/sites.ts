/**
 * The shop's nine country sites (support spec §1): codes, the language of each site's texts, the
 * document `lang`, DACH membership, and how the current site and locale are chosen.
 */

export const SITE_CODES = ['de', 'at', 'ch', 'ch_fr', 'pl', 'cz', 'hu', 'sk', 'tr'] as const;
export type SiteCode = (typeof SITE_CODES)[number];

/** The form the client-side store `contact` holds (`DE`, `CH_FR`, ...). */
export type StoreSite = Uppercase<SiteCode>;

export const DACH_SITES = ['de', 'at', 'ch', 'ch_fr'] as const;
export type DachSite = (typeof DACH_SITES)[number];

export const DEFAULT_SITE: SiteCode = 'de';
export const DEFAULT_STORE_SITE: StoreSite = 'DE';
export const DEFAULT_LOCALE = 'de-DE';

export interface SiteFacts {
  /** ISO 639-1 code of the language the site's texts are written in. */
  readonly language: 'de' | 'fr' | 'pl' | 'cs' | 'hu' | 'sk' | 'tr';
  /** The BCP 47 tag for `<html lang>`: the language of the texts shown. */
  readonly documentLang: string;
  readonly dach: boolean;
}

export const SITES: Readonly<Record<SiteCode, SiteFacts>> = {
  de: { language: 'de', documentLang: 'de-DE', dach: true },
  at: { language: 'de', documentLang: 'de-AT', dach: true },
  ch: { language: 'de', documentLang: 'de-CH', dach: true },
  ch_fr: { language: 'fr', documentLang: 'fr-CH', dach: true },
  pl: { language: 'pl', documentLang: 'pl-PL', dach: false },
  cz: { language: 'cs', documentLang: 'cs-CZ', dach: false },
  hu: { language: 'hu', documentLang: 'hu-HU', dach: false },
  sk: { language: 'sk', documentLang: 'sk-SK', dach: false },
  tr: { language: 'tr', documentLang: 'tr', dach: false },
};

/** Logged (with `{ value, source }`) when a site value names no site; the next source is used. */
export const UNKNOWN_SITE_WARNING = 'Unknown site code ignored; using the next source or the default DE';

/** Receives the warnings of site resolution. */
export type SiteWarn = (message: string, content?: unknown) => void;

const SITE_SET: ReadonlySet<string> = new Set(SITE_CODES);

/** The site a value names, case-insensitively (`CH_FR`, `ch_fr`); `undefined` for anything else. */
export const parseSite = (value: unknown): SiteCode | undefined => {
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toLowerCase();
  return SITE_SET.has(code) ? (code as SiteCode) : undefined;
};

export const isDach = (site: unknown): site is DachSite => {
  const code = parseSite(site);
  return code !== undefined && SITES[code].dach;
};

export const toStoreSite = (site: SiteCode): StoreSite => site.toUpperCase() as StoreSite;

const firstText = (value: unknown): string | undefined => {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first : undefined;
};

/**
 * The current site: the `site` query parameter, else the value the server put into the page, else
 * DE. A value that names no site is skipped with {@link UNKNOWN_SITE_WARNING}; it never throws.
 */
export function resolveSite(
  sources: { readonly queryParam?: unknown; readonly serverValue?: unknown },
  log: SiteWarn,
): SiteCode {
  const candidates = [
    ['query', sources?.queryParam],
    ['server', sources?.serverValue],
  ] as const;
  for (const [source, raw] of candidates) {
    const value = firstText(raw);
    if (value === undefined) continue;
    const site = parseSite(value);
    if (site) return site;
    log(UNKNOWN_SITE_WARNING, { value, source });
  }
  return DEFAULT_SITE;
}

/**
 * Host name -> site. The shop hosts are PLACEHOLDERS (the spec names none); the real ones are
 * configuration of the server that serves the pages.
 */
export const DEFAULT_HOST_MAP: Readonly<Record<string, SiteCode>> = {
  localhost: 'de',
  '127.0.0.1': 'de',
  '[::1]': 'de',
  'www.kaffeeshop.de': 'de',
  'www.kaffeeshop.at': 'at',
  'www.kaffeeshop.ch': 'ch',
  'fr.kaffeeshop.ch': 'ch_fr',
  'www.kaffeeshop.pl': 'pl',
  'www.kaffeeshop.cz': 'cz',
  'www.kaffeeshop.hu': 'hu',
  'www.kaffeeshop.sk': 'sk',
  'www.kaffeeshop.com.tr': 'tr',
};

/** The site of a request's host (port, case and a trailing dot ignored); `undefined` when unmapped. */
export function siteForHost(
  host: unknown,
  map: Readonly<Record<string, SiteCode>> = DEFAULT_HOST_MAP,
): SiteCode | undefined {
  if (typeof host !== 'string') return undefined;
  const name = host
    .trim()
    .toLowerCase()
    .replace(/:\d*$/, '')
    .replace(/\.$/, '');
  return Object.hasOwn(map, name) ? parseSite(map[name]) : undefined;
}

// language[-script][-region]: the well-formed subset of BCP 47 a locale header needs.
const LOCALE_TAG = /^([a-z]{2,3})(?:-([a-z]{4}))?(?:-([a-z]{2}|\d{3}))?$/i;

/**
 * The locale numbers are written in (shared decisions: the locale sets number and date formats): the
 * request's locale when it is of the language the texts are in and names a country (`de-CH` on a
 * German page; `de` alone says nothing of the country), else the texts' own (the site's: `de-CH` on
 * ch), so a page never mixes one language's words with another's numbers.
 */
export function formatLocale(requestLocale: string | undefined, textLanguage: string): string {
  const languageOf = (tag: string) => tag.split('-')[0];
  // language-COUNTRY as `headerLocale` writes it: with a script between (`de-Latn-CH`) the browser's
  // number data knows no country either, and wrote plain German.
  return requestLocale !== undefined && /^[a-z]+-[A-Z]{2}$/.test(requestLocale) && languageOf(requestLocale) === languageOf(textLanguage)
    ? requestLocale
    : textLanguage;
}

/**
 * The locale of the `x-locale` request header in canonical case (`de-ch` -> `de-CH`), or undefined
 * when the header is missing or not a well-formed `language[-Script][-REGION]` tag.
 */
export function headerLocale(headerValue: unknown): string | undefined {
  const value = firstText(headerValue)?.trim();
  const match = value === undefined ? null : LOCALE_TAG.exec(value);
  if (!match) return undefined;
  const [, language = '', script, region] = match;
  const parts = [language.toLowerCase()];
  if (script) parts.push(script.charAt(0).toUpperCase() + script.slice(1).toLowerCase());
  if (region) parts.push(region.toUpperCase());
  return parts.join('-');
}

/** The request's locale as a submission stores it: the header's (`headerLocale`), else `de-DE` (spec §1). */
export const resolveLocale = (headerValue: unknown): string => headerLocale(headerValue) ?? DEFAULT_LOCALE;

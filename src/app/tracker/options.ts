/**
 * Install options with their defaults (spec §9 "Default install options", shared decisions "The
 * library's public face"). The site and environment rules are the domain's.
 */
import { DEFAULT_CONSENT_FREE_AFFILIATES } from '../../domain/tracking/consent';
import { isConfiguredEnvironment } from '../../domain/tracking/environment';
import { LogLevel, type LogSink } from '../../domain/tracking/log-buffer';
import { environmentFromConfig, type Environment } from '../../domain/tracking/page-context';
import * as Warnings from '../../domain/tracking/warnings';
import { siteKeyFromCode, trackingSite, type SiteKey } from '../../domain/tracking/sites';
import { PRODUCT_HISTORY_CAPACITY, PRODUCT_HISTORY_EXPIRY_DAYS } from '../../domain/tracking/product-history';
import type { InstallOptions, TrackerEndpoints } from '../tracker-types';
import { originOf } from './url';

/** Spec §7.5: the first-party tracking service's path, on the shop's own services (`endpoints.shopServices`). */
export const COLLECTOR_PATH = '/service/ttruth/publish';


/** The remote log service's application identity (placeholders; spec §7.10 says they are configurable). */
export const REMOTE_LOG_SERVICE = 'collect-on-track';

export interface ResolvedEndpoints {
  readonly exactagScript: string;
  readonly exactagTouchPoint: string;
  /** '' when the page loads its container itself. */
  readonly tagManagerScript: string;
  readonly collector: string;
  readonly remoteLogger: string;
  readonly shopServices: string;
}

export interface ResolvedOptions {
  readonly site: SiteKey;
  readonly environment: Environment;
  readonly exactag: boolean;
  readonly gtm: boolean;
  readonly ttruth: boolean;
  readonly listeners: boolean;
  readonly monitoring: boolean;
  readonly newProductIds: boolean;
  readonly consentFreeAffiliates: readonly string[];
  /** Empty means: the page's own origin. */
  readonly allowedOrigins: readonly string[];
  readonly endpoints: ResolvedEndpoints;
  readonly productHistory: { readonly capacity: number; readonly expiryDays: number };
  readonly remoteLog: { readonly key?: string; readonly applicationId?: string; readonly service: string };
}

/** The boolean options and their defaults. */
const FLAGS = { exactag: true, gtm: true, ttruth: false, listeners: false, monitoring: true, newProductIds: false } as const;
type Flag = keyof typeof FLAGS;
const KNOWN = [...Object.keys(FLAGS), 'site', 'environment', 'consentFreeAffiliates', 'allowedOrigins', 'endpoints', 'productHistory', 'remoteLog'];

/** The origin of each entry (`https://shop.example/` -> `https://shop.example`); an entry that is none is warned about and left out. */
const originsOf = (entries: string[], log: LogSink): string[] =>
  entries.flatMap((entry) => {
    const origin = originOf(entry);
    if (origin === undefined) log(LogLevel.warn, Warnings.invalidOption('allowedOrigins', entry));
    return origin ?? [];
  });

/**
 * A list of texts; one text is a list of one, and with `numbers` a number is its digits (an id). An
 * entry that is none is warned about and left out; anything else than a list warns and gives the
 * default (`undefined`).
 */
const texts = (key: string, value: unknown, log: LogSink, numbers = false): string[] | undefined => {
  if (typeof value === 'string') value = [value];
  if (Array.isArray(value)) {
    return value.flatMap((entry: unknown) => {
      if ((typeof entry === 'string' && entry !== '') || (numbers && typeof entry === 'number' && Number.isFinite(entry))) return String(entry);
      log(LogLevel.warn, Warnings.invalidOption(key, entry));
      return [];
    });
  }
  if (value !== undefined) log(LogLevel.warn, Warnings.invalidOption(key, value, 'list'));
  return undefined;
};

/**
 * An endpoint: an http(s) address, or one relative to the page ('/path', 'js/file.js', '//host/path').
 * Refused: white space inside ('not a url') and any other scheme ('ftp:', 'javascript:').
 */
const ENDPOINT = /^(https?:\/\/\S+|(?![a-z][a-z\d+.-]*:)\S+)$/i;
/** An address with a third slash where its host belongs ('https:///x'), which a browser reads as 'https://x/'. */
const NO_HOST = /^(https?:)?\/\/\//i;

/**
 * Whether a browser can request the address: of the form above, with a host, and one the URL parser
 * takes (not a port out of range or 0, not a broken IPv6 host, no user and password): such an address
 * failed every request.
 */
const isEndpoint = (value: string): boolean => {
  if (!ENDPOINT.test(value) || NO_HOST.test(value)) return false;
  try {
    // Port 0 and a user and password in the address (which fetch refuses) fail every request too.
    const url = new URL(value, 'https://page.example/');
    return url.port !== '0' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};

/** A text option; anything else than a non-empty text warns and gives the fallback. */
const text = (key: string, value: unknown, fallback: string, log: LogSink): string => {
  if (typeof value === 'string' && value !== '') return value;
  if (value !== undefined) log(LogLevel.warn, Warnings.invalidOption(key, value, fallback || undefined));
  return fallback;
};

/** The known keys of each nested option: a mistyped one (`endpoints.colector`) warns, as a top-level one does. */
const NESTED: Record<string, readonly string[]> = {
  endpoints: ['exactagScript', 'exactagTouchPoint', 'tagManagerScript', 'collector', 'remoteLogger', 'shopServices'],
  productHistory: ['capacity', 'expiryDays'],
  remoteLog: ['key', 'applicationId', 'service'],
};

/** The nested option as a record (`{}` when absent); an unknown key or a value that is no record warns. */
const nested = (key: string, value: unknown, log: LogSink): Record<string, unknown> => {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    log(LogLevel.warn, Warnings.invalidOption(key, value));
    return {};
  }
  for (const name of Object.keys(value)) if (!NESTED[key]?.includes(name)) log(LogLevel.warn, Warnings.unknownOption(`${key}.${name}`));
  return value as Record<string, unknown>;
};

/** A product-history limit: a number from `min` (a whole one for the capacity), else its default, with a warning. */
const limit = (key: string, value: unknown, fallback: number, whole: boolean, log: LogSink): number => {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && value > 0 && value !== Infinity && (!whole || Number.isInteger(value))) return value;
  log(LogLevel.warn, Warnings.invalidOption(`productHistory.${key}`, value, fallback));
  return fallback;
};

const endpointsFor = (site: SiteKey, given: unknown, log: LogSink): ResolvedEndpoints => {
  const e: TrackerEndpoints = nested('endpoints', given, log);
  const url = (key: keyof TrackerEndpoints, fallback: string): string => {
    const value: unknown = e[key];
    // Spaces around an address are what a browser drops too; an empty text is the default.
    const given = typeof value === 'string' ? value.trim() : value;
    if (typeof given === 'string' && isEndpoint(given)) return given;
    if (given !== undefined && given !== '') log(LogLevel.warn, Warnings.invalidOption(`endpoints.${key}`, value, fallback || undefined));
    return fallback;
  };
  const shopServices = url('shopServices', '').replace(/\/+$/, '');
  return {
    exactagScript: url('exactagScript', trackingSite(site).cdnUrl),
    // The spec does not show these two URLs: until the shop configures them, nothing is sent to them.
    exactagTouchPoint: url('exactagTouchPoint', ''),
    tagManagerScript: url('tagManagerScript', ''),
    collector: url('collector', `${shopServices}${COLLECTOR_PATH}`),
    remoteLogger: url('remoteLogger', ''),
    shopServices,
  };
};

/**
 * The options with every default filled in. Warned about, each once: an unknown site code (falls back
 * to 'de'), an unknown environment (development), an unknown key, also inside `endpoints`,
 * `productHistory` and `remoteLog` (ignored), a boolean option given anything else than a boolean or
 * "true" / "false" (its default), a list or text option of another type (its default), a list entry
 * that is no text or an allowed origin that is not one (left out), an endpoint with white space inside
 * or a scheme other than http(s) (its default), and options that are not an object (every default).
 */
export function resolveOptions(options: InstallOptions | undefined, log: LogSink): ResolvedOptions {
  const readable = options !== null && typeof options === 'object' && !Array.isArray(options);
  if (options !== undefined && !readable) log(LogLevel.warn, Warnings.optionsNotAnObject('install', options));
  const o: InstallOptions = readable ? options : {};
  for (const key of Object.keys(o)) if (!KNOWN.includes(key)) log(LogLevel.warn, Warnings.unknownOption(key));
  const site = siteKeyFromCode(o.site, log);
  if (o.environment !== undefined && !isConfiguredEnvironment(o.environment)) log(LogLevel.warn, Warnings.invalidOption('environment', o.environment, 'development'));
  const flags = {} as Record<Flag, boolean>;
  for (const key of Object.keys(FLAGS) as Flag[]) {
    // "true" / "false" read as booleans, as the spec reads quickbuy and webshop_style.
    const given: unknown = o[key];
    const value = given === 'true' ? true : given === 'false' ? false : given;
    if (value !== undefined && typeof value !== 'boolean') log(LogLevel.warn, Warnings.invalidOption(key, value, FLAGS[key]));
    flags[key] = typeof value === 'boolean' ? value : FLAGS[key];
  }
  const remoteLog = nested('remoteLog', o.remoteLog, log);
  const productHistory = nested('productHistory', o.productHistory, log);
  const consentFreeAffiliates = texts('consentFreeAffiliates', o.consentFreeAffiliates, log, true) ?? DEFAULT_CONSENT_FREE_AFFILIATES;
  const allowedOrigins = originsOf(texts('allowedOrigins', o.allowedOrigins, log) ?? [], log);
  if (!flags.listeners && allowedOrigins.length > 0) log(LogLevel.warn, Warnings.originsWithoutListeners);
  return {
    site,
    environment: environmentFromConfig(o.environment ?? 'development'),
    ...flags,
    consentFreeAffiliates,
    allowedOrigins,
    endpoints: endpointsFor(site, o.endpoints, log),
    remoteLog: {
      key: text('remoteLog.key', remoteLog.key, '', log) || undefined,
      applicationId: text('remoteLog.applicationId', remoteLog.applicationId, '', log) || undefined,
      service: text('remoteLog.service', remoteLog.service, REMOTE_LOG_SERVICE, log),
    },
    productHistory: {
      capacity: limit('capacity', productHistory.capacity, PRODUCT_HISTORY_CAPACITY, true, log),
      expiryDays: limit('expiryDays', productHistory.expiryDays, PRODUCT_HISTORY_EXPIRY_DAYS, false, log),
    },
  };
}

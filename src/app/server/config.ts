/**
 * The reference backend's configuration: defaults, and how the environment changes them (`PORT`,
 * `HOST`, `SUPPORT_DB`, `SUPPORT_HOST_SITES`, `DEV_STAND_INS`, `LOG_LEVEL`, `SHUTDOWN_TIMEOUT_MS`,
 * `TRUST_PROXY`, `SUPPORT_TAG_MANAGER_SCRIPT`).
 */
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_HOST_MAP, parseSite, type SiteCode } from '../../domain/support/sites';
import { SITE_KEYS, TRACKING_SITES } from '../../domain/tracking/sites';

export type LogLevel = 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

export interface ServerConfig {
  /** Default 3000; 0 picks a free port. */
  readonly port: number;
  /** Default 127.0.0.1. */
  readonly host: string;
  /** The SQLite file. Default `data/support.sqlite` in the project. */
  readonly databaseFile: string;
  /** The app's build. Default `dist/app`. */
  readonly appDir: string;
  /** The tracking library's build. Default `dist/lib`. */
  readonly libDir: string;
  /**
   * The server render entry of the pages' first paint. Default `server/ssr-entry.js` beside the app's
   * build folder (`dist/server/ssr-entry.js`); missing: the pages render in the browser.
   */
  readonly serverEntry: string;
  /** Host name -> site put into the page. Default: the domain's map (localhost is de; shop hosts are placeholders). */
  readonly hostSites: Readonly<Record<string, SiteCode>>;
  /** Answer the shop services the tracking library calls (dev stand-ins). Default true. */
  readonly devStandIns: boolean;
  /** Default 'info'; tests use 'silent'. */
  readonly logLevel: LogLevel;
  /**
   * How long a shutdown waits for requests in flight before it gives up. Default 10 s; an upload of
   * three 5 MB files on a slow line takes minutes, so a host that allows a longer grace period sets more.
   */
  readonly shutdownTimeoutMs: number;
  /**
   * The tag manager container the pages load (its `gtm.js` address), allowed by the pages'
   * Content-Security-Policy. Default none: the data layer is filled for a container the shop adds.
   */
  readonly tagManagerScript?: string | undefined;
  /**
   * The most bytes of contact messages received at once, by their declared lengths. Default 128 MiB:
   * eight messages with three full files each; more wait for a `503` with `Retry-After`.
   */
  readonly receivingBytes: number;
  /** A connection that sends nothing for this long is closed. Default 60 s, a browser's own stall limit. */
  readonly idleTimeoutMs: number;
  /**
   * The reverse proxies in front of the server, whose `X-Forwarded-For` names the visitor: their
   * addresses or ranges (`10.0.0.0/8`) separated by commas. Default none: the connection's address is
   * the visitor's (behind a proxy, the upload cap per address is then one for all its visitors).
   */
  readonly trustProxy?: string | undefined;
}

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The defaults, with `overrides` on top. */
export function serverConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const appDir = overrides.appDir ?? resolve(PROJECT_ROOT, 'dist/app');
  return {
    port: 3000,
    host: '127.0.0.1',
    databaseFile: resolve(PROJECT_ROOT, 'data/support.sqlite'),
    appDir,
    libDir: resolve(PROJECT_ROOT, 'dist/lib'),
    serverEntry: resolve(appDir, '../server/ssr-entry.js'),
    hostSites: DEFAULT_HOST_MAP,
    devStandIns: true,
    logLevel: 'info',
    shutdownTimeoutMs: 10_000,
    receivingBytes: 128 * 1024 * 1024,
    idleTimeoutMs: 60_000,
    ...overrides,
  };
}

const LOG_LEVELS: readonly LogLevel[] = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'];

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || port > 65535) throw new Error(`PORT must be a number from 0 to 65535, not "${value}".`);
  return port;
}

/** A whole number of milliseconds from 1 up to 24 hours. */
function parseMilliseconds(name: string, value: string): number {
  const ms = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || ms < 1 || ms > 86_400_000) {
    throw new Error(`${name} must be a whole number of milliseconds from 1 to 86400000, not "${value}".`);
  }
  return ms;
}

/** `host=site,host=site` (e.g. `tr.localhost=tr`), added to the default map. */
function parseHostSites(value: string): Record<string, SiteCode> {
  const map: Record<string, SiteCode> = {};
  for (const pair of value.split(',').filter((p) => p.trim() !== '')) {
    const parts = pair.split('=').map((part) => part.trim().toLowerCase());
    // A fully qualified name's final dot: requests are matched without it (`siteForHost`).
    const [written = '', code = ''] = parts;
    const host = written.replace(/\.$/, '');
    const site = parseSite(code);
    if (parts.length !== 2 || host === '' || site === undefined) throw new Error(`SUPPORT_HOST_SITES: "${pair}" is not host=site.`);
    // Browsers send such a name in its ASCII (punycode) form, which is what the request is matched by.
    if (/[^\x00-\x7f]/.test(host)) {
      throw new Error(`SUPPORT_HOST_SITES: "${host}" must be written in its ASCII form (xn--...), as browsers send it.`);
    }
    // The request's host is matched without its port: a key with a scheme, port or path never would.
    if (!/^[a-z0-9.-]+$/.test(host)) throw new Error(`SUPPORT_HOST_SITES: "${pair}" names more than a host (no scheme, port or path).`);
    // An empty label (`.shop.test`, `a..b`) or one that starts or ends with '-' is no host a browser sends.
    if (!host.split('.').every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label))) {
      throw new Error(`SUPPORT_HOST_SITES: "${written}" is not a host name.`);
    }
    if (Object.hasOwn(map, host)) throw new Error(`SUPPORT_HOST_SITES: "${host}" is given more than once.`);
    map[host] = site;
  }
  return map;
}

/** An http(s) address of a script, as given. */
function parseScriptUrl(name: string, value: string): string {
  const url = URL.canParse(value.trim()) ? new URL(value.trim()) : undefined;
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') throw new Error(`${name} must be an http or https address, not "${value}".`);
  return url.href;
}

/** Proxy addresses and ranges separated by commas (`10.0.0.1`, `10.0.0.0/8`, `::1`). */
function parseTrustProxy(value: string): string {
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = (entry: string): boolean => {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    // A range of every address (/0) would let any visitor name its own.
    return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128));
  };
  if (!entries.every(valid)) {
    throw new Error(`TRUST_PROXY must be the proxies' addresses or ranges (10.0.0.1, 10.0.0.0/8) separated by commas, not "${value}".`);
  }
  return entries.join(',');
}

/** A switch's value; anything else is refused rather than read as on (fake shop data in production). */
function onOrOff(name: string, value: string): boolean {
  const word = value.trim().toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(word)) return true;
  if (['off', 'false', '0', 'no'].includes(word)) return false;
  throw new Error(`${name} must be on or off (or true/false, 1/0, yes/no), not "${value}".`);
}

/** SUPPORT_DB as an absolute path; one ending in a slash names a folder (`resolve` would drop the slash). */
function parseDatabaseFile(value: string): string {
  if (/[\\/]$/.test(value)) {
    throw new Error(`SUPPORT_DB names the database file itself, not a folder: "${value}" ends in a slash (e.g. ${value}support.sqlite).`);
  }
  return resolve(value);
}

/** The configuration the environment asks for; throws a readable error for a malformed value. */
export function configFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): ServerConfig {
  const overrides: { -readonly [K in keyof ServerConfig]?: ServerConfig[K] } = {};
  if (env.PORT) overrides.port = parsePort(env.PORT);
  if (env.HOST) overrides.host = env.HOST;
  if (env.SUPPORT_DB) overrides.databaseFile = parseDatabaseFile(env.SUPPORT_DB);
  if (env.SUPPORT_HOST_SITES) overrides.hostSites = { ...DEFAULT_HOST_MAP, ...parseHostSites(env.SUPPORT_HOST_SITES) };
  if (env.DEV_STAND_INS) overrides.devStandIns = onOrOff('DEV_STAND_INS', env.DEV_STAND_INS);
  if (env.SHUTDOWN_TIMEOUT_MS) overrides.shutdownTimeoutMs = parseMilliseconds('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS);
  if (env.TRUST_PROXY) overrides.trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (env.SUPPORT_TAG_MANAGER_SCRIPT) overrides.tagManagerScript = parseScriptUrl('SUPPORT_TAG_MANAGER_SCRIPT', env.SUPPORT_TAG_MANAGER_SCRIPT);
  if (env.LOG_LEVEL) {
    const level = env.LOG_LEVEL.toLowerCase() as LogLevel;
    if (!LOG_LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${env.LOG_LEVEL}".`);
    overrides.logLevel = level;
  }
  return serverConfig(overrides);
}

const originOf = (url: string): string => new URL(url).origin;

/**
 * Where the pages may load scripts from and send data to besides their own origin: the affiliate
 * tracker's CDN and hosts (the site table's placeholder hosts until the shop's configuration replaces
 * them). The collector is on the page's own origin (spec §7.5); the touch point and the remote log
 * service are sent nothing until configured.
 */
export function trackerOrigins(tagManagerScript?: string): { scriptOrigins: string[]; connectOrigins: string[]; imageOrigins: string[] } {
  const sites = SITE_KEYS.map((key) => TRACKING_SITES[key]);
  // The container's own origin for its script and its requests; the tags inside it need their hosts added by the shop.
  const container = tagManagerScript === undefined ? [] : [originOf(tagManagerScript)];
  const trackers = [...sites.map((site) => originOf(site.trackingUrl)), ...container];
  const unique = (origins: string[]) => [...new Set(origins)];
  return {
    scriptOrigins: unique([...sites.map((site) => originOf(site.cdnUrl)), ...container]),
    connectOrigins: unique(trackers),
    imageOrigins: unique(trackers),
  };
}

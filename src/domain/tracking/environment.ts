/**
 * The tracking environment (spec §4 Environment): derived from the page's host, configured by the
 * app, and compared so that a page running with the wrong configuration is noticed in the log.
 */
import { LogLevel, type LogSink } from './log-buffer';
import * as Warnings from './warnings';
import { hostOf } from './referrer';
import { ownValue, toText } from './mapping/clean';

export type Environment = 'development' | 'staging' | 'production';

/** A host with its port removed, lower case; a full URL is reduced to its host. */
const bareHost = (value: string): string => {
  const text = value.trim().toLowerCase();
  if (text.includes('://')) return hostOf(text) ?? '';
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    return end === -1 ? text : text.slice(0, end + 1);
  }
  const colon = text.indexOf(':');
  // More than one colon without brackets is a bare IPv6 address, which has no port to remove.
  return colon !== -1 && colon === text.lastIndexOf(':') ? text.slice(0, colon) : text;
};

/**
 * Whether a host (or URL) is this machine: `localhost` and every name under it (`shop.localhost`, which
 * browsers resolve to the loopback address), 127.x.x.x and ::1. No remote logging and no psdata there.
 */
export const isLocalHost = (host: string): boolean =>
  /^((.+\.)?localhost\.?|127(\.\d{1,3}){3}|\[::1\]|::1)$/.test(bareHost(host));

/**
 * The environment a page host (or page URL) implies: a 'dev' or 'localhost' label (dot- or
 * dash-separated, e.g. `shop-dev.example.net`, `dev.example.net`) or a local host ({@link isLocalHost})
 * gives 'development'; a 'staging' label gives 'staging'; anything else, including a missing host,
 * gives 'production'.
 */
export const environmentFromHost = (host: unknown): Environment => {
  if (typeof host !== 'string') return 'production';
  const bare = bareHost(host);
  if (isLocalHost(bare)) return 'development';
  const labels = bare.split(/[.-]/);
  if (labels.includes('dev') || labels.includes('localhost')) return 'development';
  if (labels.includes('staging')) return 'staging';
  return 'production';
};

const CONFIGURED: Readonly<Record<string, Environment>> = {
  dev: 'development',
  development: 'development',
  staging: 'staging',
  live: 'production',
  production: 'production',
};

/** The environment a configured value names (any case, trimmed), if it names one. */
const configuredEnvironment = (value: unknown): Environment | undefined =>
  typeof value === 'string' ? ownValue(CONFIGURED, value.trim().toLowerCase()) : undefined;

/**
 * The app's configured environment: 'dev' -> 'development', 'staging' -> 'staging', 'live' ->
 * 'production'; the three target names are accepted as they are (any case); anything else gives
 * 'development'.
 */
export const environmentFromConfig = (value: unknown): Environment => configuredEnvironment(value) ?? 'development';

/** True for a configured environment {@link environmentFromConfig} knows (any case). */
export const isConfiguredEnvironment = (value: unknown): boolean => configuredEnvironment(value) !== undefined;

const label = (value: unknown): string => toText(value) ?? (value === null ? 'null' : typeof value);

/** Warns when the configured environment differs from the one derived from the URL; true when they agree. */
export const checkEnvironment = (configured: Environment, derived: Environment, log: LogSink): boolean => {
  if (configured === derived) return true;
  log(LogLevel.warn, Warnings.environmentMismatch(label(configured), label(derived)), { configured, derived });
  return false;
};

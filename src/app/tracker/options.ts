/**
 * Install options with their defaults (spec §9 "Default install options", shared decisions "The
 * library's public face"). The site and environment rules are the domain's.
 */
import { DEFAULT_CONSENT_FREE_AFFILIATES } from '../../domain/tracking/consent';
import type { LogSink } from '../../domain/tracking/log-buffer';
import { environmentFromConfig, type Environment } from '../../domain/tracking/page-context';
import { siteKeyFromCode, trackingSite, type SiteKey } from '../../domain/tracking/sites';
import type { InstallOptions, TrackerEndpoints } from '../tracker-types';

/**
 * PLACEHOLDERS: the spec does not show the collector, the remote log service or the touch-point URL.
 * These invented hosts must be replaced by the shop's configuration (option `endpoints`).
 */
export const PLACEHOLDER_ENDPOINTS = {
  collector: 'https://collector.kaffeeshop-data.net/v2/events',
  remoteLogger: 'https://logs.kaffeeshop-data.net/api/v1/actions',
  exactagTouchPoint: 'https://touchpoint.exactag.kaffeeshop-tracking.net/tp',
} as const;

/** The remote log service's application identity (placeholders; spec §7.10 says they are configurable). */
export const REMOTE_LOG_SERVICE = 'collect-on-track';

export interface ResolvedEndpoints {
  readonly exactagScript: string;
  readonly exactagTouchPoint: string;
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
}

const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

const texts = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : undefined;

const text = (value: unknown, fallback: string): string => (typeof value === 'string' && value !== '' ? value : fallback);

const endpointsFor = (site: SiteKey, given: TrackerEndpoints | undefined): ResolvedEndpoints => {
  const e = given ?? {};
  return {
    exactagScript: text(e.exactagScript, trackingSite(site).cdnUrl),
    exactagTouchPoint: text(e.exactagTouchPoint, PLACEHOLDER_ENDPOINTS.exactagTouchPoint),
    collector: text(e.collector, PLACEHOLDER_ENDPOINTS.collector),
    remoteLogger: text(e.remoteLogger, PLACEHOLDER_ENDPOINTS.remoteLogger),
    shopServices: typeof e.shopServices === 'string' ? e.shopServices.replace(/\/+$/, '') : '',
  };
};

/** The options with every default filled in; an unknown site code falls back to 'de' with a warning. */
export function resolveOptions(options: InstallOptions | undefined, log: LogSink): ResolvedOptions {
  const o: InstallOptions = options !== null && typeof options === 'object' ? options : {};
  const site = siteKeyFromCode(o.site, log);
  return {
    site,
    environment: environmentFromConfig(o.environment ?? 'development'),
    exactag: flag(o.exactag, true),
    gtm: flag(o.gtm, true),
    ttruth: flag(o.ttruth, false),
    listeners: flag(o.listeners, false),
    monitoring: flag(o.monitoring, true),
    newProductIds: flag(o.newProductIds, false),
    consentFreeAffiliates: texts(o.consentFreeAffiliates) ?? DEFAULT_CONSENT_FREE_AFFILIATES,
    allowedOrigins: texts(o.allowedOrigins) ?? [],
    endpoints: endpointsFor(site, o.endpoints),
  };
}

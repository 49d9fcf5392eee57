/** Validation rules that depend on the initial page data: page scope and required parameters (spec §5). */
import { LogLevel, type LogSink } from './log-buffer';
import { asRecord, isFilled, ownValue } from './mapping/clean';
import { CATEGORY_GROUP, SEARCH_RESULT_GROUP, SITE_GROUPS, spelledSiteGroup, toSiteGroup } from './mapping/exactag-site-groups';
import * as Warnings from './warnings';

/** Tracker names a page may list in `scope`. */
export const TRACKER_NAMES = ['gtm', 'exactag', 'ttruth', 'app'] as const;
export type TrackerName = (typeof TRACKER_NAMES)[number];

export type RequiredParameterDestination = 'exactag' | 'dataLayer';

/** The parameters each page group (exactag_site_group: Suchergebnisseite, Category) needs, per destination (spec §5 Required parameters). */
export const REQUIRED_PARAMETERS: Readonly<Record<string, Readonly<Record<RequiredParameterDestination, readonly string[]>>>> = {
  [SEARCH_RESULT_GROUP]: {
    exactag: ['number_of_product_results'],
    dataLayer: [
      'number_of_product_results',
      'number_of_available_product_results',
      'internal_search_fallback',
      'internal_search_campaign',
    ],
  },
  [CATEGORY_GROUP]: {
    exactag: ['number_of_product_results'],
    dataLayer: ['number_of_product_results', 'number_of_available_product_results'],
  },
};

/** The lower-cased tracker names of `scope` (array, or comma-separated string); empty when unrestricted. */
export const parseScope = (scope: unknown): string[] => {
  const parts = typeof scope === 'string' ? scope.split(',') : Array.isArray(scope) ? scope : [];
  return parts
    .filter((part): part is string => typeof part === 'string')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
};

/** Warns about a site group none of spec §2's: the affiliate tracker's rules (the wait, the consent-free rule, the lead) match groups by name. */
export const checkSiteGroup = (pageData: unknown, log: LogSink): void => {
  const group = spelledSiteGroup(asRecord(pageData).exactag_site_group);
  if (group !== undefined && !(SITE_GROUPS as readonly string[]).includes(group)) log(LogLevel.warn, Warnings.unknownSiteGroup(group));
};

/**
 * Warns about every `scope` entry that names no tracker (a typo like 'gmt'): it still restricts the
 * page (a typo must not widen tracking), so the tracker meant is skipped, and the warning says why.
 */
export const checkScopeNames = (pageData: unknown, log: LogSink): void => {
  for (const name of parseScope(asRecord(pageData)['scope'])) {
    if (!(TRACKER_NAMES as readonly string[]).includes(name)) log(LogLevel.warn, Warnings.unknownScopeName(name));
  }
};

/**
 * Whether `tracker` may run on the page. A page whose scope lists trackers restricts tracking to them;
 * a tracker not listed is skipped with `Warnings.pageScopeExcludes(tracker)`. No scope means no restriction.
 */
export const isTrackerInScope = (pageData: unknown, tracker: TrackerName, log: LogSink): boolean => {
  const scope = parseScope(asRecord(pageData)['scope']);
  if (scope.length === 0 || scope.includes(tracker.toLowerCase())) return true;
  log(LogLevel.warn, Warnings.pageScopeExcludes(tracker));
  return false;
};

/**
 * Warns `Warnings.requiredParameterMissing` for each parameter the page group needs for `destination`
 * and that the page data lacks (0 and false count as present, a text of white space only as missing).
 * Returns the missing names.
 */
export const checkRequiredParameters = (
  pageData: unknown,
  destination: RequiredParameterDestination,
  log: LogSink,
): string[] => {
  const record = asRecord(pageData);
  if (typeof record['exactag_site_group'] !== 'string') return [];
  // The group as every affiliate rule reads it: 'category' is the spec's 'Category'.
  const pageGroup = toSiteGroup(record['exactag_site_group']);
  const required = ownValue(REQUIRED_PARAMETERS, pageGroup)?.[destination] ?? [];
  const missing = required.filter((parameter) => !isFilled(record[parameter]));
  for (const parameter of missing) log(LogLevel.warn, Warnings.requiredParameterMissing(parameter, pageGroup, destination));
  return missing;
};

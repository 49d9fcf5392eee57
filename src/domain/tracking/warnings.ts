/**
 * Every text the tracking library logs, quoted from the tracking spec (§5 validation, §8 error
 * catalogue). Nothing here is shown to shoppers. Keep the wording exactly as the spec gives it,
 * typos included ("At least on of them"): shop engineers search their logs for these strings.
 */
export const Warnings = {
  customEventCategoryActionRequired:
    'To push a custom event the parameters event_category and event_action are required. At least on of them is absent.',
  quickbuyWebshopStyle:
    'The Properties quickbuy and webshop_style have to be passed as boolean or as "true" / "false". Random strings can not be processed.',
  eventTypeMismatch: (expected: string, got: string) =>
    `event_type has to be "${expected}" but was "${got}".`,
  pageScopeExcludes: (tracker: string) =>
    `The page data restricts the scope and excludes ${tracker}. ${tracker} tracking is skipped.`,
  requiredParameterMissing: (parameter: string, pageGroup: string, destination: string) =>
    `The parameter ${parameter} is required on ${pageGroup} pages for ${destination} but is missing.`,
  cotcsTooShort: (cotcs: string) =>
    `The cotcs parameter "${cotcs}" needs at least source level 1 and source level 2. The referrer is used instead.`,
  eventBeforePageData: (kind: string) =>
    `${kind} was pushed before the initial page data. It is queued and sent after pushInitialPageData.`,
  consentMissing: (destination: string) =>
    `No consent for ${destination} yet. The push waits for consent.`,

  customerDataFetchFailed: 'Error while retrieving CustomerFrontendData',
  customerDataNull: 'CustomerFrontendData is null.',
  exactagFailed: 'Exception has occurred during Exactag tracking',
  afterRetries: 'Exception has occurred after retries',
  touchPointFailed: (status: number | string) => `Exactag touch point request failed with status ${status}`,
  userKeyMissing: 'UserKey has not been passed. Exactag touch point request has not been sent',
  storageUnparseable: (key: string) => `The stored entry ${key} could not be parsed and has been removed.`,
  storageQuotaExceeded: (kept: number, dropped: number) =>
    `Storage quota exceeded: kept the ${kept} newest product history entries, dropped ${dropped}.`,
  firstPartyFailed: (status: number | string, text: string) =>
    `First-party tracking request failed: ${status} ${text}`.trimEnd(),
  firstPartySucceeded: 'First-party tracking request has been sent successfully.',
  tokenCookieUnparseable: 'The long-term token cookie could not be parsed.',
  pushSucceeded: (method: string) => `${method} has been executed successfully.`,
  pushFailed: (method: string, cause: string) => `${method} has been executed with errors: ${cause}`,
  alreadyInstalled:
    'A collectOnTrackApi instance has already been installed. If you want to reinstall please use the reset() method.',
  environmentMismatch: (configured: string, derived: string) =>
    `The configured environment "${configured}" does not match the environment "${derived}" derived from the URL.`,
  resetSucceeded: "collectOnTrackApi's state has been reset successfully",
  notInstalled: "CollectOnTrackApi hasn't been installed.",
  browserOnly: 'This method can only be run in a browser environment',
  serverSide: 'This is SSR',
  noPsdataOnLocalhost: 'No psdata available on localhost',
  retryTimeout: (ms: number) => `Timeout after ${ms}ms`,
  allRetriesFailed: 'All retries failed',
  notRetryable: 'Met not retryable error',
  unknownMessage: (name: string) => `Unknown message event_name "${name}" is ignored.`,
  productIdLookupFailed: (status: number | string) => `Product id lookup failed with status ${status}`,
  noMappingsFound: 'No mappings found in the response for requested IDs',
  fetchFailed: (url: string, status: number | string) => `Request to ${url} failed with status ${status}`,
} as const;

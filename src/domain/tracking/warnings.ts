/**
 * Every text the tracking library logs, quoted from the tracking spec (§5 validation, §8 error
 * catalogue). Nothing here is shown to shoppers. Keep the wording exactly as the spec gives it,
 * typos included ("At least on of them"): shop engineers search their logs for these strings.
 */
import { unseenEscaped } from '../text/visible';
export const customEventCategoryActionRequired = 'To push a custom event the parameters event_category and event_action are required. At least on of them is absent.';
export const quickbuyWebshopStyle = 'The Properties quickbuy and webshop_style have to be passed as boolean or as "true" / "false". Random strings can not be processed.';
export const eventTypeMismatch = (expected: string, got: string) =>
  `event_type has to be "${expected}" but was "${got}".`;
export const pageScopeExcludes = (tracker: string) =>
  `The page data restricts the scope and excludes ${tracker}. ${tracker} tracking is skipped.`;
export const requiredParameterMissing = (parameter: string, pageGroup: string, destination: string) =>
  `The parameter ${parameter} is required on ${pageGroup} pages for ${destination} but is missing.`;
export const cotcsTooShort = (cotcs: string) =>
  `The cotcs parameter "${cotcs}" needs at least source level 1 and source level 2. The referrer is used instead.`;
export const eventBeforePageData = (kind: string) =>
  `${kind} was pushed before the initial page data. It is queued and sent after pushInitialPageData.`;
export const consentMissing = (destination: string) =>
  `No consent for ${destination} yet. The push waits for consent.`;
export const customerDataFetchFailed = 'Error while retrieving CustomerFrontendData';
export const customerDataNull = 'CustomerFrontendData is null.';
export const exactagFailed = 'Exception has occurred during Exactag tracking';
export const afterRetries = 'Exception has occurred after retries';
export const touchPointFailed = (status: number) => `Exactag touch point request failed with status ${status}`;
export const reportFailed = (status: number) => `Error report request failed with status ${status}`;
export const reportDropped = (inFlight: number) => `Error report dropped: ${inFlight} reports are still on their way to the log service.`;
export const userKeyMissing = 'UserKey has not been passed. Exactag touch point request has not been sent';
export const storageUnparseable = (key: string) => `The stored entry ${key} could not be parsed and has been removed.`;
export const storageQuotaExceeded = (kept: number, dropped: number) =>
  `Storage quota exceeded: kept the ${kept} newest product history entries, dropped ${dropped}.`;
export const firstPartyFailed = (status: number | string, text: string) =>
  `First-party tracking request failed: ${status} ${text}`.trimEnd();
/** A failure line for an answer that refuses the event itself: told apart from one that is tried again. */
export const firstPartyDropped = (failure: string) => `${failure} (the collector refuses this event: it is dropped, not sent again)`;
export const firstPartySucceeded = 'First-party tracking request has been sent successfully.';
export const tokenCookieUnparseable = 'The long-term token cookie could not be parsed.';
export const pushSucceeded = (method: string) => `${method} has been executed successfully.`;
/** A push accepted and sent nowhere, after the warning that says why (our text). */
export const pushSentNothing = (method: string) => `${method} has been executed without sending anything.`;
export const pushFailed = (method: string, cause: string) => `${method} has been executed with errors: ${cause}`;
export const alreadyInstalled = 'A collectOnTrackApi instance has already been installed. If you want to reinstall please use the reset() method.';
export const environmentMismatch = (configured: string, derived: string) =>
  `The configured environment "${configured}" does not match the environment "${derived}" derived from the URL.`;
export const resetSucceeded = "collectOnTrackApi's state has been reset successfully";
export const notInstalled = "CollectOnTrackApi hasn't been installed.";
export const browserOnly = 'This method can only be run in a browser environment';
export const serverSide = 'This is SSR';
export const noPsdataOnLocalhost = 'No psdata available on localhost';
export const retryTimeout = (ms: number) => `Timeout after ${ms}ms`;
export const allRetriesFailed = 'All retries failed';
export const notRetryable = 'Met not retryable error';
export const unknownMessage = (name: string) => `Unknown message event_name "${name}" is ignored.`;
export const messageNotText = (name: string) =>
  `Window message "${name}" is an object and is ignored: the library takes JSON texts, JSON.stringify({ event_name, message }).`;
export const messageNotJson = (start: string) => `A window message naming event_name is not valid JSON and is ignored: ${start}`;
export const messageWithoutBody = (name: string) => `Window message "${name}" has no message and is ignored.`;
export const messageBodyNotObject = (name: string, shown: string) =>
  `Window message "${name}" has a message that is not an object (${shown}) and is ignored.`;
export const messageNameNotText = (name: string) => `A window message whose event_name is not a text (${name}) is ignored.`;
export const messageFromOtherOrigin = (origin: string) =>
  origin === 'null'
    ? 'Messages from origin null (a frame sandboxed without allow-same-origin, or a file or data URL) are ignored: such a frame needs allow-same-origin to be tracked.'
    : `Messages from ${origin} are ignored: the origin is not in the install option allowedOrigins.`;
export const productIdLookupFailed = (status: number | string) => `Product id lookup failed with status ${status}`;
export const noMappingsFound = 'No mappings found in the response for requested IDs';
/** Not a spec message: the single lookup's counterpart of `noMappingsFound` (docs/decisions.md). */
export const noProductIdFound = (id: string) => `No productId found in the response for requested ID ${id}`;
export const fetchFailed = (url: string, status: number) => `Request to ${url} failed with status ${status}`;
/** A request that got no answer at all (offline, blocked, timed out): the cause, not a status. */
export const noAnswer = (request: string, cause: string) => `${request} got no answer: ${cause}`;
export const leadWithoutId = 'LeadData has no lead_id, and the page data names no lead either: nothing is sent.';
export const itemListWithoutIds =
  'ItemListData has no product id (items: a list of ids, of { item_id } objects, or a comma-separated text): nothing is sent.';
export const answerNotJson = (url: string, cause: string) => `The answer of ${url} is not JSON: ${cause}`;
/** Ours: what GA4 would drop without a word (its limits, not the spec's). */
export const ga4ItemsOverLimit = (event: string, count: number) => `The GA4 entry ${event} has ${count} items; GA4 keeps the first 200 of an event.`;
export const ga4ValueWithoutCurrency = (event: string, value: number) =>
  `The GA4 entry ${event} has a value (${value}) but no currency: GA4 records no revenue for it. Push ecommerce.currency (ISO 4217, e.g. EUR).`;
export const currencyNotIso = (event: string, currency: string) =>
  `The e-commerce event ${event} has the currency "${currency}", which is no ISO 4217 code: GA4 and Exactag may record no revenue for it. Push ecommerce.currency as its three capital letters (e.g. EUR, CHF, PLN).`;
// Ours (the spec gives no text): a push that is not an object, and a number or flag left out as absent.
/** Our text: an events-mode client cannot post data that JSON cannot write. */
export const messageNotWritten = (kind: string, cause: string) => `The ${kind} could not be written as a window message: ${cause}`;
export const entityNotAnObject = (kind: string) => `${kind === 'InitialPageData' ? 'Page data' : kind} must be an object.`;
/** A push that resolved while it (or part of it) waits: its success or failure is logged once it is delivered. */
export const pushWaiting = (method: string) => `${method} has been accepted and waits for the page data, for consent or for an e-commerce event.`;
/**
 * A value as a warning names it: its text, cut after 100 characters; never throws (a null-prototype
 * object has no text, a list nested thousands deep overflows the stack, a proxy's trap may throw).
 */
export const shownValue = (value: unknown): string => {
  let text: string;
  try {
    text = String(value);
  } catch {
    text = typeof value;
  }
  // Not between the two halves of a character written as a surrogate pair.
  const cut = /[\uD800-\uDBFF]/.test(text.charAt(99)) ? 99 : 100;
  return text.length > 100 ? `${text.slice(0, cut)}…` : text;
};

/** A list as JSON (`String([])` names nothing), anything else as {@link shownValue}. */
const shownOptions = (value: unknown): string => {
  if (!Array.isArray(value)) return shownValue(value);
  try {
    return shownValue(JSON.stringify(value));
  } catch {
    return shownValue(value);
  }
};

/** `kind`: 'install' or 'client'. */
export const optionsNotAnObject = (kind: string, value: unknown) =>
  `The ${kind} options "${shownOptions(value)}" are not an object: every option keeps its default.`;
export const unknownOption = (key: string, kind = 'install') => `The ${kind} option "${key}" is unknown and is ignored.`;
/** An emitter that is absent (`undefined`) or not a name. */
export const clientEmitterNoName = (value: unknown) =>
  `${value === undefined ? 'The client has no emitter option' : `The client option emitter "${shownValue(value)}" is not a name`}: each push sends the emitter its data carries.`;
/** A window message's emitter (its JSON) that is neither a text with a visible character nor a number. */
export const messageEmitterNoName = (json: string) =>
  `The message's emitter ${json} is not a name (a text or a number): the data is tracked with the emitter it carries.`;
/** A version that is given but is neither a text with a visible character nor a number. */
export const clientVersionUnusable = (value: unknown, fallback: string) =>
  `The client option version "${shownValue(value)}" is not a version (a text with a visible character, or a number): the library's client version ${fallback} is sent.`;
/** Our text: origins given while the window-message listener is off. */
export const originsWithoutListeners = 'The install option allowedOrigins has no effect without listeners: true; window messages are not listened to.';
/** An option value that is not valid: `fallback` is used instead, or without one the value is ignored. */
export const invalidOption = (key: string, value: unknown, fallback?: unknown) =>
  `The install option ${key} "${shownValue(value)}" is invalid. ${fallback === undefined ? 'It is ignored.' : `The default ${String(fallback)} is used.`}`;
export const invalidTargetOrigin = (value: unknown) =>
  `The client option targetOrigin "${shownValue(value)}" is not an origin (like https://www.example.com) or '*'; nothing is posted.`;
export const customEventNameRequired = 'A custom event needs event_name (GA4 form), or event_category and event_action (legacy form).';
export const unknownScopeName = (name: string) => `The page scope names "${name}", which is no tracker (gtm, exactag, ttruth, app).`;
/** A site group none of spec §2's: sent as given, without the rules of a group (a typo like `Order_Confirmation`). */
export const unknownSiteGroup = (name: string) =>
  `The exactag_site_group "${unseenEscaped(name)}" is none of the known site groups: no rule of a group applies to this page.`;
export const appContextSuppresses = 'App context: web tracking is off on this page; events go to the app bridge only.';
export const eventsModeNotFramed =
  "The client's events mode posts to the parent window, but this page is not in a frame: its events reach only a tracker installed on this page with listeners: true.";
export const invalidClientMode = (value: unknown) => `The client option mode "${shownValue(value)}" is not 'direct' or 'events'; 'direct' is used.`;
export const ecommerceAtTopLevel =
  'The e-commerce data (items, value, currency, transaction_id) belongs in the event\'s ecommerce object, not beside event.';
export const ecommerceInUniversalForm = (keys: readonly string[]) =>
  `The e-commerce data is in the Universal Analytics form (${keys.join(', ')}); the library takes the GA4 form: items, value, currency and transaction_id in the event's ecommerce object.`;
export const purchaseWithoutData =
  'A purchase needs its e-commerce data (ecommerce.transaction_id, value, currency, items): nothing is sent.';
export const droppedByReset = (method: string) => `${method} was still waiting when the tracker was reset; it is not sent.`;
/** A push delivered in part (its page view to the data layer, say) whose other part still waited. */
export const partDroppedByReset = (method: string) =>
  `${method} was still waiting in part when the tracker was reset; what was delivered stays, the rest is not sent.`;
export const valueLeftOut = (field: string, expected: string) => `The value of ${field} is not a valid ${expected} and is treated as absent.`;
export const fieldsOfOtherForm = (legacy: boolean, paths: readonly string[]) =>
  legacy
    ? `A custom event in the legacy form (event_category, event_action) leaves out the GA4-form fields ${paths.join(', ')}: its GA4 entry is derived from its category and action.`
    : `A custom event in the GA4 form (event_name) leaves out the legacy-form fields ${paths.join(', ')}.`;
export const fieldsUnknown = (kind: string, paths: readonly string[]) =>
  `${kind} has fields the library does not know (${paths.join(', ')}): the data layer and the affiliate tracker leave them out.`;

/** Every text above in one object (tests, and callers that want them all). The library imports the texts one by one, so a minifier can shorten their names. */
export const Warnings = {
  customEventCategoryActionRequired,
  quickbuyWebshopStyle,
  eventTypeMismatch,
  pageScopeExcludes,
  requiredParameterMissing,
  cotcsTooShort,
  eventBeforePageData,
  consentMissing,
  customerDataFetchFailed,
  customerDataNull,
  exactagFailed,
  afterRetries,
  touchPointFailed,
  reportFailed,
  reportDropped,
  userKeyMissing,
  storageUnparseable,
  storageQuotaExceeded,
  firstPartyFailed,
  firstPartyDropped,
  firstPartySucceeded,
  tokenCookieUnparseable,
  pushSucceeded,
  pushSentNothing,
  pushFailed,
  alreadyInstalled,
  environmentMismatch,
  resetSucceeded,
  notInstalled,
  browserOnly,
  serverSide,
  noPsdataOnLocalhost,
  retryTimeout,
  allRetriesFailed,
  notRetryable,
  unknownMessage,
  messageNotText,
  messageNotJson,
  messageWithoutBody,
  messageBodyNotObject,
  messageNameNotText,
  messageFromOtherOrigin,
  productIdLookupFailed,
  noMappingsFound,
  noProductIdFound,
  fetchFailed,
  noAnswer,
  entityNotAnObject,
  messageNotWritten,
  valueLeftOut,
  answerNotJson,
  ga4ItemsOverLimit,
  ga4ValueWithoutCurrency,
  currencyNotIso,
  itemListWithoutIds,
  leadWithoutId,
  fieldsUnknown,
  fieldsOfOtherForm,
  droppedByReset,
  ecommerceAtTopLevel,
  ecommerceInUniversalForm,
  purchaseWithoutData,
  invalidTargetOrigin,
  eventsModeNotFramed,
  invalidClientMode,
  clientVersionUnusable,
  customEventNameRequired,
  unknownScopeName,
  unknownSiteGroup,
  appContextSuppresses,
  unknownOption,
  originsWithoutListeners,
  invalidOption,
} as const;

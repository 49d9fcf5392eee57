/**
 * The customer frontend data (spec §7.1) and the page's psdata (§7.2). The customer data is fetched
 * once and shared by every caller, also by callers that ask while the request is under way; a failure
 * logs 'Error while retrieving CustomerFrontendData' and gives null (the domain's rules read null as
 * "no tracking data").
 */
import type { Clock } from '../../ports/clock';
import type { HttpClient } from '../../ports/http-client';
import { LogLevel, type LogSink } from '../../domain/tracking/log-buffer';
import { isRecord } from '../../domain/tracking/mapping/clean';
import { LookupHeader, DEFAULT_MARKER } from '../../domain/tracking/product-id-lookup';
import { trackingSite } from '../../domain/tracking/sites';
import * as Warnings from '../../domain/tracking/warnings';
import { withDeadlines } from './deadline';
import { causeText } from './log';

export const CUSTOMER_DATA_PATH = '/service/customerfrontenddata/api/v1/psdata';
export const PSDATA_PATH = '/json/psdata';

/** The CSRF header's value: the spec sends a placeholder, not a real token. */
export const CSRF_PLACEHOLDER = 'cot-csrf-placeholder';

/** The global the psdata answer is exposed under, for the page's other scripts. */
export const PSDATA_GLOBAL = 'collectOnTrackPsdata';

export interface CustomerDataDeps {
  readonly http: HttpClient;
  readonly log: LogSink;
  readonly site: string;
  /** The long-term token cookie's raw value (read when the request is made). */
  readonly token: () => string | undefined;
  /** Prefix of the shop's services ('' = same origin). */
  readonly baseUrl: string;
  /** Times the request out (`SERVICE_TIMEOUT_MS`). */
  readonly clock: Clock;
}

export interface CustomerDataSource {
  /**
   * The customer data, or null when it could not be fetched or did not come in time (a late answer
   * serves the callers after it). Never rejects.
   */
  get(): Promise<unknown>;
  /** The customer data once its answer came (null when it could not be fetched), `undefined` until then. */
  known(): unknown;
}

/** A header value fetch accepts: a token with characters beyond Latin-1 (a name in it) is sent percent-encoded. */
const headerValue = (text: string): string => (/[^\u0000-\u00ff]/.test(text) ? encodeURIComponent(text) : text);

/** The request headers of the customer-data call (the spec names them, not their spelling: the token and CSRF names are ours). */
export const customerDataHeaders = (site: string, token: string | undefined): Record<string, string> => ({
  Accept: 'application/json',
  [LookupHeader.site]: trackingSite(site).key.toUpperCase(),
  'x-long-term-token': headerValue(token ?? ''),
  'x-csrf-token': CSRF_PLACEHOLDER,
  [LookupHeader.marker]: DEFAULT_MARKER,
});

const NOT_JSON = Symbol('not JSON');

/**
 * A customer-data source that asks the service at most once. The request and its answer's body get
 * 5 s, then the request is aborted: a service that answers slowly or trickles its body must not keep
 * a connection to the shop's host (each reset asks again, and six such held every request of the shop).
 */
export function createCustomerDataSource(deps: CustomerDataDeps): CustomerDataSource {
  const http = withDeadlines(deps.http, deps.clock);
  let pending: Promise<unknown> | undefined;
  const fetchOnce = async (): Promise<unknown> => {
    const url = `${deps.baseUrl}${CUSTOMER_DATA_PATH}`;
    try {
      const response = await http.send({ method: 'GET', url, headers: customerDataHeaders(deps.site, deps.token()) });
      if (!response.ok) {
        deps.log(LogLevel.error, Warnings.customerDataFetchFailed, { status: response.status, text: Warnings.fetchFailed(url, response.status) });
        return null;
      }
      // An answer that is no customer data (a list, a text, no tracking object) is none: it logs as such.
      const data: unknown = await response.json();
      return isRecord(data) && isRecord(data.tracking) ? data : null;
    } catch (error) {
      deps.log(LogLevel.error, Warnings.customerDataFetchFailed, causeText(error));
      return null;
    }
  };
  let answered: { readonly value: unknown } | undefined;
  return {
    get: () =>
      (pending ??= fetchOnce().then((value) => {
        answered = { value };
        return value;
      })),
    known: () => answered?.value,
  };
}

export interface PsdataDeps {
  readonly http: HttpClient;
  readonly clock: Clock;
  readonly log: LogSink;
  readonly baseUrl: string;
  readonly isLocalhost: boolean;
  /** Where the answer goes (browser: `window[PSDATA_GLOBAL]`). */
  readonly expose: (data: unknown) => void;
}

/**
 * GET /json/psdata (no headers) and expose the answer; skipped on localhost. Never rejects. Given up
 * and aborted after 5 s, its body included, as the customer data is.
 */
export async function loadPsdata(deps: PsdataDeps): Promise<void> {
  if (deps.isLocalhost) {
    deps.log(LogLevel.info, Warnings.noPsdataOnLocalhost);
    return;
  }
  const url = `${deps.baseUrl}${PSDATA_PATH}`;
  try {
    const response = await withDeadlines(deps.http, deps.clock).send({ method: 'GET', url });
    if (!response.ok) {
      deps.log(LogLevel.warn, Warnings.fetchFailed(url, response.status));
      return;
    }
    const data = await response.json().catch((error: unknown) => {
      // A connection lost while the body is read is no answer (below), not an answer that is not JSON.
      if (!(error instanceof SyntaxError)) throw error;
      deps.log(LogLevel.warn, Warnings.answerNotJson(url, causeText(error)));
      return NOT_JSON;
    });
    if (data !== NOT_JSON) deps.expose(data);
  } catch (error) {
    deps.log(LogLevel.warn, Warnings.noAnswer(`Request to ${url}`, causeText(error)));
  }
}

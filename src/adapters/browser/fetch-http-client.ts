import type { HttpClient, HttpRequest, HttpResponse } from '../../ports/http-client';
import { jsonText } from '../../domain/tracking/json-text';
import { attempt } from './attempt';

/** The JSON of a body; an empty body is `undefined`, anything else that is not JSON throws. */
export const parseJson = (text: string): unknown => (text === '' ? undefined : (JSON.parse(text) as unknown));

/**
 * The JSON of an answer's body. A page's fetch wrapper (a monitoring script) may answer with a
 * look-alike that has `json()` but no `text()`: its `json()` is taken then.
 */
const readJson = async (response: Response): Promise<unknown> =>
  typeof response.text === 'function' ? parseJson(await response.text()) : response.json();

/**
 * `url` resolved against the page's own address, as the endpoints are meant: fetch would resolve a
 * relative one ('/service/…', the default endpoints) against a `<base href>` the page may point at its
 * CDN. Where the address cannot serve as a base (a frame its page wrote, `about:srcdoc`, which takes
 * its framing page's `<base>`; a `blob:` page), a path from the root goes to the page's origin
 * (`self.origin`, when it reads as one: a page variable named `origin` replaces it), and anything else
 * is left to fetch.
 */
const onPage = (url: string, page: string | undefined, origin: string | undefined): string => {
  if (/^https?:/i.test(url)) return url;
  try {
    if (page !== undefined) return new URL(url, page).href;
  } catch {
    // not a base: below
  }
  return url.startsWith('/') && !url.startsWith('//') && origin !== undefined && isOrigin(origin) ? origin + url : url;
};

const isOrigin = (text: string): boolean => {
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
};

/**
 * The page's origin (`self.origin`); in a frame sandboxed without `allow-same-origin` that its page
 * wrote (origin 'null', `about:srcdoc`), the nearest framing window's that has one
 * (`location.ancestorOrigins`, where the browser has it; a sandboxed frame between reads 'null'):
 * fetch would resolve a path against the page's `<base href>`, a CDN's host.
 */
export const pageOrigin = (win: Window | undefined): string | undefined => {
  const own = attempt(() => win?.origin);
  if (typeof own === 'string' && isOrigin(own)) return own;
  const framing = attempt(() => Array.from(win?.location.ancestorOrigins ?? []));
  return framing?.find(isOrigin);
};

/**
 * An HttpClient on `fetch`. A body is sent as JSON (with `Content-Type: application/json` unless the
 * caller set one); `credentials` sends cookies cross-origin (`include`) or none (`omit`), otherwise
 * the browser's default (`same-origin`) applies. A network failure rejects; every status resolves.
 */
export class FetchHttpClient implements HttpClient {
  readonly #getFetch: () => typeof fetch | undefined;
  readonly #getPage: () => string | undefined;
  readonly #getOrigin: () => string | undefined;
  constructor(
    getFetch: () => typeof fetch | undefined = () => globalThis.fetch,
    getPage: () => string | undefined = () => globalThis.location?.href,
    getOrigin: () => string | undefined = () => pageOrigin(typeof window === 'undefined' ? undefined : window),
  ) {
    this.#getFetch = getFetch;
    this.#getPage = getPage;
    this.#getOrigin = getOrigin;
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    const fetchFn = this.#getFetch();
    if (typeof fetchFn !== 'function') throw new Error('fetch is not available in this environment');
    const headers: Record<string, string> = { ...request.headers };
    const credentials = request.credentials === 'omit' ? 'omit' : request.credentials ? 'include' : 'same-origin';
    const init: RequestInit = { method: request.method, headers, credentials };
    // A read never from or into the HTTP cache: the answers are the visitor's own, and the browser lets
    // only one request for a URL it may cache run at a time (identical id lookups would queue past their
    // deadline). A POST's answer is never cached anyway, and `no-store` on it would also bypass the CORS
    // preflight cache: a collector on its own host was asked a preflight before every event.
    if (request.method === 'GET') init.cache = 'no-store';
    if (request.body !== undefined) {
      init.body = jsonText(request.body);
      const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
      if (!hasType) headers['Content-Type'] = 'application/json';
    }
    if (request.keepalive) init.keepalive = true;
    if (request.followRedirects === false) init.redirect = 'manual';
    // A real AbortSignal in the browser (the port names only the part it uses).
    if (request.signal) init.signal = request.signal as AbortSignal;
    const response = await fetchFn(onPage(request.url, attempt(this.#getPage), attempt(this.#getOrigin)), init);
    // Read at once, wanted or not: Chromium counts a keepalive request's body against its 64 KiB until
    // the answer's body has been read, so collector answers nobody read made every send after about
    // 90 events fail ('Failed to fetch') for the rest of the page. Every call gets this one parse (or
    // its rejection); one nobody asks for is no unhandled rejection.
    const body = readJson(response);
    body.catch(() => undefined);
    return {
      status: response.status,
      ok: response.ok,
      // A redirect not followed shows no status and no text: the log says what it was.
      statusText: response.type === 'opaqueredirect' ? 'redirect not followed' : response.statusText,
      contentType: (response.headers?.get?.('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase(),
      json: () => body,
    };
  }
}

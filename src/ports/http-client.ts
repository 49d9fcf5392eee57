import type { AbortSignalLike } from './abort-signal';

/** One HTTP request as the domain's callers describe it. */
export interface HttpRequest {
  /** The method; required, no default. */
  method: 'GET' | 'POST';
  /** The absolute or page-relative URL; required, no default. */
  url: string;
  /** Request headers. Default: none. */
  headers?: Record<string, string>;
  /** A JSON-serialisable body, sent as JSON. Default: none. */
  body?: unknown;
  /** Let the request outlive the page (used on `pagehide`). Default: false. */
  keepalive?: boolean;
  /**
   * Send cookies to another origin too (true), or none at all, not even to the page's own origin
   * ('omit'). Default: to the page's own origin only.
   */
  credentials?: boolean | 'omit';
  /** Aborts the request (a caller that stopped waiting for it frees its connection). */
  signal?: AbortSignalLike;
  /**
   * Follow a redirect. Default: true. False: a redirect is the answer, with status 0 (not ok): a POST
   * redirected by 301, 302 or 303 would go on as a GET without its body.
   */
  followRedirects?: boolean;
}

/** The answer, read once. */
export interface HttpResponse {
  /** The HTTP status (any status resolves; only a network failure rejects). */
  status: number;
  /** Whether the status is 2xx. */
  ok: boolean;
  /** The status line's text ('' over HTTP/2). */
  statusText: string;
  /** The body's media type, lower-case, without its parameters (`text/html`); '' when none is named. */
  contentType?: string;
  /**
   * The parsed JSON body (`undefined` for an empty one). Rejects when the body is not JSON (a proxy's
   * or maintenance page's HTML answered with 200) or cannot be read.
   */
  json(): Promise<unknown>;
}

/** HTTP (browser: `fetch`). A network failure rejects; any HTTP status resolves. */
export interface HttpClient {
  /** Sends one request: resolves with the answer whatever its status, rejects on a network failure or an abort. */
  send(request: HttpRequest): Promise<HttpResponse>;
}

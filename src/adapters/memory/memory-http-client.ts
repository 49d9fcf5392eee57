import type { HttpClient, HttpRequest, HttpResponse } from '../../ports/http-client';
import { parseJson } from '../browser/fetch-http-client';

/**
 * A scripted answer: a status with an optional JSON body (or `text`, a raw body read as the fetch
 * adapter reads it: not JSON rejects), or a network failure. `bodyError`: the connection is lost while
 * the body is read (reading it rejects with that message, as fetch's TypeError); `bodyNeverEnds`: the
 * body trickles in for ever (reading it settles only when the request is aborted, with the abort's reason).
 */
export type ScriptedResponse =
  | {
      readonly status: number;
      readonly body?: unknown;
      readonly text?: string;
      readonly statusText?: string;
      readonly contentType?: string;
      readonly bodyError?: string;
      readonly bodyNeverEnds?: boolean;
    }
  | { readonly networkError: string };

type ScriptedAnswer = Exclude<ScriptedResponse, { readonly networkError: string }>;

/** Answers a request; used when no scripted answer matches. */
export type HttpHandler = (request: HttpRequest) => ScriptedResponse | Promise<ScriptedResponse>;

const NOT_FOUND: ScriptedResponse = { status: 404, statusText: 'Not Found' };

const withoutQuery = (url: string): string => url.split(/[?#]/, 1)[0] ?? url;

/** Reads a scripted body as the fetch adapter would; the body is handed out as it is (undefined when absent). */
const readBody = (scripted: ScriptedAnswer, signal: HttpRequest['signal']): Promise<unknown> => {
  if (scripted.bodyError !== undefined) return Promise.reject(new TypeError(scripted.bodyError));
  if (scripted.bodyNeverEnds) {
    return new Promise((_resolve, reject) =>
      signal?.addEventListener('abort', () => reject((signal as { reason?: unknown }).reason ?? new Error('aborted')), { once: true }),
    );
  }
  return scripted.text === undefined ? Promise.resolve(scripted.body) : Promise.resolve(scripted.text).then(parseJson);
};

/** Builds the port's response from a scripted one. */
export const toHttpResponse = (scripted: ScriptedAnswer, signal?: HttpRequest['signal']): HttpResponse => {
  const body = readBody(scripted, signal);
  body.catch(() => undefined);
  return {
    status: scripted.status,
    ok: scripted.status >= 200 && scripted.status < 300,
    statusText: scripted.statusText ?? '',
    contentType: scripted.contentType ?? (scripted.text === undefined && scripted.body === undefined ? '' : 'application/json'),
    json: () => body,
  };
};

/**
 * An HttpClient without a network (tests, benchmark). Answers come, in this order, from the queue
 * scripted for the exact URL, then for the URL without its query, then from the handler, else 404.
 * The last scripted answer of a queue repeats. Every request is recorded.
 */
export class MemoryHttpClient implements HttpClient {
  readonly requests: HttpRequest[] = [];
  private readonly scripted = new Map<string, ScriptedResponse[]>();

  constructor(private readonly handler?: HttpHandler) {}

  /** Scripts the answers for a URL (exact, or without its query), one per request; the last one repeats. */
  on(url: string, ...responses: ScriptedResponse[]): this {
    this.scripted.set(url, responses);
    return this;
  }

  /** The requests sent to a URL (compared without the query when the URL given has none). */
  sentTo(url: string): HttpRequest[] {
    const match = url.includes('?') ? (r: HttpRequest) => r.url === url : (r: HttpRequest) => withoutQuery(r.url) === url;
    return this.requests.filter(match);
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    this.requests.push(request);
    const answer = this.next(request.url) ?? (this.handler ? await this.handler(request) : NOT_FOUND);
    if ('networkError' in answer) throw new TypeError(answer.networkError);
    return toHttpResponse(answer, request.signal);
  }

  private next(url: string): ScriptedResponse | undefined {
    const queue = this.scripted.get(url) ?? this.scripted.get(withoutQuery(url));
    if (!queue || queue.length === 0) return undefined;
    return queue.length > 1 ? queue.shift() : queue[0];
  }
}

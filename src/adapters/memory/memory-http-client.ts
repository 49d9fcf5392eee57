import type { HttpClient, HttpRequest, HttpResponse } from '../../ports/http-client';
import { parseJson } from '../browser/fetch-http-client';

/**
 * A scripted answer: a status with an optional JSON body (or `text`, a raw body read as the fetch
 * adapter reads it: not JSON rejects), or a network failure.
 */
export type ScriptedResponse =
  | { readonly status: number; readonly body?: unknown; readonly text?: string; readonly statusText?: string }
  | { readonly networkError: string };

/** Answers a request; used when no scripted answer matches. */
export type HttpHandler = (request: HttpRequest) => ScriptedResponse | Promise<ScriptedResponse>;

const NOT_FOUND: ScriptedResponse = { status: 404, statusText: 'Not Found' };

const withoutQuery = (url: string): string => url.split(/[?#]/, 1)[0] ?? url;

/** Builds the port's response from a scripted one; the body is handed out as it is (undefined when absent). */
export const toHttpResponse = (scripted: { status: number; body?: unknown; text?: string; statusText?: string }): HttpResponse => ({
  status: scripted.status,
  ok: scripted.status >= 200 && scripted.status < 300,
  statusText: scripted.statusText ?? '',
  json: () => (scripted.text === undefined ? Promise.resolve(scripted.body) : Promise.resolve(scripted.text).then(parseJson)),
});

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
    return toHttpResponse(answer);
  }

  private next(url: string): ScriptedResponse | undefined {
    const queue = this.scripted.get(url) ?? this.scripted.get(withoutQuery(url));
    if (!queue || queue.length === 0) return undefined;
    return queue.length > 1 ? queue.shift() : queue[0];
  }
}

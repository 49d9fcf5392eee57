/**
 * Local HTTP servers on 127.0.0.1, one per origin (a port is an origin): each serves the routes the
 * test gives it and records every request, so the test can wait on what the browser asked for.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';

export interface Answer {
  readonly status?: number;
  readonly type?: string;
  readonly body?: string | Buffer;
  readonly headers?: Record<string, string>;
  /** Answer this long after the request arrived (a slow server). */
  readonly delayMs?: number;
}

export interface RequestRecord {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** A route answers one request; it may read and record what it needs. */
export type Route = (request: RequestRecord) => Answer;

export interface LocalOrigin {
  /** Like `http://127.0.0.1:40123`. */
  readonly origin: string;
  /** Every request so far, in arrival order (CORS preflights included). */
  readonly requests: RequestRecord[];
  /** Adds or replaces the route of a path (query strings are ignored when matching). */
  route(path: string, answer: Route): void;
  /** How many requests asked for `path` with `method` (default GET). */
  count(path: string, method?: string): number;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const pathOf = (url: string | undefined): string => (url ?? '/').split('?')[0] ?? '/';

/** Starts one origin on a free port. */
export async function startOrigin(name: string): Promise<LocalOrigin> {
  const routes = new Map<string, Route>();
  const requests: RequestRecord[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void readBody(request).then((body) => {
      const record: RequestRecord = { method: request.method ?? 'GET', path: pathOf(request.url), headers: request.headers, body };
      requests.push(record);
      let answer: Answer;
      try {
        answer = routes.get(record.path)?.(record) ?? { status: 404, type: 'text/plain', body: `${name}: no route for ${record.path}` };
      } catch (error) {
        answer = { status: 500, type: 'text/plain', body: String(error) };
      }
      setTimeout(() => {
        response.writeHead(answer.status ?? 200, {
          'Content-Type': answer.type ?? 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
          ...answer.headers,
        });
        response.end(answer.body ?? '');
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    route: (path, answer) => {
      routes.set(path, answer);
    },
    count: (path, method = 'GET') => requests.filter((r) => r.path === path && r.method === method).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** CORS headers that let `origin` call with any method and headers (the collector is cross-origin). */
export const corsHeaders = (request: RequestRecord): Record<string, string> => ({
  'Access-Control-Allow-Origin': String(request.headers.origin ?? '*'),
  'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
  'Access-Control-Allow-Headers': String(request.headers['access-control-request-headers'] ?? '*'),
  'Access-Control-Max-Age': '600',
  Vary: 'Origin',
});

/** A cross-origin collector that takes every event: its preflight, then a JSON `{}` with 200. */
export const acceptingCollector: Route = (request) =>
  request.method === 'OPTIONS' ? { status: 204, headers: corsHeaders(request) } : { status: 200, type: 'application/json', body: '{}', headers: corsHeaders(request) };

/** The consent cookie's value with every group granted (statistics C0003 and marketing C0004). */
const ALL_GROUPS_GRANTED = 'groups%3DC0001%3A1%2CC0003%3A1%2CC0004%3A1';

/** A browser context (a visitor) that granted every consent group on the host of `origin`. */
export async function consentingContext(browser: Browser, origin: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'OptanonConsent', value: ALL_GROUPS_GRANTED, domain: new URL(origin).hostname, path: '/' }]);
  return context;
}

/** A shop page that loads the library's IIFE build from the shop's own origin. */
export const SHOP_PAGE =
  '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Shop</title><script src="/lib/collect-on-track.iife.js"></script></head><body></body></html>';

/**
 * The shop's origin, serving the library's IIFE (`script`) and `SHOP_PAGE` at each of `pages`, and a
 * collector on an origin of its own that takes every event.
 */
export async function startShopAndCollector(script: string, pages: readonly string[]): Promise<{ shop: LocalOrigin; collector: LocalOrigin }> {
  const [shop, collector] = await Promise.all([startOrigin('shop'), startOrigin('collector')]);
  shop.route('/lib/collect-on-track.iife.js', () => ({ type: 'text/javascript', body: script }));
  for (const page of pages) shop.route(page, () => ({ body: SHOP_PAGE }));
  collector.route('/collect', acceptingCollector);
  return { shop, collector };
}

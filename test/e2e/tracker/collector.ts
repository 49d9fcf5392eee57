/**
 * A fake first-party collector (cross-origin, with CORS) that answers 503 while it is failing and
 * 200 after, and records every event request with the event id the outbox sent.
 */
import type { Page } from 'playwright-core';
import { OUTBOX_DB, OUTBOX_STORE } from '../../../src/adapters/browser/idb-outbox';
import { corsHeaders, type Answer, type LocalOrigin } from './origins';

export interface CollectorHit {
  /** The outbox's id of the event (`event_id` in the body). */
  readonly id: string;
  readonly status: number;
  /** What the event was: the page name of a page view, else the click target. */
  readonly label: string;
}

export interface FakeCollector {
  readonly url: string;
  /** Every event request, in arrival order (CORS preflights are not events). */
  readonly hits: CollectorHit[];
  /** Answer 503 (true, the start) or 200 (false). */
  failing: boolean;
  /**
   * Answer 302 to the origin's `/offline.html`, which answers 200 (a gateway's sign-in or offline
   * page): the browser follows it as a GET, without the event.
   */
  redirecting: boolean;
  /** How long the collector takes to answer (0, the start: at once). */
  delayMs: number;
  /** Distinct event ids seen. */
  seen(): Set<string>;
  /** The hits answered 2xx, in order. */
  acknowledged(): CollectorHit[];
}

const labelOf = (body: Record<string, unknown>): string => {
  const event = (body.event ?? {}) as Record<string, unknown>;
  return String(body.event_name === 'pageview' ? event.page_name : event.click_target);
};

/** Serves the collector on `origin` at /collect. */
export function fakeCollector(origin: LocalOrigin): FakeCollector {
  const collector: FakeCollector = {
    url: `${origin.origin}/collect`,
    hits: [],
    failing: true,
    redirecting: false,
    delayMs: 0,
    seen: () => new Set(collector.hits.map((hit) => hit.id)),
    acknowledged: () => collector.hits.filter((hit) => hit.status >= 200 && hit.status < 300),
  };
  origin.route('/collect', (request): Answer => {
    if (request.method === 'OPTIONS') return { status: 204, headers: corsHeaders(request) };
    const body = JSON.parse(request.body) as Record<string, unknown>;
    const status = collector.redirecting ? 302 : collector.failing ? 503 : 200;
    collector.hits.push({ id: String(body.event_id), status, label: labelOf(body) });
    const location: Record<string, string> = status === 302 ? { Location: `${origin.origin}/offline.html` } : {};
    return { status, type: 'application/json', body: '{}', headers: { ...corsHeaders(request), ...location }, delayMs: collector.delayMs };
  });
  origin.route('/offline.html', (request) => ({ status: 200, type: 'text/html', body: '<!doctype html><title>Offline</title>', headers: corsHeaders(request) }));
  return collector;
}

/** How many records wait in the page's first-party outbox (IndexedDB); 0 when it was never created. */
export const outboxSize = (page: Page): Promise<number> =>
  page.evaluate(
    ([dbName, storeName]) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction(storeName, 'readonly').objectStore(storeName).count();
          count.onerror = () => reject(count.error);
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
    [OUTBOX_DB, OUTBOX_STORE] as const,
  );

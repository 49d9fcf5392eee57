/**
 * How long a push waits for a shop service it needs (the customer data, an id lookup) before it goes
 * out without it. A service that never answers must not hold the page's tracking until it is left.
 */
import type { Clock } from '../../ports/clock';
import type { HttpClient } from '../../ports/http-client';
import * as Warnings from '../../domain/tracking/warnings';

export const SERVICE_TIMEOUT_MS = 5000;
/**
 * How long a delivery waits for a third-party script (the affiliate tracker's) to load: a slow CDN's
 * script still counts (an order's delivery is not given up early), a stalled one fails the push.
 */
export const SCRIPT_TIMEOUT_MS = 30_000;

/**
 * `promise`, or a rejection with 'Timeout after {ms}ms' when it has not settled by then (`onTimeout`
 * is told first, to stop the work it stands for).
 */
export function withDeadline<T>(promise: Promise<T>, clock: Clock, ms: number = SERVICE_TIMEOUT_MS, onTimeout?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = clock.schedule(() => {
      onTimeout?.();
      reject(new Error(Warnings.retryTimeout(ms)));
    }, ms);
    promise.then(
      (value) => (clock.cancel(timer), resolve(value)),
      (error: unknown) => (clock.cancel(timer), reject(error)),
    );
  });
}

/**
 * `http` whose every request is given up after `ms` ('Timeout after {ms}ms') and aborted, its answer's
 * body included: a service that takes a request and never answers, or whose answer trickles in,
 * holds neither a push nor one of the browser's six connections to its host (which the shop's own
 * requests need). Reading a body cut off so rejects with the timeout.
 */
export const withDeadlines = (http: HttpClient, clock: Clock, ms = SERVICE_TIMEOUT_MS): HttpClient => ({
  send: (request) => {
    const abort = typeof AbortController === 'function' ? new AbortController() : undefined;
    const stop = (): void => abort?.abort(new Error(Warnings.retryTimeout(ms)));
    const sent = http.send(abort ? { ...request, signal: abort.signal } : request);
    void withDeadline(sent.then((response) => response.json()), clock, ms, stop).catch(noop);
    return withDeadline(sent, clock, ms, stop);
  },
});

const noop = (): void => undefined;

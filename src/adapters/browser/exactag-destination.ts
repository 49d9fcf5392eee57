import { LogLevel, type LogSink } from '../../domain/tracking/log-buffer';
import type { TouchPointRequest } from '../../domain/tracking/mapping/exactag-touch-point';
import * as Warnings from '../../domain/tracking/warnings';
import type { AffiliateTracker } from '../../ports/affiliate-tracker';
import type { Destination } from '../../ports/destination';
import type { HttpClient } from '../../ports/http-client';

/**
 * The affiliate destination: the first `track` loads the tracker's script, every `track` calls its
 * track function, unless the consent was withdrawn while the script loaded; the empty payload
 * (`PREPARE`) loads the script only. Any failure (script not loading, track throwing or its promise
 * rejecting) rejects with the spec's error,
 * 'Exception has occurred during Exactag tracking', carrying the original as `cause`.
 */
export class ExactagDestination implements Destination<Record<string, unknown>> {
  readonly name = 'exactag' as const;
  readonly #tracker: AffiliateTracker;
  readonly #scriptUrl: string;

  constructor(
    tracker: AffiliateTracker,
    scriptUrl: string,
  ) {
    this.#tracker = tracker;
    this.#scriptUrl = scriptUrl;
  }

  /** Always true: `track` itself waits for the script. */
  isReady(): boolean {
    return true;
  }

  async track(payload: Record<string, unknown>, _push?: number, stillAllowed = () => true): Promise<void> {
    // The empty payload only loads the script; a failed load is tried again by the next call.
    if (Object.keys(payload).length === 0) return this.#tracker.load(this.#scriptUrl).catch(() => undefined);
    try {
      await this.#tracker.load(this.#scriptUrl);
      // The consent may have been withdrawn while the script loaded: the call then waits for a grant.
      if (stillAllowed()) await this.#tracker.track(payload);
    } catch (cause) {
      throw new Error(Warnings.exactagFailed, { cause });
    }
  }
}

/**
 * Sends the affiliate touch point (spec §7.6): a cross-origin GET without cookies. A non-OK status
 * logs `Exactag touch point request failed with status {status}`; a network failure logs the same
 * text with the error's message. Never rejects; resolves true when the touch point was accepted.
 */
export async function sendTouchPoint(http: HttpClient, request: TouchPointRequest, log: LogSink): Promise<boolean> {
  try {
    const response = await http.send({ method: 'GET', url: request.url, credentials: false });
    if (!response.ok) log(LogLevel.warn, Warnings.touchPointFailed(response.status), { url: request.url });
    return response.ok;
  } catch (error) {
    log(LogLevel.warn, Warnings.noAnswer('Exactag touch point request', error instanceof Error ? error.message : String(error)), { url: request.url });
    return false;
  }
}

/**
 * The touch-point destination: the pipeline hands it the e-commerce events a touch point is due for
 * (in scope, with consent, once per order); `toRequest` builds the GET (or nothing, after logging why).
 * Never rejects.
 */
export class TouchPointDestination implements Destination<Record<string, unknown>> {
  readonly name = 'exactagTouchPoint' as const;
  readonly #http: HttpClient;
  readonly #log: LogSink;
  readonly #toRequest: (ecommerceEvent: Record<string, unknown>) => TouchPointRequest | null;

  constructor(http: HttpClient, log: LogSink, toRequest: (ecommerceEvent: Record<string, unknown>) => TouchPointRequest | null) {
    this.#http = http;
    this.#log = log;
    this.#toRequest = toRequest;
  }

  isReady(): boolean {
    return true;
  }

  async track(ecommerceEvent: Record<string, unknown>): Promise<void> {
    const request = this.#toRequest(ecommerceEvent);
    if (request) await sendTouchPoint(this.#http, request, this.#log);
  }
}

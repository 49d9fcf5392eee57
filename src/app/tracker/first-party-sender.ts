/**
 * The first-party collector's destination (spec §7.7) over the durable Outbox: a record is put before
 * it is sent and deleted after a 2xx answer; each record is retried every 1000 ms without limit
 * (`RetryPresets.firstPartySend`); records left by an earlier page are resumed; `flush()` sends every
 * waiting record at once with `keepalive` (page hide) while the keepalive bodies in flight stay within
 * the browser's 64 KiB budget; the others stay in the outbox for the next page load. A record has at most one request in flight,
 * and once acknowledged it is never sent again by this sender.
 */
import type { Clock } from '../../ports/clock';
import type { Destination } from '../../ports/destination';
import type { HttpClient } from '../../ports/http-client';
import type { Outbox, OutboxRecord } from '../../ports/outbox';
import type { IdGenerator } from '../../ports/random';
import { LogLevel, type LogSink } from '../../domain/tracking/log-buffer';
import { NonRetryableError, retry, RetryPresets } from '../../domain/tracking/retry';
import * as Warnings from '../../domain/tracking/warnings';
import { causeText } from './log';

type Payload = Record<string, unknown>;

/** The headers of every collector request (spec §7.7). */
export const COLLECTOR_HEADERS: Readonly<Record<string, string>> = {
  Accept: 'application/json',
  'Content-Type': 'application/json',
  'Api-Version': '2',
};

/** The body field carrying the record id, so the collector can recognise a send it already has. */
export const EVENT_ID_FIELD = 'event_id';

/** The browser's limit for the bodies of keepalive requests in flight at once (fetch spec: 64 KiB). */
export const KEEPALIVE_BUDGET_BYTES = 64 * 1024;

const bodyOf = (record: OutboxRecord): Payload => ({ ...record.payload, [EVENT_ID_FIELD]: record.id });
const noop = (): void => undefined;

export interface FirstPartySenderDeps {
  readonly outbox: Outbox;
  readonly http: HttpClient;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly log: LogSink;
  /** The collector's URL. */
  readonly url: string;
}

export class FirstPartySender implements Destination<Payload> {
  readonly name = 'firstParty' as const;
  readonly #started = new Set<string>();
  readonly #waiting = new Map<string, OutboxRecord>();
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #acknowledged = new Set<string>();
  #stopped = false;
  /** Bytes of the keepalive bodies in flight. */
  #keepaliveBytes = 0;
  readonly #deps: FirstPartySenderDeps;

  constructor(deps: FirstPartySenderDeps) {
    this.#deps = deps;
  }

  isReady(): boolean {
    return true;
  }

  /** Stores the payload in the outbox, then starts sending it; resolves once it is stored. */
  async track(payload: Payload): Promise<void> {
    const { outbox, ids, clock, log } = this.#deps;
    const record: OutboxRecord = { id: ids.next(), acceptedAt: clock.now(), payload };
    try {
      await outbox.put(record);
    } catch (error) {
      // Without a durable outbox the event is still sent; it is only lost if the page closes first.
      log(LogLevel.warn, causeText(error), error);
    }
    this.#start(record);
  }

  /** Sends the records an earlier page left in the outbox. */
  async resume(): Promise<void> {
    let records: OutboxRecord[] = [];
    try {
      records = await this.#deps.outbox.all();
    } catch (error) {
      this.#deps.log(LogLevel.warn, causeText(error), error);
    }
    for (const record of records) this.#start(record);
  }

  /** The page is hidden or left: every waiting record not already in flight is sent now, with keepalive. */
  flush(): void {
    for (const record of this.#waiting.values()) {
      if (this.#inFlight.has(record.id)) continue;
      const size = new TextEncoder().encode(JSON.stringify(bodyOf(record))).length;
      // Over the budget the browser fails the request: the record waits, quietly, for the next page load.
      if (this.#keepaliveBytes + size > KEEPALIVE_BUDGET_BYTES) continue;
      this.#keepaliveBytes += size;
      void this.#attempt(record, true)
        .catch(noop)
        .finally(() => (this.#keepaliveBytes -= size));
    }
  }

  /** Ends the retry loops (the runtime is gone); requests in flight still finish. */
  stop(): void {
    this.#stopped = true;
  }

  /** Records known to this sender and not yet acknowledged. */
  get pending(): number {
    return this.#waiting.size;
  }

  #start(record: OutboxRecord): void {
    if (this.#started.has(record.id) || this.#acknowledged.has(record.id)) return;
    this.#started.add(record.id);
    this.#waiting.set(record.id, record);
    retry(() => this.#attempt(record, false), RetryPresets.firstPartySend, this.#deps.clock).catch(() => undefined);
  }

  #attempt(record: OutboxRecord, keepalive: boolean): Promise<void> {
    if (this.#acknowledged.has(record.id)) return Promise.resolve();
    if (this.#stopped) return Promise.reject(new NonRetryableError('stopped'));
    const current = this.#inFlight.get(record.id);
    if (current) return current;
    const request = this.#post(record, keepalive).finally(() => this.#inFlight.delete(record.id));
    this.#inFlight.set(record.id, request);
    return request;
  }

  async #post(record: OutboxRecord, keepalive: boolean): Promise<void> {
    const { http, log, url, outbox } = this.#deps;
    let response;
    try {
      response = await http.send({
        method: 'POST',
        url,
        headers: { ...COLLECTOR_HEADERS },
        body: bodyOf(record),
        keepalive,
      });
    } catch (error) {
      log(LogLevel.error, Warnings.firstPartyFailed('network error', causeText(error)), error);
      throw error;
    }
    if (!response.ok) {
      log(LogLevel.error, Warnings.firstPartyFailed(response.status, response.statusText));
      throw new Error(Warnings.firstPartyFailed(response.status, response.statusText));
    }
    this.#acknowledged.add(record.id);
    this.#waiting.delete(record.id);
    log(LogLevel.success, Warnings.firstPartySucceeded);
    try {
      await outbox.delete(record.id);
    } catch (error) {
      log(LogLevel.warn, causeText(error), error);
    }
  }
}

/**
 * The first-party collector's destination (spec §7.7) over the durable Outbox: a record is put before
 * it is sent and deleted after a 2xx answer; each record is retried every 1000 ms without limit
 * (`RetryPresets.firstPartySend`), except while the collector is down, when one request a second
 * tries for all of them in turn, or no request slot is free, when the oldest waiting record takes the
 * next slot that frees (one timer for the page, not one per record); records left by an earlier page
 * are resumed the same way; `flush()` sends every waiting record at once with `keepalive` (page hide) while the keepalive bodies in flight stay within
 * the browser's 64 KiB budget and {@link MAX_REQUESTS_IN_FLIGHT} requests (records only memory holds
 * go first, whatever the cap); the others stay in the outbox for the next page load. A record has at
 * most one request in flight, and the page at most {@link MAX_REQUESTS_IN_FLIGHT} outside a page hide.
 * A send goes with `keepalive` whenever its body fits the budget (so a page hide does not cancel it),
 * and a record whose request was in flight at a page hide is not sent again by that page's flushes.
 * Once acknowledged a record is never sent again by this sender; an answer that refuses the event
 * itself (a 4xx but 408, 425 and 429) is logged and the record removed as well. Tabs share the outbox: a record is
 * sent only by the page holding its lease (`domain/tracking/outbox-lease.ts`), which it claims or
 * renews before a send and while its request is in flight; a page polls the records another page
 * holds (no request) until it may take them, and reads the outbox again after an acknowledgement (at
 * most once a lease) to find the records of a tab that closed.
 */
import type { Clock, TimerId } from '../../ports/clock';
import type { Destination } from '../../ports/destination';
import type { HttpClient } from '../../ports/http-client';
import type { ClaimAnswer, Outbox, OutboxRecord } from '../../ports/outbox';
import type { IdGenerator } from '../../ports/random';
import { LogLevel, type LogSink } from '../../domain/tracking/log-buffer';
import { needsRenewal, OUTBOX_LEASE_MS } from '../../domain/tracking/outbox-lease';
import { isPermanentRefusal, NonRetryableError, retry, RetryPresets } from '../../domain/tracking/retry';
import * as Warnings from '../../domain/tracking/warnings';
import { withDeadline } from './deadline';
import { causeText } from './log';
import { jsonText } from '../../domain/tracking/json-text';
import type { CollectorConsent } from '../../domain/tracking/consent-groups';
import { asRecord } from '../../domain/tracking/mapping/clean';
import { withConsentNow } from '../../domain/tracking/mapping/first-party';
import { always } from '../../domain/tracking/then-only';

type Payload = Record<string, unknown>;

/** The headers of every collector request (spec §7.7). */
export const COLLECTOR_HEADERS: Readonly<Record<string, string>> = {
  Accept: 'application/json',
  'Content-Type': 'application/json',
  'Api-Version': '2',
};

/**
 * Collector requests one page has in flight at once, and keepalive ones besides at a page hide. The
 * collector shares the shop's host by default, and a browser opens six HTTP/1.1 connections per host:
 * a slow collector must leave the shop's own requests, and the next page's, most of them.
 */
export const MAX_REQUESTS_IN_FLIGHT = 2;
/**
 * How long a send waits for the collector's answer before it counts as failed (and is tried again):
 * long enough for a slow collector (an answer after 30 s is still taken, not sent twice), short
 * enough that one that never answers does not hold the page's events until it is left.
 */
export const COLLECTOR_TIMEOUT_MS = 60_000;

/** The browser's limit for the bodies of keepalive requests in flight at once (fetch spec: 64 KiB). */
export const KEEPALIVE_BUDGET_BYTES = 64 * 1024;

/**
 * The request body: the payload with the record id as `event_id`, so the collector can recognise a
 * send it already has, and `accepted_at` (epoch ms), so it can order and time an event sent late (after
 * an outage, by the next page); without a consent the visitor withdrew since it was stored. Both
 * times are the device's: `sent_at` (epoch ms, this try's) against the collector's own clock at
 * receipt gives the device clock's offset (a phone hours off, or set right between two events).
 */
const bodyOf = (record: OutboxRecord, consent: CollectorConsent | undefined, now: number): Payload => ({
  ...(consent ? withConsentNow(record.payload, consent) : record.payload),
  event_id: record.id,
  accepted_at: record.acceptedAt,
  sent_at: now,
});
const noop = (): void => undefined;
/** The body's size in bytes, as the keepalive budget counts it. */
const bytesOf = (body: Payload): number => new TextEncoder().encode(jsonText(body)).length;
/** The size of the record's body as it would be sent now; Infinity when it cannot be written. */
const sizeOf = (record: OutboxRecord, consent: CollectorConsent | undefined, now: number): number => {
  try {
    return bytesOf(bodyOf(record, consent, now));
  } catch {
    return Infinity;
  }
};
/** Another page holds the record's lease: the loop tries again later, without a request or a log line. */
const HELD = new Error('held by another page');
/** How long the pump leaves a record another page holds before asking for its lease again (ms): half a lease. */
const HELD_ASK_AGAIN_MS = OUTBOX_LEASE_MS / 2;
/** This page has its most requests in flight, or the collector is down: the record waits, without a log line. */
const BUSY = new Error('no request slot free');
/** The send's retry loop (spec §7.7), which a record ends when it has to wait: for a slot, or for another page. */
const UNTIL_BUSY = { ...RetryPresets.firstPartySend, isRetryable: (error: unknown) => error !== BUSY && error !== HELD };

export interface FirstPartySenderDeps {
  readonly outbox: Outbox;
  readonly http: HttpClient;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly log: LogSink;
  /** The collector's URL. */
  readonly url: string;
  /** This page's name on the outbox leases it holds; default: a new id. */
  readonly owner?: string;
  /**
   * The consent granted now, read at each send: a record stored before a withdrawal goes without what
   * it withdrew. `undefined` while the consent is not known: the record goes as stored.
   */
  readonly consentNow?: () => CollectorConsent | undefined;
}

/** The first-party destination plus what the tracker drives it with. */
export interface FirstPartySender extends Destination<Payload> {
  /**
   * Stores the payload in the outbox and starts sending it once stored; resolves then. The record is
   * waiting from the call on, so a `flush()` right after it sends the record.
   */
  track(payload: Payload): Promise<void>;
  /** Sends the records an earlier page left in the outbox. */
  resume(): Promise<void>;
  /**
   * The page is hidden or left (`leaving`, default true: for good): every waiting record not already in
   * flight is sent now, with keepalive. Until `shown()`, a record tracked later (a push from the shop's
   * own visibilitychange listener, which runs after the tracker's) is sent so at once too.
   */
  flush(leaving?: boolean): void;
  /** The page is shown again (back in its tab, or from the back/forward cache): records go their usual way. */
  shown(): void;
  /** Ends the retry loops (the runtime is gone); requests in flight still finish. */
  stop(): void;
  /** Records known to this sender and not yet acknowledged. */
  readonly pending: number;
}

export function createFirstPartySender(deps: FirstPartySenderDeps): FirstPartySender {
  const { outbox, http, clock, ids, log, url } = deps;
  const owner = deps.owner ?? ids.next();
  const started = new Set<string>();
  /**
   * Outbox reads under way, and the ids deleted meanwhile. A deleted record leaves `started` (which
   * would otherwise grow by every event of the page) only once no read is under way that may have seen
   * it before its delete: such a read would start it again.
   */
  let reads = 0;
  let deletedDuringReads: string[] = [];
  const forget = (id: string): void => {
    if (reads === 0) started.delete(id);
    else deletedDuringReads.push(id);
  };
  /** The started records not yet acknowledged: a started record missing here was acknowledged. */
  const waiting = new Map<string, OutboxRecord>();
  const inFlight = new Map<string, Promise<void>>();
  /** Until when this page holds each record's lease, as far as it knows (Infinity: a record only it has, unstored). */
  const leasedUntil = new Map<string, number>();
  let stopped = false;
  /** Since the page's last hide, until it is shown again: true once it is left for good (a pagehide not into the back/forward cache). */
  let hidden: boolean | undefined;
  /** Records this page accepted so far: their order within one millisecond (`domain/tracking/outbox-order.ts`). */
  let seq = 0;
  /**
   * Records whose request was in flight at a page hide. The page's later flushes (pagehide, then
   * visibilitychange) pass them over even once that request has failed: the failure is most likely the
   * hide cancelling a request the collector already has, and a stored record is sent again by the next
   * page once its lease runs out (at-least-once; the collector drops duplicates by `event_id`). One only
   * this page's memory holds is copied to localStorage when the page is left, for the next page alike.
   */
  const inFlightAtHide = new Set<string>();
  /** Bytes of the keepalive bodies in flight (page-hide sends and ordinary sends that fit). */
  let keepaliveBytes = 0;
  /** Keepalive requests of page hides in flight. */
  let keepalives = 0;
  const warn = (error: unknown): void => log(LogLevel.warn, causeText(error), error);

  /**
   * While the collector does not answer (a network failure or a status worth retrying), one request a
   * second tries whether it answers again, taken by the waiting records in turn, instead of one per
   * waiting record: their retry loops wait without a request or a lease claim. The first answer ends
   * it (a 2xx, or a refusal of that one event), and the free request slots then take the oldest
   * waiting records at once (`pump`), so a backlog drains in order.
   */
  let outage = false;
  /**
   * The failure logged during the current outage. Spec §7.7 logs a failed send as an error with its
   * status; a second a retry, the same line again would push every push's outcome out of the 100-entry
   * log within two minutes. A different failure is logged, and so is the next outage's first.
   */
  let outageFailure: string | undefined;
  let probeTimer: TimerId | undefined;
  /**
   * The turn through the waiting records during an outage. Dropped once the collector answers: a live
   * Map iterator keeps every table the Map has outgrown, and with them every payload ever sent.
   */
  let rotation: IterableIterator<OutboxRecord> | undefined;
  const answering = (): void => {
    outage = false;
    outageFailure = undefined;
    rotation = undefined;
    clock.cancel(probeTimer);
    probeTimer = undefined;
  };
  const probeLater = (): void => {
    if (probeTimer === undefined && !stopped) probeTimer = clock.schedule(() => void probe(), RetryPresets.firstPartySend.delayMs);
  };
  const failed = (failure: string): void => {
    if (failure !== outageFailure) log(LogLevel.error, failure);
    outageFailure = failure;
    outage = true;
    probeLater();
  };
  const nextInTurn = (): OutboxRecord | undefined => {
    let next = rotation?.next();
    if (next === undefined || next.done) {
      rotation = waiting.values();
      next = rotation.next();
    }
    return next.done ? undefined : next.value;
  };
  /** Sends the next waiting record this page may send (one another page holds is passed over); the next probe follows a second after. */
  const probe = async (): Promise<void> => {
    probeTimer = undefined;
    // Nothing left to send (another page had the rest): the next event finds out for itself.
    if (waiting.size === 0) answering();
    for (let tries = waiting.size; tries > 0 && outage && !stopped; tries -= 1) {
      const record = nextInTurn();
      if (record === undefined) break;
      // A record whose request is under way answers for itself; one still being stored starts on its own.
      if (inFlight.has(record.id) || storing.has(record.id)) continue;
      try {
        // An answer ends the outage, and this loop; a record found gone sent nothing: the next one tries.
        await turn(record, true);
      } catch (error) {
        if (error !== HELD) break;
      }
    }
    if (outage) probeLater();
  };

  const post = async (record: OutboxRecord, keepalive: boolean): Promise<void> => {
    let response;
    // A page hide cancels the page's ordinary requests (Chromium: 'Failed to fetch'), often after the
    // collector has the event: a send that fits the keepalive budget goes with keepalive, so the page
    // leaving does not cancel it; its body counts in the budget a page hide's sends share.
    let size = 0;
    let outlives = keepalive;
    // A collector that takes the request and never answers would hold the slot, and every event behind
    // it, for the page's life: past the deadline the request is aborted (freeing its connection) and
    // the send counts as failed, to be tried again. Also a page-hide send: its deadline only comes on a
    // page that lives on (a tab switch), whose loop sends the event again.
    const abort = typeof AbortController !== 'function' ? undefined : new AbortController();
    try {
      // Inside the try: a body the page's own JSON methods cannot write (a throwing `Array.prototype.toJSON`)
      // is a failed send, tried again a second later, not a loop that takes the slot back at once.
      const body = bodyOf(record, deps.consentNow?.(), clock.now());
      size = keepalive ? 0 : bytesOf(body);
      outlives = keepalive || keepaliveBytes + size <= KEEPALIVE_BUDGET_BYTES;
      if (!keepalive && outlives) keepaliveBytes += size;
      const sent = http.send({
        method: 'POST',
        url,
        headers: COLLECTOR_HEADERS,
        body,
        keepalive: outlives,
        // Without statistics consent the collector gets no cookies either: the shop's session and
        // long-term token would join the visits of a person who said no, which the body leaves out.
        ...(asRecord(body.consent).C0003 === true ? {} : { credentials: 'omit' as const }),
        // A gateway's sign-in or offline page answered with a redirect: followed, the POST would go on
        // as a GET without the event, and its page's 200 would count as delivered.
        followRedirects: false,
        ...(abort ? { signal: abort.signal } : {}),
      });
      response = await withDeadline(sent, clock, COLLECTOR_TIMEOUT_MS, () => abort?.abort());
      // The event counts with the answer; a body that never ends would hold the connection (and its
      // keepalive bytes in Chromium's count) for the page's life: it is cut off as a silent answer is,
      // and the request's slot stays taken until then (see `attempt`).
      const answerBody = withDeadline(response.json(), clock, COLLECTOR_TIMEOUT_MS, () => abort?.abort()).then(noop, noop);
      if (!keepalive) reading.set(record.id, answerBody);
    } catch (error) {
      // A keepalive request the page saw fail may well have reached the collector: the unload rejects it
      // in the page while the browser still delivers it, and a shop's own pagehide listener, run before
      // the tracker's, lets that rejection arrive first. The hide's flushes pass it over, as one in flight
      // at the hide; its retry loop, on a page that lives on, sends it again.
      if (outlives) inFlightAtHide.add(record.id);
      // The cause is in the line: the error object beside it only printed the library's minified stack.
      failed(Warnings.firstPartyFailed('network error', causeText(error)));
      throw error;
    } finally {
      if (!keepalive && outlives) keepaliveBytes -= size;
    }
    // A page answered with 200 in the collector's place (a service worker's offline page, a captive
    // portal's): no collector answers with HTML, and counted as delivered the event would be removed unsent.
    if (response.ok && response.contentType === 'text/html') {
      const failure = Warnings.firstPartyFailed(response.status, 'an HTML page, not the collector');
      failed(failure);
      throw new Error(failure);
    }
    if (!response.ok) {
      const failure = Warnings.firstPartyFailed(response.status, response.statusText);
      if (!isPermanentRefusal(response.status)) {
        failed(failure);
        throw new Error(failure);
      }
      // The collector refuses this event itself (it answers, so any outage is over): sent again it
      // would be refused again, every second.
      answering();
      log(LogLevel.error, Warnings.firstPartyDropped(failure));
      void remove(record.id);
      throw new NonRetryableError(failure);
    }
    answering();
    log(LogLevel.success, Warnings.firstPartySucceeded);
    lookForOthers();
    // Not waited for: the request slot is free with the answer, however long a busy outbox takes to delete.
    void remove(record.id);
  };

  /** The record is done (acknowledged or refused): never sent again, and deleted once stored. */
  const remove = async (id: string): Promise<void> => {
    waiting.delete(id);
    inFlightAtHide.delete(id);
    leasedUntil.delete(id);
    try {
      await storing.get(id);
      await outbox.delete(id);
      forget(id);
    } catch (error) {
      warn(error);
    }
  };

  /**
   * Records whose lease another page holds (the page before a reload), and when to ask again: until
   * then the pump gives their slots to the others, or this page's own events waited behind them until
   * their leases ran out.
   */
  const heldElsewhere = new Map<string, number>();
  /** Claims (or renews) the record's lease for one lease from now, and notes until when this page holds it. */
  const claimLease = async (id: string): Promise<ClaimAnswer> => {
    const now = clock.now();
    const until = now + OUTBOX_LEASE_MS;
    // An outbox that cannot answer must not hold the event back: it is sent.
    const answer = await outbox.claim(id, { owner, until }, now).catch(() => 'claimed' as const);
    leasedUntil.set(id, answer === 'claimed' ? until : 0);
    if (answer === 'held') heldElsewhere.set(id, now + HELD_ASK_AGAIN_MS);
    else heldElsewhere.delete(id);
    return answer;
  };

  /** Renews the record's lease every half lease while its request is in flight: a slow collector must not let another page send it too. */
  const holdLeaseWhile = (id: string, request: Promise<void>): void => {
    let timer: TimerId | undefined;
    const renew = (): void => {
      void claimLease(id);
      timer = clock.schedule(renew, OUTBOX_LEASE_MS / 2);
    };
    timer = clock.schedule(renew, OUTBOX_LEASE_MS / 2);
    const done = (): void => clock.cancel(timer);
    request.then(done, done);
  };

  /** Requests of the retry loops in flight (keepalive ones are not counted). */
  let sending = 0;
  /** The answers' bodies being read, by record: a request's slot is free once its body is read. */
  const reading = new Map<string, Promise<void>>();
  const refill = (): void => {
    if (!outage) pump();
  };
  const slotFreed = (): void => {
    sending -= 1;
    refill();
  };

  /** Records the pump gave a slot whose turn is still claiming the lease: each holds its slot until its request starts. */
  const claiming = new Set<string>();
  /** Fills the free request slots with the oldest waiting records, rather than waiting for their next turn. */
  const pump = (): void => {
    let free = MAX_REQUESTS_IN_FLIGHT - sending - claiming.size;
    const now = heldElsewhere.size > 0 ? clock.now() : 0;
    for (const record of waiting.values()) {
      if (stopped || free <= 0) return;
      const { id } = record;
      if (inFlight.has(id) || storing.has(id) || claiming.has(id) || (heldElsewhere.get(id) ?? 0) > now) continue;
      free -= 1;
      claiming.add(id);
      always(turn(record).then(undefined, pumpLater), () => claiming.delete(id));
    }
  };
  /**
   * Records waiting without a request or a retry loop of their own (they found no free slot, or
   * another page held them) are taken by the free slots once a second: one timer for the page, not
   * one per record. Not during an outage, whose probe takes them in turn.
   */
  let pumpTimer: TimerId | undefined;
  const pumpLater = (): void => {
    if (pumpTimer !== undefined || stopped) return;
    pumpTimer = clock.schedule(() => {
      pumpTimer = undefined;
      if (outage) return;
      pump();
      if (waiting.size > inFlight.size) pumpLater();
    }, RetryPresets.firstPartySend.delayMs);
  };

  const attempt = (record: OutboxRecord, keepalive: boolean): Promise<void> => {
    if (!waiting.has(record.id)) return Promise.resolve();
    if (stopped) return Promise.reject(new NonRetryableError('stopped'));
    const current = inFlight.get(record.id);
    if (current) return current;
    // No slot free: the record's loop tries again in a second (keeping its lease); a page hide sends it meanwhile.
    if (!keepalive && sending >= MAX_REQUESTS_IN_FLIGHT) return Promise.reject(BUSY);
    // The page is shown again (its loop sends): a later page hide may send the record.
    if (!keepalive) inFlightAtHide.delete(record.id);
    const request = always(post(record, keepalive), () => inFlight.delete(record.id)) as Promise<void>;
    if (!keepalive) {
      sending += 1;
      claiming.delete(record.id);
      // Free once the answer's body is read too: bodies that never end held a connection each, past the cap.
      const free = (): void => {
        const body = reading.get(record.id);
        reading.delete(record.id);
        if (body) void body.then(slotFreed);
        else slotFreed();
      };
      request.then(free, free);
    }
    inFlight.set(record.id, request);
    if (Number.isFinite(leasedUntil.get(record.id) ?? 0)) holdLeaseWhile(record.id, request);
    return request;
  };

  /** Puts of records still being stored: a record's delete waits for its put, so an early answer cannot leave it behind. */
  const storing = new Map<string, Promise<void>>();

  /** Makes the record known: from now on `flush()` sends it. */
  const know = (record: OutboxRecord): boolean => {
    if (started.has(record.id)) return false;
    started.add(record.id);
    waiting.set(record.id, record);
    return true;
  };

  /** One turn of the retry loop (or the outage's probe): claims or renews the lease when it runs low, then sends. */
  const turn = async (record: OutboxRecord, probing = false): Promise<void> => {
    const { id } = record;
    // During an outage only the probe sends; with no slot free the record waits (before any lease claim).
    if ((outage || sending >= MAX_REQUESTS_IN_FLIGHT) && !probing && !stopped && waiting.has(id)) throw BUSY;
    if (!stopped && waiting.has(id) && needsRenewal(leasedUntil.get(id) ?? 0, clock.now())) {
      const answer = await claimLease(id);
      if (answer === 'held') throw HELD;
      // Acknowledged after another page took it over (or the site's data was cleared): no request, so
      // the slot the pump counted for it goes to the next waiting record at once.
      if (answer === 'gone') {
        waiting.delete(id);
        claiming.delete(id);
        if (!probing) refill();
      }
    }
    return attempt(record, false);
  };

  /**
   * The record's retry loop, every second without limit, until it finds no free slot (or the collector
   * down, or another page holding it): then the loop ends and the record waits for a free slot
   * (`pump`, and the page's timer) or the outage's probe. A
   * timer per waiting record kept a page with thousands of them busy every second.
   */
  const loop = (record: OutboxRecord): void => {
    retry(() => turn(record), UNTIL_BUSY, clock).catch(pumpLater);
  };

  /** Reads the outbox and starts the records this page does not know yet; never rejects. */
  const readOutbox = async (): Promise<void> => {
    lastRead = clock.now();
    reads += 1;
    let records: OutboxRecord[] = [];
    try {
      records = await outbox.all();
    } catch (error) {
      warn(error);
    }
    // The free slots take the oldest at once; a retry loop each would first claim every record's lease.
    for (const record of records) know(record);
    pump();
    reads -= 1;
    if (reads === 0) {
      for (const id of deletedDuringReads) started.delete(id);
      deletedDuringReads = [];
    }
  };
  let lastRead = Number.NEGATIVE_INFINITY;
  let readSoon: TimerId | undefined;
  /**
   * After an acknowledgement (the collector answers again) the outbox is read once more, at most once
   * a lease: records a tab closed during an outage left behind are taken over by the tabs still open,
   * not only by the next page load.
   */
  const lookForOthers = (): void => {
    if (stopped || readSoon !== undefined) return;
    readSoon = clock.schedule(() => {
      readSoon = undefined;
      if (!stopped) void readOutbox();
    }, Math.min(OUTBOX_LEASE_MS, Math.max(0, lastRead + OUTBOX_LEASE_MS - clock.now())));
  };

  /**
   * Sends the records (every waiting one at a hide, or one tracked after it) not in flight with
   * keepalive: the page is hidden, or left for good (`leaving`).
   */
  function sendAtHide(records: readonly OutboxRecord[], leaving: boolean): void {
    // A pagehide for good followed by the hidden visibilitychange: the page is still being left.
    const left = (hidden = hidden === true || leaving);
    const now = clock.now();
    // Records only this page's memory holds (their write still open, or failed) would be lost with
    // the page: they go first, in order, whatever the cap. Stored ones beyond it wait for the next load.
    const memoryOnly = (id: string) => storing.has(id) || leasedUntil.get(id) === Number.POSITIVE_INFINITY;
    // A write still open may never commit while the page unloads: the outbox keeps a synchronous copy
    // (its commit removes it). One refused (the outbox moved to memory) never will: its copy is made only
    // when the page is left for good, since another tab would take it and send it beside this page.
    outbox.keepSync?.(records.filter((record) => storing.has(record.id) || (left && memoryOnly(record.id))));
    // Sent already: the request (with keepalive when it fit, so the hide does not cancel it) may reach the collector.
    for (const id of inFlight.keys()) if (waiting.has(id)) inFlightAtHide.add(id);
    const order = [...records.filter((record) => memoryOnly(record.id)), ...records.filter((record) => !memoryOnly(record.id))];
    for (const record of order) {
      // Keepalive requests outlive the page: more of them would hold the next page's connections to the shop.
      if (keepalives >= MAX_REQUESTS_IN_FLIGHT && !memoryOnly(record.id)) break;
      if (inFlightAtHide.has(record.id)) continue;
      // A record another page holds is that page's to send; one only this page's memory holds is its own.
      if (inFlight.has(record.id) || (!memoryOnly(record.id) && !((leasedUntil.get(record.id) ?? 0) > now))) continue;
      const size = sizeOf(record, deps.consentNow?.(), clock.now());
      // Over the budget the browser fails the request: the record waits, quietly, for the next page load.
      if (keepaliveBytes + size > KEEPALIVE_BUDGET_BYTES) continue;
      keepaliveBytes += size;
      keepalives += 1;
      void always(attempt(record, true), () => {
        keepaliveBytes -= size;
        keepalives -= 1;
      }).then(undefined, noop);
    }
  }

  return {
    name: 'firstParty',
    isReady: () => true,
    track(payload) {
      const now = clock.now();
      const lease = { owner, until: now + OUTBOX_LEASE_MS };
      seq += 1;
      const record: OutboxRecord = { id: ids.next(), acceptedAt: now, seq, payload, lease };
      // The put is issued first, but the record is known (and leased) at once: a page hide right now
      // sends it with keepalive, before the write settles (it may never commit while the page unloads).
      // Without a durable outbox the event is still sent; it is only lost if the page closes first, so a
      // page hide sends it whatever the cap (a lease of Infinity marks it as this page's memory's alone).
      const memoryOnly = () => void leasedUntil.set(record.id, Number.POSITIVE_INFINITY);
      const stored = outbox.put(record).then(
        (durable) => {
          if (!durable) memoryOnly();
        },
        (error: unknown) => {
          warn(error);
          memoryOnly();
        },
      );
      know(record);
      leasedUntil.set(record.id, lease.until);
      storing.set(record.id, stored);
      // Pushed after the page's last hide: its write may never commit, and no later hide sends it.
      if (hidden !== undefined) sendAtHide([record], hidden);
      return stored.then(() => {
        storing.delete(record.id);
        loop(record);
      });
    },
    resume: readOutbox,
    flush(leaving = true) {
      sendAtHide([...waiting.values()], leaving);
    },
    shown() {
      hidden = undefined;
    },
    stop() {
      stopped = true;
      clock.cancel(readSoon);
      clock.cancel(probeTimer);
      clock.cancel(pumpTimer);
      // Gives up the leases of the records not in flight, so the next tracker on this page (or another tab) sends them at once.
      for (const id of waiting.keys()) {
        if (!inFlight.has(id) && leasedUntil.get(id)) void outbox.claim(id, { owner, until: 0 }, clock.now()).catch(noop);
      }
    },
    get pending() {
      return waiting.size;
    },
  };
}

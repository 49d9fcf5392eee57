import { CountingIdGenerator } from '../../../src/adapters/memory/fixed-random';
import { MemoryHttpClient, type ScriptedResponse } from '../../../src/adapters/memory/memory-http-client';
import { MemoryOutbox } from '../../../src/adapters/memory/memory-outbox';
import { SimulatedClock } from '../../../src/adapters/memory/simulated-clock';
import { LogLevel, type LogEntry } from '../../../src/domain/tracking/log-buffer';
import type { HttpRequest } from '../../../src/ports/http-client';
import type { Outbox } from '../../../src/ports/outbox';
import { createFirstPartySender } from '../../../src/app/tracker/first-party-sender';
import { slowCollector } from './slow-collector';

const URL = 'https://collector.test/events';

/** A collector that answers 503 until `healthy` is set, and counts what it acknowledged per event id. */
function collector() {
  const acknowledged = new Map<string, number>();
  const state = { healthy: false };
  const answer = (request: HttpRequest): ScriptedResponse => {
    if (!state.healthy) return { status: 503, statusText: 'Service Unavailable' };
    const id = String((request.body as Record<string, unknown>).event_id);
    acknowledged.set(id, (acknowledged.get(id) ?? 0) + 1);
    return { status: 200 };
  };
  const http = new MemoryHttpClient(answer);
  /** Another tab's HTTP client to the same collector (its requests are its own). */
  const tab = () => new MemoryHttpClient(answer);
  return { http, tab, acknowledged, state };
}

let pages = 0;

/** A sender as one page has it (each its own lease owner, so the event ids are the generator's alone). */
function sender(deps: { http: MemoryHttpClient; outbox: Outbox; clock: SimulatedClock; ids: CountingIdGenerator }) {
  const logs: Omit<LogEntry, 'time'>[] = [];
  pages += 1;
  const log = (level: LogLevel, message: string, content?: unknown) => logs.push(content === undefined ? { level, message } : { level, message, content });
  const instance = createFirstPartySender({ ...deps, url: URL, owner: `page-${pages}`, log });
  return { instance, logs };
}

describe('first-party sender over the durable outbox', () => {
  it('stores before sending and posts JSON with Accept, Content-Type and Api-Version 2', async () => {
    const clock = new SimulatedClock(1000);
    const outbox = new MemoryOutbox();
    const http = new MemoryHttpClient().on(URL, { status: 200 });
    const { instance, logs } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    await instance.track({ event_name: 'pageview' });
    expect(http.requests[0]).toEqual({
      method: 'POST',
      url: URL,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Api-Version': '2' },
      // The record's id, when it was accepted and when it is sent (both by the device's clock): the
      // collector recognises a repeat, and orders and times late events, its own clock correcting the device's.
      body: { event_name: 'pageview', event_id: 'ev-1', accepted_at: 1000, sent_at: 1000 },
      // Within the 64 KiB keepalive budget: a page hide does not cancel it.
      keepalive: true,
      // A redirect is no delivery: a POST followed by 301, 302 or 303 goes on as a GET without the event.
      followRedirects: false,
      // A body without statistics consent (C0003) goes without the shop's cookies.
      credentials: 'omit',
      signal: expect.any(AbortSignal),
    });
    await clock.advanceUntilIdle();
    expect(outbox.records.size).toBe(0);
    expect(outbox.deleted).toEqual(['ev-1']);
    expect(logs.map((l) => l.message)).toContain('First-party tracking request has been sent successfully.');
  });

  it('sends each try with the device time it is sent at, beside the time the event was accepted: a collector corrects a clock hours off', async () => {
    const clock = new SimulatedClock(26 * 3_600_000);
    const outbox = new MemoryOutbox();
    const { http, state } = collector();
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    await instance.track({ event_name: 'pageview' });
    await clock.advanceAsync(2100);
    state.healthy = true;
    await clock.advanceAsync(1000);
    const times = http.requests.map((r) => {
      const { accepted_at, sent_at } = r.body as { accepted_at: number; sent_at: number };
      return [accepted_at, sent_at];
    });
    const start = 26 * 3_600_000;
    expect(times).toEqual([
      [start, start],
      [start, start + 1000],
      [start, start + 2000],
      [start, start + 3000],
    ]);
  });

  it('delivers every event exactly once across 503 answers and a reload, trying again every 1000 ms', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const ids = new CountingIdGenerator('ev-');
    const { http, acknowledged, state } = collector();
    const first = sender({ http, outbox, clock, ids });
    await first.instance.track({ n: 1 });
    await first.instance.track({ n: 2 });
    await clock.advanceAsync(2500);
    // The first event at 0 ms; then, while the collector fails, one request a second, the events in turn.
    expect(http.requests.map((r) => (r.body as { event_id: string }).event_id)).toEqual(['ev-1', 'ev-1', 'ev-2']);
    // Spec §7.7: a non-OK status is logged as an error, with status and text.
    expect(first.logs).toContainEqual({ level: LogLevel.error, message: 'First-party tracking request failed: 503 Service Unavailable' });
    first.instance.flush(); // page hide: both sent again now
    expect(http.requests.slice(3).map((r) => r.keepalive)).toEqual([true, true]);
    await clock.advanceAsync(10);

    // Reload: the old page is gone, a new sender reads the same outbox.
    first.instance.stop();
    const second = sender({ http, outbox, clock, ids });
    await second.instance.track({ n: 3 });
    await second.instance.resume();
    await clock.advanceAsync(3000);
    state.healthy = true;
    await clock.advanceAsync(1000);
    await clock.advanceUntilIdle();
    expect([...acknowledged.entries()].sort()).toEqual([
      ['ev-1', 1],
      ['ev-2', 1],
      ['ev-3', 1],
    ]);
    expect(outbox.records.size).toBe(0);
    const sentAfterAck = http.requests.length;
    second.instance.flush();
    await clock.advanceAsync(5000);
    expect(http.requests).toHaveLength(sentAfterAck);
  });

  it('while the collector is down, tries one request a second, not one per waiting event; back up, it sends the backlog oldest first at once', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const { http, acknowledged, state } = collector();
    const order: string[] = [];
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    for (let n = 1; n <= 100; n += 1) await instance.track({ n });
    const before = http.requests.length;
    await clock.advanceAsync(10_000);
    expect(http.requests.length - before).toBeLessThanOrEqual(11);
    state.healthy = true;
    const wasAcknowledged = new Set<string>();
    const collect = () => {
      for (const id of acknowledged.keys()) if (!wasAcknowledged.has(id)) (wasAcknowledged.add(id), order.push(id));
    };
    // The next probe (within a second) finds the collector back; the rest follows without waiting for each one's own retry.
    for (let ms = 0; ms < 1200; ms += 1) {
      await clock.advanceAsync(1);
      collect();
    }
    expect(acknowledged.size).toBe(100);
    const [probe, ...rest] = order;
    expect(probe).toMatch(/^ev-\d+$/);
    // Oldest first, two requests at a time: no event arrives more than one place from its turn.
    const sorted = [...rest].sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)));
    for (const [place, id] of rest.entries()) expect(Math.abs(sorted.indexOf(id) - place), id).toBeLessThanOrEqual(1);
    instance.stop();
  });

  it('takes a refusal of one event during an outage as the collector answering again: the others go at once', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    let mode: 'down' | 'up' = 'down';
    let refused: string | undefined;
    const acknowledged: string[] = [];
    const http = new MemoryHttpClient((request) => {
      const id = String((request.body as { event_id: string }).event_id);
      if (mode === 'down') return { status: 503, statusText: 'Service Unavailable' };
      if (refused === undefined) {
        refused = id;
        return { status: 400, statusText: 'Bad Request' };
      }
      acknowledged.push(id);
      return { status: 200 };
    });
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    for (let n = 1; n <= 5; n += 1) await instance.track({ n });
    await clock.advanceAsync(2500);
    mode = 'up';
    // The next probe is refused; the other four follow without waiting for another probe.
    for (let ms = 0; ms < 1000 && refused === undefined; ms += 10) await clock.advanceAsync(10);
    await clock.advanceAsync(50);
    expect(acknowledged).toHaveLength(4);
    expect(acknowledged).not.toContain(refused);
    instance.stop();
  });

  it('frees a request slot with the answer, however long a busy outbox takes to delete the record', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new (class extends MemoryOutbox {
      override delete(): Promise<void> {
        return new Promise(() => undefined);
      }
    })();
    const { http, acknowledged, state } = collector();
    state.healthy = true;
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    for (let n = 1; n <= 4; n += 1) await instance.track({ n });
    await clock.advanceAsync(100);
    expect([...acknowledged.keys()].sort()).toEqual(['ev-1', 'ev-2', 'ev-3', 'ev-4']);
    instance.stop();
  });

  it('never has two requests in flight for one record when the page is hidden during a send', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    let answer: (response: ScriptedResponse) => void = () => undefined;
    const http = new MemoryHttpClient(() => new Promise<ScriptedResponse>((resolve) => (answer = resolve)));
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator() });
    await instance.track({ n: 1 });
    instance.flush();
    instance.flush();
    await clock.advanceAsync(5000);
    expect(http.requests).toHaveLength(1);
    answer({ status: 201 });
    await clock.advanceUntilIdle();
    expect(instance.pending).toBe(0);
    expect(outbox.records.size).toBe(0);
    expect(http.requests).toHaveLength(1);
  });

  it('an event whose request is in flight at the page hide reaches the collector once from this page: sent with keepalive, and not sent again by the hide even when the unload cancels it', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const received: [string, boolean | undefined][] = [];
    let cancel: () => void = () => undefined;
    // The collector has the request at once; its answer is still open when the page is hidden.
    const http = new MemoryHttpClient((request) => {
      received.push([String((request.body as { event_id: string }).event_id), request.keepalive]);
      return new Promise<ScriptedResponse>((resolve) => (cancel = () => resolve({ networkError: 'Failed to fetch' })));
    });
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    await instance.track({ event_name: 'pageview' });
    // Small enough for the keepalive budget: the page leaving does not cancel it.
    expect(received).toEqual([['ev-1', true]]);
    instance.flush(); // pagehide
    cancel(); // the unload cancels the request all the same ('Failed to fetch')
    await clock.advanceAsync(6);
    instance.flush(); // visibilitychange -> hidden
    await clock.advanceAsync(6);
    expect(received).toEqual([['ev-1', true]]);
    // Unacknowledged, it stays in the outbox: the next page sends it once the lease has run out (at-least-once).
    expect([...outbox.records.keys()]).toEqual(['ev-1']);
  });

  it("is not sent again by the hide when the unload's cancellation of its keepalive request arrives before the tracker's pagehide listener runs (the shop's own listener ran first)", async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const received: string[] = [];
    let cancel: () => void = () => undefined;
    const http = new MemoryHttpClient((request) => {
      received.push(String((request.body as { event_id: string }).event_id));
      return new Promise<ScriptedResponse>((resolve) => (cancel = () => resolve({ networkError: 'Failed to fetch' })));
    });
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    await instance.track({ event_name: 'pageview' });
    cancel(); // the collector has it; the page sees 'Failed to fetch' as it unloads
    await clock.advanceAsync(0); // the microtasks after the shop's pagehide listener
    instance.flush(); // the tracker's pagehide listener
    instance.flush(); // visibilitychange -> hidden
    await clock.advanceAsync(6);
    expect(received).toEqual(['ev-1']);
    expect([...outbox.records.keys()]).toEqual(['ev-1']);
    // A page that lives on (the failure was the network's): its loop sends the event again a second later.
    await clock.advanceAsync(1000);
    expect(received).toEqual(['ev-1', 'ev-1']);
  });

  it('a backlog of events pushed in one millisecond reaches the collector in the order they were pushed after a reload', async () => {
    const clock = new SimulatedClock(5000);
    const outbox = new MemoryOutbox();
    const ids = new CountingIdGenerator('ev-'); // ev-1 … ev-12: their text order is not the push order
    const down = new MemoryHttpClient(() => ({ networkError: 'Failed to fetch' }));
    const first = sender({ http: down, outbox, clock, ids });
    for (let n = 1; n <= 12; n += 1) await first.instance.track({ n }); // the clock does not move: one millisecond
    first.instance.stop();
    await clock.advanceAsync(11_000); // the page is gone, its leases ran out
    const received: number[] = [];
    const http = new MemoryHttpClient((request) => {
      received.push((request.body as { n: number }).n);
      return { status: 200 };
    });
    const second = sender({ http, outbox, clock, ids });
    await second.instance.resume();
    await clock.advanceUntilIdle();
    expect(received).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    second.instance.stop();
  });

  it('sends an event over the 64 KiB keepalive budget without keepalive (the browser would refuse it)', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const http = new MemoryHttpClient().on(URL, { status: 200 });
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    await instance.track({ n: 1, text: 'x'.repeat(70_000) });
    await instance.track({ n: 2 });
    await clock.advanceUntilIdle();
    expect(http.requests.map((r) => [(r.body as { n: number }).n, r.keepalive])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('sends with keepalive on page hide only while the bodies in flight stay within 64 KiB; the rest stays in the outbox, quietly', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const answers: ((response: ScriptedResponse) => void)[] = [];
    let held = true;
    // As a browser does: a keepalive request beyond 64 KiB of keepalive bodies in flight fails.
    let inFlight = 0;
    const http = new MemoryHttpClient((request: HttpRequest) => {
      if (!held) return { status: 503, statusText: 'Service Unavailable' };
      const size = JSON.stringify(request.body).length;
      if (request.keepalive && inFlight + size > 64 * 1024) return { networkError: 'Failed to fetch' };
      inFlight += size;
      return new Promise<ScriptedResponse>((resolve) => answers.push((response) => ((inFlight -= size), resolve(response))));
    });
    const { instance, logs } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    held = false;
    for (const n of [1, 2, 3]) await instance.track({ n, text: 'x'.repeat(30_000) });
    await clock.advanceAsync(10);
    const before = http.requests.length;
    const errorsBefore = logs.filter((l) => l.level === LogLevel.error).length;
    held = true;
    instance.flush();
    const sent = http.requests.slice(before);
    expect(sent.map((r) => [(r.body as { event_id: string }).event_id, r.keepalive])).toEqual([
      ['ev-1', true],
      ['ev-2', true],
    ]);
    expect(sent.reduce((bytes, r) => bytes + JSON.stringify(r.body).length, 0)).toBeLessThanOrEqual(64 * 1024);
    expect(outbox.records.has('ev-3')).toBe(true);
    await clock.advanceAsync(1);
    expect(logs.filter((l) => l.level === LogLevel.error)).toHaveLength(errorsBefore);
    // Once the first keepalive request is answered, its budget is free again for the next page hide.
    answers[0]?.({ status: 200 });
    await clock.advanceAsync(1);
    instance.flush();
    expect(http.requests.slice(before + 2).map((r) => [(r.body as { event_id: string }).event_id, r.keepalive])).toEqual([['ev-3', true]]);
  });

  it('sends a record tracked right before the page hide with keepalive, before its store write settles, and removes it after the 2xx', async () => {
    const clock = new SimulatedClock(0);
    let commit = (): void => undefined;
    // An IndexedDB write that has not committed yet when the page hides.
    const outbox = new (class extends MemoryOutbox {
      override async put(record: Parameters<MemoryOutbox['put']>[0]): Promise<boolean> {
        await new Promise<void>((resolve) => (commit = resolve));
        return super.put(record);
      }
    })();
    const { http, acknowledged, state } = collector();
    state.healthy = true;
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    const tracked = instance.track({ event_name: 'custom_event', click_target: 'leave' });
    instance.flush();
    expect(http.requests.map((r) => [r.body, r.keepalive])).toEqual([
      [{ event_name: 'custom_event', click_target: 'leave', event_id: 'ev-1', accepted_at: 0, sent_at: 0 }, true],
    ]);
    await clock.advanceAsync(10);
    commit();
    await tracked;
    await clock.advanceUntilIdle();
    expect([...acknowledged.entries()]).toEqual([['ev-1', 1]]);
    expect(outbox.records.size).toBe(0);
    expect(outbox.deleted).toEqual(['ev-1']);
    expect(http.requests).toHaveLength(1);
  });

  it("sends a record tracked after the page's last hide (the shop's own visibilitychange listener) at once with keepalive, copied beside its open write; shown again, the page sends as usual", async () => {
    const clock = new SimulatedClock(0);
    const commits: (() => void)[] = [];
    const copied: string[][] = [];
    // IndexedDB writes that do not commit while the page unloads, and the outbox's synchronous copy.
    const outbox = new (class extends MemoryOutbox {
      override async put(record: Parameters<MemoryOutbox['put']>[0]): Promise<boolean> {
        await new Promise<void>((resolve) => commits.push(resolve));
        return super.put(record);
      }
      keepSync(records: readonly { id: string }[]): void {
        copied.push(records.map((record) => record.id));
      }
    })();
    const { http, acknowledged, state } = collector();
    state.healthy = true;
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    instance.flush(true); // pagehide
    instance.flush(false); // visibilitychange, hidden: the tracker's listener ran before the shop's
    const left = instance.track({ event_name: 'custom_event', click_target: 'left-via-visibilitychange' });
    expect(http.requests.map((r) => [(r.body as { event_id: string }).event_id, r.keepalive])).toEqual([['ev-1', true]]);
    expect(copied.at(-1)).toEqual(['ev-1']);
    instance.shown(); // back in its tab, the page lives on
    const later = instance.track({ event_name: 'custom_event', click_target: 'back' });
    expect(http.requests).toHaveLength(1);
    for (const commit of commits) commit();
    await Promise.all([left, later]);
    await clock.advanceUntilIdle();
    expect([...acknowledged.entries()]).toEqual([['ev-1', 1], ['ev-2', 1]]);
    expect(http.requests.map((r) => (r.body as { event_id: string }).event_id)).toEqual(['ev-1', 'ev-2']);
  });

  it('two open tabs over one outbox: only the tab holding a record\'s lease sends it; once that tab is gone and its lease ran out, the other takes over', async () => {
    const outbox = new MemoryOutbox();
    const ids = new CountingIdGenerator('ev-');
    const { tab, acknowledged, state } = collector();
    // Each tab has its own timers: a closed tab's clock stands still.
    const [clockA, clockB] = [new SimulatedClock(0), new SimulatedClock(0)];
    const [httpA, httpB] = [tab(), tab()];
    const a = sender({ http: httpA, outbox, clock: clockA, ids });
    await a.instance.track({ n: 1 });
    const b = sender({ http: httpB, outbox, clock: clockB, ids });
    await b.instance.track({ n: 2 });
    await b.instance.resume();
    const sentBy = (http: MemoryHttpClient) => http.requests.map((r) => (r.body as { event_id: string }).event_id);
    for (let ms = 0; ms < 3000; ms += 100) {
      await clockA.advanceAsync(100);
      await clockB.advanceAsync(100);
    }
    // The collector is down: each tab retries its own record only.
    expect(new Set(sentBy(httpA))).toEqual(new Set(['ev-1']));
    expect(new Set(sentBy(httpB))).toEqual(new Set(['ev-2']));
    b.instance.flush(); // B is hidden: it sends what it holds, with keepalive
    expect(httpB.requests.at(-1)?.keepalive).toBe(true);
    expect(sentBy(httpB)).not.toContain('ev-1');

    // Tab A is closed (nothing of it runs any more); B sends A's record once A's lease ran out.
    const sentByA = httpA.requests.length;
    await clockB.advanceAsync(6000);
    expect(sentBy(httpB)).not.toContain('ev-1');
    await clockB.advanceAsync(2000);
    expect(sentBy(httpB)).toContain('ev-1');
    state.healthy = true;
    await clockB.advanceAsync(1000);
    await clockB.advanceUntilIdle();
    expect([...acknowledged.entries()].sort()).toEqual([
      ['ev-1', 1],
      ['ev-2', 1],
    ]);
    expect(outbox.records.size).toBe(0);
    expect(httpA.requests).toHaveLength(sentByA);
  });

  it('after a reload during an outage the new page sends its own events once the collector is back, not only after the records the page before still holds', async () => {
    const outbox = new MemoryOutbox();
    const ids = new CountingIdGenerator('ev-');
    const { tab, acknowledged, state } = collector();
    const [clockA, clockB] = [new SimulatedClock(0), new SimulatedClock(0)];
    const a = sender({ http: tab(), outbox, clock: clockA, ids });
    for (let n = 1; n <= 4; n += 1) await a.instance.track({ n });
    await clockA.advanceAsync(1000);
    // The page is reloaded: the page before runs no more, its records keep its leases for a while.
    const b = sender({ http: tab(), outbox, clock: clockB, ids });
    await b.instance.resume();
    await b.instance.track({ n: 5 });
    await clockB.advanceAsync(300);
    await b.instance.track({ n: 6 });
    await clockB.advanceAsync(1700);
    state.healthy = true;
    for (let ms = 0; ms < 3000; ms += 100) await clockB.advanceAsync(100);
    // Long before the page before's leases run out (10 s), the new page's own event is in.
    expect([acknowledged.get('ev-5'), acknowledged.get('ev-6')]).toEqual([1, 1]);
    await clockB.advanceAsync(15_000);
    await clockB.advanceUntilIdle();
    expect([...acknowledged.values()]).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('a collector slower than the lease: the sending tab keeps its lease while the request is in flight, so no other tab sends the record too', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const ids = new CountingIdGenerator('ev-');
    const acknowledged: string[] = [];
    // Every answer takes 14 s (longer than the 10 s lease).
    const slow = slowCollector(clock, 14_000, acknowledged);
    const a = sender({ http: slow(), outbox, clock, ids });
    await a.instance.track({ n: 1 });
    await clock.advanceAsync(1000);
    const httpB = slow();
    const b = sender({ http: httpB, outbox, clock, ids });
    await b.instance.resume();
    for (let ms = 0; ms < 30_000; ms += 500) await clock.advanceAsync(500);
    expect(acknowledged).toEqual(['ev-1']);
    expect(httpB.requests).toEqual([]);
    expect(outbox.records.size).toBe(0);
  });

  it('a tab closed during an outage: once the collector answers again, a tab still open sends its records', async () => {
    const outbox = new MemoryOutbox();
    const ids = new CountingIdGenerator('ev-');
    const { tab, acknowledged, state } = collector();
    const [clockA, clockC] = [new SimulatedClock(0), new SimulatedClock(0)];
    const a = sender({ http: tab(), outbox, clock: clockA, ids });
    await a.instance.resume();
    // Tab C opens after A read the outbox, tracks one event during the outage, and is closed.
    const c = sender({ http: tab(), outbox, clock: clockC, ids });
    await c.instance.track({ from: 'closed tab' });
    await clockC.advanceAsync(2000);
    await a.instance.track({ from: 'open tab' });
    await clockA.advanceAsync(3000);
    state.healthy = true;
    for (let ms = 0; ms < 20_000; ms += 500) await clockA.advanceAsync(500);
    expect([...acknowledged.keys()].sort()).toEqual(['ev-1', 'ev-2']);
    expect([...acknowledged.values()]).toEqual([1, 1]);
    expect(outbox.records.size).toBe(0);
  });

  it('a page closed while its clock was an hour ahead: the next page load, with the clock set right, sends its record within seconds, once', async () => {
    const outbox = new MemoryOutbox();
    const ids = new CountingIdGenerator('ev-');
    const { tab, acknowledged, state } = collector();
    const hour = 3_600_000;
    const closed = sender({ http: tab(), outbox, clock: new SimulatedClock(hour), ids });
    await closed.instance.track({ from: 'clock ahead' });
    state.healthy = true;
    const clock = new SimulatedClock(0);
    const next = sender({ http: tab(), outbox, clock, ids });
    await next.instance.resume();
    for (let ms = 0; ms < 12_000; ms += 500) await clock.advanceAsync(500);
    expect([...acknowledged.entries()]).toEqual([['ev-1', 1]]);
    expect(outbox.records.size).toBe(0);
  });

  it('an outbox read that began before a record was acknowledged and deleted does not send it again', async () => {
    const clock = new SimulatedClock(0);
    // A read that answers with what the outbox held when it began, after the record's delete committed.
    let releaseRead: (() => void) | undefined;
    let held = false;
    const outbox = new (class extends MemoryOutbox {
      override async all() {
        const snapshot = await super.all();
        if (held) return snapshot;
        held = true;
        await new Promise<void>((resolve) => (releaseRead = resolve));
        return snapshot;
      }
      // A lease claim that cannot answer counts as claimed (the event must not be held back): it
      // cannot tell the late read that the record is gone.
      override claim(): Promise<never> {
        return Promise.reject(new Error('IndexedDB busy'));
      }
    })();
    const { http, acknowledged, state } = collector();
    state.healthy = true;
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    await instance.track({ n: 1 });
    const read = instance.resume();
    await clock.advanceAsync(100);
    expect([...acknowledged.entries()]).toEqual([['ev-1', 1]]);
    expect(await outbox.all()).toEqual([]);
    releaseRead?.();
    await read;
    await clock.advanceAsync(5000);
    // Events after it still go once each, and the first is never sent again.
    await instance.track({ n: 2 });
    await clock.advanceAsync(100);
    expect([...acknowledged.entries()]).toEqual([['ev-1', 1], ['ev-2', 1]]);
    instance.stop();
  });

  it('a record acknowledged through another tab is not sent again by a tab that knew it', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const ids = new CountingIdGenerator('ev-');
    const { tab, acknowledged, state } = collector();
    const a = sender({ http: tab(), outbox, clock, ids });
    await a.instance.track({ n: 1 });
    const httpB = tab();
    const b = sender({ http: httpB, outbox, clock, ids });
    await b.instance.resume();
    await clock.advanceAsync(2500);
    state.healthy = true;
    await clock.advanceAsync(1000);
    expect([...acknowledged.entries()]).toEqual([['ev-1', 1]]);
    await clock.advanceAsync(20_000);
    expect(httpB.requests).toEqual([]);
    expect(b.instance.pending).toBe(0);
    expect(clock.pending).toBe(0);
  });

  it('records found gone (the site data cleared, or sent through another tab) free their request slots: the events after them go as soon as the collector answers', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const { http, acknowledged, state } = collector();
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    for (const n of [0, 1, 2]) await instance.track({ n });
    await clock.advanceAsync(2500);
    // The visitor clears the site's data while the tab stays open.
    outbox.records.clear();
    for (const n of [3, 4, 5]) await instance.track({ n });
    // The first three's leases run low, so the next turn of each claims them again and finds them gone.
    await clock.advanceAsync(3500);
    state.healthy = true;
    await clock.advanceAsync(3000);
    expect([...acknowledged.keys()].sort()).toEqual(['ev-4', 'ev-5', 'ev-6']);
    expect(outbox.records.size).toBe(0);
    instance.stop();
  });

  it('two tabs after an outage: the records the other tab sent free this tab\'s request slots at once, so its own backlog follows within a second or two', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const ids = new CountingIdGenerator('ev-');
    const { tab, acknowledged, state } = collector();
    const a = sender({ http: tab(), outbox, clock, ids });
    for (let n = 0; n < 8; n += 1) await a.instance.track({ tab: 'a', n });
    const b = sender({ http: tab(), outbox, clock, ids });
    await b.instance.resume();
    for (let n = 0; n < 8; n += 1) await b.instance.track({ tab: 'b', n });
    await clock.advanceAsync(6000);
    state.healthy = true;
    await clock.advanceAsync(2000);
    expect(acknowledged.size).toBe(16);
    expect([...acknowledged.values()].every((count) => count === 1)).toBe(true);
    a.instance.stop();
    b.instance.stop();
  });

  it('a collector that refuses an event itself (400, 404, 422): logged once, removed from the outbox, never sent again; 408 and 429 are tried again', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const answers: Record<string, ScriptedResponse> = {
      'ev-1': { status: 400, statusText: 'Bad Request' },
      'ev-2': { status: 404, statusText: 'Not Found' },
      'ev-3': { status: 422, statusText: 'Unprocessable Content' },
      'ev-4': { status: 429, statusText: 'Too Many Requests' },
      'ev-5': { status: 408, statusText: 'Request Timeout' },
    };
    const http = new MemoryHttpClient((request) => answers[String((request.body as Record<string, unknown>).event_id)] ?? { status: 200 });
    const { instance, logs } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    for (let n = 1; n <= 5; n += 1) await instance.track({ n });
    await clock.advanceAsync(5500);
    const sent = (id: string) => http.requests.filter((request) => (request.body as Record<string, unknown>).event_id === id).length;
    expect(['ev-1', 'ev-2', 'ev-3'].map(sent)).toEqual([1, 1, 1]);
    // Tried again, in turn with each other: one request a second while the collector answers 429 / 408.
    expect(sent('ev-4')).toBeGreaterThanOrEqual(2);
    expect(sent('ev-5')).toBeGreaterThanOrEqual(2);
    expect(sent('ev-4') + sent('ev-5')).toBeLessThanOrEqual(8);
    expect([...outbox.records.keys()].sort()).toEqual(['ev-4', 'ev-5']);
    // The line tells a dropped event from one tried again ('… failed: 429 Too Many Requests').
    const dropped = ' (the collector refuses this event: it is dropped, not sent again)';
    expect(logs.filter((l) => l.message === `First-party tracking request failed: 400 Bad Request${dropped}`)).toHaveLength(1);
    expect(logs.filter((l) => l.message === `First-party tracking request failed: 404 Not Found${dropped}`)).toHaveLength(1);
    expect(logs.some((l) => l.message === 'First-party tracking request failed: 429 Too Many Requests')).toBe(true);
    instance.flush();
    await clock.advanceAsync(10);
    expect(['ev-1', 'ev-2', 'ev-3'].map(sent)).toEqual([1, 1, 1]);
  });

  it('has at most two requests in flight, so a slow collector leaves the shop its connections; the others follow as slots free', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const answers: ((response: ScriptedResponse) => void)[] = [];
    const http = new MemoryHttpClient(() => new Promise<ScriptedResponse>((resolve) => answers.push(resolve)));
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    for (let n = 1; n <= 6; n += 1) await instance.track({ n });
    await clock.advanceAsync(3000);
    expect(http.requests).toHaveLength(2);
    answers.shift()?.({ status: 200 });
    // The waiting records try again each second, as every retry does: the first to find the free slot takes it.
    await clock.advanceAsync(1000);
    expect(http.requests).toHaveLength(3);
    // A page hide sends the records not in flight with keepalive, two at most: those outlive the page.
    instance.flush();
    expect(http.requests.slice(3).map((request) => request.keepalive)).toEqual([true, true]);
    // The collector answers from now on; the record the page hide left waiting goes with its loop.
    for (let second = 0; second < 5; second += 1) {
      for (const answer of answers.splice(0)) answer({ status: 200 });
      await clock.advanceAsync(1000);
    }
    expect(outbox.records.size).toBe(0);
    const ids = http.requests.map((request) => (request.body as Record<string, unknown>).event_id);
    expect(new Set(ids).size).toBe(6);
    expect(ids).toHaveLength(6);
  });

  it('counts a send the collector never answers as failed after 60 s, so the slot frees and the event is tried again', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    let hanging = true;
    const http = new MemoryHttpClient(() => (hanging ? new Promise<ScriptedResponse>(() => undefined) : { status: 200 }));
    const { instance, logs } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    for (let n = 1; n <= 3; n += 1) await instance.track({ n });
    await clock.advanceAsync(59_999);
    expect(http.requests).toHaveLength(2);
    expect(http.requests.map((request) => request.signal?.aborted)).toEqual([false, false]);
    hanging = false;
    await clock.advanceAsync(1);
    // The hung requests are aborted: their connections are free for the retries and the shop's own requests.
    expect(http.requests.slice(0, 2).map((request) => request.signal?.aborted)).toEqual([true, true]);
    expect(logs).toContainEqual({ level: LogLevel.error, message: 'First-party tracking request failed: network error Timeout after 60000ms' });
    await clock.advanceAsync(3000);
    expect(outbox.records.size).toBe(0);
    const delivered = http.requests.slice(2).map((request) => (request.body as Record<string, unknown>).event_id);
    expect(new Set(delivered)).toEqual(new Set(['ev-1', 'ev-2', 'ev-3']));
  });

  it('keeps a request slot until the answer\'s body is read: bodies that never end hold at most two connections', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const http = new MemoryHttpClient(() => ({ status: 200, bodyNeverEnds: true }));
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    for (let n = 1; n <= 5; n += 1) await instance.track({ n });
    await clock.advanceAsync(5000);
    expect(http.requests).toHaveLength(2);
    await clock.advanceAsync(61_000);
    expect(http.requests.length).toBeGreaterThan(2);
    instance.stop();
  });

  it('aborts an answer whose body never ends 60 s after the send: the event counts as delivered, the connection is freed', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const http = new MemoryHttpClient(() => ({ status: 200, bodyNeverEnds: true }));
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    await instance.track({ n: 1 });
    await clock.advanceAsync(10);
    expect(outbox.records.size).toBe(0);
    expect(http.requests[0]?.signal?.aborted).toBe(false);
    await clock.advanceAsync(60_000);
    expect(http.requests[0]?.signal?.aborted).toBe(true);
    expect(http.requests).toHaveLength(1);
  });

  it('counts a page-hide send the collector never answers as failed after 60 s when the page lives on (a tab switch): the event is tried again', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    let answer: 'down' | 'hang' | 'up' = 'down';
    const http = new MemoryHttpClient(() =>
      answer === 'hang' ? new Promise<ScriptedResponse>(() => undefined) : answer === 'up' ? { status: 200 } : { status: 503, statusText: 'Service Unavailable' },
    );
    const { instance } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    await instance.track({ n: 1 });
    await clock.advanceAsync(1500);
    answer = 'hang';
    instance.flush(); // visibilitychange -> hidden
    await clock.advanceAsync(100);
    const hung = http.requests.at(-1);
    expect(hung?.keepalive).toBe(true);
    answer = 'up';
    await clock.advanceAsync(62_000);
    expect(hung?.signal?.aborted).toBe(true);
    expect(outbox.records.size).toBe(0);
    expect(http.requests.at(-1)).not.toBe(hung);
    instance.stop();
  });

  it('takes a body the page cannot write as JSON (its own toJSON throws) as a failed send, tried a second later, not at once again', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const http = new MemoryHttpClient().on(URL, { status: 200 });
    const { instance, logs } = sender({ http, outbox, clock, ids: new CountingIdGenerator() });
    await instance.track({ items: { toJSON: () => { throw new Error('toJSON boom'); } } });
    await clock.advanceAsync(2500);
    expect(http.requests).toHaveLength(0);
    expect(logs.filter((entry) => entry.level === LogLevel.error).map((entry) => entry.message)).toEqual([
      'First-party tracking request failed: network error toJSON boom',
    ]);
    expect(outbox.records.size).toBe(1);
    instance.flush();
    instance.stop();
  }, 10_000);

  it("takes a page answered with 200 in the collector's place (a service worker's offline page) as a failed send: the event is sent again until the collector answers", async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    let offline = true;
    const acknowledged: string[] = [];
    const http = new MemoryHttpClient((request) => {
      if (offline) return { status: 200, contentType: 'text/html', text: '<!doctype html><title>Offline</title>' };
      acknowledged.push((request.body as { event_id: string }).event_id);
      return { status: 200 };
    });
    const { instance, logs } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    await instance.track({ event_name: 'pageview' });
    await clock.advanceAsync(2500);
    expect(outbox.records.size).toBe(1);
    expect(logs).toContainEqual({ level: LogLevel.error, message: 'First-party tracking request failed: 200 an HTML page, not the collector' });
    expect(logs.map((entry) => entry.message)).not.toContain('First-party tracking request has been sent successfully.');
    offline = false;
    await clock.advanceAsync(1000);
    await clock.advanceUntilIdle();
    expect(acknowledged).toEqual(['ev-1']);
    expect(outbox.records.size).toBe(0);
  });

  it('logs a network failure, its cause in the line and no error object beside it (the console printed the library\'s minified stack), and keeps the record for the next try', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const http = new MemoryHttpClient().on(URL, { networkError: 'Failed to fetch' }, { status: 200 });
    const { instance, logs } = sender({ http, outbox, clock, ids: new CountingIdGenerator() });
    await instance.track({ n: 1 });
    await clock.advanceAsync(1);
    expect(outbox.records.size).toBe(1);
    expect(logs).toContainEqual({ level: LogLevel.error, message: 'First-party tracking request failed: network error Failed to fetch' });
    await clock.advanceAsync(1000);
    expect(outbox.records.size).toBe(0);
    expect(http.requests).toHaveLength(2);
  });

  it('logs each failure once per outage, not every second: a new failure text and a new outage are logged again', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    let answer: ScriptedResponse = { status: 503, statusText: 'Service Unavailable' };
    const http = new MemoryHttpClient(() => answer);
    const { instance, logs } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    const errors = () => logs.filter((entry) => entry.level === LogLevel.error).map((entry) => entry.message);
    await instance.track({ n: 1 });
    await clock.advanceAsync(30_000);
    expect(http.requests.length).toBeGreaterThan(30);
    expect(errors()).toEqual(['First-party tracking request failed: 503 Service Unavailable']);

    answer = { networkError: 'Failed to fetch' };
    await clock.advanceAsync(3000);
    expect(errors()).toEqual(['First-party tracking request failed: 503 Service Unavailable', 'First-party tracking request failed: network error Failed to fetch']);

    answer = { status: 200 };
    await clock.advanceAsync(1000);
    expect(outbox.records.size).toBe(0);
    answer = { status: 503, statusText: 'Service Unavailable' };
    await instance.track({ n: 2 });
    await clock.advanceAsync(5000);
    expect(errors()).toEqual([
      'First-party tracking request failed: 503 Service Unavailable',
      'First-party tracking request failed: network error Failed to fetch',
      'First-party tracking request failed: 503 Service Unavailable',
    ]);
  });

  it('logs the first failure of an outage that follows one ended by another tab sending the records', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const http = new MemoryHttpClient(() => ({ status: 503, statusText: 'Service Unavailable' }));
    const { instance, logs } = sender({ http, outbox, clock, ids: new CountingIdGenerator('ev-') });
    const errors = () => logs.filter((entry) => entry.level === LogLevel.error).map((entry) => entry.message);
    await instance.track({ n: 1 });
    await clock.advanceAsync(3000);
    // Another tab delivered the record: nothing is left to try, the outage is over for this page.
    await outbox.delete('ev-1');
    await clock.advanceAsync(20_000);
    await instance.track({ n: 2 });
    await clock.advanceAsync(3000);
    expect(errors()).toEqual(['First-party tracking request failed: 503 Service Unavailable', 'First-party tracking request failed: 503 Service Unavailable']);
  });
});

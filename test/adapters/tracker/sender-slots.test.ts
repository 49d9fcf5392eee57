/**
 * The first-party sender keeps at most two requests in flight: records that find no free slot are
 * sent once a slot frees (the oldest first), and a page hide sends them with keepalive.
 */
import { CountingIdGenerator } from '../../../src/adapters/memory/fixed-random';
import { MemoryHttpClient, type ScriptedResponse } from '../../../src/adapters/memory/memory-http-client';
import { MemoryOutbox } from '../../../src/adapters/memory/memory-outbox';
import { SimulatedClock } from '../../../src/adapters/memory/simulated-clock';
import type { HttpRequest } from '../../../src/ports/http-client';
import type { OutboxRecord } from '../../../src/ports/outbox';

import { createFirstPartySender } from '../../../src/app/tracker/first-party-sender';
import { slowCollector } from './slow-collector';

const URL = 'https://collector.test/events';
const idOf = (r: HttpRequest) => String((r.body as Record<string, unknown>).event_id);

/** An outbox whose writes stop settling once the page starts unloading (the write never commits). */
class UnloadingOutbox extends MemoryOutbox {
  unloading = false;
  override put(record: OutboxRecord): Promise<boolean> {
    return this.unloading ? new Promise<boolean>(() => undefined) : super.put(record);
  }
}

describe('first-party sender: its two request slots', () => {
  it('records waiting for a slot when the page is hidden: sent with keepalive, and one whose keepalive send fails is retried', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const held: Record<string, (r: ScriptedResponse) => void> = {};
    const acknowledged: string[] = [];
    let hidden = false;
    let refused = false;
    const http = new MemoryHttpClient((request) => {
      const id = idOf(request);
      if (hidden) {
        // A hidden tab that comes back: two keepalive sends get through, the third gets a 503.
        if (id === 'ev-5' && request.keepalive && !refused) {
          refused = true;
          return { status: 503, statusText: 'Service Unavailable' };
        }
        acknowledged.push(id);
        return { status: 200 };
      }
      // Normal sends: ev-1 and ev-2 are slow (held); any later one answers at once.
      if (id === 'ev-1' || id === 'ev-2') return new Promise<ScriptedResponse>((resolve) => (held[id] = resolve));
      acknowledged.push(id);
      return { status: 200 };
    });
    const sender = createFirstPartySender({ outbox, http, clock, ids: new CountingIdGenerator('ev-'), url: URL, owner: 'p', log: () => undefined });
    for (let n = 1; n <= 5; n += 1) await sender.track({ n });
    await clock.advanceAsync(10);
    expect(http.requests.map(idOf)).toEqual(['ev-1', 'ev-2']); // ev-3..5 wait for a slot
    hidden = true;
    sender.flush(); // visibilitychange -> hidden: ev-3, ev-4, ev-5 go with keepalive
    await clock.advanceAsync(10);
    held['ev-1']?.({ status: 200 });
    held['ev-2']?.({ status: 200 });
    acknowledged.push('ev-1', 'ev-2');
    for (let ms = 0; ms < 60_000; ms += 1000) await clock.advanceAsync(1000);
    // ev-5's keepalive send got a 503 (retryable): its loop sends it again once a slot is free.
    expect(sender.pending).toBe(0);
    expect(acknowledged.sort()).toEqual(['ev-1', 'ev-2', 'ev-3', 'ev-4', 'ev-5']);
  });

  it('a record that waited for a slot longer than its lease is not sent by both tabs', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const ids = new CountingIdGenerator('ev-');
    const acknowledged: string[] = [];
    // Every answer takes 30 s (a slow collector; the lease is 10 s).
    const slow = slowCollector(clock, 30_000, acknowledged);
    const a = createFirstPartySender({ outbox, http: slow(), clock, ids, url: URL, owner: 'tab-a', log: () => undefined });
    for (let n = 1; n <= 3; n += 1) await a.track({ n });
    await clock.advanceAsync(12_000); // ev-3 has waited for a slot for 12 s: its lease ran out at 10 s
    const b = createFirstPartySender({ outbox, http: slow(), clock, ids, url: URL, owner: 'tab-b', log: () => undefined });
    await b.resume(); // a second tab opens
    for (let ms = 0; ms < 120_000; ms += 500) await clock.advanceAsync(500);
    expect(acknowledged.filter((id) => id === 'ev-3')).toHaveLength(1);
  });

  it('stop() while records wait for a slot leaves no waiter behind once the requests end', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const answers: ((r: ScriptedResponse) => void)[] = [];
    const http = new MemoryHttpClient(() => new Promise<ScriptedResponse>((resolve) => answers.push(resolve)));
    const sender = createFirstPartySender({ outbox, http, clock, ids: new CountingIdGenerator('ev-'), url: URL, owner: 'p', log: () => undefined });
    for (let n = 1; n <= 4; n += 1) await sender.track({ n });
    await clock.advanceAsync(10);
    sender.stop();
    for (const answer of answers.splice(0)) answer({ status: 200 });
    await clock.advanceUntilIdle();
    expect(http.requests).toHaveLength(2);
    expect(clock.pending).toBe(0);
  });

  it('at a page hide, an event not yet stored goes with keepalive whatever the cap: only this page holds it', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new UnloadingOutbox();
    // A slow collector: nothing answers while the test runs.
    const http = new MemoryHttpClient(() => new Promise<ScriptedResponse>(() => undefined));
    const sender = createFirstPartySender({ outbox, http, clock, ids: new CountingIdGenerator('ev-'), url: URL, owner: 'p', log: () => undefined });
    for (let n = 1; n <= 4; n += 1) await sender.track({ n });
    await clock.advanceAsync(10); // ev-1, ev-2 in flight; ev-3, ev-4 wait for a slot (stored)
    outbox.unloading = true;
    void sender.track({ n: 5, event_name: 'lead' }); // pushed in the click that leaves the page: never stored
    sender.flush(); // pagehide
    const keepalive = http.requests.filter((r) => r.keepalive).map(idOf);
    // ev-3 and ev-4 are in the outbox and go out on the next page load; ev-5 exists only in this page's memory.
    expect(keepalive).toContain('ev-5');
  });

  it('an event whose outbox write failed (kept in memory only) is among the keepalive sends', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    let failWrites = false;
    const put = outbox.put.bind(outbox);
    outbox.put = (record) => (failWrites ? Promise.reject(new Error('QuotaExceededError')) : put(record));
    const http = new MemoryHttpClient(() => new Promise<ScriptedResponse>(() => undefined));
    const sender = createFirstPartySender({ outbox, http, clock, ids: new CountingIdGenerator('ev-'), url: URL, owner: 'p', log: () => undefined });
    for (let n = 1; n <= 4; n += 1) await sender.track({ n });
    failWrites = true;
    await sender.track({ n: 5 });
    await clock.advanceAsync(10);
    sender.flush();
    expect(http.requests.filter((r) => r.keepalive).map(idOf)).toContain('ev-5');
  });
});

describe('first-party sender: a large backlog costs the page one timer, not one per record', () => {
  it('keeps a handful of timers while 1,000 records wait for a collector that is down, and sends every one once it answers', async () => {
    const clock = new SimulatedClock(0);
    let down = true;
    const acknowledged = new Set<string>();
    const http = new MemoryHttpClient((request) => {
      if (down) return { status: 503, statusText: 'Service Unavailable' };
      acknowledged.add(idOf(request));
      return { status: 200 };
    });
    const sender = createFirstPartySender({ outbox: new MemoryOutbox(), http, clock, ids: new CountingIdGenerator('ev-'), url: URL, owner: 'p', log: () => undefined });
    for (let n = 1; n <= 1_000; n += 1) await sender.track({ n });
    for (let second = 0; second < 5; second += 1) await clock.advanceAsync(1000);
    expect(clock.pending).toBeLessThan(10);
    const requestsWhileDown = http.requests.length;
    await clock.advanceAsync(1000);
    // While the collector is down, one request a second tries whether it answers again.
    expect(http.requests.length - requestsWhileDown).toBeLessThanOrEqual(1);
    down = false;
    for (let second = 0; second < 20 && acknowledged.size < 1_000; second += 1) await clock.advanceAsync(1000);
    expect(acknowledged.size).toBe(1_000);
    expect(sender.pending).toBe(0);
  });
});

describe('first-party sender: a backlog an earlier page left', () => {
  it('sends 1,000 stored records oldest first without claiming every lease at once at the page load', async () => {
    class CountingOutbox extends MemoryOutbox {
      claims = 0;
      override claim(...args: Parameters<MemoryOutbox['claim']>): ReturnType<MemoryOutbox['claim']> {
        this.claims += 1;
        return super.claim(...args);
      }
    }
    const clock = new SimulatedClock(100_000);
    const outbox = new CountingOutbox();
    for (let n = 1; n <= 1_000; n += 1) {
      await outbox.put({ id: `old-${n}`, acceptedAt: n, seq: n, payload: { n }, lease: { owner: 'gone', until: 0 } });
    }
    const sent: string[] = [];
    let holding = true;
    const held: (() => void)[] = [];
    const http = new MemoryHttpClient((request) => {
      sent.push(idOf(request));
      return holding ? new Promise<ScriptedResponse>((resolve) => held.push(() => resolve({ status: 200 }))) : { status: 200 };
    });
    const sender = createFirstPartySender({ outbox, http, clock, ids: new CountingIdGenerator('ev-'), url: URL, owner: 'p', log: () => undefined });
    await sender.resume();
    await clock.advanceAsync(10);
    // Two requests in flight, and a lease claimed for each: not one claim per stored record.
    expect(sent).toEqual(['old-1', 'old-2']);
    expect(outbox.claims).toBeLessThan(10);
    holding = false;
    for (const release of held) release();
    for (let second = 0; second < 20 && sent.length < 1_000; second += 1) await clock.advanceAsync(1000);
    expect(sent).toEqual(Array.from({ length: 1_000 }, (_, i) => `old-${i + 1}`));
    expect(sender.pending).toBe(0);
  });
});

describe('first-party sender: records another tab holds', () => {
  it('waits for them with one timer, not one each, and every record reaches the collector once', async () => {
    const clock = new SimulatedClock(0);
    const outbox = new MemoryOutbox();
    const counts = new Map<string, number>();
    const held: (() => void)[] = [];
    let slow = true;
    const http = new MemoryHttpClient((request) => {
      const id = idOf(request);
      counts.set(id, (counts.get(id) ?? 0) + 1);
      return slow ? new Promise<ScriptedResponse>((resolve) => held.push(() => resolve({ status: 200 }))) : { status: 200 };
    });
    const tab = (owner: string) =>
      createFirstPartySender({ outbox, http, clock, ids: new CountingIdGenerator(`${owner}-`), url: URL, owner, log: () => undefined });
    const first = tab('a');
    for (let n = 1; n <= 200; n += 1) await first.track({ n });
    const second = tab('b');
    await second.resume();
    await clock.advanceAsync(1000);
    await clock.advanceAsync(1000);
    // The first tab's two requests, their lease renewals, and a timer or two for each tab.
    expect(clock.pending).toBeLessThan(12);
    slow = false;
    for (const release of held) release();
    for (let second = 0; second < 60 && counts.size < 200; second += 1) await clock.advanceAsync(1000);
    expect(counts.size).toBe(200);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
  });
});

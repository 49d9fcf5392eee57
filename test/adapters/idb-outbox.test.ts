import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { IDB_DEADLINE_MS, IdbOutbox, OutboxTexts } from '../../src/adapters/browser/idb-outbox';
import { MemoryLogger } from '../../src/adapters/memory/memory-logger';
import { CountingIdGenerator } from '../../src/adapters/memory/fixed-random';
import { MemoryHttpClient } from '../../src/adapters/memory/memory-http-client';
import { SimulatedClock } from '../../src/adapters/memory/simulated-clock';
import { createFirstPartySender } from '../../src/app/tracker/first-party-sender';
import type { HttpRequest } from '../../src/ports/http-client';
import type { OutboxRecord } from '../../src/ports/outbox';
import { MemoryKeyValueStore } from '../../src/adapters/memory/memory-key-value-store';
import { OUTBOX_COPY_PREFIX } from '../../src/adapters/browser/outbox-copies';

/** The keys of the outbox's copies in the page's localStorage. */
const copyKeys = (local: MemoryKeyValueStore) => local.keys().filter((key) => key.startsWith(OUTBOX_COPY_PREFIX));

const record = (id: string, acceptedAt: number, n = 0): OutboxRecord => ({ id, acceptedAt, payload: { event_name: 'x', n } });

/** A collector that answers 503 until `back()`, then acknowledges each event and notes its id. */
function collectorDownThenBack() {
  const acknowledged: string[] = [];
  let healthy = false;
  const http = new MemoryHttpClient((request: HttpRequest) => {
    if (!healthy) return { status: 503, statusText: 'Service Unavailable' };
    acknowledged.push(String((request.body as { event_id: string }).event_id));
    return { status: 200 };
  });
  const back = () => {
    healthy = true;
  };
  return { http, acknowledged, back };
}

/** The next page load: a new sender over the same IndexedDB and localStorage, resumed. */
async function nextLoad(local: MemoryKeyValueStore, http: MemoryHttpClient, clock: SimulatedClock, owner = 'next') {
  const next = createFirstPartySender({ outbox: new IdbOutbox(undefined, undefined, undefined, local), http, clock, ids: new CountingIdGenerator(`${owner}-`), owner, log: () => undefined, url: 'https://collector.test/e' });
  await next.resume();
  return next;
}

beforeEach(() => {
  // A fresh, empty IndexedDB per test.
  globalThis.indexedDB = new IDBFactory();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('IdbOutbox', () => {
  it('keeps the acceptance order of records accepted in one millisecond (their sequence), whatever their ids', async () => {
    const outbox = new IdbOutbox();
    await outbox.put({ ...record('f3', 1000), seq: 1 });
    await outbox.put({ ...record('0a', 1000), seq: 2 });
    await outbox.put({ ...record('9c', 1000), seq: 3 });
    expect((await outbox.all()).map((r) => [r.id, r.seq])).toEqual([
      ['f3', 1],
      ['0a', 2],
      ['9c', 3],
    ]);
  });

  it('lets go of its connection when another tab deletes the database, and stores in the new one afterwards', async () => {
    const outbox = new IdbOutbox();
    await outbox.put(record('before', 1));
    // Another tab (or the shop's script on consent withdrawal) removes the database.
    const deleted = await new Promise<string>((resolve) => {
      const request = indexedDB.deleteDatabase('collect-on-track');
      request.onsuccess = () => resolve('deleted');
      request.onblocked = () => setTimeout(() => resolve('blocked'), 50);
    });
    expect(deleted).toBe('deleted');
    await outbox.put(record('after', 2));
    expect((await new IdbOutbox().all()).map((r) => r.id)).toEqual(['after']);
  });

  it('gives records oldest first, by acceptance time and then id', async () => {
    const outbox = new IdbOutbox();
    await outbox.put(record('c', 2000));
    await outbox.put(record('b', 1000));
    await outbox.put(record('a', 2000));
    await outbox.put(record('z', 500));
    expect((await outbox.all()).map((r) => r.id)).toEqual(['z', 'b', 'a', 'c']);
  });

  it('keeps records across a new instance on the same IndexedDB (a reload), and forgets deleted ones', async () => {
    const before = new IdbOutbox();
    await before.put(record('e1', 1, 1));
    await before.put(record('e2', 2, 2));
    await before.put(record('e3', 3, 3));
    await before.delete('e2');

    const afterReload = new IdbOutbox();
    expect(await afterReload.all()).toEqual([record('e1', 1, 1), record('e3', 3, 3)]);
  });

  it('overwrites a record put twice under one id', async () => {
    const outbox = new IdbOutbox();
    await outbox.put(record('e1', 1, 1));
    await outbox.put(record('e1', 1, 2));
    expect(await outbox.all()).toEqual([record('e1', 1, 2)]);
  });

  it('stores the JSON form of the payload, so an odd value does not fail the write', async () => {
    const logger = new MemoryLogger();
    const outbox = new IdbOutbox(logger);
    await outbox.put({ id: 'f', acceptedAt: 1, payload: { keep: 'yes', drop: () => undefined } });
    expect(await new IdbOutbox().all()).toEqual([{ id: 'f', acceptedAt: 1, payload: { keep: 'yes' } }]);
    expect(logger.entries).toEqual([]);
  });

  it('keeps storing later records when the database refuses one write (a 600 KB event over the quota): only that one is kept in memory', async () => {
    // As Chromium does for a record over the origin's quota: that write fails with an empty message.
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (JSON.stringify(value).length > 500_000) throw new DOMException('', 'QuotaExceededError');
      return put.call(this, value, key);
    });
    const logger = new MemoryLogger();
    const outbox = new IdbOutbox(logger);
    expect(await outbox.put(record('a', 1))).toBe(true);
    expect(await outbox.put({ ...record('big', 2), payload: { text: 'x'.repeat(600_000) } })).toBe(false);
    expect(await outbox.put(record('c', 3))).toBe(true);
    // This page still has the refused one (it is sent from memory); a reload finds the others.
    expect((await outbox.all()).map((r) => r.id)).toEqual(['a', 'big', 'c']);
    expect((await new IdbOutbox().all()).map((r) => r.id)).toEqual(['a', 'c']);
    expect(await outbox.claim('big', { owner: 'p', until: 10 }, 5)).toBe('claimed');
    await outbox.delete('big');
    expect((await outbox.all()).map((r) => r.id)).toEqual(['a', 'c']);
    expect(logger.messages()).toEqual([OutboxTexts.refused]);
    expect(logger.entries[0]?.content).toMatch(/^QuotaExceededError \(event big, 600\d{3} characters\)$/);
  });

  it('moves to memory once the database refuses every write (three in a row), saying so', async () => {
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('', 'QuotaExceededError');
    });
    const logger = new MemoryLogger();
    const outbox = new IdbOutbox(logger);
    for (const id of ['a', 'b', 'c', 'd']) expect(await outbox.put(record(id, 1))).toBe(false);
    expect((await outbox.all()).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(logger.messages()).toEqual([OutboxTexts.refused, OutboxTexts.refused, OutboxTexts.fallback]);
    expect(logger.entries[2]?.content).toBe('QuotaExceededError (3 writes refused in a row)');
  });

  it('falls back to memory for the page when indexedDB is missing, logging once', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const logger = new MemoryLogger();
    const outbox = new IdbOutbox(logger);
    await outbox.put(record('b', 2));
    await outbox.put(record('a', 1));
    expect((await outbox.all()).map((r) => r.id)).toEqual(['a', 'b']);
    await outbox.delete('a');
    expect((await outbox.all()).map((r) => r.id)).toEqual(['b']);
    expect(logger.messages()).toEqual([OutboxTexts.fallback]);
  });

  it('falls back to memory when IndexedDB refuses to open (private mode)', async () => {
    const refusing = {
      open: () => {
        const request = { error: new DOMException('denied', 'InvalidStateError') } as Record<string, unknown>;
        queueMicrotask(() => (request.onerror as (() => void) | undefined)?.());
        return request;
      },
    };
    vi.stubGlobal('indexedDB', refusing);
    const logger = new MemoryLogger();
    const outbox = new IdbOutbox(logger);
    await outbox.put(record('a', 1));
    expect(await outbox.all()).toEqual([record('a', 1)]);
    expect(logger.messages()).toEqual([OutboxTexts.fallback]);
  });

  it('deletes a record quietly when IndexedDB throws at once (a sandboxed frame refusing open)', async () => {
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    const logger = new MemoryLogger();
    const outbox = new IdbOutbox(logger);
    await outbox.put(record('a', 1));
    await expect(outbox.delete('a')).resolves.toBeUndefined();
    expect(await outbox.all()).toEqual([]);
    expect(logger.messages()).toEqual([OutboxTexts.fallback]);
  });

  it('moves to memory when IndexedDB never answers its open (Safari 14.1), so the collector still gets the events', async () => {
    // Only the adapter's own deadline timer is faked (the simulated clock's flush uses setImmediate).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // An open request whose events never fire.
      vi.stubGlobal('indexedDB', { open: () => ({}) });
      const logger = new MemoryLogger();
      const sent: unknown[] = [];
      const http = new MemoryHttpClient((request: HttpRequest) => {
        sent.push((request.body as { n: number }).n);
        return { status: 200 };
      });
      const clock = new SimulatedClock(0);
      const sender = createFirstPartySender({
        outbox: new IdbOutbox(logger),
        http,
        clock,
        ids: new CountingIdGenerator('ev-'),
        log: () => undefined,
        url: 'https://collector.test/e',
      });
      const tracked = Promise.all([sender.track({ n: 1 }), sender.track({ n: 2 })]);
      await vi.advanceTimersByTimeAsync(IDB_DEADLINE_MS);
      await tracked;
      await clock.advanceAsync(0);
      expect(sent).toEqual([1, 2]);
      expect(logger.messages()).toEqual([OutboxTexts.fallback]);
      expect(logger.entries[0]?.content).toContain(`IndexedDB did not answer within ${IDB_DEADLINE_MS} ms`);
      sender.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('with the outbox in memory, a page hide sends every waiting event, whatever the keepalive cap', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const sent = new Set<string>();
    // A collector that never answers: the two request slots stay taken.
    const http = new MemoryHttpClient((request: HttpRequest) => {
      sent.add(String((request.body as { event_id: string }).event_id));
      return new Promise(() => undefined);
    });
    const clock = new SimulatedClock(0);
    const sender = createFirstPartySender({ outbox: new IdbOutbox(), http, clock, ids: new CountingIdGenerator('ev-'), log: () => undefined, url: 'https://collector.test/e' });
    for (let n = 0; n < 6; n += 1) await sender.track({ n });
    await clock.advanceAsync(10);
    expect(sent.size).toBe(2);
    sender.flush();
    await clock.advanceAsync(10);
    // Kept only in this page's memory, none of them could be sent by a later page.
    expect(sent.size).toBe(6);
    // The two in flight are not sent again: their requests (keepalive) outlive the page, and a page
    // left copies them to localStorage for the next load.
    expect(http.requests).toHaveLength(6);
    sender.stop();
  });

  it('with the outbox in memory, a page left while two requests are in flight does not send them again when the unload fails them: the next load does if they never arrived', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const local = new MemoryKeyValueStore();
    const sent: string[] = [];
    const pending: ((answer: { networkError: string } | { status: number }) => void)[] = [];
    // A collector that answers when told: the unload fails the open requests (Chromium rejects them).
    const http = new MemoryHttpClient((request: HttpRequest) => {
      sent.push(String((request.body as { event_id: string }).event_id));
      return new Promise((resolve) => pending.push(resolve));
    });
    const clock = new SimulatedClock(0);
    const sender = createFirstPartySender({ outbox: new IdbOutbox(undefined, undefined, undefined, local), http, clock, ids: new CountingIdGenerator('ev-'), owner: 'left', log: () => undefined, url: 'https://collector.test/e' });
    for (let n = 0; n < 2; n += 1) await sender.track({ n });
    await clock.advanceAsync(10);
    expect(sent).toEqual(['ev-1', 'ev-2']);
    // Hidden, then the unload fails both requests, then pagehide.
    sender.flush(false);
    for (const fail of pending.splice(0)) fail({ networkError: 'Failed to fetch' });
    await clock.advanceAsync(10);
    sender.flush(true);
    await clock.advanceAsync(10);
    expect(sent).toEqual(['ev-1', 'ev-2']);
    sender.stop();
    // The next page load sends them (the collector drops a duplicate by event_id).
    const acknowledged: string[] = [];
    const next = await nextLoad(local, new MemoryHttpClient((request: HttpRequest) => {
      acknowledged.push(String((request.body as { event_id: string }).event_id));
      return { status: 200 };
    }), clock);
    for (let ms = 0; ms < 12_000; ms += 100) await clock.advanceAsync(100);
    expect(acknowledged.sort()).toEqual(['ev-1', 'ev-2']);
    next.stop();
  });

  it('with the outbox in memory, an acknowledged event frees its request slot at once (the IndexedDB delete is not waited for)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      vi.stubGlobal('indexedDB', { open: () => ({}) });
      const acknowledged: number[] = [];
      const http = new MemoryHttpClient((request: HttpRequest) => {
        acknowledged.push((request.body as { n: number }).n);
        return { status: 200 };
      });
      const clock = new SimulatedClock(0);
      const sender = createFirstPartySender({ outbox: new IdbOutbox(), http, clock, ids: new CountingIdGenerator('ev-'), log: () => undefined, url: 'https://collector.test/e' });
      const first = sender.track({ n: 0 });
      await vi.advanceTimersByTimeAsync(IDB_DEADLINE_MS);
      await first;
      for (let n = 1; n < 6; n += 1) await sender.track({ n });
      // A send that found both slots taken tries again a second later.
      await clock.advanceAsync(1100);
      expect(acknowledged.sort()).toEqual([0, 1, 2, 3, 4, 5]);
      sender.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('an event whose write is open when the page is left, and whose keepalive send fails, reaches the collector after the next load', async () => {
    const local = new MemoryKeyValueStore();
    const collector = collectorDownThenBack();
    const http = collector.http;
    const clock = new SimulatedClock(0);
    // The page unloads before its write commits: the put never settles.
    const unloading = new (class extends IdbOutbox {
      override put(): Promise<boolean> {
        return new Promise(() => undefined);
      }
    })(undefined, undefined, undefined, local);
    const leaving = createFirstPartySender({ outbox: unloading, http, clock, ids: new CountingIdGenerator('ev-'), owner: 'leaving', log: () => undefined, url: 'https://collector.test/e' });
    void leaving.track({ event_name: 'custom_event' });
    leaving.flush();
    await clock.advanceAsync(10);
    expect(http.requests).toHaveLength(1);
    leaving.stop();
    collector.back();
    const next = await nextLoad(local, http, clock);
    // The record waits for the leaving page's lease (10 s): its keepalive answer might still have come.
    for (let ms = 0; ms < 12_000; ms += 100) await clock.advanceAsync(100);
    expect(collector.acknowledged).toEqual(['ev-1']);
    expect(copyKeys(local)).toEqual([]);
    expect(await new IdbOutbox().all()).toEqual([]);
    next.stop();
  });

  it('keeps no copy once the write committed: a page hidden and shown again leaves nothing behind', async () => {
    const local = new MemoryKeyValueStore();
    const outbox = new IdbOutbox(undefined, undefined, undefined, local);
    const put = outbox.put(record('e1', 1));
    outbox.keepSync([record('e1', 1)]);
    expect(copyKeys(local)).toEqual([`${OUTBOX_COPY_PREFIX}e1`]);
    await put;
    expect(copyKeys(local)).toEqual([]);
  });

  it('a copy of a record another page stored meanwhile leaves the stored one (and its newer lease) as it is', async () => {
    const local = new MemoryKeyValueStore();
    await new IdbOutbox().put({ ...record('e1', 1), lease: { owner: 'B', until: 30_000 } });
    new IdbOutbox(undefined, undefined, undefined, local).keepSync([{ ...record('e1', 1), lease: { owner: 'A', until: 10_000 } }]);
    const all = await new IdbOutbox(undefined, undefined, undefined, local).all();
    expect(all.map((r) => [r.id, r.lease])).toEqual([['e1', { owner: 'B', until: 30_000 }]]);
    expect(copyKeys(local)).toEqual([]);
  });

  it('copies the small records when the storage has no room for a large one, and says the large one may be lost', async () => {
    const local = new MemoryKeyValueStore({ quotaChars: 20_000 });
    const logger = new MemoryLogger();
    const big = { id: 'big', acceptedAt: 1, payload: { text: 'x'.repeat(30_000) } };
    const leaving = new IdbOutbox(logger, undefined, undefined, local);
    leaving.keepSync([record('a', 2), big, record('b', 3)]);
    // The page is hidden, then left: the same records again, said once.
    leaving.keepSync([record('a', 2), big, record('b', 3)]);
    expect(logger.messages()).toEqual([OutboxTexts.notCopied]);
    expect((await new IdbOutbox(undefined, undefined, undefined, local).all()).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('keeps the copies of two pages left at the same time', async () => {
    const local = new MemoryKeyValueStore();
    const [pageA, pageB] = [new IdbOutbox(undefined, undefined, undefined, local), new IdbOutbox(undefined, undefined, undefined, local)];
    pageA.keepSync([record('a1', 1), record('a2', 2)]);
    pageB.keepSync([record('b1', 3)]);
    expect((await new IdbOutbox(undefined, undefined, undefined, local).all()).map((r) => r.id)).toEqual(['a1', 'a2', 'b1']);
    expect(copyKeys(local)).toEqual([]);
  });

  it('removes copies a script rewrote into something else (a null lease, no JSON), and goes on using IndexedDB', async () => {
    const local = new MemoryKeyValueStore({
      initial: {
        [`${OUTBOX_COPY_PREFIX}c1`]: '{"id":"c1","acceptedAt":5,"payload":{"event_name":"planted"},"lease":null}',
        [`${OUTBOX_COPY_PREFIX}c2`]: 'garbage{',
        [`${OUTBOX_COPY_PREFIX}c3`]: '{"id":"other","acceptedAt":5,"payload":{}}',
        [OUTBOX_COPY_PREFIX]: '{"id":"","acceptedAt":5,"payload":{}}',
      },
    });
    const logger = new MemoryLogger();
    const outbox = new IdbOutbox(logger, undefined, undefined, local);
    expect(await outbox.all()).toEqual([]);
    await outbox.put(record('e1', 1));
    expect(await outbox.claim('e1', { owner: 'A', until: 10_000 }, 0)).toBe('claimed');
    expect(copyKeys(local)).toEqual([]);
    expect(logger.messages()).toEqual([]);
  });

  it('skips stored values that are not outbox records', async () => {
    const { createStore, set } = await import('idb-keyval');
    await set('junk', { hello: 'world' }, createStore('collect-on-track', 'outbox'));
    const outbox = new IdbOutbox();
    await outbox.put(record('ok', 1));
    expect((await outbox.all()).map((r) => r.id)).toEqual(['ok']);
  });

  it('moved to memory, it claims only the records it stored itself: another tab\'s, read from the database, stay that tab\'s to send', async () => {
    const other = new IdbOutbox();
    await other.put(record('theirs', 1));
    const outbox = new IdbOutbox(new MemoryLogger());
    expect(await outbox.put(record('mine-stored', 2))).toBe(true);
    expect((await outbox.all()).map((r) => r.id)).toEqual(['theirs', 'mine-stored']);
    // From here the database refuses every write (quota): the outbox moves to memory.
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('', 'QuotaExceededError');
    });
    for (const id of ['m1', 'm2', 'm3']) expect(await outbox.put(record(id, 3))).toBe(false);
    expect(await outbox.claim('theirs', { owner: 'C', until: 10_000 }, 0)).toBe('gone');
    expect(await outbox.claim('mine-stored', { owner: 'C', until: 10_000 }, 0)).toBe('claimed');
    expect(await outbox.claim('m1', { owner: 'C', until: 10_000 }, 0)).toBe('claimed');
  });

  it('with the outbox in memory, events a page hide could not deliver are copied to localStorage and sent after the next load', async () => {
    const local = new MemoryKeyValueStore();
    const collector = collectorDownThenBack();
    const http = collector.http;
    const clock = new SimulatedClock(0);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('', 'QuotaExceededError');
    });
    const leaving = createFirstPartySender({
      outbox: new IdbOutbox(undefined, undefined, undefined, local),
      http,
      clock,
      ids: new CountingIdGenerator('ev-'),
      owner: 'leaving',
      log: () => undefined,
      url: 'https://collector.test/e',
    });
    for (let n = 0; n < 3; n += 1) await leaving.track({ n });
    leaving.flush();
    await clock.advanceAsync(10);
    leaving.stop();
    put.mockRestore();
    collector.back();
    const next = await nextLoad(local, http, clock);
    for (let ms = 0; ms < 12_000; ms += 100) await clock.advanceAsync(100);
    expect(collector.acknowledged.sort()).toEqual(['ev-1', 'ev-2', 'ev-3']);
    expect(copyKeys(local)).toEqual([]);
    next.stop();
  });

  it('with IndexedDB refusing every write, the copies a left page made are sent once, however many tabs are open to take them', async () => {
    const local = new MemoryKeyValueStore();
    const clock = new SimulatedClock(0);
    // A collector that answers 3 s after each request: down, then back.
    const collector = { acknowledged: [] as string[], healthy: false, back: () => (collector.healthy = true) };
    const http = new MemoryHttpClient(
      (request: HttpRequest) =>
        new Promise((resolve) =>
          clock.schedule(() => {
            if (!collector.healthy) return resolve({ status: 503, statusText: 'Service Unavailable' });
            collector.acknowledged.push(String((request.body as { event_id: string }).event_id));
            resolve({ status: 200 });
          }, 3_000),
        ),
    );
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('', 'QuotaExceededError');
    });
    const leaving = createFirstPartySender({ outbox: new IdbOutbox(undefined, undefined, undefined, local), http, clock, ids: new CountingIdGenerator('ev-'), owner: 'leaving', log: () => undefined, url: 'https://collector.test/e' });
    for (let n = 0; n < 3; n += 1) await leaving.track({ n });
    leaving.flush();
    await clock.advanceAsync(10);
    leaving.stop();
    expect(copyKeys(local)).toHaveLength(3);
    // Three tabs open (or opened) meanwhile, each taking the copies into its memory.
    const tabs = [await nextLoad(local, http, clock, 'A'), await nextLoad(local, http, clock, 'B'), await nextLoad(local, http, clock, 'C')];
    for (let ms = 0; ms < 7_000; ms += 100) await clock.advanceAsync(100);
    collector.back();
    for (let ms = 0; ms < 60_000; ms += 100) await clock.advanceAsync(100);
    expect(collector.acknowledged.sort()).toEqual(['ev-1', 'ev-2', 'ev-3']);
    expect(copyKeys(local)).toEqual([]);
    for (const tab of tabs) tab.stop();
  });

  it('a page that moves to memory while storing a left page\'s copies sends them all, also those it stored first', async () => {
    const local = new MemoryKeyValueStore();
    const collector = collectorDownThenBack();
    const clock = new SimulatedClock(0);
    const refuse = () =>
      vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
        throw new DOMException('', 'QuotaExceededError');
      });
    const refusing = refuse();
    const leaving = createFirstPartySender({ outbox: new IdbOutbox(undefined, undefined, undefined, local), http: collector.http, clock, ids: new CountingIdGenerator('ev-'), owner: 'leaving', log: () => undefined, url: 'https://collector.test/e' });
    for (let n = 0; n < 4; n += 1) await leaving.track({ n });
    leaving.flush();
    await clock.advanceAsync(10);
    leaving.stop();
    refusing.mockRestore();
    // The next page's first write is stored, then the database is full.
    const put = IDBObjectStore.prototype.put;
    let writes = 0;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      writes += 1;
      if (writes === 1) return put.apply(this, args);
      throw new DOMException('', 'QuotaExceededError');
    });
    const next = await nextLoad(local, collector.http, clock);
    collector.back();
    for (let ms = 0; ms < 12_000; ms += 100) await clock.advanceAsync(100);
    expect(collector.acknowledged.sort()).toEqual(['ev-1', 'ev-2', 'ev-3', 'ev-4']);
    next.stop();
  });

  it('a copy another tab had acknowledged is forgotten: a tracker installed again over the same outbox does not send it', async () => {
    const local = new MemoryKeyValueStore();
    const collector = collectorDownThenBack();
    const clock = new SimulatedClock(0);
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('', 'QuotaExceededError');
    });
    const leaving = createFirstPartySender({ outbox: new IdbOutbox(undefined, undefined, undefined, local), http: collector.http, clock, ids: new CountingIdGenerator('ev-'), owner: 'leaving', log: () => undefined, url: 'https://collector.test/e' });
    for (let n = 0; n < 3; n += 1) await leaving.track({ n });
    leaving.flush();
    await clock.advanceAsync(10);
    leaving.stop();
    const outboxOfB = new IdbOutbox(undefined, undefined, undefined, local);
    const a = await nextLoad(local, collector.http, clock, 'A');
    const b = createFirstPartySender({ outbox: outboxOfB, http: collector.http, clock, ids: new CountingIdGenerator('b-'), owner: 'B', log: () => undefined, url: 'https://collector.test/e' });
    await b.resume();
    collector.back();
    for (let ms = 0; ms < 40_000; ms += 100) await clock.advanceAsync(100);
    expect(collector.acknowledged.sort()).toEqual(['ev-1', 'ev-2', 'ev-3']);
    // Tab B's page is reset and the tracker installed again: a new sender over the same outbox.
    b.stop();
    const again = createFirstPartySender({ outbox: outboxOfB, http: collector.http, clock, ids: new CountingIdGenerator('b2-'), owner: 'B2', log: () => undefined, url: 'https://collector.test/e' });
    await again.resume();
    for (let ms = 0; ms < 10_000; ms += 100) await clock.advanceAsync(100);
    expect(collector.acknowledged.sort()).toEqual(['ev-1', 'ev-2', 'ev-3']);
    a.stop();
    again.stop();
  });

  it("moved to memory while another tab's records wait in the database, it still sends its own", async () => {
    const other = new IdbOutbox();
    // Held by their own tab, alive and sending them.
    for (const id of ['a1', 'a2', 'a3']) await other.put({ ...record(id, 1), lease: { owner: 'A', until: 1e12 } });
    const delivered: number[] = [];
    // The collector is down a moment, then back.
    let down = true;
    const http = new MemoryHttpClient((request: HttpRequest) => {
      if (down) return { status: 503, statusText: 'Service Unavailable' };
      delivered.push((request.body as { n: number }).n);
      return { status: 200 };
    });
    const clock = new SimulatedClock(0);
    const outbox = new IdbOutbox();
    const quota = () =>
      vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
        throw new DOMException('', 'QuotaExceededError');
      });
    // Its load reads the other tab's records; then the database refuses this tab's writes.
    const tab = createFirstPartySender({ outbox, http, clock, ids: new CountingIdGenerator('b-'), owner: 'B', log: () => undefined, url: 'https://collector.test/e' });
    await tab.resume();
    quota();
    for (let n = 1; n <= 4; n += 1) await tab.track({ n });
    for (let ms = 0; ms < 1500; ms += 100) await clock.advanceAsync(100);
    down = false;
    for (let ms = 0; ms < 5000; ms += 100) await clock.advanceAsync(100);
    expect(delivered.filter((n) => n !== 0).sort()).toEqual([1, 2, 3, 4]);
    tab.stop();
  });

  it('with the outbox in memory, a tab switch (the page only hidden) copies nothing another tab would send beside it', async () => {
    const local = new MemoryKeyValueStore();
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('', 'QuotaExceededError');
    });
    const http = new MemoryHttpClient(() => ({ status: 503, statusText: 'Service Unavailable' }));
    const clock = new SimulatedClock(0);
    const hidden = createFirstPartySender({ outbox: new IdbOutbox(undefined, undefined, undefined, local), http, clock, ids: new CountingIdGenerator('ev-'), log: () => undefined, url: 'https://collector.test/e' });
    for (let n = 0; n < 3; n += 1) await hidden.track({ n });
    hidden.flush(false);
    await clock.advanceAsync(10);
    expect(copyKeys(local)).toEqual([]);
    hidden.flush(true);
    expect(copyKeys(local)).toHaveLength(3);
    hidden.stop();
  });

  it('claims a record for one tab at a time, in one transaction: two tabs claiming at once get one lease', async () => {
    const [tabA, tabB] = [new IdbOutbox(), new IdbOutbox()];
    await tabA.put(record('e1', 1));
    const answers = await Promise.all([tabA.claim('e1', { owner: 'A', until: 10_000 }, 0), tabB.claim('e1', { owner: 'B', until: 10_000 }, 0)]);
    expect(answers).toEqual(['claimed', 'held']);
    expect(await tabB.claim('e1', { owner: 'B', until: 20_000 }, 9_999)).toBe('held');
    expect(await tabA.claim('e1', { owner: 'A', until: 15_000 }, 5_000)).toBe('claimed');
    expect(await tabB.claim('e1', { owner: 'B', until: 25_000 }, 15_000)).toBe('claimed');
    expect((await new IdbOutbox().all())[0]?.lease).toEqual({ owner: 'B', until: 25_000 });
    await tabA.delete('e1');
    expect(await tabB.claim('e1', { owner: 'B', until: 30_000 }, 16_000)).toBe('gone');
    expect(await new IdbOutbox().all()).toEqual([]);
  });

  it('two tabs with first-party senders over one IndexedDB outbox send each event once', async () => {
    const acknowledged: string[] = [];
    const state = { healthy: false };
    const requests: string[] = [];
    const tab = () =>
      new MemoryHttpClient((request: HttpRequest) => {
        const id = String((request.body as { event_id: string }).event_id);
        requests.push(id);
        if (!state.healthy) return { status: 503, statusText: 'Service Unavailable' };
        acknowledged.push(id);
        return { status: 200 };
      });
    const clock = new SimulatedClock(0);
    const ids = new CountingIdGenerator('ev-');
    const log = () => undefined;
    const a = createFirstPartySender({ outbox: new IdbOutbox(), http: tab(), clock, ids, log, url: 'https://collector.test/e' });
    await a.track({ n: 1 });
    await a.track({ n: 2 });
    const b = createFirstPartySender({ outbox: new IdbOutbox(), http: tab(), clock, ids, log, url: 'https://collector.test/e' });
    await b.resume();
    await b.track({ n: 3 });
    for (let ms = 0; ms < 3000; ms += 100) await clock.advanceAsync(100);
    state.healthy = true;
    for (let ms = 0; ms < 3000; ms += 100) await clock.advanceAsync(100);
    expect(acknowledged.sort()).toEqual(['ev-2', 'ev-3', 'ev-5']);
    // Down for 3 s: each event was tried about three times, by one tab only (not six).
    for (const id of ['ev-2', 'ev-3', 'ev-5']) expect(requests.filter((sent) => sent === id).length).toBeLessThanOrEqual(5);
    expect(await new IdbOutbox().all()).toEqual([]);
    a.stop();
    b.stop();
  });
});

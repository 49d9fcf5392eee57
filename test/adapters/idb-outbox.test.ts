import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { IdbOutbox, OutboxTexts } from '../../src/adapters/browser/idb-outbox';
import { MemoryLogger } from '../../src/adapters/memory/memory-logger';
import type { OutboxRecord } from '../../src/ports/outbox';

const record = (id: string, acceptedAt: number, n = 0): OutboxRecord => ({ id, acceptedAt, payload: { event_name: 'x', n } });

beforeEach(() => {
  // A fresh, empty IndexedDB per test.
  globalThis.indexedDB = new IDBFactory();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('IdbOutbox', () => {
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

  it('skips stored values that are not outbox records', async () => {
    const { createStore, set } = await import('idb-keyval');
    await set('junk', { hello: 'world' }, createStore('collect-on-track', 'outbox'));
    const outbox = new IdbOutbox();
    await outbox.put(record('ok', 1));
    expect((await outbox.all()).map((r) => r.id)).toEqual(['ok']);
  });
});

/**
 * An IndexedDB that has answered once but is slow later (thousands of records waiting, one lease
 * transaction each): the outbox keeps using it instead of moving to memory for the rest of the page.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import * as idbKeyval from 'idb-keyval';
import { IDB_BUSY_DEADLINE_MS, IDB_DEADLINE_MS, IdbOutbox, OutboxTexts } from '../../src/adapters/browser/idb-outbox';
import { MemoryLogger } from '../../src/adapters/memory/memory-logger';

vi.mock('idb-keyval', async (importOriginal) => {
  const real = await importOriginal<typeof import('idb-keyval')>();
  return { ...real, set: vi.fn(real.set) };
});

const record = (id: string, acceptedAt: number) => ({ id, acceptedAt, payload: { event_name: 'x' } });

describe('IdbOutbox on a busy database', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    // Only the outbox's deadline timers are faked: fake-indexeddb schedules its work otherwise.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for a slow write once the database has answered, and stores it durably', async () => {
    const logger = new MemoryLogger();
    const outbox = new IdbOutbox(logger);
    expect(await outbox.put(record('first', 1))).toBe(true);
    // The next write takes longer than the deadline (a busy database).
    const realSet = vi.mocked(idbKeyval.set).getMockImplementation()!;
    let release: () => void = () => undefined;
    vi.mocked(idbKeyval.set).mockImplementationOnce((...args) => new Promise<void>((resolve) => (release = resolve)).then(() => realSet(...args)));
    const slow = outbox.put(record('slow', 2));
    await vi.advanceTimersByTimeAsync(IDB_DEADLINE_MS * 2);
    release();
    expect(await slow).toBe(true);
    expect(logger.entries).toEqual([]);
    expect((await new IdbOutbox().all()).map((stored) => stored.id)).toEqual(['first', 'slow']);
  });

  it('does not take a write queued behind a slow first answer for a missing database', async () => {
    const logger = new MemoryLogger();
    const outbox = new IdbOutbox(logger);
    const realSet = vi.mocked(idbKeyval.set).getMockImplementation()!;
    const releases: (() => void)[] = [];
    const slowly = (...args: Parameters<typeof idbKeyval.set>) => new Promise<void>((resolve) => releases.push(resolve)).then(() => realSet(...args));
    vi.mocked(idbKeyval.set).mockImplementationOnce(slowly).mockImplementationOnce(slowly);
    const first = outbox.put(record('first', 1));
    const queued = outbox.put(record('queued', 2));
    await vi.advanceTimersByTimeAsync(2500);
    releases[0]?.();
    expect(await first).toBe(true);
    await vi.advanceTimersByTimeAsync(600);
    releases[1]?.();
    expect(await queued).toBe(true);
    expect(logger.entries).toEqual([]);
  });

  it('gives a database that answered once and then hangs 30 s, then keeps the outbox in memory', async () => {
    const logger = new MemoryLogger();
    const outbox = new IdbOutbox(logger);
    expect(await outbox.put(record('first', 1))).toBe(true);
    vi.mocked(idbKeyval.set).mockImplementationOnce(() => new Promise<void>(() => undefined));
    const hung = outbox.put(record('hung', 2));
    await vi.advanceTimersByTimeAsync(IDB_BUSY_DEADLINE_MS);
    expect(await hung).toBe(false);
    expect(logger.messages()).toEqual([OutboxTexts.fallback]);
    expect(logger.entries[0]?.content).toContain(`IndexedDB did not answer within ${IDB_BUSY_DEADLINE_MS} ms`);
    expect((await outbox.all()).map((kept) => kept.id)).toEqual(['hung']);
  });
});

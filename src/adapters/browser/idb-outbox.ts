import { del, entries, promisifyRequest, set, type UseStore } from 'idb-keyval';
import { createStore } from './idb-store';
import { LogLevel } from '../../domain/tracking/log-buffer';
import type { Logger } from '../../ports/logger';
import { mayClaim } from '../../domain/tracking/outbox-lease';
import { byAcceptance } from '../../domain/tracking/outbox-order';
import type { ClaimAnswer, Outbox, OutboxLease, OutboxRecord } from '../../ports/outbox';
import { describeError, report } from './report';
import { jsonText } from '../../domain/tracking/json-text';
import { always } from '../../domain/tracking/then-only';
import type { KeyValueStore } from '../../ports/key-value-store';
import { outboxCopies, type OutboxCopies } from './outbox-copies';

/** The outbox's IndexedDB database and object store (its own, so nothing else shares its upgrades). */
export const OUTBOX_DB = 'collect-on-track';
export const OUTBOX_STORE = 'outbox';

export const OutboxTexts = {
  fallback: 'IndexedDB unavailable; outbox kept in memory.',
  refused: 'IndexedDB refused to store an event; it is sent from memory, and kept in localStorage for the next page if this one is left first.',
  notCopied: 'localStorage is full: an event not stored in IndexedDB when the page was left is lost if its keepalive send fails.',
} as const;

/**
 * How long a call may take while IndexedDB has not answered any: an open that never answers (Safari
 * 14.1) would otherwise hold every collector event, and the pushes waiting for their store, so the
 * outbox moves to memory.
 */
export const IDB_DEADLINE_MS = 3000;
/**
 * How long a call may take once the database has answered one: a slow call is then a busy database
 * (thousands of records waiting), given this long before the outbox moves to memory after all.
 */
export const IDB_BUSY_DEADLINE_MS = 30_000;

/**
 * Writes refused in a row (the database open) after which the store counts as unusable and the outbox
 * moves to memory: one refused write (a record over the quota) keeps only that record in memory.
 */
export const IDB_WRITE_FAILURES = 3;

/** A call that did not answer in time: the database counts as unusable, not the record. */
class Unanswered extends Error {}

/**
 * Runs `operation` (a database that failed to open may throw at once), rejecting after
 * {@link IDB_DEADLINE_MS}, or after {@link IDB_BUSY_DEADLINE_MS} when the database has answered
 * (`answered`) by then: a call queued behind a slow first open is not taken for a missing database.
 */
const inTime = <T>(operation: () => Promise<T>, answered: () => boolean): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const giveUp = (ms: number) => reject(new Unanswered(`IndexedDB did not answer within ${ms} ms`));
    let timer = setTimeout(() => {
      if (!answered()) giveUp(IDB_DEADLINE_MS);
      else timer = setTimeout(() => giveUp(IDB_BUSY_DEADLINE_MS), IDB_BUSY_DEADLINE_MS - IDB_DEADLINE_MS);
    }, IDB_DEADLINE_MS);
    always(Promise.resolve().then(operation), () => clearTimeout(timer)).then(resolve, reject);
  });

/** The payload travels as JSON anyway; storing its JSON form keeps one odd value from failing the clone. */
const storable = (record: OutboxRecord): OutboxRecord => ({
  id: record.id,
  acceptedAt: record.acceptedAt,
  ...(record.seq === undefined ? {} : { seq: record.seq }),
  payload: JSON.parse(jsonText(record.payload)) as Record<string, unknown>,
  lease: record.lease,
});

/** A lease as the outbox writes it, or none: another value (`null` in a copy some script rewrote) would break every claim. */
const isLease = (value: unknown): boolean => {
  const lease = value as Partial<OutboxLease> | null | undefined;
  return lease === undefined || (typeof lease === 'object' && lease !== null && typeof lease.owner === 'string' && typeof lease.until === 'number');
};

const isRecord = (value: unknown): value is OutboxRecord => {
  const record = value as Partial<OutboxRecord> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.id === 'string' &&
    record.id !== '' &&
    typeof record.acceptedAt === 'number' &&
    Number.isFinite(record.acceptedAt) &&
    typeof record.payload === 'object' &&
    record.payload !== null &&
    isLease(record.lease)
  );
};

/**
 * The first-party collector's durable queue in IndexedDB (idb-keyval, one record per event id). A
 * write the open database refuses (a record over the quota) keeps that record in this page's memory
 * (`put` resolves false) and the others go on into IndexedDB. When IndexedDB is missing, fails to open
 * (private mode, blocked storage), refuses {@link IDB_WRITE_FAILURES} writes in a row or does not answer
 * within {@link IDB_DEADLINE_MS}, it logs once and
 * keeps records in memory for the rest of the page's life; deletions are still tried in IndexedDB,
 * so a record stored there before the failure is not sent again after the next load.
 */
export class IdbOutbox implements Outbox {
  #store: UseStore | undefined;
  #memory: Map<string, OutboxRecord> | undefined;
  /** Records whose write the open database refused (a quota): this page's alone, while the others are stored. */
  readonly #refused = new Map<string, OutboxRecord>();
  /**
   * The records this page put (or took over from a left page's copies): moved to memory, it can no
   * longer take a lease in the database, so it claims only these; the others stay their own page's.
   */
  readonly #own = new Set<string>();
  /** Writes refused in a row since the last one stored. */
  #failedWrites = 0;
  /** Set once the database has opened (a call reached its object store). */
  #opened = false;
  /** Set once IndexedDB has answered a call: from then on a slow call is a busy database. */
  #answered = false;
  readonly #logger: Logger | undefined;
  readonly #dbName: string;
  readonly #storeName: string;
  /** Synchronous copies of records whose write is open at a page hide (localStorage). */
  readonly #copies: OutboxCopies | undefined;

  constructor(
    logger?: Logger,
    dbName: string = OUTBOX_DB,
    storeName: string = OUTBOX_STORE,
    copies?: KeyValueStore,
  ) {
    this.#logger = logger;
    this.#dbName = dbName;
    this.#storeName = storeName;
    this.#copies = copies && outboxCopies(copies, isRecord);
  }

  keepSync(records: readonly OutboxRecord[]): void {
    const copies: OutboxRecord[] = [];
    for (const record of records) {
      try {
        copies.push(storable(record));
      } catch {
        // A payload JSON cannot write: its keepalive send was its chance.
      }
    }
    for (const refused of this.#copies?.add(copies) ?? []) {
      report(this.#logger, LogLevel.warn, OutboxTexts.notCopied, `event ${refused.id}, ${jsonText(refused.payload).length} characters`);
    }
  }

  async put(record: OutboxRecord): Promise<boolean> {
    const copy = storable(record);
    this.#own.add(copy.id);
    if (!this.#memory) {
      try {
        await this.#call(() => set(copy.id, copy, this.#idb()));
        this.#failedWrites = 0;
        this.#refused.delete(copy.id);
        this.#copies?.remove(copy.id);
        return true;
      } catch (error) {
        // A database that opened and refused this one write (a QuotaExceededError for a 600 KB event)
        // keeps storing the others: only this record is kept in memory. One that never opened, does
        // not answer, or refuses every write is unusable: the outbox moves to memory.
        this.#failedWrites += 1;
        if (this.#opened && !(error instanceof Unanswered) && this.#failedWrites < IDB_WRITE_FAILURES) {
          this.#refused.set(copy.id, copy);
          report(this.#logger, LogLevel.warn, OutboxTexts.refused, `${describeError(error)} (event ${copy.id}, ${jsonText(copy.payload).length} characters)`);
          return false;
        }
        this.#fallBack(this.#opened && !(error instanceof Unanswered) ? `${describeError(error)} (${IDB_WRITE_FAILURES} writes refused in a row)` : error);
      }
    }
    this.#memory?.set(copy.id, copy);
    return false;
  }

  /** The record is no longer this page's to keep. */
  #forget(id: string): void {
    this.#own.delete(id);
    this.#refused.delete(id);
    this.#memory?.delete(id);
  }

  async delete(id: string): Promise<void> {
    this.#forget(id);
    this.#copies?.remove(id);
    if (this.#memory) {
      const store = this.#store;
      // Not waited for: against a database that never opened, each try would take the whole deadline.
      if (store) void inTime(() => del(id, store), () => this.#answered).catch(() => undefined);
      return;
    }
    try {
      await this.#call(() => del(id, this.#idb()));
    } catch (error) {
      this.#fallBack(error);
    }
  }

  async all(): Promise<OutboxRecord[]> {
    if (!this.#memory) {
      try {
        const stored = (await this.#call(() => entries<string, unknown>(this.#idb()))).map(([, value]) => value).filter(isRecord);
        const missing = await this.#storeCopies(new Set(stored.map((record) => record.id)));
        // Moved to memory while storing the copies (the cast: TypeScript keeps the narrowing across the
        // await), those stored before are this page's to send too.
        const memory = this.#memory as Map<string, OutboxRecord> | undefined;
        if (!memory) return [...stored, ...missing, ...this.#refused.values()].sort(byAcceptance);
        for (const record of missing) if (!memory.has(record.id)) memory.set(record.id, record);
      } catch (error) {
        this.#fallBack(error);
      }
    }
    await this.#storeCopies(new Set());
    return [...(this.#memory?.values() ?? [])].sort(byAcceptance);
  }

  /**
   * Puts the copies an unloading page left whose record is not stored (one that is keeps its newer
   * lease); returns those now stored. A copy whose put fails stays for the next read.
   */
  async #storeCopies(stored: ReadonlySet<string>): Promise<OutboxRecord[]> {
    const moved: OutboxRecord[] = [];
    for (const copy of this.#copies?.take() ?? []) {
      if (stored.has(copy.id)) this.#copies?.remove(copy.id);
      else if (await this.put(copy)) moved.push(copy);
    }
    return moved;
  }

  /**
   * One readwrite transaction (as idb-keyval's `update`, which would write a missing record back as
   * `undefined`): tabs claiming the same record are serialised by IndexedDB. Moved to memory, it
   * claims the records this page put, and no other page's: those it only read are 'gone' for this page,
   * which forgets them (their page may have sent them, and one that left them is followed by a next
   * page load that sends them; kept 'held', they took this page's outage probe for good). A copy a left
   * page made, which this page took and could not store, is claimed by its lease in localStorage
   * (outbox-copies.ts): other tabs took it too; once its copy is gone, so is the record here.
   */
  async claim(id: string, lease: OutboxLease, now: number): Promise<ClaimAnswer> {
    if (!this.#memory && !this.#refused.has(id)) {
      try {
        return await this.#call(() => this.#idb()('readwrite', (store) => {
          let answer: ClaimAnswer = 'gone';
          const read = store.get(id);
          read.onsuccess = () => {
            const record: unknown = read.result;
            if (!isRecord(record)) return;
            answer = mayClaim(record.lease, lease.owner, now) ? 'claimed' : 'held';
            if (answer === 'claimed') store.put({ ...record, lease }, id);
          };
          return promisifyRequest(store.transaction).then(() => answer);
        }));
      } catch (error) {
        this.#fallBack(error);
      }
    }
    if (this.#memory && !this.#own.has(id)) return 'gone';
    const answer = this.#copies?.claim(id, lease, now) ?? 'claimed';
    // Another tab had it acknowledged: this page forgets it (a later sender on this outbox would send it again).
    if (answer === 'gone') this.#forget(id);
    return answer;
  }

  /** An IndexedDB call under its deadline (see {@link inTime}); the first answer marks the database as there. */
  async #call<T>(operation: () => Promise<T>): Promise<T> {
    const result = await inTime(operation, () => this.#answered);
    this.#answered = true;
    return result;
  }

  /** Opens the store on first use; throws when the browser has no IndexedDB. */
  #idb(): UseStore {
    if (this.#store) return this.#store;
    if (typeof indexedDB === 'undefined' || indexedDB === null) throw new Error('indexedDB is not defined');
    const store = createStore(this.#dbName, this.#storeName);
    this.#store = (mode, callback) =>
      store(mode, (objectStore) => {
        this.#opened = true;
        return callback(objectStore);
      });
    return this.#store;
  }

  #fallBack(error: unknown): void {
    if (this.#memory) return;
    this.#memory = new Map(this.#refused);
    this.#refused.clear();
    report(this.#logger, LogLevel.warn, OutboxTexts.fallback, typeof error === 'string' ? error : describeError(error));
  }
}

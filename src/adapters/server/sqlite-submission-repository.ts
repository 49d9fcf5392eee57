/**
 * SubmissionRepository on an embedded SQLite file (better-sqlite3): WAL journal, full sync, schema
 * migrated on open, one transaction per submission. Attachments are stored as BLOBs beside their row.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, rmSync, statfsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database, { type Database as Db, type Statement } from 'better-sqlite3';
import { MIME_TYPE_OF_KIND } from '../../domain/support/attachments';
import { causeText } from '../../domain/tracking/log-buffer';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/random';
import { MIGRATIONS, migrate, newerSchemaVersion } from './sqlite-schema';
import { readOnlyRemedy, unopenableRemedy } from './read-only-remedy';
import { storedEmail } from './email-address';
import { storedText } from './stored-text';
import {
  REPEAT_WINDOW_MS,
  StoreBusyError,
  StoreGoneError,
  StoreNewerSchemaError,
  StoreUnwritableError,
  type CancellationRecord,
  type ContactRecord,
  type StoredCancellation,
  type SubmissionRepository,
} from './submission-repository';

export interface SqliteRepositoryOptions {
  /** The database file; its folder is created when missing. `:memory:` works for tests. */
  readonly file: string;
  /** Makes the submission ids. */
  readonly ids: IdGenerator;
  /** Stamps `received_at`. */
  readonly clock: Pick<Clock, 'now'>;
  /** How long a save waits for a write lock another process holds; default {@link BUSY_WAIT_MS}. */
  readonly busyWaitMs?: number;
  /** The bytes free on the database's disk; default: the file system's answer (`statfs`). */
  readonly freeBytes?: (folder: string) => number;
}

/** How long a save waits for the write lock before it fails as busy. */
export const BUSY_WAIT_MS = 5000;
/** The pause between tries of the erasure's checkpoint while another connection checkpoints. */
const CHECKPOINT_PAUSE_MS = 50;
/** How long the erasure's checkpoint waits for another connection's (a large file's takes long). */
const CHECKPOINT_WAIT_MS = 60_000;
/**
 * How long one try waits inside the driver (better-sqlite3 is synchronous: the whole server waits
 * with it). Between tries the server answers other requests.
 */
const BUSY_TRY_MS = 20;
const BUSY_PAUSE_MS = 80;

/**
 * The free space a healthy store keeps: the largest submission (three 5 MB files and the text) twice,
 * once in the write-ahead log and once when it is copied into the database file.
 */
export const MIN_FREE_BYTES = 32 * 1024 * 1024;
/** Free space under which the disk counts as full: a short message's pages and its log frames. */
const FULL_DISK_BYTES = 1024 * 1024;

/**
 * What to do when the database could not be prepared for lack of room: SQLite says only "disk I/O
 * error" when the disk filled up under its log or index. '' for any other cause.
 */
export const preparingRemedy = (code: string, file: string, free: number): string =>
  (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_FULL')) && free < FULL_DISK_BYTES
    ? `; the disk of ${file} is full (less than ${FULL_DISK_BYTES / 1024 / 1024} MB free): free space on it and start the server again`
    : '';

/**
 * The tables of a database without the support schema's first table: another application's, if any,
 * whatever schema version it keeps of its own (`PRAGMA user_version`). None for the support database,
 * a new or empty file, and a `.dump` copy (the migration names that).
 */
const foreignTables = (db: Db): string[] => {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").pluck().all() as string[];
  return tables.includes('contact_submissions') ? [] : tables;
};

/**
 * The size the write-ahead log is cut back to once it has been copied into the database: one large
 * submission. Without a limit it kept its largest size (hundreds of MB after a reader held it open
 * during a busy hour) until the server stopped.
 */
export const WAL_SIZE_LIMIT = 16 * 1024 * 1024;

/** The driver's error code (`SQLITE_BUSY`, `SQLITE_FULL`, …), or '' for another error. */
export const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
};
const isBusy = (error: unknown): boolean => codeOf(error).startsWith('SQLITE_BUSY');
/** A read-only file, a full disk, an I/O error: the store cannot take a write, whatever it is. */
const isUnwritable = (error: unknown): boolean => /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN)/.test(codeOf(error));

const freeBytesOnDisk = (folder: string): number => {
  const disk = statfsSync(folder);
  return disk.bavail * disk.bsize;
};

interface FileIdentity {
  readonly dev: number;
  readonly ino: number;
  /** When the file was made (0 where the file system does not say): an inode number may be reused. */
  readonly birthtimeMs: number;
}

/** The file at `path`, if one can be looked at there. */
const identityAt = (path: string): FileIdentity | undefined => {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
};

const sameFile = (now: FileIdentity | undefined, opened: FileIdentity): boolean =>
  now !== undefined && now.ino === opened.ino && now.dev === opened.dev && now.birthtimeMs === opened.birthtimeMs;

export class SqliteSubmissionRepository implements SubmissionRepository {
  readonly #db: Db;
  readonly #file: string;
  /** The opened file's identity (device and inode); none for an in-memory database. */
  readonly #opened: FileIdentity | undefined;
  /** Its write-ahead log's, once seen: the log holds every submission since the last checkpoint. */
  #openedLog: FileIdentity | undefined;
  /** Its shared-memory file's, as opened. */
  #openedShm: FileIdentity | undefined;
  readonly #ids: IdGenerator;
  readonly #clock: Pick<Clock, 'now'>;
  readonly #insertContact: Statement;
  readonly #findRepeat: Statement;
  readonly #insertAttachment: Statement;
  readonly #insertCancellation: Statement;
  readonly #findCancellationRepeat: Statement;
  /** The schema versions this server migrated the file from and to when it opened it; undefined when none. */
  readonly migrated: { readonly from: number; readonly to: number } | undefined;
  /**
   * Whether the file was there but held no schema, and was set up as a new, empty database: a restore
   * from an empty backup (a backup command run on an unset path copies an empty database) looks so.
   */
  readonly setUpEmpty: boolean;
  readonly #busyWaitMs: number;
  readonly #freeBytes: (folder: string) => number;
  /** The writes before the next one: each waits for the lock in its turn. */
  #turns: Promise<unknown> = Promise.resolve();
  /** Whether the last try found the write lock held elsewhere. */
  #lockHeld = false;
  /**
   * Since when the health probe has found the write lock held elsewhere, with no write of this server
   * between: a lock another server holds for a commit is no problem (saves wait for it), one held as
   * long as a save waits is.
   */
  #busySince: number | undefined;

  constructor({ file, ids, clock, busyWaitMs = BUSY_WAIT_MS, freeBytes = freeBytesOnDisk }: SqliteRepositoryOptions) {
    this.#busyWaitMs = busyWaitMs;
    this.#freeBytes = freeBytes;
    const created = file !== ':memory:' && !existsSync(file);
    try {
      // The driver says only "unable to open database file".
      if (/[\\/]$/.test(file) || statSync(file, { throwIfNoEntry: false })?.isDirectory()) {
        throw new Error(`it is a folder; SUPPORT_DB names the database file itself (e.g. ${join(file, 'support.sqlite')})`);
      }
      // Names, addresses and messages: readable by the server's user only, down to the file names in the
      // folders it creates (SQLite gives its write-ahead log and shared-memory files the database file's mode).
      if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      this.#db = new Database(file);
      if (created) chmodSync(file, 0o600);
    } catch (error) {
      // The operator needs the path (SUPPORT_DB) more than the driver's bare "unable to open database file",
      // and what to change when it is the server's user that may not open it.
      const remedy = file === ':memory:' || codeOf(error) === '' ? undefined : unopenableRemedy(file);
      throw new Error(`The database ${file} could not be opened: ${causeText(error)}${remedy ? `; ${remedy}` : ''}`, { cause: error });
    }
    this.#file = file;
    this.#opened = file === ':memory:' ? undefined : statSync(file, { throwIfNoEntry: false });
    this.#ids = ids;
    this.#clock = clock;
    try {
      // Opening waits as long as a save would: a server starting beside a locked file waits for it
      // (switching the journal to WAL needs the file to itself, too).
      this.#db.pragma(`busy_timeout = ${busyWaitMs}`);
      // Before anything is written into it: a mistyped SUPPORT_DB must not give another application's
      // database the support tables and switch its journal.
      const foreign = foreignTables(this.#db);
      if (foreign.length > 0) {
        throw new Error(
          `it holds another application's tables (${foreign.join(', ')}), not the support database: set SUPPORT_DB to the support database's file, or to a new file`,
        );
      }
      // FULL: a 201 means the row survives a power cut, not only a crash of this process.
      this.#db.pragma('synchronous = FULL');
      this.#db.pragma('foreign_keys = ON');
      // Migrated before its journal is switched: a file the migration refuses (a `.dump` copy, a newer
      // server's) is left as it was.
      this.migrated = migrate(this.#db);
      this.#db.pragma('journal_mode = WAL');
      this.#db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
      this.setUpEmpty = file !== ':memory:' && !created && this.migrated?.from === 0;
      if (this.#opened !== undefined) {
        this.#openedLog = statSync(file + '-wal', { throwIfNoEntry: false });
        this.#openedShm = statSync(file + '-shm', { throwIfNoEntry: false });
      }
      this.#db.pragma(`busy_timeout = ${BUSY_TRY_MS}`);
    } catch (error) {
      this.#db.close();
      // A file this start made and could not prepare (a full disk) would be taken, at the next start, for
      // a restored empty backup.
      if (created) for (const suffix of ['', '-wal', '-shm', '-journal']) if (statSync(file + suffix, { throwIfNoEntry: false })?.isFile()) rmSync(file + suffix);
      // Read-only: the file, its log or index, or the folder they are made in; the operator needs which.
      // A log or index the server's user cannot open (root's, left by a crashed sqlite3 shell): which.
      const code = codeOf(error);
      const unopenable = code === 'SQLITE_CANTOPEN' && file !== ':memory:' ? unopenableRemedy(file) : undefined;
      const remedy = code.startsWith('SQLITE_READONLY')
        ? `; ${readOnlyRemedy(file, 'start the server again')}`
        : unopenable
          ? `; ${unopenable}`
          : file === ':memory:'
            ? ''
            : preparingRemedy(code, file, freeBytes(dirname(file)));
      throw new Error(`The database ${file} could not be prepared: ${causeText(error)}${remedy}`, { cause: error });
    }
    this.#insertContact = this.#db.prepare(
      `INSERT INTO contact_submissions (id, received_at, site, locale, topic, question, article_number,
         first_name, last_name, email, legal_consent, fingerprint)
       VALUES (@id, @receivedAt, @site, @locale, @topic, @question, @articleNumber,
         @firstName, @lastName, @email, @legalConsent, @fingerprint)`,
    );
    this.#findRepeat = this.#db.prepare(
      `SELECT id FROM contact_submissions WHERE fingerprint = ? AND received_at >= ? ORDER BY received_at LIMIT 1`,
    );
    this.#insertAttachment = this.#db.prepare(
      `INSERT INTO contact_attachments (submission_id, position, file_name, media_type, size, sha256, content)
       VALUES (@submissionId, @position, @fileName, @mediaType, @size, @sha256, @content)`,
    );
    this.#insertCancellation = this.#db.prepare(
      `INSERT INTO cancellation_submissions (id, received_at, site, locale, cancellation_type, reason,
         customer_number, subscription_id, first_name, last_name, email, fingerprint)
       VALUES (@id, @receivedAt, @site, @locale, @cancellationType, @reason,
         @customerNumber, @subscriptionId, @firstName, @lastName, @email, @fingerprint)`,
    );
    this.#findCancellationRepeat = this.#db.prepare(
      `SELECT id, received_at AS receivedAt FROM cancellation_submissions
       WHERE fingerprint = ? AND received_at >= ? ORDER BY received_at LIMIT 1`,
    );
  }

  #receivedAt(): string {
    return new Date(this.#clock.now()).toISOString();
  }

  async saveContact(record: ContactRecord): Promise<string> {
    const files = record.attachments.map((file) => {
      const content = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
      return { file, content, sha256: createHash('sha256').update(content).digest('hex') };
    });
    const fingerprint = contactFingerprint(record, files.map(({ sha256 }) => sha256));
    const since = new Date(this.#clock.now() - REPEAT_WINDOW_MS).toISOString();
    const save = this.#db.transaction((): string => {
      this.#refuseNewerSchema();
      const repeat = this.#findRepeat.get(fingerprint, since) as { id: string } | undefined;
      if (repeat) return repeat.id;
      const id = this.#ids.next();
      this.#insertContact.run({
        id,
        receivedAt: this.#receivedAt(),
        site: record.site,
        locale: record.locale,
        topic: record.topic,
        question: record.question,
        articleNumber: record.articleNumber ?? null,
        firstName: record.firstName,
        lastName: record.lastName,
        email: record.email,
        legalConsent: record.legalConsent === undefined ? null : record.legalConsent ? 1 : 0,
        fingerprint,
      });
      files.forEach(({ file, content, sha256 }, position) => {
        this.#insertAttachment.run({
          submissionId: id,
          position,
          fileName: file.fileName,
          mediaType: MIME_TYPE_OF_KIND[file.kind] ?? file.kind,
          size: content.byteLength,
          sha256,
          content,
        });
      });
      return id;
    });
    // IMMEDIATE: two copies arriving at once cannot both miss each other.
    return this.#whenWritable(() => save.immediate());
  }

  async saveCancellation(record: CancellationRecord): Promise<StoredCancellation> {
    const fingerprint = cancellationFingerprint(record);
    const since = new Date(this.#clock.now() - REPEAT_WINDOW_MS).toISOString();
    const save = this.#db.transaction((): StoredCancellation => {
      this.#refuseNewerSchema();
      const repeat = this.#findCancellationRepeat.get(fingerprint, since) as StoredCancellation | undefined;
      if (repeat) return { id: repeat.id, receivedAt: repeat.receivedAt };
      const stored = { id: this.#ids.next(), receivedAt: this.#receivedAt() };
      this.#insertCancellationRow(stored, record, fingerprint);
      return stored;
    });
    // IMMEDIATE: two copies arriving at once cannot both miss each other.
    return this.#whenWritable(() => save.immediate());
  }

  /** Under the write lock: a newer server may have migrated the file since this one opened it. */
  #refuseNewerSchema(): void {
    if (newerSchemaVersion(this.#db) !== undefined) throw new StoreNewerSchemaError();
  }

  #insertCancellationRow({ id, receivedAt }: StoredCancellation, record: CancellationRecord, fingerprint: string): void {
    this.#insertCancellation.run({
      id,
      receivedAt,
      fingerprint,
      site: record.site,
      locale: record.locale,
      cancellationType: record.cancellationType,
      reason: record.reason ?? null,
      customerNumber: record.customerNumber,
      subscriptionId: record.subscriptionId,
      firstName: record.firstName,
      lastName: record.lastName,
      email: record.email,
    });
  }

  /**
   * Runs `write` once the write lock can be had: a try waits {@link BUSY_TRY_MS} in the driver, then
   * the server goes on with other requests for a pause, until `busyWaitMs` are over
   * ({@link StoreBusyError}). Before, one try waited 5 s in the driver, and every request with it.
   * Writes take their turns in arrival order, so while the lock is held elsewhere only one of them
   * tries per pause: with a try each, five or more waiting saves kept a timer always due, and Node
   * read no request until the lock was released.
   */
  #whenWritable<T>(write: () => T): Promise<T> {
    try {
      if (!this.#stillTheFile()) return Promise.reject(new StoreGoneError());
    } catch (error) {
      // Its folder made unreadable under the server (EACCES): no save can be checked, nor made.
      return Promise.reject(new StoreUnwritableError({ cause: error }));
    }
    // The monotonic clock: a wall clock set back while a lock is held would stretch the wait.
    const until = performance.now() + this.#busyWaitMs;
    const turn = this.#turns.then(() => this.#tryUntil(write, until));
    this.#turns = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Tries `write` until `until`, pausing between tries. A write whose wait is over when its turn comes
   * while the write before it found the lock held fails without a try: each try holds the server for
   * {@link BUSY_TRY_MS}, and fifty such turns in a row held it for a second.
   */
  async #tryUntil<T>(write: () => T, until: number): Promise<T> {
    for (;;) {
      if (this.#lockHeld && performance.now() + BUSY_PAUSE_MS > until) throw this.#gaveUp();
      try {
        const written = write();
        this.#lockHeld = false;
        this.#busySince = undefined;
        return written;
      } catch (error) {
        if (isUnwritable(error)) throw new StoreUnwritableError({ cause: error });
        if (!isBusy(error)) throw error;
        this.#lockHeld = true;
        // The lock found held counts for the health probe from here too.
        this.#busySince ??= performance.now();
        if (performance.now() + BUSY_PAUSE_MS > until) throw this.#gaveUp(error);
      }
      await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS));
    }
  }

  /** A save gave up on the lock: the health probe counts it as held as long as a save waits. */
  #gaveUp(cause?: unknown): StoreBusyError {
    this.#busySince = Math.min(this.#busySince ?? Number.POSITIVE_INFINITY, performance.now() - this.#busyWaitMs);
    return cause === undefined ? new StoreBusyError() : new StoreBusyError({ cause });
  }

  /**
   * The database's files (the file, its write-ahead log and shared memory) users other than the
   * server's may read or write, with their modes, as `mode 644; -wal 644`; undefined when none. A
   * database made before new ones were created 600 may be so, and SQLite keeps an existing log's
   * mode. Left as they are (a backup may read them through its group): the operator is told.
   */
  openToOthers(): string | undefined {
    if (this.#opened === undefined) return undefined;
    const open = ['', '-wal', '-shm'].flatMap((suffix) => {
      const mode = (statSync(this.#file + suffix, { throwIfNoEntry: false })?.mode ?? 0) & 0o777;
      return (mode & 0o077) === 0 ? [] : [`${suffix === '' ? 'mode' : suffix} ${mode.toString(8)}`];
    });
    return open.length === 0 ? undefined : open.join('; ');
  }

  /**
   * Why the store cannot take a submission now, or undefined while it can: readable, still the file at
   * its path, writable (a read-only file is no healthy store, nor a write lock held elsewhere for as
   * long as a save waits: the probe commits a write of the schema version as it is) and with room for
   * the largest submission.
   */
  healthProblem(): string | undefined {
    try {
      if (!this.#db.open) return 'the database is closed';
      if (!this.#stillTheFile()) return `the database file ${this.#file}, its write-ahead log or its shared-memory index was deleted or replaced`;
      this.#db.prepare('SELECT 1 AS ok').get();
      // Without the figure: the log says it again only when the problem changes, not with every megabyte.
      const free = this.#file === ':memory:' ? Number.POSITIVE_INFINITY : this.#freeBytes(dirname(this.#file));
      // A disk with no room left takes not even a short text: not told as one where smaller ones still fit.
      if (free < FULL_DISK_BYTES) return `the disk of ${this.#file} is full (less than ${FULL_DISK_BYTES / 1024 / 1024} MB free): no submission can be stored`;
      if (free < MIN_FREE_BYTES) {
        return `less than ${MIN_FREE_BYTES / 1024 / 1024} MB free on the disk of ${this.#file}: the largest submission may not fit (smaller ones are still taken)`;
      }
      this.#db.exec('BEGIN IMMEDIATE');
      try {
        // Read under the write lock: a server migrating the file meanwhile must not get its version undone.
        const version = this.#db.pragma('user_version', { simple: true }) as number;
        if (version > MIGRATIONS.length) {
          return `the database ${this.#file} has schema version ${version}, written by a newer server; this server knows ${MIGRATIONS.length}`;
        }
        this.#db.pragma(`user_version = ${version}`);
        this.#db.exec('COMMIT');
      } finally {
        if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
      }
      this.#busySince = undefined;
      return undefined;
    } catch (error) {
      if (isBusy(error)) {
        this.#busySince ??= performance.now();
        if (performance.now() - this.#busySince < this.#busyWaitMs) return undefined;
      }
      // SQLite opens a file it cannot write read-only, for good: making the file writable is not enough.
      const restart = codeOf(error).startsWith('SQLITE_READONLY') ? `; ${readOnlyRemedy(this.#file)}` : '';
      return `the database ${this.#file} cannot be written: ${causeText(error)}${restart}`;
    }
  }

  /**
   * Whether the file opened, and its write-ahead log, are still the ones at their paths: a database
   * deleted or replaced under the running server (a cleanup, a restore) takes every later submission
   * into an unlinked file, lost at the next restart, and so does a log deleted under it (a cleanup
   * taking it for a temporary file): the rows since the last checkpoint go at the next exit that does
   * not checkpoint; and so does its shared-memory index. /healthz then answers 503, so a load
   * balancer takes the instance out.
   */
  #stillTheFile(): boolean {
    if (this.#opened === undefined) return true;
    if (!sameFile(statSync(this.#file, { throwIfNoEntry: false }), this.#opened)) return false;
    const log = statSync(this.#file + '-wal', { throwIfNoEntry: false });
    const index = statSync(this.#file + '-shm', { throwIfNoEntry: false });
    // SQLite makes the log and its shared-memory index at the first read and keeps them while a
    // connection is open. An index deleted under it is one another server builds anew: each then
    // commits by an index of its own, and the file is damaged.
    this.#openedLog ??= log;
    this.#openedShm ??= index;
    return (this.#openedLog === undefined || sameFile(log, this.#openedLog)) && (this.#openedShm === undefined || sameFile(index, this.#openedShm));
  }

  /**
   * Removes every submission sent with the e-mail address `email` (a person's request to erase their
   * data): contact messages with their files, and cancellations. The address is compared as the forms
   * store it, ASCII letters without case (`Max@Example.org` is the same mailbox). The file is then
   * rebuilt (`VACUUM`) and the write-ahead log emptied: `secure_delete` alone left rows in the unused
   * space of pages SQLite had rebalanced (verification pass). The rebuild holds the write lock: a
   * running server's saves wait for it, and past their wait answer 503. Another process reading the
   * database (a backup, a database browser) keeps the log from being emptied past its wait (the
   * running server's own checkpoint after a save is waited for, up to a minute):
   * `tracesLeft` then says that copies of the removed data are still in the log (and the file). A
   * rebuild that fails (it writes a copy of the whole file: a disk short of space) leaves the rows
   * removed and their copies in the file: `notRebuilt` gives its cause. Every run rebuilds, also one
   * that finds no one, so a run once there is room completes an earlier one. Throws
   * {@link StoreBusyError}, nothing removed, while another process holds the write lock past the wait,
   * and {@link StoreUnwritableError} when the deletion cannot be written (read-only, a full disk).
   */
  erasePerson(email: string): {
    readonly contactMessages: number;
    readonly cancellations: number;
    /** The address compared, as the forms store it (a Turkish İ in the domain is `i`). */
    readonly address: string;
    readonly tracesLeft: boolean;
    readonly notRebuilt?: string;
  } {
    const address = storedEmail(storedText(email.trim()));
    this.#db.pragma('secure_delete = ON');
    // A running server's saves hold the write lock a moment: waited for, as a save waits.
    this.#db.pragma(`busy_timeout = ${this.#busyWaitMs}`);
    const erase = this.#db.transaction(() => ({
      contactMessages: this.#db.prepare('DELETE FROM contact_submissions WHERE lower(email) = lower(?)').run(address).changes,
      cancellations: this.#db.prepare('DELETE FROM cancellation_submissions WHERE lower(email) = lower(?)').run(address).changes,
    }));
    let erased: { contactMessages: number; cancellations: number };
    try {
      erased = erase.immediate();
    } catch (error) {
      // Another process writing (a database browser, a second erasure) past the wait: nothing removed.
      if (isBusy(error)) throw new StoreBusyError({ cause: error });
      // A read-only file, a disk too full for the deletion's log: nothing removed, the cause kept.
      throw isUnwritable(error) ? new StoreUnwritableError({ cause: error }) : error;
    }
    let notRebuilt: string | undefined;
    let rebuilt = true;
    try {
      this.#db.exec('VACUUM');
    } catch (error) {
      rebuilt = false;
      // Kept from the write lock past the wait is a busy database, not a disk short of space.
      if (!isBusy(error)) notRebuilt = error instanceof Error ? error.message : String(error);
    }
    // Also after a failed rebuild: the log it grew is emptied, and a running server's disk not kept full.
    let emptied = false;
    // Readers and writers are waited for in the driver; another connection's checkpoint (the running
    // server's own after a save, copying a large file's rebuild back) is not: it answers busy at once,
    // and is tried again for up to CHECKPOINT_WAIT_MS. A try that waited the driver's whole wait met a
    // reader or writer that keeps the log: that is told, not waited for again.
    const until = performance.now() + CHECKPOINT_WAIT_MS;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    try {
      for (;;) {
        const tried = performance.now();
        const [checkpoint] = this.#db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
        emptied = checkpoint?.busy === 0;
        if (emptied || performance.now() - tried >= this.#busyWaitMs || performance.now() + CHECKPOINT_PAUSE_MS > until) break;
        // A synchronous pause: the command does nothing else meanwhile.
        Atomics.wait(pause, 0, 0, CHECKPOINT_PAUSE_MS);
      }
    } catch {
      // Left to the next run.
    }
    return { ...erased, address, tracesLeft: !emptied || !rebuilt, ...(notRebuilt === undefined ? {} : { notRebuilt }) };
  }

  /**
   * Closes the database. When its file was replaced under the server (a restore) or deleted, this
   * server's write-ahead log and shared memory, still at the file's path, belong to the file it had:
   * they are removed, or the next start would apply that log to the restored file (found in a QA run:
   * the restore undone, or the file damaged, with /healthz saying ok).
   */
  close(): void {
    if (!this.#db.open) return;
    const replaced = this.#opened !== undefined && !sameFile(identityAt(this.#file), this.#opened);
    this.#db.close();
    if (!replaced) return;
    // Only files still this server's (another server may run on the restored file with files of its own).
    for (const [suffix, opened] of [['-wal', this.#openedLog], ['-shm', this.#openedShm]] as const) {
      if (opened === undefined || !sameFile(identityAt(this.#file + suffix), opened)) continue;
      try {
        rmSync(this.#file + suffix, { force: true });
      } catch {
        // Left for the operator: the restore's own steps remove them (README).
      }
    }
  }
}

/**
 * Whether the file is a database with the support tables, read without changing it (a tool must not
 * migrate another file). A file that is no database is not one. Reading a database in WAL mode makes
 * its log and index beside it: those this reading made are removed again (no other process had
 * them, so they are empty).
 */
export function isSupportDatabase(file: string): boolean {
  const made = ['-wal', '-shm'].filter((suffix) => !existsSync(file + suffix));
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'contact_submissions'`).get() !== undefined;
  } catch (error) {
    if (codeOf(error) === 'SQLITE_NOTADB') return false;
    throw error;
  } finally {
    db.close();
    for (const suffix of made) rmSync(file + suffix, { force: true });
  }
}

/** What makes two cancellations the same: the site and every field the customer fills (not the locale). */
function cancellationFingerprint(record: CancellationRecord): string {
  const { site, cancellationType, reason, customerNumber, subscriptionId, firstName, lastName, email } = record;
  const fields = [site, cancellationType, reason ?? null, customerNumber, subscriptionId, firstName, lastName, email];
  return createHash('sha256').update(JSON.stringify(['cancellation', ...fields])).digest('hex');
}

/**
 * What makes two contact messages the same: the site, every field the shopper fills and each file's
 * name and content, in order. Not the locale: the same message sent again in another language of the
 * page is still that message.
 */
function contactFingerprint(record: ContactRecord, fileHashes: readonly string[]): string {
  const { site, topic, question, articleNumber, firstName, lastName, email, legalConsent } = record;
  const files = record.attachments.map((file, i) => [file.fileName, fileHashes[i]]);
  const fields = [site, topic, question, articleNumber ?? null, firstName, lastName, email, legalConsent ?? null, files];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

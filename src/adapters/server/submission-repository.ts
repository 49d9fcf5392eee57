/**
 * Where the reference backend keeps accepted submissions. The routes depend on this interface only;
 * `SqliteSubmissionRepository` implements it with an embedded SQLite file.
 */
import type { ContactTopic } from '../../domain/support/contact-message';
import type { CancellationType } from '../../domain/support/cancellation-request';
import type { FileKind } from '../../domain/support/attachments';
import type { SiteCode } from '../../domain/support/sites';

/** One uploaded file whose content has been checked. */
export interface AttachmentRecord {
  /** The file name as the browser sent it (stored as is, never interpreted). */
  readonly fileName: string;
  /** The kind its content shows (magic number), not the type the browser declared. */
  readonly kind: FileKind;
  readonly content: Uint8Array;
}

/** A valid contact message, as the domain's schema returned it, plus its files. */
export interface ContactRecord {
  readonly site: SiteCode;
  /** The request's locale (`x-locale`, default de-DE). */
  readonly locale: string;
  readonly topic: ContactTopic;
  readonly question: string;
  readonly articleNumber?: string | undefined;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  /** Ticked legal notice; `undefined` where the site does not ask for it. */
  readonly legalConsent?: boolean | undefined;
  readonly attachments: readonly AttachmentRecord[];
}

/** A stored cancellation: its id and when it was stored (ISO 8601, UTC). */
export interface StoredCancellation {
  readonly id: string;
  readonly receivedAt: string;
}

/** A valid cancellation request (DACH sites only). */
export interface CancellationRecord {
  readonly site: SiteCode;
  readonly locale: string;
  readonly cancellationType: CancellationType;
  readonly reason?: string | undefined;
  readonly customerNumber: string;
  readonly subscriptionId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}

/**
 * A save that could not take the store's write lock in time (another process holds it: a backup, a
 * second instance, the sqlite3 shell). Nothing was stored; the route answers 503 with Retry-After.
 */
export class StoreBusyError extends Error {
  readonly code = 'SUPPORT_STORE_BUSY';
  constructor(options?: ErrorOptions) {
    super('The submission store is busy (its write lock is held elsewhere).', options);
  }
}

/**
 * A save refused because the database file opened is no longer the one at its path (deleted or
 * replaced under the running server): stored, the submission would be lost at the next restart.
 * The route answers 503, and the shopper is shown the other ways to reach customer service.
 */
export class StoreGoneError extends Error {
  readonly code = 'SUPPORT_STORE_GONE';
  constructor() {
    super('The submission database file is no longer the one the server opened.');
  }
}

/**
 * A save the database refused to write: a read-only file, a full disk, an I/O error. Nothing was
 * stored; the route answers 503 (and /healthz, whose probe writes too).
 */
export class StoreUnwritableError extends Error {
  readonly code = 'SUPPORT_STORE_UNWRITABLE';
  constructor(options?: ErrorOptions) {
    super('The submission database cannot be written (read-only, full or failing).', options);
  }
}

/**
 * A save refused because a newer server migrated the database while this one ran (a rolling upgrade):
 * rows written in the old schema could lack what the newer one relies on. Nothing was stored; the
 * route answers 503 (and /healthz), until this server is replaced.
 */
export class StoreNewerSchemaError extends Error {
  readonly code = 'SUPPORT_STORE_NEWER';
  constructor() {
    super('The submission database was migrated by a newer server.');
  }
}

/** How long a stored contact message is recognised when it is sent again: one day. */
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface SubmissionRepository {
  /**
   * Stores the message and all its files in one transaction; resolves with the new id once durable. A
   * message the same in every field and file as one stored in the last {@link REPEAT_WINDOW_MS} is
   * that message (its answer was lost, the shopper left before it, and the form was sent again):
   * resolves with the stored id and stores nothing.
   */
  saveContact(record: ContactRecord): Promise<string>;
  /**
   * Stores the request; resolves with its id and the time it was stored once durable. A request the
   * same in every field as one stored in the last {@link REPEAT_WINDOW_MS} is that request (sent again
   * after its answer was lost): resolves with the stored one and stores nothing.
   */
  saveCancellation(record: CancellationRecord): Promise<StoredCancellation>;
  /** Why the store cannot be read and written now (the health check), or undefined while it can. */
  healthProblem(): string | undefined;
  /** Releases the store; later saves fail. */
  close(): void;
}

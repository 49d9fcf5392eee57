/**
 * The submission database's schema as numbered migrations. `PRAGMA user_version` holds how many have
 * run; opening a database runs the missing ones, each in its own transaction. Append, never edit.
 */
import type { Database } from 'better-sqlite3';

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE contact_submissions (
    id             TEXT PRIMARY KEY,
    received_at    TEXT NOT NULL,
    site           TEXT NOT NULL,
    locale         TEXT NOT NULL,
    topic          TEXT NOT NULL,
    question       TEXT NOT NULL,
    article_number TEXT,
    first_name     TEXT NOT NULL,
    last_name      TEXT NOT NULL,
    email          TEXT NOT NULL,
    legal_consent  INTEGER CHECK (legal_consent IN (0, 1))
  ) STRICT;

  CREATE TABLE contact_attachments (
    submission_id TEXT NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
    position      INTEGER NOT NULL CHECK (position BETWEEN 0 AND 2),
    file_name     TEXT NOT NULL,
    media_type    TEXT NOT NULL CHECK (media_type IN ('application/pdf', 'image/png', 'image/jpeg')),
    size          INTEGER NOT NULL CHECK (size = length(content)),
    sha256        TEXT NOT NULL,
    content       BLOB NOT NULL,
    PRIMARY KEY (submission_id, position)
  ) STRICT;

  CREATE TABLE cancellation_submissions (
    id                TEXT PRIMARY KEY,
    received_at       TEXT NOT NULL,
    site              TEXT NOT NULL CHECK (site IN ('de', 'at', 'ch', 'ch_fr')),
    locale            TEXT NOT NULL,
    cancellation_type TEXT NOT NULL CHECK (cancellation_type IN ('ordinary', 'extraordinary')),
    reason            TEXT,
    customer_number   TEXT NOT NULL,
    subscription_id   TEXT NOT NULL,
    first_name        TEXT NOT NULL,
    last_name         TEXT NOT NULL,
    email             TEXT NOT NULL,
    CHECK (cancellation_type = 'ordinary' OR reason IS NOT NULL)
  ) STRICT;
  `,
  // A message's fingerprint: a repeat of a stored message (sent again after its answer was lost) is found by it.
  `
  ALTER TABLE contact_submissions ADD COLUMN fingerprint TEXT;
  CREATE INDEX contact_submissions_fingerprint ON contact_submissions (fingerprint, received_at);
  `,
  // The same for cancellations, now that a form sends them.
  `
  ALTER TABLE cancellation_submissions ADD COLUMN fingerprint TEXT;
  CREATE INDEX cancellation_submissions_fingerprint ON cancellation_submissions (fingerprint, received_at);
  `,
];

/** The file's schema version when a newer server wrote it (one this server does not know), else undefined. */
export const newerSchemaVersion = (db: Database): number | undefined => {
  const version = db.pragma('user_version', { simple: true }) as number;
  return version > MIGRATIONS.length ? version : undefined;
};

/** The schema version of the file; refuses one written by a newer schema. */
const versionOf = (db: Database): number => {
  const newer = newerSchemaVersion(db);
  if (newer !== undefined) {
    throw new Error(
      `The submission database has schema version ${newer}, written by a newer server; this server knows ${MIGRATIONS.length}: run the newer server on it, or restore a backup made at version ${MIGRATIONS.length} or earlier.`,
    );
  }
  const version = db.pragma('user_version', { simple: true }) as number;
  // A copy made with `.dump` has the tables but not the version: the first migration would fail on them.
  if (version === 0 && db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'contact_submissions'").get() !== undefined) {
    throw new Error(
      `The submission database holds the support tables but no schema version (a copy made with .dump loses it): restore it with .backup or VACUUM INTO, or set PRAGMA user_version to the version it was copied at (this server's is ${MIGRATIONS.length}).`,
    );
  }
  return version;
};

/**
 * Runs the migrations the database has not seen and answers the versions it went from and to (undefined
 * when it ran none); refuses a database written by a newer schema. Each step reads the version again
 * under the write lock: another server starting on the same file may have migrated it while this one
 * waited for the lock.
 */
export function migrate(db: Database): { readonly from: number; readonly to: number } | undefined {
  const found = versionOf(db);
  if (found === MIGRATIONS.length) return undefined;
  let from: number | undefined;
  const step = db.transaction((): boolean => {
    const version = versionOf(db);
    const sql = MIGRATIONS[version];
    if (sql === undefined) return false;
    db.exec(sql);
    db.pragma(`user_version = ${version + 1}`);
    from ??= version;
    return true;
  });
  while (step.immediate()) {
    // one migration per transaction, until none is left
  }
  return from === undefined ? undefined : { from, to: MIGRATIONS.length };
}

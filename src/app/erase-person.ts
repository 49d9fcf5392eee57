/**
 * `npm run erase-person -- <e-mail address>`: removes every contact message (with its files) and
 * cancellation sent with that address from `SUPPORT_DB`, for a person's request to erase their data.
 * Safe while the server runs (SQLite's write lock); it says how many of each it removed.
 */
import { existsSync } from 'node:fs';
import { SqliteSubmissionRepository, isSupportDatabase } from '../adapters/server/sqlite-submission-repository';
import { configFromEnv } from './server/config';

const email = process.argv[2]?.trim() ?? '';
if (!email.includes('@') || process.argv.length > 3) {
  console.error('Usage: npm run erase-person -- <e-mail address>   (one address; the database is SUPPORT_DB)');
  process.exitCode = 1;
} else {
  try {
    const { databaseFile } = configFromEnv();
    // Opening a path that is not there would make a new, empty database and find no one in it; another
    // SQLite file would be given the support tables (the repository migrates what it opens).
    if (!existsSync(databaseFile)) throw new Error(`there is no database at ${databaseFile} (SUPPORT_DB)`);
    if (!isSupportDatabase(databaseFile)) throw new Error(`${databaseFile} is not the support database (SUPPORT_DB)`);
    const repository = new SqliteSubmissionRepository({ file: databaseFile, ids: { next: () => '' }, clock: { now: () => Date.now() } });
    try {
      const { contactMessages, cancellations, tracesLeft } = repository.erasePerson(email);
      console.log(`Removed ${contactMessages} contact message(s) with their files and ${cancellations} cancellation(s) sent with ${email} from ${databaseFile}.`);
      if (tracesLeft) {
        // The erasure is not complete until the copies are gone: the operator has to know, and a script too.
        console.error(
          'Copies of the removed data are still in the database files: another process (a backup, a database browser) reads the database. Run the command again once it has finished.',
        );
        process.exitCode = 2;
      }
    } finally {
      repository.close();
    }
  } catch (error) {
    console.error(`Nothing was removed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

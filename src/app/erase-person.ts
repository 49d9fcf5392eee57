/**
 * `npm run erase-person -- <e-mail address>`: removes every contact message (with its files) and
 * cancellation sent with that address from `SUPPORT_DB`, for a person's request to erase their data.
 * Safe while the server runs (SQLite's write lock); it says how many of each it removed.
 */
import { statSync } from 'node:fs';
import { BUSY_WAIT_MS, SqliteSubmissionRepository, codeOf, isSupportDatabase } from '../adapters/server/sqlite-submission-repository';
import { commandRemedy } from '../adapters/server/read-only-remedy';
import { StoreBusyError, StoreUnwritableError } from '../adapters/server/submission-repository';
import { emailField } from '../domain/support/form-fields';
import { percentDecoded } from '../domain/text/percent-decoded';
import { configFromEnv } from './server/config';

/** Whether the file is there ('there'), not there ('missing'), a folder, or cannot be looked at (the error's code). */
const reach = (file: string): string => {
  try {
    const found = statSync(file, { throwIfNoEntry: false });
    return found === undefined ? 'missing' : found.isDirectory() ? 'folder' : 'there';
  } catch (error) {
    return (error as { code?: string }).code ?? 'unreachable';
  }
};

const USAGE = 'Usage: npm run erase-person -- <e-mail address>   (one address; the database is SUPPORT_DB)';

/**
 * The one address in what the operator pasted: as it is, in `<…>` (a mail program's `Name <address>`)
 * or in a `mailto:` link (without its `?subject=…`). It must be one the forms take (their e-mail
 * rule): anything else (two addresses, a text around one, a sentence's full stop after it) compared
 * as given matched no one, and the command said it had removed nothing, as if the person never wrote.
 */
const oneAddress = (given: string): string | undefined => {
  const text = given.trim();
  let address = (/^[^<>]*<([^<>]*)>$/.exec(text)?.[1] ?? text).trim();
  if (/^mailto:/i.test(address)) address = percentDecoded(address.slice('mailto:'.length).split('?', 1)[0] ?? '');
  const read = emailField().safeParse(address);
  return read.success ? read.data : undefined;
};

const given = process.argv[2] ?? '';
const email = oneAddress(given);
if (email === undefined || process.argv.length > 3) {
  if (given.trim() !== '' && email === undefined) console.error(`Nothing was removed: "${given}" is not one e-mail address.`);
  console.error(USAGE);
  process.exitCode = 1;
} else {
  try {
    const { databaseFile } = configFromEnv();
    // Opening a path that is not there would make a new, empty database and find no one in it; another
    // SQLite file would be given the support tables (the repository migrates what it opens).
    const reached = reach(databaseFile);
    if (reached === 'missing') throw new Error(`there is no database at ${databaseFile} (SUPPORT_DB)`);
    if (reached === 'folder') throw new Error(`${databaseFile} is a folder, not the support database (SUPPORT_DB)`);
    if (reached !== 'there') {
      // A folder on the way its user may not enter: the path may well be right.
      throw new Error(
        `the database ${databaseFile} cannot be reached by this user (${reached}): run the command as the server's user, or make the folders on its way readable and searchable by this user`,
      );
    }
    const unwritable = commandRemedy(databaseFile);
    if (unwritable !== undefined) throw new Error(`the database ${databaseFile} cannot be written by this user: ${unwritable}`);
    if (!isSupportDatabase(databaseFile)) throw new Error(`${databaseFile} is not the support database (SUPPORT_DB)`);
    const repository = new SqliteSubmissionRepository({ file: databaseFile, ids: { next: () => '' }, clock: { now: () => Date.now() } });
    try {
      const { contactMessages, cancellations, address, tracesLeft, notRebuilt } = repository.erasePerson(email);
      console.log(`Removed ${contactMessages} contact message(s) with their files and ${cancellations} cancellation(s) sent with ${address} from ${databaseFile}.`);
      if (notRebuilt !== undefined) {
        // A copy in the temporary folder, then as much again into the database's log: twice the file on one disk.
        const size = Math.ceil(statSync(databaseFile).size / (1024 * 1024));
        console.error(
          `The database file could not be rebuilt (${notRebuilt}): copies of the removed data may still be readable in its files. The rebuild writes the whole file twice, a copy in the temporary folder and then into the database's log: free about ${2 * size} MB on the database's disk (${size} MB there and ${size} MB in the temporary folder when that is on another disk), then run the command again (it rebuilds also when it finds no one).`,
        );
        process.exitCode = 2;
      } else if (tracesLeft) {
        // The erasure is not complete until the copies are gone: the operator has to know, and a script too.
        console.error(
          'Copies of the removed data are still in the database files: another process kept the database busy (a backup, a database browser, or the running server with many submissions at once). Run the command again once it has finished, or in a quieter moment.',
        );
        process.exitCode = 2;
      }
    } finally {
      repository.close();
    }
  } catch (error) {
    if (error instanceof StoreBusyError) {
      // Not the driver's bare 'database is locked', and not exit 1 (a mistake to correct): run it again.
      console.error(
        `Nothing was removed: another process kept the database busy for ${BUSY_WAIT_MS / 1000} s (a backup or a database browser writing to it, another erasure, or the running server with many submissions at once). Run the command again once it has finished, or in a quieter moment.`,
      );
      process.exitCode = 2;
    } else if (error instanceof StoreUnwritableError && /^SQLITE_(FULL|IOERR_WRITE)/.test(codeOf(error.cause))) {
      // Not exit 1 (a mistake to correct): room to make, then the same command.
      const { databaseFile } = configFromEnv();
      const size = Math.ceil(statSync(databaseFile).size / (1024 * 1024));
      const room = `the deletion writes the removed data into the database's log, and the rebuild after it the whole file twice: free about ${2 * size} MB on the database's disk (${size} MB there and ${size} MB in the temporary folder when that is on another disk), then run the command again.`;
      console.error(
        codeOf(error.cause).startsWith('SQLITE_FULL')
          ? `Nothing was removed: the disk of ${databaseFile} is too full: ${room}`
          : `Nothing was removed: the deletion could not be written on the disk of ${databaseFile} (disk I/O error). A disk short of space or a file size limit is the usual cause: ${room} Otherwise check the disk.`,
      );
      process.exitCode = 2;
    } else {
      console.error(`Nothing was removed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  }
}

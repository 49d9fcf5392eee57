import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

const allows = (mode: number) => (path: string): boolean => {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
};
const canWriteFile = allows(constants.W_OK);
/** A file the server can read and write, or a folder it can list, enter and make files in. */
const canOpenPath = (path: string): boolean =>
  allows(constants.R_OK | constants.W_OK | (statSync(path, { throwIfNoEntry: false })?.isDirectory() ? constants.X_OK : 0))(path);

/**
 * The database's files (the file, its log, its index) that are there and `allowed` refuses, then its
 * folder when `allowed` refuses it and it is needed: always (`folderNeeded`), or to make a missing file.
 * A folder still to be made is the nearest one that is there (`toMake`: what is made in it): naming the
 * missing one sent the operator to change a folder that was not there (operations QA pass).
 */
const blockedPaths = (file: string, allowed: (path: string) => boolean, folderNeeded: boolean): { readonly paths: string; readonly toMake?: string } | undefined => {
  const paths = [file, `${file}-wal`, `${file}-shm`];
  const blocked = paths.filter((path) => existsSync(path) && !allowed(path));
  let folder = dirname(file);
  while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
  const folderBlocked = (folderNeeded || paths.some((path) => !existsSync(path))) && !allowed(folder);
  if (folderBlocked) blocked.push(`the folder ${folder}`);
  if (blocked.length === 0) return undefined;
  // Said only of a folder known to be missing: one its user cannot look into may be there.
  const toMake = folderBlocked && folder !== dirname(file) && isMissing(dirname(file)) ? dirname(file) : undefined;
  return { paths: inWords.format(blocked), ...(toMake === undefined ? {} : { toMake }) };
};
/** 'A, B and C': a list an operator reads as a sentence. */
const inWords = new Intl.ListFormat('en-GB', { type: 'conjunction' });
/** Whether the path is not there (not: cannot be looked at). */
const isMissing = (path: string): boolean => {
  try {
    return statSync(path, { throwIfNoEntry: false }) === undefined;
  } catch {
    return false;
  }
};
/** ` (to make … in it)` after a folder still to be made's nearest one. */
const making = (blocked: { readonly toMake?: string }): string => (blocked.toMake === undefined ? '' : ` (to make ${blocked.toMake} in it)`);

/**
 * What an operator has to do before a restart makes a read-only database writable again: the files
 * the server's user cannot write, by path. SQLite gives the write-ahead log and its shared-memory
 * index the database file's mode, and a read-only start leaves them so: making the file alone
 * writable again kept the server read-only, restart after restart (operations QA pass). A missing
 * log or index is made in the folder, which must be writable then. `then`: what the operator does next.
 */
export function readOnlyRemedy(file: string, then = 'restart the server', canWrite: (path: string) => boolean = canWriteFile): string {
  const blocked = blockedPaths(file, canWrite, false);
  // Writable by now (fixed while the server ran): SQLite keeps a file it opened read-only so.
  if (blocked === undefined) return `${then}: it still has the file open read-only`;
  return `make ${blocked.paths} writable by the server's user${making(blocked)}, then ${then}`;
}

/**
 * What an operator has to do when the server cannot open its database at all: the paths its user
 * cannot read and write (a restore by root under `umask 077` left root's file, mode 600: the start
 * said only the driver's "unable to open database file"; backend QA pass). Undefined when every path
 * is open to it (the cause is another: a full disk, a damaged file).
 */
export function unopenableRemedy(file: string, canOpen: (path: string) => boolean = canOpenPath): string | undefined {
  const blocked = blockedPaths(file, canOpen, true);
  return blocked === undefined ? undefined : `make ${blocked.paths} readable and writable by the server's user${making(blocked)}, then start the server again`;
}

/**
 * What an operator has to do before a command on the database (erase-person) can change it: run it as
 * the server's user, or open to it the paths its user cannot read and write; undefined when none. Checked before the database is opened: a
 * read-only open of a database without its index fails in the driver ("attempt to write a readonly
 * database"), which named no file (operations QA pass).
 */
export function commandRemedy(file: string, canOpen: (path: string) => boolean = canOpenPath): string | undefined {
  const blocked = blockedPaths(file, canOpen, false);
  return blocked === undefined ? undefined : `run the command as the server's user, or make ${blocked.paths} readable and writable by this user${making(blocked)}`;
}

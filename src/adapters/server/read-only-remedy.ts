import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';

const canWriteFile = (path: string): boolean => {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * What an operator has to do before a restart makes a read-only database writable again: the files
 * the server's user cannot write, by path. SQLite gives the write-ahead log and its shared-memory
 * index the database file's mode, and a read-only start leaves them so: making the file alone
 * writable again kept the server read-only, restart after restart (operations QA pass). A missing
 * log or index is made in the folder, which must be writable then. `then`: what the operator does next.
 */
export function readOnlyRemedy(file: string, then = 'restart the server', canWrite: (path: string) => boolean = canWriteFile): string {
  const paths = [file, `${file}-wal`, `${file}-shm`];
  const blocked = paths.filter((path) => existsSync(path) && !canWrite(path));
  const folder = dirname(file);
  if (paths.some((path) => !existsSync(path)) && !canWrite(folder)) blocked.push(`the folder ${folder}`);
  // Writable by now (fixed while the server ran): SQLite keeps a file it opened read-only so.
  if (blocked.length === 0) return `${then}: it still has the file open read-only`;
  return `make ${blocked.join(', ')} writable by the server's user, then ${then}`;
}

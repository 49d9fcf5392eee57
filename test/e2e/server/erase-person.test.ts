import { execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { SqliteSubmissionRepository } from '../../../src/adapters/server/sqlite-submission-repository';
import type { ContactRecord } from '../../../src/adapters/server/submission-repository';
import { PROJECT_ROOT } from '../../../src/app/server/config';

const run = promisify(execFile);

/** The operator's command, as `npm run erase-person -- <address>` runs it. */
const erasePerson = (file: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'src/app/erase-person.ts'), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, SUPPORT_DB: file },
  }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
  );

/**
 * The command run under `wrapper` (a file-size limit, another user): its exit code and both outputs,
 * whether it fails or not.
 */
const erasePersonUnder = (wrapper: readonly string[], file: string, address: string) =>
  run(wrapper[0]!, [...wrapper.slice(1), process.execPath, '--import', 'tsx', join(PROJECT_ROOT, 'src/app/erase-person.ts'), address], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, SUPPORT_DB: file },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

/**
 * Holds an exclusive lock on byte 121 of the file named (SQLite's checkpoint lock in the shared-memory
 * file) until its standard input closes: `struct flock` as Linux lays it out on 64-bit machines.
 */
const CHECKPOINT_LOCK_HOLDER = `use Fcntl; open(my $fh, '+<', $ARGV[0]) or die "open: $!";
fcntl($fh, F_SETLKW, pack('s s x4 q q i x4', F_WRLCK, SEEK_SET, 121, 1, 0)) or die "lock: $!";
$| = 1; print "held\\n"; <STDIN>;`;

const contact = (email: string, question: string, withFile = false): ContactRecord => ({
  site: 'de',
  locale: 'de-DE',
  topic: 'order',
  question,
  // Hilde Quast's messages are hers by name too; the others' are not.
  firstName: /quast/i.test(email) ? 'Hilde' : 'Max',
  lastName: /quast/i.test(email) ? 'Quast' : 'Muster',
  email,
  attachments: withFile ? [{ fileName: 'befund.pdf', kind: 'pdf', content: Buffer.from('%PDF-1.4 Befund Hilde Quast') }] : [],
});

describe('erasing a person\'s submissions (npm run erase-person)', () => {
  let dir: string;
  let file: string;
  let counter = 0;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'erase-'));
    file = join(dir, 'support.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('removes every contact message with its files and every cancellation sent with the address, whatever its case, and nothing else', async () => {
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() } });
    await repository.saveContact(contact('Hilde.Quast@Example.org', 'Meine Maschine ist defekt', true));
    await repository.saveContact(contact('hilde.quast@example.org', 'Noch eine Frage'));
    await repository.saveContact(contact('max@example.org', 'Frage von Max'));
    // Long texts of others around hers, so the table's pages split and are rebalanced (rows are left in unused space then).
    for (let i = 0; i < 12; i += 1) await repository.saveContact(contact(`kunde${i}@example.org`, `${'Danke 😀 '.repeat(500)} ${i}`));
    await repository.saveContact(contact('hilde.quast@example.org', `Nachtrag ERASEME ${'😀'.repeat(400)}`));
    await repository.saveCancellation({ site: 'de', locale: 'de-DE', cancellationType: 'ordinary', customerNumber: '1', subscriptionId: '2', firstName: 'Hilde', lastName: 'Quast', email: 'hilde.quast@example.org' });
    // The server keeps running meanwhile.
    const { code, out } = await erasePerson(file, ' HILDE.QUAST@example.org ');
    expect(code).toBe(0);
    expect(out).toContain('Removed 3 contact message(s) with their files and 1 cancellation(s) sent with HILDE.QUAST@example.org');
    expect(await repository.saveContact(contact('max@example.org', 'Zweite Frage von Max'))).toMatch(/^id-/);
    repository.close();

    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare(`SELECT email FROM contact_submissions WHERE email LIKE 'max@%' ORDER BY question`).all()).toEqual([{ email: 'max@example.org' }, { email: 'max@example.org' }]);
      expect(db.prepare(`SELECT count(*) AS n FROM contact_submissions WHERE email LIKE '%quast%'`).get()).toEqual({ n: 0 });
      expect(db.prepare('SELECT count(*) AS n FROM contact_attachments').get()).toEqual({ n: 0 });
      expect(db.prepare('SELECT count(*) AS n FROM cancellation_submissions').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
    // Overwritten, not only unlinked from the tables: the file holds none of it.
    expect(readFileSync(file).includes('Meine Maschine ist defekt')).toBe(false);
    expect(readFileSync(file).includes('Befund Hilde Quast')).toBe(false);
    expect(readFileSync(file).includes('ERASEME')).toBe(false);
    expect(readFileSync(file).toString('latin1').toLowerCase().includes('quast')).toBe(false);
  });

  it('says so, and exits 2, while another process reading the database keeps copies in its files; a run after it has finished completes the erasure', async () => {
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() } });
    await repository.saveContact(contact('xaveria@example.org', 'ZWEITESZIEL Nachricht'));
    repository.close();
    // A backup or a database browser in the middle of its read.
    const reader = new Database(file, { readonly: true });
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM contact_submissions').get();
    const first = await erasePerson(file, 'xaveria@example.org');
    expect(first.code).toBe(2);
    expect(first.out).toContain('Copies of the removed data are still in the database files');
    reader.exec('COMMIT');
    reader.close();
    expect((await erasePerson(file, 'xaveria@example.org')).code).toBe(0);
    for (const path of [file, `${file}-wal`]) {
      const bytes = existsSync(path) ? readFileSync(path) : Buffer.alloc(0);
      expect(bytes.includes('ZWEITESZIEL'), path).toBe(false);
    }
  });

  it('waits out the running server\'s own checkpoint after a save, and completes the erasure', { timeout: 30_000 }, async () => {
    // The running server, with a save of someone else's while the command runs.
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() } });
    await repository.saveContact(contact('hilde.quast@example.org', 'VIERTESZIEL Nachricht'));
    await repository.saveContact(contact('max@example.org', 'Frage von Max'));
    // SQLite's checkpoint lock (byte 121 of the shared-memory file), as the server's checkpoint after
    // a save holds it: another checkpoint finds it held at once, without waiting for it.
    const holder = spawn('perl', ['-e', CHECKPOINT_LOCK_HOLDER, `${file}-shm`], { stdio: ['pipe', 'pipe', 'inherit'] });
    let erasing: ReturnType<typeof erasePerson>;
    try {
      // A holder that cannot take the lock (or start) fails the test at once, not at its timeout.
      await new Promise((resolve, reject) => {
        holder.stdout.once('data', resolve);
        holder.once('exit', (exitCode) => reject(new Error(`the lock holder exited (${exitCode}) without the lock`)));
      });
      erasing = erasePerson(file, 'hilde.quast@example.org');
      // Released a while after the rows are gone: the command has reached its checkpoint by then. Longer
      // than a save's 5 s wait: a checkpoint of a large file's rebuild (a copy of the file) takes long.
      const reader = new Database(file, { readonly: true });
      while ((reader.prepare(`SELECT count(*) AS n FROM contact_submissions WHERE email LIKE 'hilde%'`).get() as { n: number }).n > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      reader.close();
      await new Promise((resolve) => setTimeout(resolve, 7000));
    } finally {
      holder.stdin.end();
    }
    const { code, out } = await erasing;
    expect(out).not.toContain('Copies of the removed data are still in the database files');
    expect(code).toBe(0);
    repository.close();
    for (const path of [file, `${file}-wal`]) {
      const bytes = existsSync(path) ? readFileSync(path) : Buffer.alloc(0);
      expect(bytes.includes('VIERTESZIEL'), path).toBe(false);
    }
  });

  it('removes nothing, says why and exits 2 while another process holds the write lock past the wait; a run after it completes the erasure', { timeout: 30_000 }, async () => {
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() } });
    await repository.saveContact(contact('hilde.quast@example.org', 'FUENFTESZIEL Nachricht'));
    repository.close();
    // A database browser (or a second erasure) in the middle of its write.
    const writer = new Database(file);
    writer.exec('BEGIN IMMEDIATE');
    const busy = await erasePerson(file, 'hilde.quast@example.org');
    writer.exec('ROLLBACK');
    writer.close();
    expect(busy.code).toBe(2);
    expect(busy.out).toContain('Nothing was removed: another process kept the database busy');
    expect(busy.out).toContain('Run the command again once it has finished');
    expect(busy.out).not.toContain('database is locked');
    expect((await erasePerson(file, 'hilde.quast@example.org')).out).toContain('Removed 1 contact message(s)');
  });

  it('says what it removed, and exits 2, when the file cannot be rebuilt for want of space; a run once there is room wipes the copies', async () => {
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() } });
    for (let i = 0; i < 40; i += 1) await repository.saveContact(contact(`kunde${i}@example.org`, `${'Danke für alles. '.repeat(12_000)} ${i}`));
    await repository.saveContact(contact('hilde.quast@example.org', 'DRITTESZIEL Nachricht'));
    repository.close();
    // As on a disk nearly full: no file may grow past 2 MB (the rebuild writes a copy of the whole file).
    const full = await erasePersonUnder(['prlimit', `--fsize=${2 * 1024 * 1024}`], file, 'hilde.quast@example.org');
    expect(full.code).toBe(2);
    expect(full.stdout).toContain('Removed 1 contact message(s) with their files and 0 cancellation(s) sent with hilde.quast@example.org');
    expect(full.stderr).toContain('The database file could not be rebuilt');
    // Twice the file's size: a copy in the temporary folder, then as much again in the log.
    const megabytes = Math.ceil(statSync(file).size / (1024 * 1024));
    expect(full.stderr).toContain(`free about ${2 * megabytes} MB on the database's disk`);
    expect(full.stderr).not.toContain('Nothing was removed');
    // Once there is room, a run finds no one left and still rebuilds: the copies go.
    const again = await erasePerson(file, 'hilde.quast@example.org');
    expect(again).toEqual({ code: 0, out: expect.stringContaining('Removed 0 contact message(s)') });
    for (const path of [file, `${file}-wal`]) {
      const bytes = existsSync(path) ? readFileSync(path) : Buffer.alloc(0);
      expect(bytes.includes('DRITTESZIEL'), path).toBe(false);
    }
  });

  it('removes nothing, names the room it needs and exits 2 when the disk is too full for the deletion itself; a run once there is room completes it', async () => {
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() } });
    await repository.saveContact(contact('max@example.org', 'Frage von Max'));
    // A long message: removing it writes its pages (overwritten, secure_delete) into the log first.
    await repository.saveContact(contact('hilde.quast@example.org', `VIERTESZIEL ${'Danke für alles. '.repeat(150_000)}`));
    repository.close();
    // As on a disk nearly full: no file may grow past 1 MB, the log the deletion writes included.
    const full = await erasePersonUnder(['prlimit', `--fsize=${1024 * 1024}`], file, 'hilde.quast@example.org');
    const megabytes = Math.ceil(statSync(file).size / (1024 * 1024));
    expect(full.code).toBe(2);
    // A full disk is SQLITE_FULL; a file size limit, as here, a write error.
    expect(full.stderr).toMatch(new RegExp(`^Nothing was removed: (the disk of ${file} is too full|the deletion could not be written on the disk of ${file})`));
    expect(full.stderr).toContain(`free about ${2 * megabytes} MB on the database's disk`);
    const again = await erasePerson(file, 'hilde.quast@example.org');
    expect(again).toEqual({ code: 0, out: expect.stringContaining('Removed 1 contact message(s)') });
  });

  // Permissions bind every user but root: the command is run as `nobody` on root's file.
  it.runIf(process.getuid?.() === 0)('names the files to make writable when the database is read-only to its user, and removes nothing', async () => {
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() } });
    await repository.saveContact(contact('hilde.quast@example.org', 'Frage von Hilde'));
    repository.close();
    chmodSync(dir, 0o755);
    chmodSync(file, 0o644);
    const refused = await erasePersonUnder(['runuser', '-u', 'nobody', '--'], file, 'hilde.quast@example.org');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Nothing was removed: the database ${file} cannot be written by this user: run the command as the server's user, or make ${file}`);
    expect(refused.stderr).toContain('readable and writable by this user');
    expect(await erasePerson(file, 'hilde.quast@example.org')).toEqual({ code: 0, out: expect.stringContaining('Removed 1 contact message(s)') });
  });

  it.runIf(process.getuid?.() === 0)('names the folder its user cannot enter, not a database that is not there', async () => {
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() } });
    await repository.saveContact(contact('hilde.quast@example.org', 'Frage von Hilde'));
    repository.close();
    chmodSync(dir, 0o700);
    const refused = await erasePersonUnder(['runuser', '-u', 'nobody', '--'], file, 'hilde.quast@example.org');
    expect(refused.code).toBe(1);
    expect(refused.stderr).not.toContain('there is no database');
    expect(refused.stderr).toContain(`Nothing was removed: the database ${file} cannot be reached by this user (EACCES): run the command as the server's user, or make the folders on its way`);
  });

  it('removes nothing from, and leaves as it was, an SQLite file that is not the support database (a mistyped SUPPORT_DB)', async () => {
    const notes = join(dir, 'notes.txt');
    // Another application's database, in WAL mode: its log and index are not left beside it either.
    const other = new Database(file);
    other.pragma('journal_mode = WAL');
    other.exec('CREATE TABLE users (name TEXT)');
    other.close();
    expect(await erasePerson(file, 'hilde@example.org')).toMatchObject({
      code: 1,
      out: expect.stringContaining(`Nothing was removed: ${file} is not the support database (SUPPORT_DB)`),
    });
    // Nor a file that is no database at all, named too.
    writeFileSync(notes, 'Einkaufsliste');
    expect(await erasePerson(notes, 'hilde@example.org')).toMatchObject({
      code: 1,
      out: expect.stringContaining(`Nothing was removed: ${notes} is not the support database (SUPPORT_DB)`),
    });
    expect(existsSync(`${file}-wal`) || existsSync(`${file}-shm`)).toBe(false);
    const after = new Database(file, { readonly: true });
    try {
      expect(after.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all()).toEqual([{ name: 'users' }]);
    } finally {
      after.close();
    }
  });

  it('takes the address out of the forms a mail program copies it in, and refuses what is not one address', async () => {
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() } });
    for (const email of ['hilde.quast@example.org', 'max@example.org', 'erika@example.org']) await repository.saveContact(contact(email, `Frage von ${email}`));
    repository.close();
    const named = await erasePerson(file, 'Hilde Quast <Hilde.Quast@example.org>');
    expect(named).toMatchObject({ code: 0, out: expect.stringContaining('Removed 1 contact message(s) with their files and 0 cancellation(s) sent with Hilde.Quast@example.org') });
    // A mailto link copied from a request to erase: its query is no part of the address.
    expect(await erasePerson(file, 'mailto:max%40example.org?subject=L%C3%B6schung')).toMatchObject({
      code: 0,
      out: expect.stringContaining('Removed 1 contact message(s) with their files and 0 cancellation(s) sent with max@example.org from'),
    });
    // Two addresses, or a text that is none the forms take: which person was meant is not for the command to guess.
    for (const given of ['erika@example.org, max@example.org', 'erika at example.org', '<erika@example.org', 'Erika Muster erika@example.org', 'erika@example.org.']) {
      expect(await erasePerson(file, given), given).toMatchObject({ code: 1, out: expect.stringContaining('is not one e-mail address') });
    }
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare('SELECT email FROM contact_submissions').all()).toEqual([{ email: 'erika@example.org' }]);
    } finally {
      db.close();
    }
  });

  it('refuses a SUPPORT_DB that names a folder as not the support database', async () => {
    expect(await erasePerson(dir, 'hilde@example.org')).toMatchObject({
      code: 1,
      out: expect.stringContaining(`Nothing was removed: ${dir} is a folder, not the support database (SUPPORT_DB)`),
    });
  });

  it('says which address it compared: a Turkish capital İ (Caps Lock) read as the forms store it', async () => {
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() } });
    await repository.saveContact(contact('iLKAY@gmail.com', 'Frage von Ilkay'));
    repository.close();
    expect(await erasePerson(file, 'İLKAY@GMAİL.COM')).toEqual({
      code: 0,
      out: expect.stringContaining('Removed 1 contact message(s) with their files and 0 cancellation(s) sent with iLKAY@gmail.com from'),
    });
  });

  it('refuses without an address, and removes nothing from a database path that is not there (it creates none)', async () => {
    expect(await erasePerson(file)).toMatchObject({ code: 1, out: expect.stringContaining('Usage: npm run erase-person -- <e-mail address>') });
    const missing = await erasePerson(file, 'hilde@example.org');
    expect(missing).toMatchObject({ code: 1, out: expect.stringContaining(`Nothing was removed: there is no database at ${file}`) });
    expect(() => readFileSync(file)).toThrow();
  });
});

/** The server's configuration from the environment, and the SQLite repository's schema and transactions. */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIN_FREE_BYTES, SqliteSubmissionRepository, WAL_SIZE_LIMIT, preparingRemedy } from '../../../src/adapters/server/sqlite-submission-repository';
import { MIGRATIONS } from '../../../src/adapters/server/sqlite-schema';
import { StoreGoneError, StoreUnwritableError, type ContactRecord } from '../../../src/adapters/server/submission-repository';
import { PROJECT_ROOT, configFromEnv, trackerOrigins } from '../../../src/app/server/config';
import { siteForHost } from '../../../src/domain/support/sites';

describe('configuration from the environment', () => {
  it('defaults: 127.0.0.1:3000, data/support.sqlite, dev stand-ins on', () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', devStandIns: true });
    expect(config.databaseFile).toBe(join(PROJECT_ROOT, 'data/support.sqlite'));
    expect(config.appDir).toBe(join(PROJECT_ROOT, 'dist/app'));
    expect(config.hostSites.localhost).toBe('de');
  });

  it('reads PORT, HOST, SUPPORT_DB, SUPPORT_HOST_SITES, DEV_STAND_INS and SHUTDOWN_TIMEOUT_MS', () => {
    const config = configFromEnv({
      PORT: '8080',
      HOST: '0.0.0.0',
      SUPPORT_DB: '/tmp/x/support.sqlite',
      SUPPORT_HOST_SITES: 'tr.localhost=TR, pl.localhost=pl',
      DEV_STAND_INS: 'off',
      SHUTDOWN_TIMEOUT_MS: '60000',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseFile: '/tmp/x/support.sqlite',
      devStandIns: false,
      shutdownTimeoutMs: 60_000,
    });
    expect(config.hostSites).toMatchObject({ localhost: 'de', 'tr.localhost': 'tr', 'pl.localhost': 'pl' });
  });

  it('reads SUPPORT_TAG_MANAGER_SCRIPT, whose origin the pages may load scripts from and send data to', () => {
    const config = configFromEnv({ SUPPORT_TAG_MANAGER_SCRIPT: ' https://www.googletagmanager.com/gtm.js?id=GTM-SHOP ' });
    expect(config.tagManagerScript).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-SHOP');
    const origins = trackerOrigins(config.tagManagerScript);
    expect(origins.scriptOrigins).toContain('https://www.googletagmanager.com');
    expect(origins.connectOrigins).toContain('https://www.googletagmanager.com');
    expect(trackerOrigins().scriptOrigins).not.toContain('https://www.googletagmanager.com');
    expect(() => configFromEnv({ SUPPORT_TAG_MANAGER_SCRIPT: 'gtm.js' })).toThrow(
      'SUPPORT_TAG_MANAGER_SCRIPT must be an http or https address, not "gtm.js".',
    );
    expect(() => configFromEnv({ SUPPORT_TAG_MANAGER_SCRIPT: 'javascript:alert(1)' })).toThrow('must be an http or https address');
  });

  it('refuses malformed values with a readable message', () => {
    expect(() => configFromEnv({ PORT: 'abc' })).toThrow('PORT must be a number from 0 to 65535, not "abc".');
    expect(() => configFromEnv({ PORT: '70000' })).toThrow('PORT must be a number');
    // A folder (not there yet) would become a database file of its name.
    expect(() => configFromEnv({ SUPPORT_DB: '/var/lib/support/data/' })).toThrow(
      'SUPPORT_DB names the database file itself, not a folder: "/var/lib/support/data/" ends in a slash (e.g. /var/lib/support/data/support.sqlite).',
    );
    expect(() => configFromEnv({ SUPPORT_HOST_SITES: 'x.example=fr' })).toThrow('"x.example=fr" is not host=site');
    // The request's host is matched without its port: such a key would never match.
    expect(() => configFromEnv({ SUPPORT_HOST_SITES: 'tr.localhost:3157=tr' })).toThrow('"tr.localhost:3157=tr" names more than a host');
    expect(() => configFromEnv({ SUPPORT_HOST_SITES: 'http://pl.localhost=pl' })).toThrow('names more than a host');
    // An unknown word does not leave the stand-ins on.
    expect(() => configFromEnv({ DEV_STAND_INS: 'disabled' })).toThrow('DEV_STAND_INS must be on or off (or true/false, 1/0, yes/no), not "disabled".');
    expect(configFromEnv({ DEV_STAND_INS: 'off ' }).devStandIns).toBe(false);
    expect(configFromEnv({ DEV_STAND_INS: 'On' }).devStandIns).toBe(true);
    expect(() => configFromEnv({ SHUTDOWN_TIMEOUT_MS: '30s' })).toThrow(
      'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds from 1 to 86400000, not "30s".',
    );
    expect(() => configFromEnv({ SHUTDOWN_TIMEOUT_MS: '0' })).toThrow('SHUTDOWN_TIMEOUT_MS must be');
    expect(() => configFromEnv({ SUPPORT_HOST_SITES: 'tr.localhost=tr=pl' })).toThrow('"tr.localhost=tr=pl" is not host=site');
    expect(() => configFromEnv({ SUPPORT_HOST_SITES: 'a.localhost=tr, A.localhost=pl' })).toThrow('"a.localhost" is given more than once');
    expect(() => configFromEnv({ SUPPORT_HOST_SITES: 'kaffee-müller.de=de' })).toThrow(
      'SUPPORT_HOST_SITES: "kaffee-müller.de" must be written in its ASCII form (xn--...), as browsers send it.',
    );
    expect(configFromEnv({ SUPPORT_HOST_SITES: 'xn--kaffee-mller-jlb.de=de' }).hostSites['xn--kaffee-mller-jlb.de']).toBe('de');
    // A fully qualified name's final dot is dropped, as it is from the request's host.
    expect(siteForHost('tr.shop.test', configFromEnv({ SUPPORT_HOST_SITES: 'tr.shop.test.=tr' }).hostSites)).toBe('tr');
    for (const host of ['.shop.test', 'a..b', '-', 'pl-.shop.test']) {
      expect(() => configFromEnv({ SUPPORT_HOST_SITES: `${host}=pl` })).toThrow(`SUPPORT_HOST_SITES: "${host}" is not a host name.`);
    }
    expect(configFromEnv({ TRUST_PROXY: ' 10.0.0.1, 172.16.0.0/12,::1 ' }).trustProxy).toBe('10.0.0.1,172.16.0.0/12,::1');
    expect(configFromEnv({}).trustProxy).toBeUndefined();
    // Trusting every sender would let any visitor name its own address.
    for (const value of ['true', '1', '10.0.0.0/33', 'proxy.internal', '0.0.0.0/0', '::/0']) {
      expect(() => configFromEnv({ TRUST_PROXY: value })).toThrow(
        `TRUST_PROXY must be the proxies' addresses or ranges (10.0.0.1, 10.0.0.0/8) separated by commas, not "${value}".`,
      );
    }
  });
});

describe('the SQLite repository', () => {
  let dir: string;
  let counter = 0;
  const open = (file = join(dir, 'sub/dir/support.sqlite')) =>
    new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.UTC(2026, 0, 2, 3, 4, 5) } });
  const message = (attachments: ContactRecord['attachments']): ContactRecord => ({
    site: 'at',
    locale: 'de-AT',
    topic: 'order',
    question: 'Frage',
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.at',
    attachments,
  });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'support-repo-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates its folder and schema in WAL mode, and reopening migrates nothing twice', async () => {
    const repository = open();
    const id = await repository.saveContact(message([]));
    // Personal data: the file and its write-ahead log readable by the server's user only.
    for (const suffix of ['', '-wal']) expect(statSync(join(dir, `sub/dir/support.sqlite${suffix}`)).mode & 0o777).toBe(0o600);
    // The folders it creates too: other users cannot even list the file names.
    for (const folder of ['sub', 'sub/dir']) expect(statSync(join(dir, folder)).mode & 0o777).toBe(0o700);
    repository.close();
    const again = open();
    expect(again.healthProblem()).toBeUndefined();
    again.close();

    const db = new Database(join(dir, 'sub/dir/support.sqlite'), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.prepare('SELECT id, received_at, site FROM contact_submissions').all()).toEqual([
      { id, received_at: '2026-01-02T03:04:05.000Z', site: 'at' },
    ]);
    db.close();
  });

  it('a file that cannot be stored undoes the whole message (one transaction)', async () => {
    const repository = open();
    const good = { fileName: 'a.pdf', kind: 'pdf' as const, content: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]) };
    const bad = { fileName: 'b.exe', kind: 'exe' as never, content: new Uint8Array([0x4d, 0x5a]) };
    await expect(repository.saveContact(message([good, bad]))).rejects.toThrow(/CHECK constraint failed/);
    await expect(repository.saveContact(message([good, good, good, good]))).rejects.toThrow(/CHECK constraint failed/);
    const db = new Database(join(dir, 'sub/dir/support.sqlite'), { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM contact_submissions').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM contact_attachments').get()).toEqual({ n: 0 });
    db.close();
    repository.close();
    expect(repository.healthProblem()).toBe('the database is closed');
  });

  it('a database another process has locked: a save waits for it without blocking the server, then gives up as busy', async () => {
    const file = join(dir, 'locked.sqlite');
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() }, busyWaitMs: 600 });
    const other = new Database(file);
    other.exec('BEGIN EXCLUSIVE');
    // A save now would wait for the lock: healthy until it has been held as long as a save waits.
    expect(repository.healthProblem()).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 650));
    expect(repository.healthProblem()).toMatch(/^the database .*locked\.sqlite cannot be written: database is locked$/);
    // Released while the save waits: it is stored, and the event loop ran meanwhile (other requests are answered).
    let ticks = 0;
    const ticking = setInterval(() => (ticks += 1), 20);
    setTimeout(() => other.exec('COMMIT'), 300);
    const started = Date.now();
    const id = await repository.saveContact(message([]));
    clearInterval(ticking);
    expect(id).toMatch(/^id-/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(ticks).toBeGreaterThanOrEqual(5);
    expect(repository.healthProblem()).toBeUndefined();
    // Held longer than the wait: the save fails as busy, for the route to answer 503.
    other.exec('BEGIN EXCLUSIVE');
    await expect(repository.saveCancellation({ site: 'de', locale: 'de-DE', cancellationType: 'ordinary', customerNumber: '1', subscriptionId: '2', firstName: 'A', lastName: 'B', email: 'a@b.de' })).rejects.toMatchObject({
      code: 'SUPPORT_STORE_BUSY',
    });
    other.exec('ROLLBACK');
    other.close();
    repository.close();
  });

  it("another server's writes on the same file (each lock held a moment) leave the health probe healthy", () => {
    const file = join(dir, 'shared.sqlite');
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() }, busyWaitMs: 5000 });
    const other = new Database(file);
    const problems: (string | undefined)[] = [];
    for (let i = 0; i < 5; i += 1) {
      other.exec('BEGIN IMMEDIATE');
      problems.push(repository.healthProblem());
      other.exec('COMMIT');
      problems.push(repository.healthProblem());
    }
    expect(problems).toEqual(Array(10).fill(undefined));
    other.close();
    repository.close();
  });

  it('many saves waiting for a locked database leave the server free for other work: I/O is answered before the lock is released, and each is stored', async () => {
    const file = join(dir, 'locked-many.sqlite');
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() }, busyWaitMs: 5000 });
    const other = new Database(file);
    other.exec('BEGIN EXCLUSIVE');
    let released = false;
    setTimeout(() => {
      released = true;
      other.exec('COMMIT');
    }, 1500);
    const saves = Array.from({ length: 10 }, (_, i) => repository.saveContact({ ...message([]), question: `Frage ${i}` }));
    // Before, every waiting save kept a timer due, Node seldom left its timers phase, and requests were
    // read only when the lock went: ten file-system answers in a row (each read where a request is) took seconds.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < 10; i += 1) await stat(file);
    expect(released).toBe(false);
    expect(new Set(await Promise.all(saves)).size).toBe(10);
    other.close();
    repository.close();
  });

  it('saves still waiting when their wait is over fail together, without another try each (each try holds the server 20 ms)', async () => {
    const file = join(dir, 'locked-over.sqlite');
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() }, busyWaitMs: 300 });
    const other = new Database(file);
    other.exec('BEGIN EXCLUSIVE');
    const failedAt: number[] = [];
    const saves = Array.from({ length: 50 }, (_, i) =>
      repository.saveContact({ ...message([]), question: `Frage ${i}` }).catch((error: unknown) => {
        failedAt.push(Date.now());
        return (error as { code?: string }).code;
      }),
    );
    expect(new Set(await Promise.all(saves))).toEqual(new Set(['SUPPORT_STORE_BUSY']));
    // One try each would have held the server for 49 x 20 ms after the first failure.
    expect(Math.max(...failedAt) - Math.min(...failedAt)).toBeLessThan(400);
    other.exec('ROLLBACK');
    other.close();
    repository.close();
  });

  it('the write-ahead log falls back to its limit once a reader that held it open is gone', async () => {
    const file = join(dir, 'wal.sqlite');
    const repository = new SqliteSubmissionRepository({ file, ids: { next: () => `id-${++counter}` }, clock: { now: () => Date.now() } });
    const big = (byte: number) => ({ fileName: 'scan.pdf', kind: 'pdf' as const, content: new Uint8Array(5 * 1024 * 1024).fill(byte).fill(0x25, 0, 1) });
    const reader = new Database(file, { readonly: true });
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM contact_submissions').get();
    // A report query holding a snapshot: the log cannot be checkpointed, so it grows past two large messages.
    for (let i = 0; i < 2; i += 1) await repository.saveContact({ ...message([big(i), big(i + 10), big(i + 20)]), question: `Scan ${i}` });
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(WAL_SIZE_LIMIT);
    reader.exec('COMMIT');
    reader.close();
    for (let i = 2; i < 4; i += 1) await repository.saveContact({ ...message([big(i)]), question: `Scan ${i}` });
    expect(statSync(`${file}-wal`).size).toBeLessThanOrEqual(WAL_SIZE_LIMIT);
    repository.close();
  });

  it('a message sent again (same fields and files) within a day is the stored one: its id, no second row', async () => {
    let now = Date.UTC(2026, 0, 2, 3, 4, 5);
    const repository = new SqliteSubmissionRepository({ file: join(dir, 'repeat.sqlite'), ids: { next: () => `id-${++counter}` }, clock: { now: () => now } });
    const pdf = (byte: number) => ({ fileName: 'beleg.pdf', kind: 'pdf' as const, content: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, byte]) });
    const first = await repository.saveContact(message([pdf(1)]));
    now += 60_000;
    expect(await repository.saveContact(message([pdf(1)]))).toBe(first);
    expect(await repository.saveContact({ ...message([pdf(1)]), locale: 'de-DE' })).toBe(first);
    // Another file content, another question: other messages.
    expect(await repository.saveContact(message([pdf(2)]))).not.toBe(first);
    expect(await repository.saveContact({ ...message([pdf(1)]), question: 'Frage 2' })).not.toBe(first);
    // Within the day, still the stored one; a day after it was stored, the same text is a new message.
    now += 23 * 60 * 60 * 1000;
    expect(await repository.saveContact(message([pdf(1)]))).toBe(first);
    now += 60 * 60 * 1000;
    expect(await repository.saveContact(message([pdf(1)]))).not.toBe(first);
    repository.close();
    const db = new Database(join(dir, 'repeat.sqlite'), { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM contact_submissions').get()).toEqual({ n: 4 });
    expect(db.prepare('SELECT count(*) AS n FROM contact_attachments').get()).toEqual({ n: 4 });
    db.close();
  });

  it('a cancellation sent again within a day is the stored one, with its time; a day later it is a new one', async () => {
    let now = Date.UTC(2026, 0, 2, 3, 4, 5);
    const repository = new SqliteSubmissionRepository({ file: join(dir, 'repeat-cancel.sqlite'), ids: { next: () => `id-${++counter}` }, clock: { now: () => now } });
    const request = { site: 'ch', locale: 'de-CH', cancellationType: 'ordinary', customerNumber: '1', subscriptionId: '2', firstName: 'A', lastName: 'B', email: 'a@b.ch' } as const;
    const first = await repository.saveCancellation(request);
    expect(first).toEqual({ id: expect.any(String), receivedAt: '2026-01-02T03:04:05.000Z' });
    now += 23 * 60 * 60 * 1000;
    expect(await repository.saveCancellation({ ...request, locale: 'fr-CH' })).toEqual(first);
    // Stored 24 hours ago to the millisecond is still within the day (as the contact messages' rule counts).
    now += 60 * 60 * 1000;
    expect(await repository.saveCancellation(request)).toEqual(first);
    now += 1;
    const later = await repository.saveCancellation(request);
    expect(later.id).not.toBe(first.id);
    expect(later.receivedAt).toBe('2026-01-03T03:04:05.001Z');
    repository.close();
  });

  /** A database of the first schema (before the fingerprint) holding one message as the same shopper's. */
  const firstSchemaDatabase = (file: string): void => {
    const old = new Database(file);
    // As the server of that schema left it: in WAL mode.
    old.pragma('journal_mode = WAL');
    old.exec(MIGRATIONS[0] ?? '');
    old.pragma('user_version = 1');
    old.prepare(`INSERT INTO contact_submissions (id, received_at, site, locale, topic, question, first_name, last_name, email)
      VALUES ('old-1', '2026-01-02T03:00:00.000Z', 'at', 'de-AT', 'order', 'Frage', 'A', 'B', 'a@b.at')`).run();
    old.close();
  };

  it('a database of the first schema that another server migrates meanwhile opens without migrating it twice', async () => {
    const file = join(dir, 'racing.sqlite');
    firstSchemaDatabase(file);
    // The other server: it holds the write lock while it migrates, and lets go a moment later.
    const other = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require('better-sqlite3'))(process.argv[1]);
         db.exec('BEGIN IMMEDIATE'); db.exec(process.argv[2]); db.pragma('user_version = 2');
         console.log('locked'); setTimeout(() => { db.exec('COMMIT'); db.close(); }, 300);`,
        file,
        MIGRATIONS[1] ?? '',
      ],
      { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise((resolve) => other.stdout.once('data', resolve));
    const repository = open(file);
    expect(await repository.saveContact(message([]))).toMatch(/^id-/);
    repository.close();
    await new Promise((resolve) => (other.exitCode === null ? other.once('exit', resolve) : resolve(undefined)));
  });

  it('tells a file that was there without any schema (a restore from an empty backup) from a new one', () => {
    const fresh = open(join(dir, 'fresh.sqlite'));
    expect(fresh.setUpEmpty).toBe(false);
    fresh.close();
    // What `sqlite3 "$SUPPORT_DB" ".backup backup.sqlite"` writes with SUPPORT_DB unset: an empty database.
    const empty = join(dir, 'backup.sqlite');
    const backup = new Database(empty);
    backup.exec('VACUUM');
    backup.close();
    const restored = open(empty);
    expect(restored.setUpEmpty).toBe(true);
    restored.close();
    const again = open(empty);
    expect(again.setUpEmpty).toBe(false);
    again.close();
    const old = join(dir, 'old-schema.sqlite');
    firstSchemaDatabase(old);
    const migrated = open(old);
    expect(migrated.setUpEmpty).toBe(false);
    migrated.close();
  });

  it('a database of the first schema gets the fingerprint column and keeps its messages; an old one is never a repeat', async () => {
    const file = join(dir, 'old.sqlite');
    firstSchemaDatabase(file);
    const repository = open(file);
    expect(repository.migrated).toEqual({ from: 1, to: MIGRATIONS.length });
    const again = open(file);
    expect(again.migrated).toBeUndefined();
    again.close();
    // The same shopper's same words, stored before the fingerprint: still a new message.
    expect(await repository.saveContact(message([]))).not.toBe('old-1');
    repository.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT id FROM contact_submissions ORDER BY received_at').all().map((row) => (row as { id: string }).id)[0]).toBe('old-1');
    expect(db.prepare('SELECT count(*) AS n FROM contact_submissions').get()).toEqual({ n: 2 });
    db.close();
  });

  it('is unhealthy once its file is deleted or replaced under it', () => {
    const file = join(dir, 'gone.sqlite');
    const repository = open(file);
    expect(repository.healthProblem()).toBeUndefined();
    rmSync(file);
    expect(repository.healthProblem()).toBe(`the database file ${file}, its write-ahead log or its shared-memory index was deleted or replaced`);
    repository.close();
  });

  it('is unhealthy once its write-ahead log is deleted under it (a cleanup), and takes no submission into it', async () => {
    const file = join(dir, 'log-gone.sqlite');
    const repository = open(file);
    await repository.saveContact(message([]));
    expect(repository.healthProblem()).toBeUndefined();
    rmSync(`${file}-wal`);
    expect(repository.healthProblem()).toBe(`the database file ${file}, its write-ahead log or its shared-memory index was deleted or replaced`);
    await expect(repository.saveContact(message([]))).rejects.toBeInstanceOf(StoreGoneError);
    repository.close();
  });

  it('is unhealthy once its shared-memory index is deleted under it (a restore step run too early), and takes no submission: another server would build its own', async () => {
    const file = join(dir, 'shm-gone.sqlite');
    const repository = open(file);
    await repository.saveContact(message([]));
    expect(repository.healthProblem()).toBeUndefined();
    rmSync(`${file}-shm`);
    expect(repository.healthProblem()).toBe(`the database file ${file}, its write-ahead log or its shared-memory index was deleted or replaced`);
    await expect(repository.saveContact(message([]))).rejects.toBeInstanceOf(StoreGoneError);
    repository.close();
  });

  it('a restore that replaced the file under the running server: closing removes the old file\'s log, and the restored file opens as the backup was', async () => {
    const backup = join(dir, 'backup.sqlite');
    const kept = open(backup);
    await kept.saveContact({ ...message([]), question: 'in the backup' });
    kept.close();
    const file = join(dir, 'live.sqlite');
    const repository = open(file);
    for (let i = 0; i < 3; i += 1) await repository.saveContact({ ...message([]), question: `after the backup ${i}` });
    copyFileSync(backup, `${file}.restoring`);
    renameSync(`${file}.restoring`, file);
    repository.close();
    const restored = new Database(file, { readonly: true });
    expect(restored.pragma('quick_check', { simple: true })).toBe('ok');
    expect(restored.prepare('SELECT question FROM contact_submissions').all()).toEqual([{ question: 'in the backup' }]);
    restored.close();
  });

  it('a server whose file was replaced leaves alone the log of another server already running on the restored file', async () => {
    const backup = join(dir, 'backup.sqlite');
    open(backup).close();
    const file = join(dir, 'shared.sqlite');
    const old = open(file);
    await old.saveContact(message([]));
    copyFileSync(backup, `${file}.restoring`);
    renameSync(`${file}.restoring`, file);
    // The operator removed the old log (README) and started a server on the restored file before stopping the old one.
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    const started = open(file);
    await started.saveContact({ ...message([]), question: 'after the restore' });
    old.close();
    expect(existsSync(`${file}-wal`) && existsSync(`${file}-shm`)).toBe(true);
    expect(started.healthProblem()).toBeUndefined();
    started.close();
    const restored = new Database(file, { readonly: true });
    expect(restored.prepare('SELECT question FROM contact_submissions').all()).toEqual([{ question: 'after the restore' }]);
    restored.close();
  });

  it('a database whose folder cannot be read any more refuses a submission as a store that cannot be written', async () => {
    const folder = join(dir, 'moved');
    const repository = open(join(folder, 'support.sqlite'));
    // The folder's path now names a file: its entries cannot be looked at (as with its permissions taken away).
    renameSync(folder, join(dir, 'elsewhere'));
    writeFileSync(folder, '');
    await expect(repository.saveContact(message([]))).rejects.toBeInstanceOf(StoreUnwritableError);
    repository.close();
  });

  it('is unhealthy while its disk lacks room for the largest submission, and healthy again once there is room', () => {
    let free = MIN_FREE_BYTES;
    const repository = new SqliteSubmissionRepository({
      file: join(dir, 'full.sqlite'),
      ids: { next: () => `id-${++counter}` },
      clock: { now: () => Date.now() },
      freeBytes: () => free,
    });
    expect(repository.healthProblem()).toBeUndefined();
    free = 8 * 1024 * 1024;
    // Submissions are still taken while they fit: the log must not say the store takes none.
    expect(repository.healthProblem()).toMatch(/^less than 32 MB free on the disk of .*full\.sqlite: the largest submission may not fit \(smaller ones are still taken\)$/);
    // A full disk takes nothing, not even a short text: said so, and logged anew as the reason changes.
    free = 0;
    expect(repository.healthProblem()).toMatch(/^the disk of .*full\.sqlite is full \(less than 1 MB free\): no submission can be stored$/);
    free = MIN_FREE_BYTES * 4;
    expect(repository.healthProblem()).toBeUndefined();
    repository.close();
  });

  it("refuses another application's SQLite file, leaving it as it was (no support tables, no WAL)", () => {
    const file = join(dir, 'shop-app.sqlite');
    const other = new Database(file);
    other.exec("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users (name) VALUES ('Ada');");
    other.close();
    expect(() => open(file)).toThrow(
      `The database ${file} could not be prepared: it holds another application's tables (users), not the support database: set SUPPORT_DB to the support database's file, or to a new file`,
    );
    const after = new Database(file, { readonly: true });
    expect(after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()).toEqual(['users']);
    expect(after.pragma('journal_mode', { simple: true })).toBe('delete');
    after.close();
  });

  it("refuses another application's SQLite file that keeps a schema version of its own, leaving its bytes as they were", () => {
    for (const version of [1, 3, 7]) {
      const file = join(dir, `versioned-${version}.sqlite`);
      const other = new Database(file);
      other.exec(`CREATE TABLE orders (id INTEGER PRIMARY KEY); PRAGMA user_version = ${version};`);
      other.close();
      const before = readFileSync(file);
      expect(() => open(file)).toThrow(
        `The database ${file} could not be prepared: it holds another application's tables (orders), not the support database`,
      );
      expect(readFileSync(file).equals(before)).toBe(true);
      expect(existsSync(`${file}-wal`)).toBe(false);
    }
  });

  it('leaves a `.dump` copy it refuses as it was (its journal not switched)', () => {
    const file = join(dir, 'dumped.sqlite');
    const copy = new Database(file);
    copy.exec(MIGRATIONS.join(';'));
    copy.close();
    const before = readFileSync(file);
    expect(() => open(file)).toThrow(/no schema version \(a copy made with \.dump loses it\)/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('leaves no empty file behind when a new database could not be prepared', () => {
    // A file that holds nothing SQLite can read, made by the failed start, would next be "a restored empty backup".
    const file = join(dir, 'new.sqlite');
    // The migration's rollback journal cannot be made (a folder is in its place), as on a full disk.
    mkdirSync(`${file}-journal`);
    expect(() => open(file)).toThrow(`The database ${file} could not be prepared: `);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}-journal`)).toBe(true);
  });

  it('says so when SUPPORT_DB names a folder', () => {
    const folder = join(dir, 'db-folder');
    mkdirSync(folder);
    for (const file of [folder, `${folder}/`, join(dir, 'not-there-yet/')]) {
      expect(() => open(file)).toThrow(
        `The database ${file} could not be opened: it is a folder; SUPPORT_DB names the database file itself (e.g. ${join(file, 'support.sqlite')})`,
      );
    }
  });

  it('names a full disk when the database cannot be prepared for lack of room', () => {
    expect(preparingRemedy('SQLITE_IOERR_WRITE', '/data/support.sqlite', 0)).toBe(
      '; the disk of /data/support.sqlite is full (less than 1 MB free): free space on it and start the server again',
    );
    expect(preparingRemedy('SQLITE_FULL', '/data/support.sqlite', 512 * 1024)).toMatch(/is full/);
    expect(preparingRemedy('SQLITE_IOERR', '/data/support.sqlite', 64 * 1024 * 1024)).toBe('');
  });

  it('names the file when the database cannot be opened (a folder in its path is a file)', () => {
    writeFileSync(join(dir, 'not-a-folder'), '');
    const file = join(dir, 'not-a-folder/support.sqlite');
    expect(() => open(file)).toThrow(`The database ${file} could not be opened: `);
  });

  it('a database a newer server migrates under it: unhealthy, and a submission is refused without a row', async () => {
    const file = join(dir, 'overtaken.sqlite');
    const repository = open(file);
    const newer = new Database(file);
    newer.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    expect(repository.healthProblem()).toBe(
      `the database ${file} has schema version ${MIGRATIONS.length + 1}, written by a newer server; this server knows ${MIGRATIONS.length}`,
    );
    const request = { site: 'ch', locale: 'de-CH', cancellationType: 'ordinary', customerNumber: '1', subscriptionId: '2', firstName: 'A', lastName: 'B', email: 'a@b.ch' } as const;
    await expect(repository.saveCancellation(request)).rejects.toMatchObject({ code: 'SUPPORT_STORE_NEWER' });
    await expect(repository.saveContact(message([]))).rejects.toMatchObject({ code: 'SUPPORT_STORE_NEWER' });
    expect(newer.prepare('SELECT (SELECT count(*) FROM contact_submissions) + (SELECT count(*) FROM cancellation_submissions) AS n').get()).toEqual({ n: 0 });
    newer.close();
    repository.close();
  });

  it('names the way out for a database copied without its schema version (a `.dump` restored): its tables are there, its version 0', () => {
    const file = join(dir, 'dumped.sqlite');
    open(file).close();
    const db = new Database(file);
    db.pragma('user_version = 0');
    db.close();
    expect(() => open(file)).toThrow(
      `The submission database holds the support tables but no schema version (a copy made with .dump loses it): restore it with .backup or VACUUM INTO, or set PRAGMA user_version to the version it was copied at (this server's is ${MIGRATIONS.length}).`,
    );
  });

  it('refuses a database written by a newer schema', () => {
    const file = join(dir, 'newer.sqlite');
    const db = new Database(file);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    expect(() => open(file)).toThrow(
      `The submission database has schema version ${MIGRATIONS.length + 1}, written by a newer server; this server knows ${MIGRATIONS.length}: run the newer server on it, or restore a backup made at version ${MIGRATIONS.length} or earlier.`,
    );
  });
});

/**
 * The real entry (`node --import tsx src/app/server.ts`, as `npm start` runs it): it reads its settings
 * from the environment, and on SIGTERM (or Ctrl-C under npm) it stops taking connections but finishes
 * a request in flight, stores it, and exits 0; it logs why its store is unhealthy.
 */
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteSubmissionRepository } from '../../../src/adapters/server/sqlite-submission-repository';
import type { FastifyInstance } from 'fastify';
import { closeOnSignals } from '../../../src/app/server/graceful-shutdown';
import { killEntries, startEntry } from './entry-process';
import { CONTACT_URL, VALID_CONTACT } from './server-fixture';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'support-entry-'));
});
afterEach(() => {
  killEntries();
  rmSync(dir, { recursive: true, force: true });
});

const exited = (process_: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (process_.exitCode !== null) resolve(process_.exitCode);
    else process_.on('exit', (code) => resolve(code));
  });

/** Resolves once a new connection to the port is refused (the server stopped listening). */
async function untilRefused(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.on('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A contact message whose body is half sent: `finish` sends the rest; `answer` is the server's. */
async function requestInFlight(port: number, question: string) {
  const boundary = 'InFlight42';
  const fields = Object.entries({ ...VALID_CONTACT, question })
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const [head, tail] = [fields.slice(0, 60), fields.slice(60) + `--${boundary}--\r\n`];

  // Expect: 100-continue: the server confirms it has taken the request before the body is sent.
  let req: ClientRequest | undefined;
  const answer = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: CONTACT_URL,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(Buffer.byteLength(head + tail)),
          expect: '100-continue',
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
  });
  await new Promise<void>((resolve) => req?.once('continue', () => resolve()));
  req?.write(head);
  return { answer, finish: () => req?.end(tail) };
}

const storedQuestion = (dbFile: string, id: string) => {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare('SELECT question FROM contact_submissions WHERE id = ?').all(id);
  } finally {
    db.close();
  }
};

/** The real entry on a database of its own, with a contact message half sent to it. */
async function entryWithRequestInFlight(question: string) {
  const dbFile = join(dir, 'entry.sqlite');
  const entry = startEntry({ SUPPORT_DB: dbFile, DEV_STAND_INS: 'off' });
  const port = Number(new URL(await entry.listening).port);
  return { running: entry.process, port, dbFile, ...(await requestInFlight(port, question)) };
}

it('finishes a request in flight on SIGTERM, stores it, then exits 0', async () => {
  const { running, port, dbFile, answer, finish } = await entryWithRequestInFlight('Kommt diese Frage noch an?');
  running.kill('SIGTERM');
  await untilRefused(port); // shutting down: no new connections...
  finish(); // ...but the request in flight is still read and answered

  const { status, body, connection } = await answer;
  expect(status).toBe(201);
  expect(connection).toBe('close'); // a kept-alive connection would hold the shutdown
  const { id } = JSON.parse(body) as { id: string };
  expect(await exited(running)).toBe(0);
  expect(storedQuestion(dbFile, id)).toEqual([{ question: 'Kommt diese Frage noch an?' }]);
});

it('takes Ctrl-C under `npm start` (the terminal’s SIGINT and npm’s copy of it, a moment apart) as one request to stop', async () => {
  const { running, port, dbFile, answer, finish } = await entryWithRequestInFlight('Und diese nach Strg+C?');
  running.kill('SIGINT');
  await untilRefused(port);
  running.kill('SIGINT');
  await new Promise((resolve) => setTimeout(resolve, 200));
  finish();

  const { status, body } = await answer;
  expect(status).toBe(201);
  expect(await exited(running)).toBe(0);
  expect(storedQuestion(dbFile, (JSON.parse(body) as { id: string }).id)).toEqual([{ question: 'Und diese nach Strg+C?' }]);
});

it('refuses to start with a malformed PORT, saying why', async () => {
  await expect(startEntry({ PORT: 'eighty', SUPPORT_DB: join(dir, 'x.sqlite') }).listening).rejects.toThrow(
    /exited \(1\)[\s\S]*PORT must be a number from 0 to 65535, not "eighty"/,
  );
});

it('refuses to start with an unknown LOG_LEVEL, repeating the value given', async () => {
  await expect(startEntry({ LOG_LEVEL: 'verbose', SUPPORT_DB: join(dir, 'x.sqlite') }).listening).rejects.toThrow(
    /exited \(1\)[\s\S]*LOG_LEVEL must be one of silent, .*, trace, not "verbose"\./,
  );
});

it('refuses to start on a HOST it cannot listen on, naming it', async () => {
  await expect(startEntry({ HOST: 'no-such-host.invalid', SUPPORT_DB: join(dir, 'x.sqlite') }).listening).rejects.toThrow(
    /exited \(1\)[\s\S]*Cannot listen on HOST no-such-host\.invalid, PORT 0: /,
  );
});

it('a server that cannot listen (its port taken) leaves the database alone: a newer one must not migrate what the running ones use', async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as AddressInfo).port;
  const dbFile = join(dir, 'untouched.sqlite');
  try {
    await expect(startEntry({ PORT: String(port), SUPPORT_DB: dbFile }).listening).rejects.toThrow(
      new RegExp(`exited \\(1\\)[\\s\\S]*Cannot listen on HOST 127\\.0\\.0\\.1, PORT ${port}: .*EADDRINUSE.*: another program \\(or another instance of this server\\) uses the port: stop it, or start this server with another PORT`),
    );
    expect(existsSync(dbFile)).toBe(false);
  } finally {
    taken.close();
  }
});

it('says at its health check, once the write lock has been held as long as a save waits, why the store is unhealthy, and when it is healthy again', async () => {
  const dbFile = join(dir, 'held.sqlite');
  new SqliteSubmissionRepository({ file: dbFile, ids: { next: () => 'x' }, clock: { now: () => 0 } }).close();
  // Another process holds the write lock (a backup tool, a stuck server).
  const other = new Database(dbFile);
  other.exec('BEGIN IMMEDIATE');
  const entry = startEntry({ SUPPORT_DB: dbFile, DEV_STAND_INS: 'off', LOG_LEVEL: 'info' });
  const url = await entry.listening;
  // Held as long as a save waits (5 s), it is a problem, not another server's commit.
  await vi.waitFor(async () => expect((await fetch(`${url}/healthz`)).status).toBe(503), { timeout: 9000, interval: 500 });
  // The server's log reaches this process through a pipe, a moment after its answer.
  await vi.waitFor(() => expect(entry.output()).toContain(`the submission store is unhealthy (/healthz answers 503): the database ${dbFile} cannot be written: database is locked`));
  other.exec('ROLLBACK');
  other.close();
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  await vi.waitFor(() => expect(entry.output()).toContain('the submission store is healthy again (/healthz answers 200)'));
});

it('warns at start when the database file is open to other users of the machine (one made before files were created 600)', async () => {
  const dbFile = join(dir, 'older.sqlite');
  new SqliteSubmissionRepository({ file: dbFile, ids: { next: () => 'x' }, clock: { now: () => 0 } }).close();
  chmodSync(dbFile, 0o644);
  const entry = startEntry({ SUPPORT_DB: dbFile, DEV_STAND_INS: 'off' });
  await entry.listening;
  await vi.waitFor(() =>
    expect(entry.output()).toContain(
      `the database ${dbFile} can be read by other users of this machine (mode 644; -wal 644; -shm 644): chmod 600 on it and its -wal and -shm files keeps its names, addresses and messages to the server's user`,
    ),
  );
  // A database of its own making is not.
  const fresh = startEntry({ SUPPORT_DB: join(dir, 'fresh.sqlite'), DEV_STAND_INS: 'off' });
  await fresh.listening;
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(fresh.output()).not.toContain('can be read by other users');

  // The file made private after the warning, its write-ahead log left behind as it was (a crash).
  const logged = join(dir, 'logged.sqlite');
  new SqliteSubmissionRepository({ file: logged, ids: { next: () => 'x' }, clock: { now: () => 0 } }).close();
  const other = new Database(logged);
  other.pragma('journal_mode = WAL');
  other.exec('CREATE TABLE IF NOT EXISTS kept (x)');
  chmodSync(`${logged}-wal`, 0o644);
  const afterCrash = startEntry({ SUPPORT_DB: logged, DEV_STAND_INS: 'off' });
  await afterCrash.listening;
  await vi.waitFor(() => expect(afterCrash.output()).toContain(`the database ${logged} can be read by other users of this machine (-wal 644)`));
  other.close();
});

it('does not wait for a connection that never sent a request (a proxy’s or a pool’s spare) when it stops', async () => {
  const entry = startEntry({ SUPPORT_DB: join(dir, 'spare.sqlite'), DEV_STAND_INS: 'off', SHUTDOWN_TIMEOUT_MS: '3000' });
  const port = Number(new URL(await entry.listening).port);
  const spare = connect(port, '127.0.0.1');
  await new Promise((resolve) => spare.once('connect', resolve));
  const closed = new Promise((resolve) => spare.once('close', resolve));
  entry.process.kill('SIGTERM');
  expect(await exited(entry.process)).toBe(0);
  await closed;
});

it('does not wait for a connection that sent only part of a request head (a slow or hostile client) when it stops', async () => {
  const entry = startEntry({ SUPPORT_DB: join(dir, 'partial.sqlite'), DEV_STAND_INS: 'off', SHUTDOWN_TIMEOUT_MS: '3000' });
  const port = Number(new URL(await entry.listening).port);
  const partial = connect(port, '127.0.0.1');
  await new Promise((resolve) => partial.once('connect', resolve));
  partial.write('GET /contact HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  await new Promise((resolve) => setTimeout(resolve, 200));
  const closed = new Promise((resolve) => partial.once('close', resolve));
  entry.process.kill('SIGTERM');
  expect(await exited(entry.process)).toBe(0);
  await closed;
});

it('exits at a second signal more than a second after the first, also when the clock was set back meanwhile', async () => {
  const exits: number[] = [];
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  // A request in flight that does not end: the shutdown waits for it.
  const app = { log, close: () => new Promise<void>(() => undefined) } as unknown as FastifyInstance;
  const shutdown = closeOnSignals(app, { timeoutMs: 60_000, signals: [], exit: (code) => exits.push(code) });
  const now = Date.now();
  const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
  try {
    void shutdown('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    clock.mockReturnValue(now - 3_600_000);
    void shutdown('SIGTERM');
    expect(exits).toEqual([1]);
  } finally {
    clock.mockRestore();
  }
});

it('keeps the visitor\'s cookies and credentials out of its log, also at LOG_LEVEL=trace', async () => {
  const entry = startEntry({ LOG_LEVEL: 'trace', SUPPORT_DB: join(dir, 'trace.sqlite') });
  const base = await entry.listening;
  const form = new FormData();
  for (const [name, value] of Object.entries(VALID_CONTACT)) form.append(name, value);
  const answer = await fetch(`${base}${CONTACT_URL}`, {
    method: 'POST',
    body: form,
    headers: {
      cookie: 'cot_long_term_token=eyJ.secret-token.sig; ttruth_uid=visitor-42',
      authorization: 'Bearer secret-bearer',
      'proxy-authorization': 'Basic secret-proxy',
      'x-api-key': 'secret-key',
    },
  });
  expect(answer.status).toBe(201);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(entry.output()).toContain('busboy');
  expect(entry.output()).not.toMatch(/secret-token|visitor-42|secret-bearer|secret-proxy|secret-key/);
});

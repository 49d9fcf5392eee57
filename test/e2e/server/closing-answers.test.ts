/**
 * While the server shuts down, a request that still reaches it on an open connection gets the
 * backend's own 503 answer and is asked to close its connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../../src/app/server/build-server';
import { serverConfig } from '../../../src/app/server/config';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'support-closing-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('answers a request completed during the shutdown 503 { error: "unavailable" } with Retry-After and Connection: close', async () => {
  const { app, url } = await startServer(
    serverConfig({
      port: 0,
      databaseFile: join(dir, 'x.sqlite'),
      appDir: join(dir, 'app'),
      libDir: join(dir, 'lib'),
      logLevel: 'silent',
      devStandIns: false,
    }),
  );
  // A request whose headers are still coming in when the shutdown starts.
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const ended = new Promise((resolve) => socket.once('close', resolve));
  socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
  await new Promise((resolve) => setTimeout(resolve, 50));

  const closing = app.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.write('Accept: application/json\r\n\r\n');
  await ended;
  await closing;

  const [head = '', body = ''] = answer.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 503 /);
  expect(head.toLowerCase()).toContain('retry-after: 5');
  expect(head.toLowerCase()).toContain('connection: close');
  expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
  expect(JSON.parse(body)).toEqual({ error: 'unavailable', message: 'The service is unavailable.' });
});

/**
 * A shopper whose upload ends half-way (the tab closed, the line dropped, the page's own stop) is no
 * failure of the server: its log notes it without an error and a stack, and the server goes on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killEntries, startEntry } from './entry-process';
import { CONTACT_URL } from './server-fixture';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'support-gone-'));
});
afterEach(() => {
  killEntries();
  rmSync(dir, { recursive: true, force: true });
});

it('logs an upload the client gave up half-way as info, without an error or a stack', async () => {
  const entry = startEntry({ LOG_LEVEL: 'info', SUPPORT_DB: join(dir, 'x.sqlite'), DEV_STAND_INS: 'off' });
  const port = Number(new URL(await entry.listening).port);
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const head = `--B\r\nContent-Disposition: form-data; name="attachments"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 `;
  socket.write(
    `POST ${CONTACT_URL} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=B\r\nContent-Length: 100000\r\n\r\n${head}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  socket.destroy();
  await expect.poll(entry.output, { timeout: 5000 }).toContain('the client closed the request before it was read');
  expect(entry.output()).not.toMatch(/"level":50/);
  expect(entry.output()).not.toContain('"stack"');
  // The server still answers.
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
});

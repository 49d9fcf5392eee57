/**
 * A message refused before its body is read (too large by its declared length, not multipart, or
 * turned away by the upload budget) is answered, and its body read and dropped, so a client that writes its whole body before it reads
 * (Node's fetch, many HTTP libraries) gets the answer, not a broken pipe. The real entry in its own
 * process: in the test's own process the answer got through before the connection closed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killEntries, startEntry } from './entry-process';
import { CONTACT_URL, VALID_CONTACT, contactForm, fileBytes } from './server-fixture';

let dir: string;
let url: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'refused-'));
  url = await startEntry({ SUPPORT_DB: join(dir, 'support.sqlite'), DEV_STAND_INS: 'off' }).listening;
});
afterAll(() => {
  killEntries();
  rmSync(dir, { recursive: true, force: true });
});

it('answers 413 body.tooLarge to a message of three 6 MB files, whose client reads it', async () => {
  const files = ['a', 'b', 'c'].map((name) => ({ name: `${name}.pdf`, type: 'application/pdf', bytes: fileBytes('pdf', 6_000_000) }));
  for (let i = 0; i < 3; i += 1) {
    const answer = await fetch(url + CONTACT_URL, { method: 'POST', body: contactForm(VALID_CONTACT, files) });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ error: 'body.tooLarge' });
  }
});

it('answers 415 body.unsupportedType to a long JSON body, whose client reads it', async () => {
  const body = JSON.stringify({ ...VALID_CONTACT, question: 'x'.repeat(12_000_000) });
  for (let i = 0; i < 3; i += 1) {
    const answer = await fetch(url + CONTACT_URL, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(415);
    expect(await answer.json()).toMatchObject({ error: 'body.unsupportedType' });
  }
});

it('answers the upload budget\'s 503 with Retry-After to a client that sends its whole body before reading', async () => {
  const port = Number(new URL(url).port);
  // Four stalled uploads of 16 MB from this address hold its half of the 128 MB.
  const stalled = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const socket = connect({ port, host: '127.0.0.1' });
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(`POST ${CONTACT_URL} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=B\r\nContent-Length: ${16 * 1024 * 1024 - 10}\r\n\r\n--B\r\n`);
      return socket;
    }),
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Closed before its body was read, the connection took the answer with it: the client saw EPIPE.
    const large = contactForm(VALID_CONTACT, ['a', 'b', 'c'].map((name) => ({ name: `${name}.pdf`, type: 'application/pdf', bytes: fileBytes('pdf', 4_900_000) })));
    const refused = await fetch(url + CONTACT_URL, { method: 'POST', body: large });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
  } finally {
    for (const socket of stalled) socket.destroy();
  }
});

it('drops no more than 64 MB of a refused body: a client sending on past that is cut off, its answer already sent', async () => {
  const socket = connect({ port: Number(new URL(url).port), host: '127.0.0.1' });
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.write(`POST ${CONTACT_URL} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=B\r\nContent-Length: ${1024 ** 3}\r\n\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  let sent = 0;
  while (!socket.destroyed && sent < 256 * 1024 * 1024) {
    sent += chunk.length;
    // Written as the server reads: a client cut off stops at the next write.
    if (!socket.write(chunk)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
  }
  await closed;
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  // Read past the largest form's 16 MB (dropped, not kept), then cut off well before the gigabyte.
  expect(sent).toBeGreaterThan(32 * 1024 * 1024);
  expect(sent).toBeLessThan(128 * 1024 * 1024);
}, 30_000);

/**
 * Uploads that stall half-way (a slow or hostile client) hold the memory of their files: the server
 * caps the bytes it receives at once and closes a connection that sends nothing for a while.
 */
import { connect, type Socket } from 'node:net';
import { CONTACT_URL, VALID_CONTACT, contactForm, fileBytes, startTestServer, type TestServer } from './server-fixture';

let server: TestServer;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
});

/** Starts a contact upload that declares `length` bytes and sends only its first file's head, then stalls. */
async function stalledUpload(length: number, from = '127.0.0.1', forwardedFor?: string): Promise<Socket> {
  const socket = connect({ port: Number(new URL(server.url).port), host: '127.0.0.1', localAddress: from });
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  const head = `--B\r\nContent-Disposition: form-data; name="attachments"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 `;
  const forwarded = forwardedFor === undefined ? '' : `X-Forwarded-For: ${forwardedFor}\r\n`;
  socket.write(`POST ${CONTACT_URL} HTTP/1.1\r\nHost: localhost\r\n${forwarded}Content-Type: multipart/form-data; boundary=B\r\nContent-Length: ${length}\r\n\r\n${head}`);
  return socket;
}

const withFile = () => contactForm(VALID_CONTACT, [{ name: 'Rechnung.pdf', type: 'application/pdf', bytes: fileBytes('pdf', 150_000) }]);
const send = (body: FormData) => fetch(server.url + CONTACT_URL, { method: 'POST', body });

it('turns a message away with 503 and Retry-After while stalled uploads hold the bytes it would need, and takes it once they are gone', async () => {
  server = await startTestServer({ config: { receivingBytes: 800_000 } });
  // Two other clients' uploads, stalled: together they hold more than half of the bytes.
  await stalledUpload(350_000, '127.0.0.2');
  const stalled = await stalledUpload(350_000, '127.0.0.3');
  await new Promise((resolve) => setTimeout(resolve, 200));

  const refused = await send(withFile());
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).toBe('5');
  expect(await refused.json()).toEqual({ error: 'unavailable', message: 'The service is unavailable.' });
  // A message without files still fits beside the stalled upload.
  expect((await send(contactForm({ ...VALID_CONTACT, question: 'Nur Text, ohne Anhang.' }))).status).toBe(201);

  stalled.destroy();
  await expect.poll(async () => (await send(withFile())).status, { timeout: 5000 }).toBe(201);
  expect(server.counts()).toMatchObject({ contacts: 2, attachments: 1 });
});

it('lets one client address hold at most half of the bytes, so its stalled uploads cannot turn everyone else away', async () => {
  server = await startTestServer({ config: { receivingBytes: 800_000 } });
  await stalledUpload(300_000, '127.0.0.2');
  const second = await stalledUpload(300_000, '127.0.0.2');
  const answer = new Promise<string>((resolve) => second.on('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));
  expect(await answer).toMatch(/^HTTP\/1\.1 503 [\s\S]*retry-after: 5/i);
  // Another client still sends a message with a file.
  expect((await send(withFile())).status).toBe(201);
});

it('behind a trusted proxy (TRUST_PROXY), counts the half per visitor address it forwards, not per proxy', async () => {
  server = await startTestServer({ config: { receivingBytes: 800_000, trustProxy: '127.0.0.2' } });
  const refusedAnswer = (socket: Socket) =>
    new Promise<string>((resolve) => {
      socket.on('data', (chunk: Buffer) => resolve(chunk.toString('latin1')));
      setTimeout(() => resolve('no answer yet'), 500);
    });
  await stalledUpload(300_000, '127.0.0.2', '203.0.113.7');
  const otherVisitor = await stalledUpload(300_000, '127.0.0.2', '203.0.113.8');
  const sameVisitor = await stalledUpload(150_000, '127.0.0.2', '203.0.113.7');
  expect(await refusedAnswer(otherVisitor)).toBe('no answer yet');
  expect(await refusedAnswer(sameVisitor)).toMatch(/^HTTP\/1\.1 503 /);
});

it('behind a trusted proxy that writes the visitor\'s port too (203.0.113.7:50001, [2001:db8::7]:443) or another form of the address, counts the half per visitor, not per connection', async () => {
  const cases = [
    ['203.0.113.7:50001', '203.0.113.7:50002'],
    ['[2001:db8::7]:50001', '[2001:db8::7]:50002'],
    ['203.0.113.7', '203.0.113.7:50002'],
    // One address written in its other forms: IPv4 mapped into IPv6, IPv6 in capitals or in full.
    ['::ffff:203.0.113.10', '203.0.113.10'],
    ['2001:DB8::9', '2001:db8:0:0:0:0:0:9'],
  ];
  for (const [index, [first, second]] of cases.entries()) {
    if (index > 0) {
      for (const socket of sockets.splice(0)) socket.destroy();
      await server.close();
    }
    server = await startTestServer({ config: { receivingBytes: 800_000, trustProxy: '127.0.0.2' } });
    await stalledUpload(300_000, '127.0.0.2', first);
    const sameVisitor = await stalledUpload(150_000, '127.0.0.2', second);
    const answer = await new Promise<string>((resolve) => {
      sameVisitor.on('data', (chunk: Buffer) => resolve(chunk.toString('latin1')));
      setTimeout(() => resolve('no answer yet'), 500);
    });
    expect(answer, `${first}, then ${second}`).toMatch(/^HTTP\/1\.1 503 /);
  }
});

it('closes a connection whose upload sent nothing for the idle time, which frees its bytes', async () => {
  server = await startTestServer({ config: { receivingBytes: 700_000, idleTimeoutMs: 1000 } });
  const stalled = await stalledUpload(300_000, '127.0.0.2');
  await stalledUpload(300_000, '127.0.0.3');
  const closed = new Promise((resolve) => stalled.once('close', () => resolve('closed by the server')));
  await expect(closed).resolves.toBe('closed by the server');
  expect((await send(withFile())).status).toBe(201);
}, 10_000);

/**
 * The body of a request answered before it was read (too large by its declared length, not multipart,
 * turned away by the upload budget): read and dropped, so a client that writes its whole body before
 * it reads its answer (Node's fetch, many HTTP libraries) gets the answer; a connection closed at once
 * took the answer with it (`EPIPE`). Nothing is kept in memory. As a web server's lingering close, the
 * dropping has its bounds: past {@link DROP_BYTES} or {@link DROP_MS} the connection is closed.
 */
import type { FastifyRequest } from 'fastify';

/** The most bytes dropped: a 16 MB message's and more; a body declared larger than this is no form's. */
const DROP_BYTES = 64 * 1024 * 1024;
/** The longest a refused body is waited for (a client trickling it would hold the connection). */
const DROP_MS = 30_000;

export function dropRefusedBody(request: FastifyRequest): void {
  const body = request.raw;
  if (body.complete) return;
  let dropped = 0;
  const close = () => body.socket?.destroy();
  const timer = setTimeout(close, DROP_MS);
  timer.unref();
  body.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DROP_BYTES) close();
  });
  // Read to its end, the connection may serve the next request: the bound is no longer this body's.
  body.once('end', () => clearTimeout(timer));
  body.once('close', () => clearTimeout(timer));
}

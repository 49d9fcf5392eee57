/**
 * Stops the server on SIGTERM or SIGINT without cutting requests in flight: it stops accepting
 * connections, answers new requests on connections still serving one 503 (an idle kept-alive one is
 * closed at once, as Node's `close()` does), lets running requests finish, closes
 * the database, then exits 0. It exits 1 when that takes longer than the timeout, or at a second signal
 * (one more than a second after the first).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../../adapters/server/http-answers';

export interface ShutdownOptions {
  readonly timeoutMs: number;
  readonly signals?: readonly NodeJS.Signals[];
  /** Default `process.exit`. */
  readonly exit?: (code: number) => void;
}

/** How long a connection that has sent part of a request head may take to complete it once the server closes. */
const PARTIAL_HEAD_GRACE_MS = 1000;

/**
 * Once the app starts closing, every answer asks the client to close its connection: a kept-alive
 * connection would otherwise hold the shutdown until it times out. A request that arrives after that
 * on a connection still open (one serving a request, or one completing its request head) gets the
 * backend's own 503 answer (`{ error: 'unavailable', message }`, with `Retry-After`), not Fastify's;
 * the app must be made with `return503OnClosing: false`. Call before the app is ready.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  // Connections that serve no request: a proxy's or a pool's spare that never sent a byte (closed at
  // once), and a client that sent only part of a request head (closed unless it completes the head
  // within a second: a slow line's request still gets its 503; a stalled or hostile one is let go).
  // Node closes idle kept-alive ones, not these, so each held the shutdown until its timeout, which
  // then exited 1.
  const connections = new Set<Socket>();
  const serving = new Map<Socket, number>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      serving.delete(socket);
    });
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    serving.set(socket, (serving.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = (serving.get(socket) ?? 1) - 1;
      if (left > 0) serving.set(socket, left);
      else serving.delete(socket);
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    const idle = () => [...connections].filter((socket) => !serving.has(socket));
    for (const socket of idle()) if (socket.bytesRead === 0) socket.destroy();
    setTimeout(() => {
      for (const socket of idle()) socket.destroy();
    }, PARTIAL_HEAD_GRACE_MS).unref();
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) return sendProblem(reply.header('retry-after', '5'), 503, 'unavailable');
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

/** A signal this soon after the first is a copy of it (npm's); a later one means: exit now. */
const SAME_REQUEST_MS = 1000;

/** Installs the signal handlers; returns the shutdown itself (also for tests). */
export function closeOnSignals(app: FastifyInstance, options: ShutdownOptions): (signal: string) => Promise<void> {
  // Not SIGHUP: after a hangup the terminal is gone, and the logger's write to it fails and blocks the
  // exit for good (pino retries a failed synchronous flush); Node's default ends the process at once.
  const { timeoutMs, signals = ['SIGTERM', 'SIGINT'], exit = (code: number) => process.exit(code) } = options;
  let closing: Promise<void> | undefined;
  let firstAt = 0;

  const shutdown = (signal: string): Promise<void> => {
    if (closing) {
      // Ctrl-C under `npm start`: the terminal signals node and npm, and npm passes its copy on a
      // moment later. That copy is the same request to stop, not a second one.
      // The time since the first, from a clock that is never set back (an operator's clock change).
      if (performance.now() - firstAt < SAME_REQUEST_MS) return closing;
      app.log.warn(`${signal} again: exiting without waiting`);
      exit(1);
      return closing;
    }
    firstAt = performance.now();
    app.log.info(`${signal}: finishing requests in flight, then exiting`);
    const timer = setTimeout(() => {
      app.log.error(`shutdown took longer than ${timeoutMs} ms: exiting`);
      exit(1);
    }, timeoutMs);
    timer.unref();
    closing = app.close().then(
      () => {
        clearTimeout(timer);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
    return closing;
  };

  for (const signal of signals) process.on(signal, () => void shutdown(signal));
  return shutdown;
}

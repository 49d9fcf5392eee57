/**
 * The reference backend, composed: security headers, error handler, health, the two submission
 * endpoints over a SQLite repository, the dev stand-ins (the shop's services, icon and privacy pages),
 * and the built app (its pages rendered on the server when the render entry is built) and library.
 */
import { createServer as createNetServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { cancellationRoute } from '../../adapters/server/cancellation-route';
import { contactRoute } from '../../adapters/server/contact-route';
import { devStandIns } from '../../adapters/server/dev-standins';
import { registerErrorHandler } from '../../adapters/server/error-handler';
import { healthRoute } from '../../adapters/server/health-route';
import { registerSecurityHeaders, securityHeaders } from '../../adapters/server/security-headers';
import { shopPageStandIns } from '../../adapters/server/shop-page-standins';
import { SqliteSubmissionRepository } from '../../adapters/server/sqlite-submission-repository';
import { requireOneHost } from '../../adapters/server/single-host';
import { answerClientError } from '../../adapters/server/client-error';
import { refuseUndecodableUrl, registerStaticFiles, type UndecodableUrlAnswer } from '../../adapters/server/static-files';
import { causeText } from '../../domain/tracking/log-buffer';
import { serverConfig, trackerOrigins, type ServerConfig } from './config';
import { closeConnectionsWhenClosing } from './graceful-shutdown';

/** Builds the app (not yet listening); closing it closes the database. */
export async function buildServer(config: ServerConfig = serverConfig()): Promise<FastifyInstance> {
  const repository = new SqliteSubmissionRepository({
    file: config.databaseFile,
    ids: { next: () => randomUUID() },
    clock: { now: () => Date.now() },
  });
  const headers = securityHeaders(trackerOrigins(config.tagManagerScript));
  /** Set once the page files are registered; until then, the fixed answer. */
  let answerUndecodable: UndecodableUrlAnswer = refuseUndecodableUrl;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // A visitor's cookies (the shop's login token, the visitor id) and credentials: at trace level the
      // multipart plugin logs a request's whole headers, which go as a whole.
      redact: ['busboyOptions.headers', '*.headers.cookie', '*.headers.authorization', '*.headers["proxy-authorization"]'],
    },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    // The whole request: three 5 MB files take minutes on a slow line (the browser's own limit is a stall of 60 s).
    requestTimeout: 600_000,
    // A stalled upload holds its memory until then: a connection silent for a minute is closed sooner.
    connectionTimeout: config.idleTimeoutMs,
    // Behind the shop's proxies: the visitor's address is the one they forward (the upload cap per address).
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
    // While closing, requests on open connections get the backend's own 503 (closeConnectionsWhenClosing).
    return503OnClosing: false,
    // A URL Fastify cannot decode: a browser's navigation gets a page (static-files.ts), anything else
    // the fixed answer, never Fastify's, which repeats the URL. Other framework errors: the fixed answer.
    frameworkErrors: (error, request, reply) =>
      (error.code === 'FST_ERR_BAD_URL' ? answerUndecodable : refuseUndecodableUrl)(request, reply.headers(headers)),
    // What Node's HTTP parser refuses before any route: the same answer shape.
    clientErrorHandler: answerClientError(headers),
    // A missing Host line is refused by requireOneHost, in the same shape (Node's own 400 is bare).
    http: { requireHostHeader: false },
  });
  // An expectation other than 100-continue: answered as the request itself (RFC 9110 §10.1.1 lets a
  // server ignore it), not with Node's bare 417.
  app.server.on('checkExpectation', (request, response) => app.server.emit('request', request, response));
  app.addHook('onClose', async () => repository.close());
  if (repository.setUpEmpty) {
    app.log.warn(
      `the database ${config.databaseFile} was there but held no submissions: it was set up as a new, empty database (if it is a restored backup, that backup is empty)`,
    );
  } else if (repository.migrated) {
    const { from, to } = repository.migrated;
    app.log.info(`the database ${config.databaseFile} was migrated from schema version ${from} to ${to}`);
  }
  const modes = repository.openToOthers();
  if (modes !== undefined) {
    app.log.warn(
      `the database ${config.databaseFile} can be read by other users of this machine (${modes}): chmod 600 on it and its -wal and -shm files keeps its names, addresses and messages to the server's user`,
    );
  }
  // First: every answer, the shutdown's 503 included, carries them.
  registerSecurityHeaders(app, headers);
  closeConnectionsWhenClosing(app);
  requireOneHost(app);

  registerErrorHandler(app);
  await app.register(healthRoute, { repository });
  await app.register(contactRoute, { repository, receivingBytes: config.receivingBytes });
  await app.register(cancellationRoute, { repository });
  if (config.devStandIns) {
    await app.register(devStandIns);
    await app.register(shopPageStandIns);
  }
  answerUndecodable = await registerStaticFiles(app, {
    appDir: config.appDir,
    libDir: config.libDir,
    hostSites: config.hostSites,
    serverEntry: config.serverEntry,
    tagManagerScript: config.tagManagerScript,
  });
  return app;
}

/** Builds the app and listens; resolves with the app and its base URL (`http://127.0.0.1:3000`). */
export async function startServer(config: ServerConfig = serverConfig()): Promise<{ app: FastifyInstance; url: string }> {
  const cannotListen = (error: unknown) =>
    // The operator's fix is in HOST or PORT (an unknown name, a port in use): say which values failed,
    // and for a port in use what to do, as the database's messages do.
    new Error(`Cannot listen on HOST ${config.host}, PORT ${config.port}: ${causeText(error)}${inUse(error) ? PORT_IN_USE : ''}`, { cause: error });
  // Before the database is opened: a new server that cannot listen must not migrate the database the
  // running ones share (they would then refuse every submission as written by a newer server).
  await canListen(config.port, config.host).catch((error: unknown) => Promise.reject(cannotListen(error)));
  const app = await buildServer(config);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw cannotListen(error);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return { app, url: `http://${host}:${port}` };
}

const inUse = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'EADDRINUSE';
const PORT_IN_USE = ': another program (or another instance of this server) uses the port: stop it, or start this server with another PORT';

/** Resolves once a listener could be opened on `port` and `host` (and is closed again); rejects with why not. */
const canListen = (port: number, host: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen({ port, host }, () => probe.close(() => resolve()));
  });

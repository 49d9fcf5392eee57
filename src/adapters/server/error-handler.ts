/**
 * The last word on any error a route or Fastify raises: a fixed `{ error, message }` answer with a
 * fitting status, never the error's own message nor its stack (those go to the log for a 5xx).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { sendProblem, type ProblemKey } from './http-answers';

const KEY_OF_CODE: Readonly<Record<string, ProblemKey>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'body.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body.invalidJson',
  SUPPORT_BODY_NOT_UTF8: 'body.notUtf8',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body.tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'body.unsupportedType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'body.malformed',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'body.unsupportedType',
};

/** What reading a request whose client went away ends with. */
const CLIENT_GONE: ReadonlySet<string> = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE', 'ECONNABORTED']);

const keyOfStatus = (status: number): ProblemKey =>
  status === 404 ? 'notFound' : status === 413 ? 'body.tooLarge' : status === 415 ? 'body.unsupportedType' : 'request.invalid';

/** Installs the handler on the root instance (child contexts inherit it). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const code = typeof error?.code === 'string' ? error.code : '';
    // A client that went away mid-request (a closed tab, a dropped line, the page's own upload stop)
    // is no failure of the server: noted without a stack, and nobody is left to answer.
    // (Node destroys a request whose body was read to the end: only an unfinished one tells of a client gone.)
    if (CLIENT_GONE.has(code) || (!request.raw.complete && request.raw.destroyed)) {
      request.log.info({ code }, 'the client closed the request before it was read');
      return sendProblem(reply, 400, 'body.malformed');
    }
    // The store's write lock is held elsewhere (a backup, the sqlite3 shell): nothing was stored, try again.
    if (code === 'SUPPORT_STORE_BUSY') {
      request.log.warn('a submission met a database locked by another process');
      return sendProblem(reply.header('retry-after', '5'), 503, 'unavailable');
    }
    // The database file was deleted or replaced under the server: nothing was stored (/healthz says so too).
    if (code === 'SUPPORT_STORE_GONE') {
      request.log.error('a submission met a database file deleted or replaced under the server');
      return sendProblem(reply, 503, 'unavailable');
    }
    // A newer server migrated the file while this one ran: nothing was stored (/healthz says so too).
    if (code === 'SUPPORT_STORE_NEWER') {
      request.log.error('a submission met a database migrated by a newer server: replace this server');
      return sendProblem(reply, 503, 'unavailable');
    }
    // A read-only file, a full disk: nothing was stored (/healthz says so too). SQLite opened a file it may
    // not write read-only: after the permission is fixed, the server needs a restart.
    if (code === 'SUPPORT_STORE_UNWRITABLE') {
      request.log.error({ err: error.cause }, 'a submission met a database that cannot be written');
      return sendProblem(reply, 503, 'unavailable');
    }
    const given = Number(error?.statusCode);
    const status = Number.isInteger(given) && given >= 400 && given < 500 ? given : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const key: ProblemKey = KEY_OF_CODE[code] ?? (status >= 500 ? 'internal' : keyOfStatus(status));
    // A range past a file's end: the answer names the file's length (RFC 9110 §15.5.17), as a cache fetching by ranges needs.
    const range = (error as { headers?: Record<string, unknown> } | undefined)?.headers?.['Content-Range'];
    if (status === 416 && typeof range === 'string') reply.header('content-range', range);
    return sendProblem(reply, status, key);
  });
}

/**
 * The last word on any error a route or Fastify raises: a fixed `{ error, message }` answer with a
 * fitting status, never the error's own message nor its stack (those go to the log for a 5xx).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { sendProblem, type ProblemKey } from './http-answers';

const KEY_OF_CODE: Readonly<Record<string, ProblemKey>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'body.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body.invalidJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body.tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'body.unsupportedType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'body.malformed',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'body.unsupportedType',
};

const keyOfStatus = (status: number): ProblemKey =>
  status === 404 ? 'notFound' : status === 413 ? 'body.tooLarge' : status === 415 ? 'body.unsupportedType' : 'request.invalid';

/** Installs the handler on the root instance (child contexts inherit it). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const code = typeof error?.code === 'string' ? error.code : '';
    const given = Number(error?.statusCode);
    const status = Number.isInteger(given) && given >= 400 && given < 500 ? given : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const key: ProblemKey = KEY_OF_CODE[code] ?? (status >= 500 ? 'internal' : keyOfStatus(status));
    return sendProblem(reply, status, key);
  });
}

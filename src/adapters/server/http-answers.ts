/**
 * The shapes of the reference backend's answers (shared decisions, "Submissions"): `201 { id }`,
 * `400`/`413 { errors: { <field>: <message key> } }` for the form's fields (a 400 may add
 * `refusedAttachments: [<position>]`), and
 * `{ error: <key>, message }` for a request that is wrong as a whole. Messages are fixed texts: an
 * answer never repeats the input nor a stack trace.
 */
import type { FastifyReply } from 'fastify';

export const PROBLEMS = {
  'body.invalidJson': 'The request body is not valid JSON.',
  'body.malformed': 'The request body could not be read.',
  'body.notUtf8': 'The request body is not UTF-8 text.',
  'body.tooLarge': 'The request body is larger than allowed.',
  'body.tooManyParts': 'The form has more parts than this endpoint reads: send its fields and files only.',
  'body.unsupportedType': 'The request body has a content type this endpoint does not accept.',
  'request.invalid': 'The request is not valid.',
  'request.headersTooLarge': "The request's headers are larger than allowed.",
  'request.timeout': 'The request was not completed in time.',
  'request.crossSite': 'This endpoint takes requests from the support pages only.',
  notFound: 'Not found.',
  methodNotAllowed: 'This method is not allowed here; the Allow header names the ones that are.',
  unavailable: 'The service is unavailable.',
  internal: 'Internal Server Error',
} as const;
export type ProblemKey = keyof typeof PROBLEMS;

/** `{ error, message }` with the given status; never kept by a cache (a chunk missing for a moment mid-deploy). */
export const sendProblem = (reply: FastifyReply, status: number, key: ProblemKey): FastifyReply =>
  reply.code(status).type('application/json; charset=utf-8').header('cache-control', 'no-store').send({ error: key, message: PROBLEMS[key] });

/**
 * `{ errors }`: the first message key of each failing field; with `refusedAttachments`, the positions
 * (from 0, in the order sent) of the files the attachments error is about, so the page can name them.
 */
export const sendFieldErrors = (
  reply: FastifyReply,
  status: 400 | 413,
  errors: Readonly<Record<string, string>>,
  refusedAttachments: readonly number[] = [],
): FastifyReply =>
  reply
    .code(status)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(refusedAttachments.length > 0 ? { errors, refusedAttachments } : { errors });

/** `201 { id }` for an accepted, stored submission; `receivedAt` (ISO 8601) when the page shows when it was stored. */
export const sendCreated = (reply: FastifyReply, id: string, receivedAt?: string): FastifyReply =>
  reply
    .code(201)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(receivedAt === undefined ? { id } : { id, receivedAt });

/**
 * A cap on the bytes of submissions being received at once. A contact message's files are held in
 * memory until the transaction that stores them, so without a cap a few dozen uploads that stall
 * half-way (a slow or a hostile client) pin gigabytes for the whole request timeout. Each request
 * reserves its declared length (the most a body may have when it declares none) until its answer is
 * sent or its connection closes; one that does not fit is answered `503` with `Retry-After` before
 * its body is read, and the page shows its transmission-error text with the form kept.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from './http-answers';

export interface UploadBudget {
  /** An `onRequest` hook: reserves the request's bytes, or answers 503 when they do not fit. */
  readonly admit: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
}

export function uploadBudget(totalBytes: number, largestBody: number): UploadBudget {
  let reserved = 0;
  return {
    async admit(request, reply) {
      const declared = Number(request.headers['content-length']);
      const bytes = Number.isFinite(declared) && declared >= 0 ? Math.min(declared, largestBody) : largestBody;
      if (reserved + bytes > totalBytes) {
        request.log.warn({ reserved, bytes }, 'a submission was turned away: too many bytes are being received at once');
        return sendProblem(reply.header('retry-after', '5').header('connection', 'close'), 503, 'unavailable');
      }
      reserved += bytes;
      // 'close' comes once the answer is sent or the connection is gone, whichever is first.
      reply.raw.once('close', () => {
        reserved -= bytes;
      });
      return undefined;
    },
  };
}

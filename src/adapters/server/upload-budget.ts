/**
 * A cap on the bytes of submissions being received at once. A contact message's files are held in
 * memory until the transaction that stores them, so without a cap a few dozen uploads that stall
 * half-way (a slow or a hostile client) pin gigabytes for the whole request timeout. Each request
 * reserves its declared length (the most a body may have when it declares none) until its answer is
 * sent or its connection closes; one that does not fit is answered `503` with `Retry-After` before
 * its body is read, and the page shows its transmission-error text with the form kept; its body is then
 * read and dropped (`dropRefusedBody`), holding no memory. One client
 * address may hold at most half of the cap, so stalled uploads from one address cannot turn away
 * everyone else's.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from './http-answers';
import { dropRefusedBody } from './refused-body';

export interface UploadBudget {
  /** An `onRequest` hook: reserves the request's bytes, or answers 503 when they do not fit. */
  readonly admit: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
}

/**
 * The visitor's address without a port: some proxies and load balancers write X-Forwarded-For as
 * `203.0.113.7:50001` or `[2001:db8::7]:443`, a port per connection, which made each of one visitor's
 * uploads another address, free of the half (reverse-proxy QA pass).
 */
const withoutPort = (address: string): string =>
  /^\[([^\]]+)\](?::\d+)?$/.exec(address)?.[1] ?? /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address)?.[1] ?? address;

export function uploadBudget(totalBytes: number, largestBody: number): UploadBudget {
  let reserved = 0;
  const byAddress = new Map<string, number>();
  return {
    async admit(request, reply) {
      const declared = Number(request.headers['content-length']);
      const bytes = Number.isFinite(declared) && declared >= 0 ? Math.min(declared, largestBody) : largestBody;
      const address = withoutPort(request.ip);
      const ofAddress = byAddress.get(address) ?? 0;
      if (reserved + bytes > totalBytes || ofAddress + bytes > totalBytes / 2) {
        // The address is named: behind a proxy without TRUST_PROXY it is the proxy's, for every visitor.
        const ofOne = reserved + bytes <= totalBytes;
        request.log.warn(
          { reserved, ofAddress, bytes, address },
          ofOne
            ? `a submission was turned away: its client address ${address} holds half of the bytes being received at once (behind a reverse proxy, set TRUST_PROXY so each visitor counts alone)`
            : 'a submission was turned away: too many bytes are being received at once',
        );
        dropRefusedBody(request);
        return sendProblem(reply.header('retry-after', '5'), 503, 'unavailable');
      }
      reserved += bytes;
      byAddress.set(address, ofAddress + bytes);
      // 'close' comes once the answer is sent or the connection is gone, whichever is first.
      reply.raw.once('close', () => {
        reserved -= bytes;
        const left = (byAddress.get(address) ?? bytes) - bytes;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      });
      return undefined;
    },
  };
}

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
import { isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from './http-answers';
import { dropRefusedBody } from './refused-body';

export interface UploadBudget {
  /** An `onRequest` hook: reserves the request's bytes, or answers 503 when they do not fit. */
  readonly admit: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
}

/**
 * The visitor's address in one form: without a port, which some proxies and load balancers write in
 * X-Forwarded-For (`203.0.113.7:50001`, `[2001:db8::7]:443`, a port per connection: each of one
 * visitor's uploads was another address, free of the half; reverse-proxy QA pass), an IPv6 address as
 * the URL parser writes it (`2001:DB8:0::9` is `2001:db8::9`), an IPv4 one mapped into IPv6 as IPv4.
 */
const visitorAddress = (forwarded: string): string => {
  const address = /^\[([^\]]+)\](?::\d+)?$/.exec(forwarded)?.[1] ?? /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(forwarded)?.[1] ?? forwarded;
  if (!isIPv6(address)) return address;
  const written = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(written);
  if (!mapped) return written;
  const [high, low] = [parseInt(mapped[1] as string, 16), parseInt(mapped[2] as string, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
};

export function uploadBudget(totalBytes: number, largestBody: number): UploadBudget {
  let reserved = 0;
  const byAddress = new Map<string, number>();
  return {
    async admit(request, reply) {
      const declared = Number(request.headers['content-length']);
      const bytes = Number.isFinite(declared) && declared >= 0 ? Math.min(declared, largestBody) : largestBody;
      const address = visitorAddress(request.ip);
      const ofAddress = byAddress.get(address) ?? 0;
      if (reserved + bytes > totalBytes || ofAddress + bytes > totalBytes / 2) {
        // The address is named: behind a proxy without TRUST_PROXY it is the proxy's, for every visitor.
        const ofOne = reserved + bytes <= totalBytes;
        request.log.warn(
          { reserved, ofAddress, bytes, address },
          ofOne
            ? `a submission was turned away: its client address ${address} holds half of the bytes being received at once (behind a reverse proxy without TRUST_PROXY this is the proxy's address, shared by every visitor)`
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

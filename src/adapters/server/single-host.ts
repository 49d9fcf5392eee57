/**
 * RFC 9112 §3.2: a request with more than one Host line is answered 400. Node's parser lets it through
 * and keeps the first, so a proxy or cache that reads the other would store one site's page under
 * another site's host. An HTTP/1.1 request without one is answered 400 here too (the server lets it
 * through, so that the answer has the backend's shape and headers).
 */
import type { FastifyInstance } from 'fastify';
import { sendProblem } from './http-answers';

export function requireOneHost(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const names = request.raw.rawHeaders;
    let hosts = 0;
    for (let index = 0; index < names.length; index += 2) if (names[index]?.toLowerCase() === 'host') hosts += 1;
    if (hosts > 1 || (hosts === 0 && request.raw.httpVersion === '1.1')) return sendProblem(reply, 400, 'request.invalid');
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify routes them (headers over 16 KB, a malformed
 * request line or header, a request not finished in time): answered in the backend's own
 * `{ error, message }` shape (http-answers.ts), as every other whole-request error, not Fastify's.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { PROBLEMS, type ProblemKey } from './http-answers';

const answerOf = (code: unknown): { status: number; key: ProblemKey } =>
  code === 'HPE_HEADER_OVERFLOW'
    ? { status: 431, key: 'request.headersTooLarge' }
    : code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? { status: 408, key: 'request.timeout' }
      : { status: 400, key: 'request.invalid' };

/**
 * Fastify's `clientErrorHandler` with the server's security headers (`securityHeaders`), which no
 * hook adds here: writes the answer, then closes the connection.
 */
export const answerClientError =
  (headers: Readonly<Record<string, string>>) =>
  (error: Error & { code?: string }, socket: Duplex): void => {
    // A connection reset has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, key } = answerOf(error.code);
    const body = JSON.stringify({ error: key, message: PROBLEMS[key] });
    const security = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n${security}Connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };

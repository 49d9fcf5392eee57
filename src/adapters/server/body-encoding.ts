import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether the request says its body is compressed (a `Content-Encoding` other than identity). No
 * browser sends a compressed form, and the endpoints do not inflate one: such a body is answered as a
 * type the endpoint does not take, before any of it is read as text.
 */
export const bodyCompressed = (headers: IncomingHttpHeaders): boolean =>
  (headers['content-encoding'] ?? '')
    .split(',')
    .some((coding) => !['', 'identity'].includes(coding.trim().toLowerCase()));

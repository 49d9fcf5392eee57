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

/** The `charset` parameter of a Content-Type, lower-cased and unquoted; undefined when none is given. */
export const charsetOf = (contentType: string | undefined): string | undefined =>
  /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1]?.toLowerCase();

import type { FastifyRequest } from 'fastify';

/**
 * Whether the browser says another site's page made this request (`Sec-Fetch-Site: cross-site`): a
 * form such a page posts would make its visitors' browsers send messages, from their addresses and out
 * of their upload allowance. Programs that send no such header (the shop's own tools) are not affected.
 */
export const sentCrossSite = (request: FastifyRequest): boolean => request.headers['sec-fetch-site'] === 'cross-site';

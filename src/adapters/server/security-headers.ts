/**
 * Security headers on every answer: a Content-Security-Policy with no inline scripts (but the page's
 * boot guard, allowed by its hash) and no inline styles, `nosniff`, framing by the same origin only, and a referrer policy that sends other sites
 * the origin only.
 */
import type { FastifyInstance } from 'fastify';
import { BOOT_GUARD_CSP_SOURCE } from './boot-guard';

export interface SecurityHeaderOptions {
  /** Origins the pages may load scripts from besides their own (the affiliate tracker's CDN). */
  readonly scriptOrigins: readonly string[];
  /** Origins the pages may send data to besides their own (tracker, collector, remote logger). */
  readonly connectOrigins: readonly string[];
  /** Origins of images besides their own (tracking pixels). */
  readonly imageOrigins: readonly string[];
}

const list = (...sources: readonly string[]): string => [...new Set(sources)].join(' ');

/** The Content-Security-Policy value. */
export function contentSecurityPolicy({ scriptOrigins, connectOrigins, imageOrigins }: SecurityHeaderOptions): string {
  return [
    "default-src 'self'",
    `script-src ${list("'self'", BOOT_GUARD_CSP_SOURCE, ...scriptOrigins)}`,
    "style-src 'self'",
    `img-src ${list("'self'", 'data:', ...imageOrigins)}`,
    `connect-src ${list("'self'", ...connectOrigins)}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Adds `headers` ({@link securityHeaders}) to every answer of `app` (pages, files, API answers, errors and 404s). */
export function registerSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

/** The headers every answer carries (also those made before any hook runs, such as Fastify's framework errors). */
export function securityHeaders(options: SecurityHeaderOptions): Readonly<Record<string, string>> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

import { LogLevel } from '../../domain/tracking/log-buffer';
import { percentDecoded } from '../../domain/text/percent-decoded';
import type { CookieJar, CookieOptions } from '../../ports/cookie-jar';
import type { Logger } from '../../ports/logger';
import { reportOnce } from './report';

/** Tracking spec §9: the default cookie lifetime, 30 days. */
export const DEFAULT_COOKIE_LIFETIME_SECONDS = 2592000;

// The texts are used as plain constants, so the library build needs no object for them.
const UNAVAILABLE = 'Cookies unavailable.';
export const CookieJarTexts = { unavailable: UNAVAILABLE } as const;

/** Percent-decodes; a malformed value is returned as it is rather than lost. */
const decode = percentDecoded;

/** The `Set-Cookie`-style string `document.cookie = ...` receives. Exported for tests and the benchmark. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const sameSite = options.sameSite ?? 'Lax';
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.floor(options.maxAgeSeconds ?? DEFAULT_COOKIE_LIFETIME_SECONDS)}`,
    `Path=${options.path ?? '/'}`,
  ];
  if (options.domain) parts.push(`Domain=${options.domain}`);
  // Browsers drop a SameSite=None cookie that is not Secure, so None always comes with Secure.
  if (options.secure || sameSite === 'None') parts.push('Secure');
  parts.push(`SameSite=${sameSite}`);
  return parts.join('; ');
}

/**
 * A CookieJar on `document.cookie`. Names and values are percent-encoded on write and decoded on
 * read. Never throws: a sandboxed document that refuses cookies reads as empty and logs once.
 */
export class DocumentCookieJar implements CookieJar {
  readonly #getDocument: () => Document | undefined;
  readonly #unavailable: (error?: unknown) => void;
  #readBack = true;

  constructor(
    getDocument: () => Document | undefined = () => document,
    logger?: Logger,
  ) {
    this.#getDocument = getDocument;
    this.#unavailable = reportOnce(logger, LogLevel.warn, UNAVAILABLE);
  }

  get(name: string, options?: { raw?: boolean }): string | undefined {
    return this.#values(name, options, true)[0];
  }

  getAll(name: string, options?: { raw?: boolean }): string[] {
    return this.#values(name, options, false);
  }

  #values(name: string, options: { raw?: boolean } | undefined, firstOnly: boolean): string[] {
    const all = this.#read();
    const values: string[] = [];
    for (const pair of all ? all.split(';') : []) {
      const equals = pair.indexOf('=');
      const key = (equals === -1 ? pair : pair.slice(0, equals)).trim();
      if (key !== name && decode(key) !== name) continue;
      const raw = equals === -1 ? '' : pair.slice(equals + 1).trim();
      const value = raw.length > 1 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
      values.push(options?.raw ? value : decode(value));
      if (firstOnly) break;
    }
    return values;
  }

  set(name: string, value: string, options?: CookieOptions): void {
    // Secure on an https page: a plain-http request or a network attacker neither reads nor sets it
    // (on http, a shop's development host, Secure would drop it).
    const written = this.#write(serializeCookie(name, value, this.#https() ? { ...options, secure: true } : options));
    // A browser that blocks the page's cookies (a frame on another site) may drop them without an
    // error: after the first lasting cookie that is not Secure (an http page drops those), the page's
    // cookies are read once. None at all is the block; only this one missing may be a cookie of the
    // same name a script cannot overwrite (HttpOnly, or Secure seen from http).
    if (written && this.#readBack && !options?.secure && options?.sameSite !== 'None' && (options?.maxAgeSeconds ?? 1) > 0) {
      this.#readBack = false;
      if (this.#read() === '') this.#unavailable();
    }
  }

  remove(name: string, options?: Omit<CookieOptions, 'maxAgeSeconds' | 'domain'>): void {
    const gone = { ...options, maxAgeSeconds: 0 };
    this.set(name, '', gone);
    // `a.b.shop.de`: also for a.b.shop.de, b.shop.de and shop.de (never the top level alone).
    let host: string | undefined;
    try {
      host = this.#getDocument()?.location?.hostname;
    } catch {
      host = undefined;
    }
    const labels = (host ?? '').split('.');
    for (let i = 0; i < labels.length - 1; i++) this.set(name, '', { ...gone, domain: labels.slice(i).join('.') });
  }

  #https(): boolean {
    try {
      return this.#getDocument()?.location?.protocol === 'https:';
    } catch {
      return false;
    }
  }

  #read(): string {
    try {
      return this.#getDocument()?.cookie ?? '';
    } catch (error) {
      this.#unavailable(error);
      return '';
    }
  }

  /** Whether a document took the cookie without an error. */
  #write(cookie: string): boolean {
    try {
      const doc = this.#getDocument();
      if (doc) doc.cookie = cookie;
      return doc !== undefined;
    } catch (error) {
      this.#unavailable(error);
      return false;
    }
  }
}

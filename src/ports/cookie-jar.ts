/** Options of a cookie write. */
export interface CookieOptions {
  /** Lifetime in seconds. Default: 2592000 (30 days, tracking spec §9). */
  maxAgeSeconds?: number;
  /** Default: `/`. */
  path?: string;
  /** Default: the page's host. */
  domain?: string;
  /** Default: false. `ttruth_uid` is written Secure. */
  secure?: boolean;
  /** Default: `Lax`. `ttruth_uid` is written `None`. */
  sameSite?: 'Lax' | 'Strict' | 'None';
}

/** The page's cookies (browser: `document.cookie`). Values are decoded strings. */
export interface CookieJar {
  /**
   * The decoded value, or `undefined` when the cookie is absent. `{ raw: true }`: the value as stored,
   * for one whose parts are encoded one by one (`OptanonConsent`): decoded first, an encoded address
   * inside it would add parts of its own.
   */
  get(name: string, options?: { raw?: boolean }): string | undefined;
  /**
   * Every cookie of the name the page sees, in the browser's order (the longer path first, then the
   * older): one for the host and one for the shop's domain may both be there. Decoded as `get` does.
   */
  getAll(name: string, options?: { raw?: boolean }): string[];
  /** Writes a cookie with the given options (defaults above). */
  set(name: string, value: string, options?: CookieOptions): void;
  /**
   * Deletes the cookie on the default path (the attributes it was written with in `options`), for the
   * page's host and each domain above it: a cookie a server's answer or another subdomain set for the
   * whole shop is gone too.
   */
  remove(name: string, options?: Omit<CookieOptions, 'maxAgeSeconds' | 'domain'>): void;
}

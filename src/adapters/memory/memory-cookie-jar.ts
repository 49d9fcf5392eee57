import type { CookieJar, CookieOptions } from '../../ports/cookie-jar';

/** One write seen by the jar, as the page would have sent it. */
export interface CookieWrite {
  readonly name: string;
  readonly value: string;
  readonly options: CookieOptions;
}

/**
 * A CookieJar in a Map (tests, benchmark, server side). Every write is recorded with its options; a
 * write with a lifetime of 0 or less deletes the cookie, as a browser does. Paths and domains are not
 * told apart: one value per name.
 */
export class MemoryCookieJar implements CookieJar {
  readonly values = new Map<string, string>();
  readonly writes: CookieWrite[] = [];

  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.values.set(name, value);
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  getAll(name: string): string[] {
    const value = this.values.get(name);
    return value === undefined ? [] : [value];
  }

  set(name: string, value: string, options: CookieOptions = {}): void {
    this.writes.push({ name, value, options });
    if (options.maxAgeSeconds !== undefined && options.maxAgeSeconds <= 0) this.values.delete(name);
    else this.values.set(name, value);
  }

  remove(name: string, options?: Omit<CookieOptions, 'maxAgeSeconds' | 'domain'>): void {
    this.set(name, '', { ...options, maxAgeSeconds: 0 });
  }

  /** The last write of a cookie, with its options. */
  lastWrite(name: string): CookieWrite | undefined {
    return this.writes.filter((write) => write.name === name).at(-1);
  }
}

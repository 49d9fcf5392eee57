/**
 * The client-side store `contact` (one field, `site`, default `DE`) kept in sessionStorage under the
 * key `contact` as JSON: `{"site":"CH_FR"}`. A blocked or broken storage keeps the site in memory.
 */
import { DEFAULT_SITE, parseSite, toStoreSite, type SiteCode } from '../../domain/support/sites';
import type { SiteStore } from '../../ports/site-store';

export const SITE_STORE_KEY = 'contact';

export interface WebStorageSiteStoreOptions {
  /** The storage, reached lazily (default: `window.sessionStorage`); may throw when blocked. */
  readonly storage?: () => Storage;
  /** Told when the storage cannot be read or written. */
  readonly warn?: (message: string, content?: unknown) => void;
}

const defaultStorage = (): Storage => window.sessionStorage;

export class WebStorageSiteStore implements SiteStore {
  private site: SiteCode;
  private readonly listeners = new Set<() => void>();
  private readonly storage: () => Storage;

  constructor(private readonly options: WebStorageSiteStoreOptions = {}) {
    this.storage = options.storage ?? defaultStorage;
    this.site = this.read() ?? DEFAULT_SITE;
  }

  getSnapshot = (): SiteCode => this.site;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(site: SiteCode): void {
    const next = parseSite(site) ?? DEFAULT_SITE;
    this.write(next);
    if (next === this.site) return;
    this.site = next;
    for (const listener of [...this.listeners]) listener();
  }

  private read(): SiteCode | undefined {
    try {
      const raw = this.storage().getItem(SITE_STORE_KEY);
      if (raw === null) return undefined;
      const value: unknown = JSON.parse(raw);
      return value !== null && typeof value === 'object' ? parseSite((value as { site?: unknown }).site) : undefined;
    } catch (error) {
      this.warn('The site store could not be read; the site comes from the address alone', error);
      return undefined;
    }
  }

  private write(site: SiteCode): void {
    try {
      this.storage().setItem(SITE_STORE_KEY, JSON.stringify({ site: toStoreSite(site) }));
    } catch (error) {
      this.warn('The site store could not be saved; the site is kept for this page only', error);
    }
  }

  private warn(message: string, content: unknown): void {
    try {
      this.options.warn?.(message, content);
    } catch {
      // A failing logger never breaks the store.
    }
  }
}

import type { SiteCode } from '../domain/support/sites';

/** Values put into a text's placeholders (`{{path}}`; `{path}` is accepted too). */
export type TextParams = Readonly<Record<string, string | number>>;

/**
 * The localized texts of the support pages: each site's dictionary is its language's texts with the
 * site's own values laid over them. Browser: rosetta over lazily imported `locales/` modules; tests:
 * dictionaries in memory.
 */
export interface Texts {
  /**
   * Loads the site's dictionary (once; later calls resolve at once) and makes it the active one.
   * When loads overlap, the site asked for last becomes active. Rejects when the dictionary cannot be
   * loaded; the active site is then unchanged.
   */
  load(site: SiteCode): Promise<void>;
  /** The active site's text for a dotted key with its placeholders filled; the key itself when missing. */
  t(key: string, params?: TextParams): string;
  /** Whether the active site's dictionary has a text for the key. */
  has(key: string): boolean;
  /** The site whose dictionary is active; `undefined` before the first load. */
  getSnapshot(): SiteCode | undefined;
  /** Calls `listener` whenever the active site changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

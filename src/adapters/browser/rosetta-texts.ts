/**
 * Texts over rosetta: one rosetta table per site, built by {@link buildSiteDictionary} from modules
 * that are imported only when their site is asked for, so other languages stay out of the first chunk.
 */
import rosetta from 'rosetta';
import type { SiteCode } from '../../domain/support/sites';
import type { TextParams, Texts } from '../../ports/texts';
import { buildSiteDictionary, fillPlaceholders, lookup, type Dictionary } from './site-dictionary';

/** Where the dictionaries come from (browser: dynamic imports of `locales/`). */
export interface LocaleSources {
  /**
   * A site's dictionaries: its language's (common, contact, cancellation) in the order they are laid
   * over each other, and the site's own file (contact data, opening hours, the variants of its language).
   */
  site(site: SiteCode): Promise<{ readonly parts: readonly unknown[]; readonly own: unknown }>;
}

export interface RosettaTextsOptions {
  readonly sources: LocaleSources;
  /** Told once per key that the active dictionary lacks. */
  readonly warn?: (message: string, content?: unknown) => void;
}

export const MISSING_TEXT_WARNING = 'Text missing in the site dictionary; showing its key';

export class RosettaTexts implements Texts {
  private readonly i18n = rosetta<Dictionary>();
  private readonly loading = new Map<SiteCode, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private readonly warned = new Set<string>();
  private active: SiteCode | undefined;
  private latest = 0;

  constructor(private readonly options: RosettaTextsOptions) {}

  load(site: SiteCode): Promise<void> {
    const request = ++this.latest;
    return this.fetch(site).then(() => {
      if (request === this.latest) this.activate(site);
    });
  }

  /**
   * Makes a site's dictionary, already built elsewhere (the server embeds the one it rendered with),
   * the active one without loading its modules; a later `load` of that site resolves at once.
   */
  seed(site: SiteCode, dictionary: Dictionary): void {
    this.i18n.set(site, dictionary);
    this.loading.set(site, Promise.resolve());
    ++this.latest;
    this.activate(site);
  }

  /** The built dictionary of a loaded site (for the server to embed in the page), else `undefined`. */
  dictionary(site: SiteCode): Dictionary | undefined {
    return this.i18n.table(site) ?? undefined;
  }

  t(key: string, params?: TextParams): string {
    const text = this.active === undefined ? undefined : lookup(this.i18n.table(this.active) ?? undefined, key);
    if (text === undefined) {
      this.reportMissing(key);
      return key;
    }
    // Filled in one pass over the dictionary's text: a value is never scanned for placeholders (a path
    // or file name holding `{path}` would be filled again, and grow with each copy).
    return fillPlaceholders(text, params);
  }

  has(key: string): boolean {
    return this.active !== undefined && lookup(this.i18n.table(this.active) ?? undefined, key) !== undefined;
  }

  getSnapshot = (): SiteCode | undefined => this.active;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private fetch(site: SiteCode): Promise<void> {
    let pending = this.loading.get(site);
    if (!pending) {
      const { sources } = this.options;
      pending = sources.site(site).then(({ parts, own }) => {
        this.i18n.set(site, buildSiteDictionary(site, parts, own));
      });
      // A failed load may be tried again (the chunk may be back after a reload of the server).
      pending.catch(() => this.loading.delete(site));
      this.loading.set(site, pending);
    }
    return pending;
  }

  private activate(site: SiteCode): void {
    if (this.active === site) return;
    this.active = site;
    this.i18n.locale(site);
    for (const listener of [...this.listeners]) listener();
  }

  private reportMissing(key: string): void {
    if (this.warned.has(`${this.active}:${key}`)) return;
    this.warned.add(`${this.active}:${key}`);
    try {
      this.options.warn?.(MISSING_TEXT_WARNING, { key, site: this.active });
    } catch {
      // A failing logger never breaks a text.
    }
  }
}

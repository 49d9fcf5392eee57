import type { SiteCode } from '../../domain/support/sites';
import type { TextParams, Texts } from '../../ports/texts';
import { fillPlaceholders, lookup, type Dictionary } from '../browser/site-dictionary';

export interface MemoryTextsOptions {
  /** The site active from the start (its dictionary must be given); otherwise none until `load`. */
  readonly active?: SiteCode;
}

/**
 * Texts from dictionaries held in memory (tests, the server side). `load` of a site without a
 * dictionary rejects, as a failed chunk does in the browser. Every `t` call is recorded.
 */
export class MemoryTexts implements Texts {
  readonly loads: SiteCode[] = [];
  private active: SiteCode | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly dictionaries: Partial<Record<SiteCode, Dictionary>>,
    options: MemoryTextsOptions = {},
  ) {
    if (options.active !== undefined && dictionaries[options.active]) this.active = options.active;
  }

  async load(site: SiteCode): Promise<void> {
    this.loads.push(site);
    if (!this.dictionaries[site]) throw new Error(`No dictionary for site ${site}`);
    if (this.active === site) return;
    this.active = site;
    for (const listener of [...this.listeners]) listener();
  }

  t(key: string, params?: TextParams): string {
    const text = lookup(this.active && this.dictionaries[this.active], key);
    return text === undefined ? key : fillPlaceholders(text, params);
  }

  has(key: string): boolean {
    return lookup(this.active && this.dictionaries[this.active], key) !== undefined;
  }

  getSnapshot = (): SiteCode | undefined => this.active;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

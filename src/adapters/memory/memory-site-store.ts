import { DEFAULT_SITE, type SiteCode } from '../../domain/support/sites';
import type { SiteStore } from '../../ports/site-store';

/** The `contact` store in memory (tests, the server side); `history` lists every change. */
export class MemorySiteStore implements SiteStore {
  readonly history: SiteCode[] = [];
  private site: SiteCode;
  private readonly listeners = new Set<() => void>();

  constructor(initial: SiteCode = DEFAULT_SITE) {
    this.site = initial;
  }

  getSnapshot = (): SiteCode => this.site;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(site: SiteCode): void {
    if (site === this.site) return;
    this.site = site;
    this.history.push(site);
    for (const listener of [...this.listeners]) listener();
  }
}

/**
 * The reload of spec §4: when a chunk fails to load (a new build was deployed), the page reloads, at
 * most once per 10 s per path (domain `reload-guard.ts`). The record of reloads is kept in
 * sessionStorage; when it cannot be kept the page does not reload, so a reload loop is impossible.
 */
import { recordReload, shouldReload, type ReloadRecord } from '../../domain/support/reload-guard';
import type { Warn } from './warn';

export const RELOADS_KEY = 'support-reloads';

export interface ReloadGuardOptions {
  readonly storage: () => Storage;
  readonly now: () => number;
  readonly path: () => string;
  readonly reload: () => void;
  readonly warn: Warn;
  /** True when the browser knows it is offline (`navigator.onLine === false`); default never. */
  readonly offline?: () => boolean;
}

/**
 * Reloads the page unless this path reloaded less than 10 s ago, or the browser is offline (the reload
 * would replace the page, and all that was entered, with the browser's offline page); answers whether
 * it did. When it answers no, the caller goes on without the chunk.
 */
export function createReloadGuard(options: ReloadGuardOptions): () => boolean {
  return () => {
    if (options.offline?.()) return false;
    try {
      const storage = options.storage();
      const raw = storage.getItem(RELOADS_KEY);
      const parsed: unknown = raw === null ? {} : JSON.parse(raw);
      const record: ReloadRecord = parsed !== null && typeof parsed === 'object' ? (parsed as ReloadRecord) : {};
      const path = options.path();
      const now = options.now();
      if (!shouldReload(record, path, now)) return false;
      storage.setItem(RELOADS_KEY, JSON.stringify(recordReload(record, path, now)));
    } catch (error) {
      options.warn('A failed chunk cannot reload the page: its reloads cannot be recorded', error);
      return false;
    }
    options.reload();
    return true;
  };
}

/** Vite's event for a dynamic import that failed: reload (and keep the error quiet) when the guard allows. */
export function reloadOnChunkError(target: Window, tryReload: () => boolean): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (tryReload()) event.preventDefault();
  });
}

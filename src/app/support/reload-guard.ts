/**
 * The reload of spec §4: when a chunk fails to load or a new build is known (`new-build-watch.ts`),
 * the page reloads, or loads the page a navigation goes to, at most once per 10 s per path (domain
 * `reload-guard.ts`). The record of reloads is kept in
 * sessionStorage; when it cannot be kept the page does not reload, so a reload loop is impossible.
 */
import { RELOADS_KEY, recordReload, shouldReload, type ReloadRecord } from '../../domain/support/reload-guard';
import type { Warn } from './warn';

export { RELOADS_KEY };

/**
 * The chunks the page does without (the tracker, the new-build watch) or loads ahead (the PDF writer,
 * whose press reports its own failure): their failure never reloads it.
 */
export const OPTIONAL_CHUNKS = /\/(tracker|new-build|pdf)-module-/;

export interface ReloadGuardOptions {
  readonly storage: () => Storage;
  readonly now: () => number;
  readonly path: () => string;
  readonly reload: () => void;
  readonly warn: Warn;
  /** True when the browser knows it is offline (`navigator.onLine === false`); default never. */
  readonly offline?: () => boolean;
}

/** Another page to load in full instead of reloading this one (a navigation's target). */
export interface LoadTarget {
  /** The path the record guards. */
  readonly path: string;
  readonly load: () => void;
}

/**
 * Reloads the page (or loads `target`) unless its path reloaded less than 10 s ago, or the browser is
 * offline (the reload would replace the page, and all that was entered, with the browser's offline
 * page); answers whether it did. When it answers no, the caller goes on without the chunk (or
 * navigates within the page).
 */
export function createReloadGuard(options: ReloadGuardOptions): (target?: LoadTarget) => boolean {
  return (target) => {
    if (options.offline?.()) return false;
    try {
      const storage = options.storage();
      const raw = storage.getItem(RELOADS_KEY);
      const parsed: unknown = raw === null ? {} : JSON.parse(raw);
      const record: ReloadRecord = parsed !== null && typeof parsed === 'object' ? (parsed as ReloadRecord) : {};
      const path = target ? target.path : options.path();
      const now = options.now();
      if (!shouldReload(record, path, now)) return false;
      storage.setItem(RELOADS_KEY, JSON.stringify(recordReload(record, path, now)));
    } catch (error) {
      options.warn('The page cannot reload: its reloads cannot be recorded', error);
      return false;
    }
    if (target) target.load();
    else options.reload();
    return true;
  };
}

/**
 * Vite's event for a dynamic import that failed: reload (and keep the error quiet) when the guard
 * allows, but not a page the visitor has touched: the failed part may be the one that keeps the
 * form's draft, and a reload would lose what was typed. There the import fails, and the part that
 * asked for it goes on without it (the form without drafts, a send with the transmission-error text
 * or, without the form's rules, the text asking for a reload),
 * unless the draft keeps all that was typed (`chunk-failure-reload.ts` then reloads).
 * Nor for a part the page does without (`optional` matches its file in the error): a tracker chunk a
 * content blocker refuses would otherwise reload the page at every visit. Answers the function that
 * stops it (`chunk-failure-reload.ts` answers in its place once the page is idle).
 */
export function reloadOnChunkError(target: Window, tryReload: () => boolean, touched: () => boolean, optional?: RegExp): () => void {
  const listener = (event: Event) => {
    if (!optional?.test(String((event as Event & { payload?: unknown }).payload)) && !touched() && tryReload()) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', listener);
  return () => target.removeEventListener('vite:preloadError', listener);
}

/**
 * The reload guard (support spec §4, §9): the page reloads when a new build is detected or a chunk
 * fails to load, at most once per 10000 ms per path. Times are milliseconds from the Clock port.
 */

export const RELOAD_GUARD_MS = 10_000;
/** The sessionStorage key of the reload record (path -> time of its last reload). */
export const RELOADS_KEY = 'support-reloads';

/** The time of the last reload of each path. */
export type ReloadRecord = Readonly<Record<string, number>>;

const lastReloadOf = (record: unknown, path: string): number | undefined => {
  if (record === null || typeof record !== 'object' || !Object.hasOwn(record, path)) return undefined;
  const time: unknown = (record as Record<string, unknown>)[path];
  return typeof time === 'number' && Number.isFinite(time) ? time : undefined;
};

const withinGuard = (time: number, now: number): boolean => Math.abs(now - time) < RELOAD_GUARD_MS;

/**
 * Whether `path` may reload at `now`: not when it reloaded less than 10000 ms before (or after, should
 * the clock have gone back). Without a usable `now` it answers no, so a broken clock cannot loop.
 */
export function shouldReload(lastReloads: ReloadRecord, path: string, now: number): boolean {
  if (typeof now !== 'number' || !Number.isFinite(now)) return false;
  const last = lastReloadOf(lastReloads, path);
  return last === undefined || !withinGuard(last, now);
}

// defineProperty, so a path such as '__proto__' becomes an own entry like any other.
const put = (record: Record<string, number>, path: string, time: number): void => {
  Object.defineProperty(record, path, { value: time, enumerable: true, writable: true, configurable: true });
};

/**
 * The record after a reload of `path` at `now`; entries that can no longer refuse a reload (and values
 * that are not times, e.g. read back from storage) are dropped, so the record stays small.
 */
export function recordReload(lastReloads: ReloadRecord, path: string, now: number): ReloadRecord {
  const next: Record<string, number> = {};
  if (lastReloads !== null && typeof lastReloads === 'object') {
    for (const key of Object.keys(lastReloads)) {
      const time = lastReloadOf(lastReloads, key);
      if (time !== undefined && key !== path && withinGuard(time, now)) put(next, key, time);
    }
  }
  if (Number.isFinite(now)) put(next, path, now);
  return next;
}

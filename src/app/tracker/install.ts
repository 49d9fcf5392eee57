/**
 * `install(options)` and `reset()` of the library (spec §4 Install): one installation per page, as
 * `window.collectOnTrackApi`; a second install fails until `reset()`, which re-initializes it. After a
 * reset one install may replace the tracker with new options.
 */
import { LogLevel } from '../../domain/tracking/log-buffer';
import * as Warnings from '../../domain/tracking/warnings';
import type { CollectOnTrackApi, InstallOptions } from '../tracker-types';
import { browserDeps, isBrowser } from './browser-deps';
import { createTracker, type Tracker, type TrackerDeps } from './create-tracker';

/** The global the installed instance lives under. */
export const API_GLOBAL = 'collectOnTrackApi';

type ApiWindow = Record<string, unknown>;

let installed: Tracker | undefined;

/**
 * Installs the tracker and exposes it as `window.collectOnTrackApi`. Throws 'A collectOnTrackApi
 * instance has already been installed. ...' when one is installed and not reset since (or installed by
 * another copy of the library), and 'This method can only be run in a browser environment' outside a
 * browser. After `reset()` it replaces the installed tracker: the old instance then rejects every push
 * with 'CollectOnTrackApi hasn't been installed.'. `deps` replaces the browser adapters (tests).
 */
export function install(options?: InstallOptions, deps?: TrackerDeps): CollectOnTrackApi {
  if (!isBrowser()) throw new Error(Warnings.browserOnly);
  const win = window as unknown as ApiWindow;
  // Shared decisions: installing twice fails "until reset() is called".
  const replacing = installed?.wasReset() === true;
  if (!replacing && (installed !== undefined || win[API_GLOBAL] !== undefined)) {
    installed?.log(LogLevel.error, Warnings.alreadyInstalled);
    throw new Error(Warnings.alreadyInstalled);
  }
  if (replacing) installed?.dispose();
  installed = createTracker(deps ?? browserDeps(), options);
  win[API_GLOBAL] = installed.api;
  return installed.api;
}

/**
 * Re-initializes and reinstalls the installed tracker; logs "collectOnTrackApi's state has been reset
 * successfully". A page that loaded the script twice has the tracker the first copy installed: it is
 * reset through `window.collectOnTrackApi`.
 */
export async function reset(): Promise<void> {
  if (!isBrowser()) throw new Error(Warnings.browserOnly);
  const win = window as unknown as ApiWindow;
  if (installed === undefined) {
    const api = win[API_GLOBAL] as Partial<CollectOnTrackApi> | undefined;
    if (typeof api?.reset === 'function') await api.reset();
    return;
  }
  await installed.reset();
  win[API_GLOBAL] = installed.api;
}

/** Removes the installation completely (tests; a page that unloads the library). */
export function uninstall(): void {
  installed?.dispose();
  installed = undefined;
  if (isBrowser()) delete (window as unknown as ApiWindow)[API_GLOBAL];
}

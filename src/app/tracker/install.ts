/**
 * `install(options)` and `reset()` of the library (spec §4 Install): one installation per page, as
 * `window.collectOnTrackApi`; a second install fails until `reset()`, which re-initializes it. After a
 * reset one install may replace the tracker with new options.
 */
import { LogLevel } from '../../domain/tracking/log-buffer';
import * as Warnings from '../../domain/tracking/warnings';
import type { CollectOnTrackApi, InstallOptions } from '../tracker-types';
import { ConsoleLogger } from '../../adapters/browser/console-logger';
import { browserDeps, forgetBrowserDeps, isBrowser } from './browser-deps';
import type { CountedCalls, CountedLeads, CountedOrders } from '../../domain/tracking/order-once';
import { isDataLayerModel } from '../../domain/tracking/data-layer-model';
import { createTracker, type Tracker, type TrackerDeps } from './create-tracker';

/** The global the installed instance lives under. */
export const API_GLOBAL = 'collectOnTrackApi';

type ApiWindow = Record<string, unknown>;

/**
 * The installed tracker, kept on the window so that every copy of the library on the page (a tag
 * manager that loads it again) shares one installation: a reset through one copy lets the next
 * install through any copy replace it.
 */
const TRACKER_KEY = Symbol.for('collectOnTrack.tracker');
type TrackerWindow = { [TRACKER_KEY]?: Tracker };
const installedTracker = (): Tracker | undefined => (isBrowser() ? (window as unknown as TrackerWindow)[TRACKER_KEY] : undefined);
function setInstalledTracker(tracker: Tracker | undefined): void {
  // Not enumerable: the window's own keys stay as the page made them.
  if (tracker) Object.defineProperty(window, TRACKER_KEY, { value: tracker, configurable: true, writable: true });
  else delete (window as unknown as TrackerWindow)[TRACKER_KEY];
}

/** What a tracker of this version counts (one of another copy's version may lack it, or a part of it). */
const isCountedCalls = (value: unknown): value is CountedCalls => {
  const parts = (value ?? {}) as Partial<Record<keyof CountedCalls, Partial<CountedLeads & CountedOrders>>>;
  const has = (part: keyof CountedCalls, ...methods: (keyof CountedLeads)[]) => methods.every((method) => typeof parts[part]?.[method] === 'function');
  return has('orders', 'count', 'forget', 'pending', 'reached', 'recount') && has('touchPoints', 'count', 'forget') && has('keylessTouchPoints', 'count', 'forget') && has('leads', 'count', 'forget', 'countedPage', 'pending', 'reached', 'recount');
};

/** True while `install` sets a tracker up. */
let installing = false;

/** An installed instance (of this or another copy of the library), not a placeholder the page set (`null`, `[]`). */
export const isInstance = (api: unknown): api is CollectOnTrackApi =>
  typeof api === 'object' && api !== null && typeof (api as Partial<CollectOnTrackApi>).pushInitialPageData === 'function';

/**
 * Installs the tracker and exposes it as `window.collectOnTrackApi`. Throws 'A collectOnTrackApi
 * instance has already been installed. ...' when one is installed and not reset since (or installed by
 * another copy of the library), and 'This method can only be run in a browser environment' outside a
 * browser. After `reset()` it replaces the installed tracker: the old instance then rejects every push
 * with 'CollectOnTrackApi hasn't been installed.'. `deps` replaces the browser adapters (tests).
 */
export function install(options?: InstallOptions, deps?: TrackerDeps): CollectOnTrackApi {
  if (!isBrowser()) throw new Error(Warnings.browserOnly);
  // One started by code that runs while this one sets up (an option's getter, a data-layer hook) is a second install too.
  if (installing) throw new Error(Warnings.alreadyInstalled);
  const win = window as unknown as ApiWindow;
  // Shared decisions: installing twice fails "until reset() is called".
  const installed = installedTracker();
  // Another copy's tracker may be of another version: each member is checked before it is called.
  const replacing = typeof installed?.wasReset === 'function' && installed.wasReset() === true;
  if (!replacing && (installed !== undefined || isInstance(win[API_GLOBAL]))) {
    if (typeof installed?.log === 'function') installed.log(LogLevel.error, Warnings.alreadyInstalled);
    throw new Error(Warnings.alreadyInstalled);
  }
  if (replacing && typeof installed.dispose === 'function') installed.dispose();
  // An order or lead the replaced tracker counted is not counted again (a copy of another version
  // may keep no such record, or another shape of it).
  const counted = replacing && isCountedCalls(installed.counted) ? installed.counted : undefined;
  const model = replacing && isDataLayerModel(installed.dataLayerModel) ? installed.dataLayerModel : undefined;
  // The page view it was on, which the new tracker goes on from (an older copy may keep none).
  const views = replacing && typeof installed.views === 'object' && installed.views !== null ? installed.views : undefined;
  // The consent its data layer last gave (a withdrawal the consent cookie does not hold yet).
  const heard = replacing && typeof installed.heardConsent === 'object' && installed.heardConsent !== null ? installed.heardConsent : undefined;
  let tracker: Tracker;
  installing = true;
  try {
    tracker = createTracker(deps ?? browserDeps(), options, replacing, counted, model, views, heard);
  } finally {
    installing = false;
  }
  setInstalledTracker(tracker);
  win[API_GLOBAL] = tracker.api;
  return tracker.api;
}

/**
 * Re-initializes and reinstalls the installed tracker; logs "collectOnTrackApi's state has been reset
 * successfully". A tracker installed by another copy of the library is found on the window (or, from
 * an older copy, through `window.collectOnTrackApi`). With nothing installed it warns 'CollectOnTrackApi
 * hasn't been installed.' on the console and resolves.
 */
export async function reset(): Promise<void> {
  if (!isBrowser()) {
    // Said on the console as a push's failure is: shared server-render code that forgot the catch sees why.
    new ConsoleLogger(LogLevel.warn).log({ time: Date.now(), level: LogLevel.error, message: Warnings.pushFailed('reset', Warnings.browserOnly) });
    throw new Error(Warnings.browserOnly);
  }
  const win = window as unknown as ApiWindow;
  const installed = installedTracker();
  if (installed === undefined) {
    const api = win[API_GLOBAL] as Partial<CollectOnTrackApi> | undefined;
    if (typeof api?.reset === 'function') await api.reset();
    // Nothing to reset: a hint for a page that calls things out of order, not a rejection it must catch.
    else new ConsoleLogger(LogLevel.warn).log({ time: Date.now(), level: LogLevel.warn, message: Warnings.notInstalled });
    return;
  }
  if (typeof installed.reset !== 'function') throw new Error(Warnings.alreadyInstalled);
  await installed.reset();
  // An install right after the reset call (not awaited) has replaced the tracker meanwhile: its instance stays.
  if (installedTracker() === installed) win[API_GLOBAL] = installed.api;
}

/** Removes the installation completely (tests; a page that unloads the library). */
export function uninstall(): void {
  installedTracker()?.dispose();
  forgetBrowserDeps();
  setInstalledTracker(undefined);
  if (isBrowser()) delete (window as unknown as ApiWindow)[API_GLOBAL];
}

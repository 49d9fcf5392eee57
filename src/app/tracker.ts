/**
 * The tracking library's entry (`npm run build` -> dist/lib): `install`, `createClient`, `reset` and
 * the public types. The IIFE build (vite.lib.config.ts, `name: 'CollectOnTrack'`) defines
 * `window.CollectOnTrack` with these exports.
 */
import { LogLevel } from '../domain/tracking/log-buffer';
import { BrowserClock } from '../adapters/browser/browser-clock';
import { ConsoleLogger } from '../adapters/browser/console-logger';
import { WindowMessageSource } from '../adapters/browser/window-message-source';
import { isBrowser } from './tracker/browser-deps';
import { createClientWith } from './tracker/client';
import { createDirectLine, LINE_KEY, type DirectLine, type LineHolder } from './tracker/direct-line';
import { addressOf, readPage } from '../adapters/browser/page-reader';
import { createTrackerLog } from './tracker/log';
import { API_GLOBAL, isInstance, reset } from './tracker/install';
import { installHandingOver } from './tracker/install-handing-over';
import type { ClientOptions, CollectOnTrackApi, CollectOnTrackClient, InstallOptions, PushMethods } from './tracker-types';

export type * from './tracker-types';
export { reset };

/** The installed tracker; a placeholder the page set (`null`, `{}`) counts as none: the pushes wait. */
const installedApi = (): PushMethods | undefined => {
  const api = (window as unknown as Record<string, unknown>)[API_GLOBAL];
  return isInstance(api) ? api : undefined;
};
/** Outside a browser the line is this copy's own (its pushes reject anyway). */
let ownLine: DirectLine | undefined;
/**
 * One line for every client of the page, kept on the window (`LINE_KEY`): direct pushes made before
 * install reach the tracker in call order, each with the page as it was at its call.
 */
const directLine = (clock: BrowserClock): DirectLine => {
  if (!isBrowser()) return (ownLine ??= createDirectLine(clock, installedApi));
  const holder = window as unknown as LineHolder;
  // Not enumerable: the window's own keys stay as the page made them.
  if (!holder[LINE_KEY]) Object.defineProperty(window, LINE_KEY, { value: createDirectLine(clock, installedApi, () => addressOf(readPage())), configurable: true });
  return holder[LINE_KEY] as DirectLine;
};

/** Installs the tracker with the page's options; arguments after them are not read (an array callback's index). */
export function install(options?: InstallOptions): CollectOnTrackApi {
  return installHandingOver(options);
}

/** A client of the installed tracker (direct) or of the parent window's tracker (events). */
export function createClient(options: ClientOptions): CollectOnTrackClient {
  const logger = new ConsoleLogger(LogLevel.warn);
  const clock = new BrowserClock();
  // Outside a browser every push rejects: `installed` and `messages` are only used in one.
  return createClientWith(options, {
    clock,
    installed: installedApi,
    line: directLine(clock),
    messages: new WindowMessageSource(),
    // Stamped and guarded as the tracker's own log; the client reads no buffer, the console shows it.
    log: createTrackerLog(clock, logger).sink,
    browserOnly: !isBrowser(),
  });
}

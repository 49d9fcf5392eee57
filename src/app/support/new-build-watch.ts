/**
 * The framework housekeeping of spec §7: a visible page polls the latest-build file
 * (`/build.json?t=<time>`) every few minutes and when it is shown again; a hidden page does not poll,
 * and a failed poll is quiet (the next one is due after the interval). Once the file names another
 * build than the page's (`<meta name="support-build">`), polling stops, the page's next navigation
 * to another page becomes a full load of that page, and a page the visitor has not touched reloads
 * once it is hidden (domain `new-build.ts`), both through the reload guard. Loaded after the first
 * paint (a chunk of its own).
 */
import { afterPoll, isNewBuild, loadsInFull, nextPollIn, reloadsInPlace, startWatch, type PageLocation } from '../../domain/support/new-build';
import type { Clock, TimerId } from '../../ports/clock';
import type { HttpClient } from '../../ports/http-client';

export const LATEST_BUILD_URL = '/build.json';

/** The page's visibility (the document's `visibilityState`). */
export interface Visibility {
  hidden(): boolean;
  /** Calls `listener` at each change; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** What the watch needs of a data router (`createBrowserRouter`'s, or a memory router in tests). */
export interface NavigatingRouter {
  readonly state: RouterStateView;
  subscribe(listener: (state: RouterStateView) => void): () => void;
  createHref(location: LocationView): string;
}
interface LocationView extends PageLocation {
  readonly hash: string;
  readonly state: unknown;
  readonly key: string;
}
interface RouterStateView {
  readonly location: LocationView;
  readonly navigation: { readonly state: string; readonly location?: LocationView | undefined };
}

export interface NewBuildWatchOptions {
  /** The build id the page names (its `<meta name="support-build">`), if any. */
  readonly served: string | undefined;
  readonly clock: Clock;
  readonly http: HttpClient;
  readonly visibility: Visibility;
  readonly router: NavigatingRouter;
  /** Whether the visitor is typing (the focus is in a field). */
  readonly typing: () => boolean;
  /** Whether the visitor has done anything on the page since it loaded. */
  readonly touched: () => boolean;
  /** Reloads the page when the reload guard allows; answers whether it does. */
  readonly tryReload: () => boolean;
  /**
   * Loads `href` in full (the page at `path`) when the reload guard allows; answers whether it does.
   * When it answers no, the router navigates within the page as before.
   */
  readonly tryFullLoad: (href: string, path: string) => boolean;
}

/** Starts watching for a new build; answers the stop. */
export function watchForNewBuild(options: NewBuildWatchOptions): () => void {
  const { clock, visibility } = options;
  let state = startWatch(options.served, clock.now());
  let timer: TimerId | undefined;
  let polling = false;
  let stopped = false;
  let stopNavigations = () => {};
  let stopHidden = () => {};

  const schedule = (becameVisible: boolean): void => {
    if (timer !== undefined) clock.cancel(timer);
    timer = undefined;
    if (stopped || polling || visibility.hidden()) return;
    const delay = nextPollIn(state, clock.now(), becameVisible);
    if (delay !== undefined) timer = clock.schedule(() => void poll(), delay);
  };

  const poll = async (): Promise<void> => {
    timer = undefined;
    polling = true;
    let json: unknown;
    try {
      const response = await options.http.send({ method: 'GET', url: `${LATEST_BUILD_URL}?t=${clock.now()}` });
      json = response.ok ? await response.json() : undefined;
    } catch {
      // Offline or a server that is away: quiet, asked again after the interval.
      json = undefined;
    }
    polling = false;
    if (stopped) return;
    state = afterPoll(state, clock.now(), json);
    if (isNewBuild(state)) {
      stopVisibility();
      stopNavigations = loadNextPageInFull(options);
      stopHidden = reloadWhenHidden(options);
    } else schedule(false);
  };

  const stopVisibility = visibility.subscribe(() => schedule(!visibility.hidden()));
  schedule(false);
  return () => {
    stopped = true;
    if (timer !== undefined) clock.cancel(timer);
    stopVisibility();
    stopNavigations();
    stopHidden();
  };
}

/**
 * Makes the router's next navigation to another page a full load of its target: at its start when it
 * loads data or code (nothing of the old build is fetched for it), else once it is done (the address
 * is then the target's, so the page reloads).
 */
function loadNextPageInFull({ router, typing, tryFullLoad }: NewBuildWatchOptions): () => void {
  let shown = router.state.location;
  let decided = shown.key;
  return router.subscribe((state) => {
    const pending = state.navigation.state === 'idle' ? undefined : state.navigation.location;
    const target = pending ?? state.location;
    const from = shown;
    if (!pending) shown = state.location;
    // Each navigation is decided once (a refused one goes on within the page).
    if (target.key === decided) return;
    decided = target.key;
    const moment = { newBuild: true, from, to: target, carriesState: target.state != null, typing: typing() };
    if (loadsInFull(moment)) tryFullLoad(router.createHref(target), target.pathname);
  });
}

/** Reloads an untouched page when it is hidden (now, or once it is). */
function reloadWhenHidden({ visibility, touched, tryReload }: NewBuildWatchOptions): () => void {
  let stop = () => {};
  const check = () => {
    if (reloadsInPlace({ newBuild: true, hidden: visibility.hidden(), touched: touched() }) && tryReload()) stop();
  };
  stop = visibility.subscribe(check);
  check();
  return () => stop();
}

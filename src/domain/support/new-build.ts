/**
 * New-build detection (support spec §4, §7): the page knows the build it was served from and polls
 * the latest-build file; once the file names another build, the page is stale: its next in-app
 * navigation becomes a full page load, and an untouched page reloads when it is hidden (both through
 * the reload guard, `reload-guard.ts`). Times are milliseconds from the Clock port.
 */

/** How often a visible page asks for the latest build. */
export const BUILD_POLL_INTERVAL_MS = 5 * 60_000;
/** A page shown again asks at once, unless it asked less than this long ago. */
export const BUILD_POLL_MIN_GAP_MS = 60_000;

const BUILD_ID = /^[\w.-]{1,128}$/;

/** A build id (letters, digits, `_`, `.`, `-`; at most 128), or `undefined` for anything else. */
export function parseBuildId(value: unknown): string | undefined {
  return typeof value === 'string' && BUILD_ID.test(value) ? value : undefined;
}

/** The build id of a latest-build file's JSON (`{ "buildId": ... }`), or `undefined`. */
export function buildIdOfFile(json: unknown): string | undefined {
  if (json === null || typeof json !== 'object' || !Object.hasOwn(json, 'buildId')) return undefined;
  return parseBuildId((json as { buildId: unknown }).buildId);
}

export interface BuildWatchState {
  /** The build the page runs; when the page does not name it, the first build the file names. */
  readonly served: string | undefined;
  /** What the file named at the last poll that answered a build id. */
  readonly latest: string | undefined;
  /** When the last poll was made (answered or not); `undefined` before the first. */
  readonly lastPollAt: number | undefined;
}

/**
 * The watch of a page that names `served` (the page's own id, which may be missing or malformed),
 * started at `now`: a page that names its build asks first after an interval, one that does not asks
 * at once (to learn the build it most likely runs).
 */
export function startWatch(served: unknown, now: number): BuildWatchState {
  const id = parseBuildId(served);
  return { served: id, latest: undefined, lastPollAt: id === undefined || !Number.isFinite(now) ? undefined : now };
}

/** The watch after a poll at `now` whose answer was `json` (`undefined` for a failed poll). */
export function afterPoll(state: BuildWatchState, now: number, json: unknown): BuildWatchState {
  const lastPollAt = Number.isFinite(now) ? now : state.lastPollAt;
  const latest = buildIdOfFile(json);
  if (latest === undefined) return { ...state, lastPollAt };
  return { served: state.served ?? latest, latest, lastPollAt };
}

/** Whether the latest build the file named is another than the page's. */
export function isNewBuild(state: BuildWatchState): boolean {
  return state.served !== undefined && state.latest !== undefined && state.latest !== state.served;
}

/**
 * In how many ms the next poll is due, counted from `now`; `undefined` once a new build is known (no
 * more polls are needed). `becameVisible`: the page is shown again, when a poll is due at once unless
 * the last one is less than {@link BUILD_POLL_MIN_GAP_MS} old. Never more than the interval.
 */
export function nextPollIn(state: BuildWatchState, now: number, becameVisible: boolean): number | undefined {
  if (isNewBuild(state)) return undefined;
  const last = state.lastPollAt;
  if (last === undefined || !Number.isFinite(now)) return 0;
  const elapsed = now - last;
  // A clock that went back: the last poll's time says nothing; ask now.
  if (elapsed < 0) return 0;
  if (becameVisible && elapsed >= BUILD_POLL_MIN_GAP_MS) return 0;
  return Math.max(0, BUILD_POLL_INTERVAL_MS - elapsed);
}

/** A page location as the router knows it. */
export interface PageLocation {
  readonly pathname: string;
  readonly search: string;
}

export interface NavigationMoment {
  /** Whether a new build is known (`isNewBuild`). */
  readonly newBuild: boolean;
  readonly from: PageLocation;
  readonly to: PageLocation;
  /** The navigation carries state besides its URL, which a page load would lose. */
  readonly carriesState: boolean;
  /** The visitor is typing in a field (the focus is in one). */
  readonly typing: boolean;
}

/**
 * Whether a navigation becomes a full page load of its target: only once a new build is known, for a
 * move to another page (not one within the page, such as its fragment), never under a visitor who
 * is typing and never when the load would lose what the navigation carries. The reload guard (once
 * per 10 s per path) has the last word.
 */
export function loadsInFull(moment: NavigationMoment): boolean {
  if (!moment.newBuild || moment.typing || moment.carriesState) return false;
  return moment.from.pathname !== moment.to.pathname || moment.from.search !== moment.to.search;
}

export interface PageMoment {
  /** Whether a new build is known (`isNewBuild`). */
  readonly newBuild: boolean;
  /** The page is hidden (another tab, a minimised window). */
  readonly hidden: boolean;
  /**
   * The visitor has done something on the page since it loaded (typed, clicked, chosen a file, sent):
   * what the page shows may then be more than a load of its address gives back (a success screen, a
   * send under way, a file being read).
   */
  readonly touched: boolean;
}

/**
 * Whether the page reloads where it is: only once a new build is known, while nobody looks at it,
 * and only when the visitor has not touched it (a reload then gives back the same page). The reload
 * guard has the last word.
 */
export function reloadsInPlace(moment: PageMoment): boolean {
  return moment.newBuild && moment.hidden && !moment.touched;
}

/**
 * A page reloaded in place (for a new build while hidden and untouched, or for a missing chunk) after
 * its view was delivered goes on with the view the visitor had: the reloaded page does not track it
 * again (until an event needs its page data: `support-tracker.ts`). The reload leaves a mark in the
 * tab's sessionStorage; the tracker's start takes it (once) when it is for this address and recent.
 */
const UNSEEN_RELOAD_KEY = 'support-unseen-reload';
/** How long a mark stands: the reloaded page starts its tracker within seconds. */
const MARK_MS = 60_000;

interface PageSpot {
  readonly storage: () => Storage;
  readonly address: () => string;
  readonly now: () => number;
}

/** Runs `reload` (the reload guard's) with the mark set; takes the mark back when it does not reload. */
export function reloadUnseen(spot: PageSpot, reload: () => boolean): boolean {
  const attempt = (step: () => void) => {
    try {
      step();
    } catch {
      // No sessionStorage: the reloaded page tracks its view again, as it did before the mark existed.
    }
  };
  attempt(() => spot.storage().setItem(UNSEEN_RELOAD_KEY, JSON.stringify({ address: spot.address(), at: spot.now() })));
  const reloading = reload();
  if (!reloading) attempt(() => spot.storage().removeItem(UNSEEN_RELOAD_KEY));
  return reloading;
}

/** Whether this page is such a reload (the mark names its address, set within the last minute); the mark is removed. */
export function takeUnseenReload(spot: PageSpot): boolean {
  try {
    const storage = spot.storage();
    const text = storage.getItem(UNSEEN_RELOAD_KEY);
    if (text === null) return false;
    storage.removeItem(UNSEEN_RELOAD_KEY);
    const mark = JSON.parse(text) as { address?: unknown; at?: unknown };
    const age = spot.now() - Number(mark.at);
    return mark.address === spot.address() && age >= 0 && age < MARK_MS;
  } catch {
    return false;
  }
}

/** This tab's page. */
export const browserSpot: PageSpot = {
  storage: () => window.sessionStorage,
  address: () => window.location.pathname + window.location.search,
  now: () => Date.now(),
};

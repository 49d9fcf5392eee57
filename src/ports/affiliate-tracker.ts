/** The affiliate tracker (Exactag): a script from the site's CDN exposing a track function. */
export interface AffiliateTracker {
  /**
   * Loads the tracker's script once; later calls return the same promise. Rejects when it fails to
   * load, and a call after that rejection tries again.
   */
  load(scriptUrl: string): Promise<void>;
  /**
   * Calls the tracker's track function with a mapped payload. Throws when the tracker is not loaded;
   * a track function that answers with a promise is waited for, and its rejection is the call's.
   */
  track(payload: Record<string, unknown>): void | Promise<void>;
}

/** A handle returned by {@link Clock.setTimeout}; only ever passed back to {@link Clock.clearTimeout}. */
export type TimerId = unknown;

/** Time, the only way the domain learns it. Browser: `Date.now` and the window timers; tests: a simulated clock with `advance(ms)`. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Runs `callback` once after `ms` milliseconds (0 when negative). */
  setTimeout(callback: () => void, ms: number): TimerId;
  /** Cancels a timer; a handle that already fired or was cleared is ignored. */
  clearTimeout(id: TimerId): void;
}

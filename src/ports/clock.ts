/** A handle returned by {@link Clock.schedule}; only ever passed back to {@link Clock.cancel}. */
export type TimerId = unknown;

/** Time, the only way the domain learns it. Browser: `Date.now` and the window timers; tests: a simulated clock with `advance(ms)`. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Runs `callback` once after `ms` milliseconds (0 when negative). */
  schedule(callback: () => void, ms: number): TimerId;
  /** Cancels a timer; a handle that already fired or was cleared is ignored. */
  cancel(id: TimerId): void;
}

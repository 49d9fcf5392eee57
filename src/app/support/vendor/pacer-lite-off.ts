/**
 * Stands in for `@tanstack/pacer-lite` in the support pages' build (see scripts/vite-vendor-swaps.ts).
 * TanStack Form uses it only to throttle the form state it reports to its devtools, whose client is
 * already a stand-in that reports nothing (devtools-event-client-off.ts): the throttled call does nothing.
 */
export const liteThrottle =
  <A extends unknown[]>(_fn: (...args: A) => void, _options: { wait: number }) =>
  (..._args: A): void => undefined;

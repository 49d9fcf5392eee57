/**
 * `Promise.allSettled` of the engine itself. A shop page may have replaced `window.Promise` with an old
 * polyfill (Bluebird before 3.7, zone.js before 0.10) that has no `allSettled`: a push would then
 * throw instead of settling. An async function always returns the engine's own promise, whatever
 * `window.Promise` holds at the time.
 */
const EnginePromise = (async () => undefined)().constructor as PromiseConstructor;

/** Settles when every run has, with each one's outcome in order. */
export const allSettled = <T>(runs: readonly PromiseLike<T>[]): Promise<PromiseSettledResult<Awaited<T>>[]> => EnginePromise.allSettled(runs);

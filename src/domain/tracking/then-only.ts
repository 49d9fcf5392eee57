/**
 * Promise helpers that need nothing but `then`. Shop pages still load Promise polyfills from before
 * 2018 (es6-promise, Bluebird before 3.7, zone.js before 0.10) without `finally` or `allSettled`, and
 * a shop that builds the library for old browsers turns its async functions into ones that make the
 * page's promises: the library never relies on either.
 */

/** Settles as `promise` does, after running `cleanup` (what `promise.finally(cleanup)` does). */
export const always = <T>(promise: PromiseLike<T>, cleanup: () => void): PromiseLike<T> =>
  promise.then(
    (value) => {
      cleanup();
      return value;
    },
    (reason: unknown) => {
      cleanup();
      throw reason;
    },
  );

/** What `Promise.allSettled` gives: each run's outcome, in order, once all have settled. */
export const allSettled = <T>(runs: readonly PromiseLike<T>[]): Promise<PromiseSettledResult<T>[]> =>
  Promise.all(
    runs.map((run) =>
      run.then(
        (value): PromiseSettledResult<T> => ({ status: 'fulfilled', value }),
        (reason: unknown): PromiseSettledResult<T> => ({ status: 'rejected', reason }),
      ),
    ),
  );

/**
 * Runs `onValue` or `onError` once `result` (a value or a promise) settles. A promise gets its
 * handlers at once: a page Promise whose `resolve` adopts a promise only a task later (native-promise-only,
 * hand-rolled polyfills on setTimeout) would leave a rejected one without a handler meanwhile, which
 * the browser reports as an unhandled rejection.
 */
export const whenSettled = <T>(result: T | PromiseLike<T>, onValue: (value: T) => void, onError: (reason: unknown) => void): void => {
  if (!isPromiseLike(result)) {
    Promise.resolve(result).then(onValue, onError);
    return;
  }
  try {
    result.then(onValue, onError);
  } catch (error) {
    onError(error);
  }
};

const isPromiseLike = <T>(value: T | PromiseLike<T>): value is PromiseLike<T> =>
  value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as PromiseLike<T>).then === 'function';

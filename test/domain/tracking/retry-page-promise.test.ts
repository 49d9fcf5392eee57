/**
 * The retry loop on a page whose `Promise` adopts a promise only a task later, as native-promise-only
 * and hand-rolled polyfills on setTimeout do (the classic script uses the page's `Promise`). A failed
 * attempt must never reach the page's error monitor as an unhandled rejection.
 */
import { SimulatedClock } from '../../../src/adapters/memory/simulated-clock';
import { retry } from '../../../src/domain/tracking/retry';

const NativePromise = Promise;

/** `resolve` takes the value over one task later. */
class LateAdoptingPromise<T> extends NativePromise<T> {
  static override resolve<T>(value?: T | PromiseLike<T>): Promise<Awaited<T>> {
    return new LateAdoptingPromise<Awaited<T>>((resolve) => setTimeout(() => resolve(value as Awaited<T>), 0));
  }
}

const aTask = () => new NativePromise((resolve) => setTimeout(resolve, 5));

describe('retry with a page Promise that adopts a promise a task later', () => {
  let unhandled: unknown[];
  const record = (reason: unknown) => unhandled.push(reason);

  beforeEach(() => {
    unhandled = [];
    process.on('unhandledRejection', record);
    globalThis.Promise = LateAdoptingPromise as PromiseConstructor;
  });

  afterEach(() => {
    globalThis.Promise = NativePromise;
    process.off('unhandledRejection', record);
  });

  it('retries failed attempts without an unhandled rejection, and ends with the success', async () => {
    const clock = new SimulatedClock();
    let attempts = 0;
    // An async function's promise is always the engine's own, whatever the page did to `Promise`.
    const outcome = retry(
      async () => {
        attempts += 1;
        if (attempts <= 3) throw new Error('no request slot free');
        return 'sent';
      },
      { retries: Infinity, delayMs: 1000, backoff: 'fixed', timeoutMs: false },
      clock,
    );
    for (let turn = 0; turn < 4; turn++) {
      await aTask();
      clock.advance(1000);
    }
    await aTask();

    expect(attempts).toBe(4);
    await expect(outcome).resolves.toBe('sent');
    expect(unhandled).toEqual([]);
  });
});

import fc from 'fast-check';
import { BACKOFF_STRATEGIES, MAX_TIMER_MS, backoffDelay, type BackoffStrategy } from '../../../src/domain/tracking/backoff';
import {
  isPermanentRefusal,
  DEFAULT_BACKOFF,
  DEFAULT_MAX_BACKOFF_MS,
  DEFAULT_RETRIES,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_RETRY_TIMEOUT_MS,
  NonRetryableError,
  RetryError,
  RetryPresets,
  retry,
  type RetryOptions,
} from '../../../src/domain/tracking/retry';
import { SimulatedClock } from '../../../src/adapters/memory/simulated-clock';

const fixedRandom = (value: number) => ({ next: () => value });

/** Runs the loop to its end on a simulated clock; returns the outcome, the call times and the clock. */
async function run(operation: (attempt: number) => unknown, options: RetryOptions = {}, clock = new SimulatedClock()) {
  const calls: number[] = [];
  const outcome = retry(
    (attempt) => {
      calls.push(clock.now());
      return operation(attempt);
    },
    options,
    clock,
  ).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error: error as RetryError }),
  );
  await clock.advanceUntilIdle();
  return { result: await outcome, calls, clock };
}

const failing = () => Promise.reject(new Error('offline'));

describe('backoff (spec §4 Retry: fixed, linear, exponential)', () => {
  it('waits the base delay every time when fixed', () => {
    expect([1, 2, 3, 10].map((n) => backoffDelay('fixed', n, 1000, 300_000))).toEqual([1000, 1000, 1000, 1000]);
  });

  it('grows by the base delay per attempt when linear', () => {
    expect([1, 2, 3, 10].map((n) => backoffDelay('linear', n, 100, 300_000))).toEqual([100, 200, 300, 1000]);
  });

  it('doubles per attempt when exponential', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay('exponential', n, 100, 300_000))).toEqual([100, 200, 400, 800, 51_200]);
  });

  it('never waits more than the maximum backoff of 300000 ms', () => {
    expect(backoffDelay('exponential', 13, 100, 300_000)).toBe(300_000);
    expect(backoffDelay('linear', 5000, 100, 300_000)).toBe(300_000);
    expect(backoffDelay('exponential', 100_000, 100, Number.POSITIVE_INFINITY)).toBe(MAX_TIMER_MS);
  });

  it('takes a random share of the delay away with jitter, so the exact delay can be asserted', () => {
    expect(backoffDelay('fixed', 1, 1000, 300_000, { random: fixedRandom(0.5) })).toBe(750);
    expect(backoffDelay('exponential', 3, 100, 300_000, { random: fixedRandom(0.25), ratio: 1 })).toBe(300);
    expect(backoffDelay('fixed', 1, 1000, 300_000, { random: fixedRandom(0) })).toBe(1000);
  });

  it('reads odd inputs as 0 or the first attempt', () => {
    expect(backoffDelay('linear', Number.NaN, 100, 300_000)).toBe(100);
    expect(backoffDelay('exponential', -3, 100, 300_000)).toBe(100);
    expect(backoffDelay('fixed', 1, -5, 300_000)).toBe(0);
    expect(backoffDelay('exponential', 2000, 0, 300_000)).toBe(0);
    expect(backoffDelay('fixed', 1, 100, 300_000, { random: { next: () => { throw new Error('x'); } } })).toBe(100);
  });
});

describe('retry defaults and presets (spec §9 Retry and timing)', () => {
  it('defaults to 10 retries, 100 ms delay, max backoff 300000 ms, timeout 60000 ms', () => {
    expect([DEFAULT_RETRIES, DEFAULT_RETRY_DELAY_MS, DEFAULT_MAX_BACKOFF_MS, DEFAULT_RETRY_TIMEOUT_MS]).toEqual([10, 100, 300_000, 60_000]);
    expect(DEFAULT_BACKOFF).toBe('exponential');
    expect(RetryPresets.default).toEqual({ retries: 10, delayMs: 100, backoff: 'exponential', maxBackoffMs: 300_000, timeoutMs: 60_000 });
  });

  it('direct-mode client: 100 retries with a 200 ms delay', async () => {
    expect(RetryPresets.directClient).toEqual({ retries: 100, delayMs: 200, backoff: 'fixed' });
    const { result, calls } = await run(failing, RetryPresets.directClient);
    expect(calls).toHaveLength(101);
    expect(calls.at(-1)).toBe(100 * 200);
    expect(result.ok || result.error.message).toBe('All retries failed');
  });

  it('first-party send: 1000 ms fixed delay, infinite retries, no timeout', async () => {
    expect(RetryPresets.firstPartySend).toEqual({ retries: Number.POSITIVE_INFINITY, delayMs: 1000, backoff: 'fixed', timeoutMs: false });
    let failures = 150;
    const { result, calls } = await run(() => (failures-- > 0 ? failing() : 'sent'), RetryPresets.firstPartySend);
    expect(result).toEqual({ ok: true, value: 'sent' });
    expect(calls).toHaveLength(151);
    expect(calls.slice(0, 3)).toEqual([0, 1000, 2000]);
    expect(calls.at(-1)).toBe(150_000);
  });
});

describe('retry loop (spec §4 Retry)', () => {
  it('resolves with the first success and leaves no timer behind', async () => {
    const { result, calls, clock } = await run(() => 'done');
    expect(result).toEqual({ ok: true, value: 'done' });
    expect(calls).toEqual([0]);
    expect(clock.pending).toBe(0);
  });

  it('retries after the exponential delays 100, 200, 400 ms', async () => {
    let failures = 3;
    const { result, calls } = await run((attempt) => (failures-- > 0 ? failing() : `attempt ${attempt}`));
    expect(result).toEqual({ ok: true, value: 'attempt 3' });
    expect(calls).toEqual([0, 100, 300, 700]);
  });

  it("ends with 'All retries failed' after the last retry, keeping the last cause", async () => {
    let n = 0;
    const { result, calls } = await run(() => Promise.reject(new Error(`failure ${++n}`)), { timeoutMs: false });
    expect(calls).toHaveLength(11);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(RetryError);
    expect(result.error.message).toBe('All retries failed');
    expect(result.error.reason).toBe('all-retries-failed');
    expect((result.error.cause as Error).message).toBe('failure 11');
  });

  it("aborts at once with 'Met not retryable error' on a NonRetryableError, keeping the cause", async () => {
    const cause = new NonRetryableError('bad request');
    const { result, calls, clock } = await run(() => Promise.reject(cause));
    expect(calls).toEqual([0]);
    expect(result.ok || [result.error.message, result.error.reason, result.error.cause]).toEqual([
      'Met not retryable error',
      'not-retryable',
      cause,
    ]);
    expect(clock.pending).toBe(0);
  });

  it('aborts at once when isRetryable says no (or throws)', async () => {
    const status400 = { status: 400 };
    const a = await run(() => Promise.reject(status400), { isRetryable: (e) => (e as { status: number }).status >= 500 });
    expect(a.calls).toHaveLength(1);
    expect(a.result.ok || a.result.error.message).toBe('Met not retryable error');
    const b = await run(failing, { isRetryable: () => { throw new Error('broken predicate'); } });
    expect(b.calls).toHaveLength(1);
  });

  it("rejects with 'Timeout after 60000ms' by default and clears the pending wait", async () => {
    const { result, calls, clock } = await run(failing);
    expect(result.ok || [result.error.message, result.error.reason]).toEqual(['Timeout after 60000ms', 'timeout']);
    expect(calls.every((t) => t < 60_000)).toBe(true);
    expect(calls).toEqual([0, 100, 300, 700, 1500, 3100, 6300, 12_700, 25_500, 51_100]);
    expect(clock.now()).toBe(60_000);
    expect(clock.pending).toBe(0);
  });

  it('times out while an operation is still pending and ignores its late result', async () => {
    const clock = new SimulatedClock();
    let late: (value: string) => void = () => {};
    const outcome = retry(() => new Promise<string>((resolve) => (late = resolve)), { timeoutMs: 5000 }, clock);
    const settled = expect(outcome).rejects.toThrow('Timeout after 5000ms');
    await clock.advanceAsync(4999);
    expect(clock.pending).toBe(1);
    await clock.advanceAsync(1);
    late('too late');
    await settled;
    expect(clock.pending).toBe(0);
  });

  it.each([false, Number.POSITIVE_INFINITY, 0] as const)('runs without a timeout when timeoutMs is %s', async (timeoutMs) => {
    const { result, calls } = await run(failing, { timeoutMs });
    expect(result.ok || result.error.message).toBe('All retries failed');
    expect(calls.at(-1)).toBe(102_300);
    expect(calls).toHaveLength(11);
  });

  it('calls onRetry with the retry number, the error and the delay before each wait', async () => {
    const seen: [number, string, number][] = [];
    let n = 0;
    await run(() => Promise.reject(new Error(`e${++n}`)), {
      retries: 3,
      delayMs: 50,
      backoff: 'linear',
      onRetry: (attempt, error, delay) => seen.push([attempt, (error as Error).message, delay]),
    });
    expect(seen).toEqual([[1, 'e1', 50], [2, 'e2', 100], [3, 'e3', 150]]);
  });

  it('treats a synchronous throw like a rejection and survives a throwing onRetry', async () => {
    let n = 0;
    const { result, calls } = await run(
      () => {
        if (++n < 3) throw new Error('sync');
        return 'ok';
      },
      { onRetry: () => { throw new Error('hook'); } },
    );
    expect(result).toEqual({ ok: true, value: 'ok' });
    expect(calls).toHaveLength(3);
  });

  it('applies jitter from the injected Random to every wait', async () => {
    const { calls } = await run(failing, { retries: 2, delayMs: 1000, backoff: 'fixed', jitter: { random: fixedRandom(0.5) } });
    expect(calls).toEqual([0, 750, 1500]);
  });
});

const strategyArb = fc.constantFrom<BackoffStrategy>(...BACKOFF_STRATEGIES);

describe('retry properties', () => {
  it('backoff never exceeds its maximum', () => {
    fc.assert(
      fc.property(
        strategyArb,
        fc.integer({ min: -5, max: 100_000 }),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        fc.option(fc.double({ min: 0, max: 0.999, noNaN: true })),
        (strategy, attempt, base, max, r) => {
          const delay = backoffDelay(strategy, attempt, base, max, r === null ? undefined : { random: fixedRandom(r) });
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThanOrEqual(max);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('linear and exponential backoff are non-decreasing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<BackoffStrategy>('linear', 'exponential'),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 600_000 }),
        fc.option(fc.double({ min: 0, max: 0.999, noNaN: true })),
        (strategy, attempt, step, base, max, r) => {
          const jitter = r === null ? undefined : { random: fixedRandom(r) };
          const a = backoffDelay(strategy, attempt, base, max, jitter);
          const b = backoffDelay(strategy, attempt + step, base, max, jitter);
          expect(b).toBeGreaterThanOrEqual(a);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('retry calls the operation at most retries+1 times', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 15 }),
        strategyArb,
        fc.integer({ min: 0, max: 500 }),
        fc.array(fc.boolean(), { maxLength: 20 }),
        async (retries, backoff, delayMs, outcomes) => {
          let i = 0;
          const { result, calls } = await run(() => (outcomes[i++] ? 'ok' : failing()), { retries, backoff, delayMs, timeoutMs: false });
          expect(calls.length).toBeLessThanOrEqual(retries + 1);
          const firstSuccess = outcomes.indexOf(true);
          const succeeds = firstSuccess >= 0 && firstSuccess <= retries;
          expect(result.ok).toBe(succeeds);
          expect(calls).toHaveLength(succeeds ? firstSuccess + 1 : retries + 1);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a non-retryable error stops after one call', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.constant(Number.POSITIVE_INFINITY)),
        strategyArb,
        fc.boolean(),
        async (retries, backoff, viaClass) => {
          const options: RetryOptions = viaClass ? { retries, backoff } : { retries, backoff, isRetryable: () => false };
          const { result, calls } = await run(() => Promise.reject(viaClass ? new NonRetryableError('no') : new Error('no')), options);
          expect(calls).toHaveLength(1);
          expect(result.ok || result.error.message).toBe('Met not retryable error');
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('answers that refuse the request itself', () => {
  it('are the client errors, except a timeout (408), too early (425) and too many requests (429)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        expect(isPermanentRefusal(status)).toBe(status >= 400 && status < 500 && ![408, 425, 429].includes(status));
      }),
    );
    expect([400, 404, 410, 413, 422].every(isPermanentRefusal)).toBe(true);
    expect([200, 408, 425, 429, 500, 503].some(isPermanentRefusal)).toBe(false);
  });
});

/**
 * The retry loop (tracking spec §4 "Retry", §9 "Retry and timing"). It waits only through the
 * Clock port, so tests drive it with a simulated clock.
 */
import type { Clock, TimerId } from '../../ports/clock';
import { backoffDelay, type BackoffJitter, type BackoffStrategy } from './backoff';
import { whenSettled } from './then-only';
import * as Warnings from './warnings';

/** Spec §9 defaults: 10 retries, 100 ms delay, max backoff 300000 ms, timeout 60000 ms. */
export const DEFAULT_RETRIES = 10;
export const DEFAULT_RETRY_DELAY_MS = 100;
export const DEFAULT_MAX_BACKOFF_MS = 300_000;
export const DEFAULT_RETRY_TIMEOUT_MS = 60_000;
export const DEFAULT_BACKOFF: BackoffStrategy = 'exponential';

export interface RetryOptions {
  /** Retries after the first call; `Infinity` retries without limit. Default 10. */
  readonly retries?: number;
  /** Base delay in ms. Default 100. */
  readonly delayMs?: number;
  /** Default `exponential`. */
  readonly backoff?: BackoffStrategy;
  /** Upper bound of one delay. Default 300000 ms. */
  readonly maxBackoffMs?: number;
  /** Overall timeout from the first call; `false`, `Infinity` or 0 disables it. Default 60000 ms. */
  readonly timeoutMs?: number | false;
  /** False for an error that must stop the loop. A {@link NonRetryableError} always stops it. */
  readonly isRetryable?: (error: unknown) => boolean;
  /** Called before each wait with the retry number (1 = first retry), the error and the delay. */
  readonly onRetry?: (attempt: number, error: unknown, delayMs: number) => void;
  /** Random reduction of each delay. Default none. */
  readonly jitter?: BackoffJitter;
}

/** Spec §9 presets: the default loop, the direct-mode client and the first-party send. */
export const RetryPresets = {
  default: {
    retries: DEFAULT_RETRIES,
    delayMs: DEFAULT_RETRY_DELAY_MS,
    backoff: DEFAULT_BACKOFF,
    maxBackoffMs: DEFAULT_MAX_BACKOFF_MS,
    timeoutMs: DEFAULT_RETRY_TIMEOUT_MS,
  },
  directClient: { retries: 100, delayMs: 200, backoff: 'fixed' },
  firstPartySend: { retries: Number.POSITIVE_INFINITY, delayMs: 1000, backoff: 'fixed', timeoutMs: false },
} as const satisfies Record<string, RetryOptions>;

/**
 * An HTTP answer that refuses the request itself (a client error): sent again unchanged it would be
 * refused again. Not so a timeout (408), too early (425) or too many requests (429).
 */
export const isPermanentRefusal = (status: number): boolean =>
  status >= 400 && status < 500 && status !== 408 && status !== 425 && status !== 429;

/** Thrown by an operation to stop the loop at once, whatever `isRetryable` says. */
export class NonRetryableError extends Error {
  override readonly name = 'NonRetryableError';
}

export type RetryFailure = 'not-retryable' | 'all-retries-failed' | 'timeout';

/** How the loop failed; `cause` holds the operation's last error (if any). */
export class RetryError extends Error {
  override readonly name = 'RetryError';
  constructor(
    message: string,
    readonly reason: RetryFailure,
    cause: unknown,
  ) {
    super(message, { cause });
  }
}

/** A count of retries; `Math.floor` keeps `Infinity` (retry without limit). */
const count = (value: number | undefined, fallback: number): number =>
  typeof value === 'number' && value >= 0 ? Math.floor(value) : fallback;

const number = (value: number | undefined, fallback: number): number =>
  typeof value === 'number' && !Number.isNaN(value) && value >= 0 ? value : fallback;

const canRetry = (error: unknown, isRetryable: RetryOptions['isRetryable']): boolean => {
  if (error instanceof NonRetryableError) return false;
  try {
    return isRetryable ? isRetryable(error) !== false : true;
  } catch {
    return false;
  }
};

/**
 * Calls `operation` until it resolves, retrying after a backoff delay. Rejects with a
 * {@link RetryError}: 'Met not retryable error' at once for a non-retryable error, 'All retries failed'
 * after the last retry, 'Timeout after {ms}ms' when the overall timeout passes (the pending wait is
 * cleared, a late result is ignored). `operation` receives the retry number (0 for the first call).
 */
export function retry<T>(
  operation: (attempt: number) => T | PromiseLike<T>,
  options: RetryOptions,
  clock: Clock,
): Promise<T> {
  const retries = count(options.retries, DEFAULT_RETRIES);
  const delayMs = number(options.delayMs, DEFAULT_RETRY_DELAY_MS);
  const maxBackoffMs = number(options.maxBackoffMs, DEFAULT_MAX_BACKOFF_MS);
  const strategy = options.backoff ?? DEFAULT_BACKOFF;
  const timeoutMs = options.timeoutMs === false ? 0 : number(options.timeoutMs, DEFAULT_RETRY_TIMEOUT_MS);

  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let lastError: unknown;
    let wait: TimerId | undefined;
    let deadline: TimerId | undefined;

    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      if (wait !== undefined) clock.cancel(wait);
      if (deadline !== undefined) clock.cancel(deadline);
      settle();
    };

    const failed = (attempt: number, error: unknown) => {
      if (settled) return;
      lastError = error;
      if (!canRetry(error, options.isRetryable)) {
        finish(() => reject(new RetryError(Warnings.notRetryable, 'not-retryable', error)));
        return;
      }
      if (attempt >= retries) {
        finish(() => reject(new RetryError(Warnings.allRetriesFailed, 'all-retries-failed', error)));
        return;
      }
      const next = attempt + 1;
      const delay = backoffDelay(strategy, next, delayMs, maxBackoffMs, options.jitter);
      try {
        options.onRetry?.(next, error, delay);
      } catch {
        // A failing hook must not end the loop.
      }
      wait = clock.schedule(() => run(next), delay);
    };

    const run = (attempt: number) => {
      wait = undefined;
      if (settled) return;
      let result: PromiseLike<T> | T;
      try {
        result = operation(attempt);
      } catch (error) {
        failed(attempt, error);
        return;
      }
      whenSettled(
        result,
        (value) => finish(() => resolve(value)),
        (error: unknown) => failed(attempt, error),
      );
    };

    if (timeoutMs > 0 && Number.isFinite(timeoutMs)) {
      deadline = clock.schedule(
        () => finish(() => reject(new RetryError(Warnings.retryTimeout(timeoutMs), 'timeout', lastError))),
        timeoutMs,
      );
    }
    run(0);
  });
}

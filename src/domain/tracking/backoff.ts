/** Backoff schedules of the retry loop (tracking spec §4 "Retry"): fixed, linear or exponential. */
import type { Random } from '../../ports/random';

export type BackoffStrategy = 'fixed' | 'linear' | 'exponential';

export const BACKOFF_STRATEGIES: readonly BackoffStrategy[] = ['fixed', 'linear', 'exponential'];

/** The longest delay a timer accepts (2^31 - 1 ms); a larger or infinite maximum is cut to it. */
export const MAX_TIMER_MS = 2_147_483_647;

/** Default share of a delay that jitter may take away. */
export const DEFAULT_JITTER_RATIO = 0.5;

export interface BackoffJitter {
  /** Source of the random share; a test passes a fixed value to assert the exact delay. */
  readonly random: Random;
  /** Share of the delay that may be taken away, 0..1. Default {@link DEFAULT_JITTER_RATIO} (0.5). */
  readonly ratio?: number;
}

const nonNegative = (value: number, fallback: number): number =>
  typeof value === 'number' && !Number.isNaN(value) ? Math.max(0, value) : fallback;

const clamp01 = (value: number): number => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/**
 * The wait before retry number `attempt` (1 = first retry), never above `maxBackoffMs`:
 * fixed `base`, linear `base * attempt`, exponential `base * 2^(attempt-1)`.
 * With jitter the delay is reduced by `ratio * random.next()` of itself, so it stays within
 * `[(1 - ratio) * delay, delay]`. Odd inputs (NaN, negative) count as 0 or the first attempt.
 */
export function backoffDelay(
  strategy: BackoffStrategy,
  attempt: number,
  baseMs: number,
  maxBackoffMs: number,
  jitter?: BackoffJitter,
): number {
  const n = Number.isFinite(attempt) && attempt >= 1 ? Math.floor(attempt) : attempt === Infinity ? Infinity : 1;
  const base = Math.min(nonNegative(baseMs, 0), MAX_TIMER_MS);
  const max = Math.min(nonNegative(maxBackoffMs, MAX_TIMER_MS), MAX_TIMER_MS);
  let raw: number;
  if (base === 0) raw = 0;
  else if (strategy === 'linear') raw = base * n;
  else if (strategy === 'exponential') raw = base * 2 ** Math.min(n - 1, 1024);
  else raw = base;
  const delay = Math.min(raw, max);
  if (!jitter) return delay;
  let share = 0;
  try {
    share = clamp01(jitter.ratio ?? DEFAULT_JITTER_RATIO) * clamp01(jitter.random.next());
  } catch {
    share = 0;
  }
  return delay * (1 - share);
}

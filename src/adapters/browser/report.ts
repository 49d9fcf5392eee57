import type { LogLevel } from '../../domain/tracking/log-buffer';
import type { Logger } from '../../ports/logger';

/** Hands one entry to an optional Logger, stamped with the wall clock; never throws. */
export function report(logger: Logger | undefined, level: LogLevel, message: string, content?: unknown): void {
  if (!logger) return;
  try {
    logger.log(content === undefined ? { time: Date.now(), level, message } : { time: Date.now(), level, message, content });
  } catch {
    // a Logger never throws by contract; a broken one must not break the caller either
  }
}

/** The message of anything thrown, for log content (its name alone when its message is empty, as a QuotaExceededError's may be). */
export const describeError = (error: unknown): string =>
  error instanceof Error ? (error.message ? `${error.name}: ${error.message}` : error.name) : String(error);

/**
 * A report made on the first call only, with the message of what was thrown (if anything): an
 * unavailable browser API is logged once, not on every use.
 */
export function reportOnce(logger: Logger | undefined, level: LogLevel, message: string): (error?: unknown) => void {
  let reported = false;
  return (error) => {
    if (reported) return;
    reported = true;
    report(logger, level, message, error === undefined ? undefined : describeError(error));
  };
}

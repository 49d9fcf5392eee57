import { LogLevel, wrappedCauses, type LogEntry } from '../../domain/tracking/log-buffer';
import type { Logger } from '../../ports/logger';

/** Prefix of every console line, so shop engineers can filter the library's output. */
export const CONSOLE_PREFIX = '[collect-on-track]';

/**
 * A Logger on the browser console: warn (5) to `console.warn`, error and fatal (6, 7) to
 * `console.error`, everything lower to `console.debug`. Entries below `minLevel` (default 1) are
 * skipped. Never throws, also without a console.
 */
export class ConsoleLogger implements Logger {
  readonly #minLevel: number;
  readonly #getConsole: () => Console | undefined;
  constructor(
    minLevel: number = LogLevel.trace,
    getConsole: () => Console | undefined = () => globalThis.console,
  ) {
    this.#minLevel = minLevel;
    this.#getConsole = getConsole;
  }

  log(entry: LogEntry): void {
    try {
      if (entry.level < this.#minLevel) return;
      const target = this.#getConsole();
      if (!target) return;
      const write = entry.level >= LogLevel.error ? target.error : entry.level >= LogLevel.warn ? target.warn : target.debug;
      // The line names what a wrapped error hides (the blocked script behind the spec's Exactag error).
      const causes = wrappedCauses(entry.content);
      const args: unknown[] = [`${CONSOLE_PREFIX} ${entry.message}${causes === '' ? '' : ` (caused by: ${causes})`}`];
      if (entry.content !== undefined) args.push(entry.content);
      write.apply(target, args);
    } catch {
      // logging must never break tracking
    }
  }
}

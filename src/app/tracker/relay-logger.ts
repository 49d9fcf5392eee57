import type { LogEntry } from '../../domain/tracking/log-buffer';
import type { Logger } from '../../ports/logger';

/**
 * The adapters' Logger: they are made before the tracker and its log, so their reports go to
 * `fallback` (the console) until the tracker points them at its own log (the buffer `getLogs()` reads,
 * then the console), where the pushes' entries are.
 */
export class RelayLogger implements Logger {
  readonly #fallback: Logger;
  #target: Logger | undefined;

  constructor(fallback: Logger) {
    this.#fallback = fallback;
  }

  relayTo(target: Logger): void {
    this.#target = target;
  }

  log(entry: LogEntry): void {
    (this.#target ?? this.#fallback).log(entry);
  }
}

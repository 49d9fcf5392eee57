import type { LogEntry } from '../../domain/tracking/log-buffer';
import type { Logger } from '../../ports/logger';

/** A Logger that keeps every entry (tests). */
export class MemoryLogger implements Logger {
  readonly entries: LogEntry[] = [];

  log(entry: LogEntry): void {
    this.entries.push(entry);
  }

  /** The messages logged, in order. */
  messages(): string[] {
    return this.entries.map((entry) => entry.message);
  }
}

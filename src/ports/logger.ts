import type { LogEntry } from '../domain/tracking/log-buffer';

/** Where log entries go besides the in-page buffer (browser: the console; remote: the log service). */
export interface Logger {
  /** Writes one entry; never throws. */
  log(entry: LogEntry): void;
}

/** The library's log: every entry goes to the in-page buffer of 100 and to the Logger port. */
import type { Clock } from '../../ports/clock';
import type { Logger } from '../../ports/logger';
import { LogBuffer, type LogEntry, type LogSink } from '../../domain/tracking/log-buffer';

export interface TrackerLog {
  readonly sink: LogSink;
  readonly buffer: LogBuffer;
}

/** A log sink stamped by the Clock; a failing Logger never breaks tracking. */
export function createTrackerLog(clock: Clock, logger: Logger, buffer: LogBuffer = new LogBuffer()): TrackerLog {
  const sink: LogSink = (level, message, content) => {
    const entry: LogEntry = content === undefined ? { time: clock.now(), level, message } : { time: clock.now(), level, message, content };
    buffer.append(entry);
    try {
      logger.log(entry);
    } catch {
      // the Logger port never throws by contract; a broken one must not stop tracking
    }
  };
  return { sink, buffer };
}

/** The text of a rejection cause, as the push logs it. */
export { causeText } from '../../domain/tracking/log-buffer';

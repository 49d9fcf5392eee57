/** The library's log: every entry goes to the in-page buffer of 100 and to the Logger port. */
import type { Clock } from '../../ports/clock';
import type { Logger } from '../../ports/logger';
import { LogBuffer, type LogEntry, type LogSink } from '../../domain/tracking/log-buffer';

export interface TrackerLog {
  readonly sink: LogSink;
  readonly buffer: LogBuffer;
}

/** A log sink stamped by the Clock; a failing Logger never breaks tracking. */
export function createTrackerLog(clock: Clock, logger: Logger): TrackerLog {
  const buffer = new LogBuffer();
  const sink: LogSink = (level, message, content) => {
    // An entry without content has no `content` key.
    const entry: LogEntry = { time: clock.now(), level, message, ...(content !== undefined && { content }) };
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

/**
 * The library's in-page log: the last 100 entries, each with a level from 1 (most verbose) to 7
 * (most severe). Time is a number of milliseconds handed in by the caller (from the Clock port).
 */
export const LogLevel = {
  trace: 1,
  debug: 2,
  info: 3,
  success: 4,
  warn: 5,
  error: 6,
  fatal: 7,
} as const;
export type LogLevel = (typeof LogLevel)[keyof typeof LogLevel];

export const LOG_BUFFER_CAPACITY = 100;

export interface LogEntry {
  readonly time: number;
  readonly level: LogLevel;
  readonly message: string;
  readonly content?: unknown;
}

/** Where domain rules report what they saw. The runtime writes it to the buffer and the Logger port. */
export type LogSink = (level: LogLevel, message: string, content?: unknown) => void;

/** A sink that drops everything (the mappers' default). */
export const noLog: LogSink = () => undefined;

/** The text of anything thrown or rejected: an error's message, else the value as a string. Never throws. */
export const causeText = (cause: unknown): string => {
  try {
    return cause instanceof Error ? cause.message : String(cause);
  } catch {
    return 'unknown error';
  }
};

/**
 * What an error wraps, as text: its `cause`, that one's cause and so on ('; '-joined, at most 5), or ''
 * when it wraps nothing. The spec's own errors ('Exception has occurred during Exactag tracking') wrap
 * the reason a shop engineer needs (a blocked script, a refused request). Never throws.
 */
export const wrappedCauses = (error: unknown): string => {
  const texts: string[] = [];
  try {
    let cause = error instanceof Error ? error.cause : undefined;
    while (cause !== undefined && cause !== null && texts.length < 5) {
      texts.push(causeText(cause));
      cause = cause instanceof Error ? cause.cause : undefined;
    }
  } catch {
    // a cause that cannot be read adds nothing
  }
  return texts.join('; ');
};

export const isLogLevel = (value: unknown): value is LogLevel =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 7;

/**
 * A bounded list: appending past the capacity drops the oldest entry. The list may hold up to twice
 * the capacity and is cut back in one splice, so an append costs no shifting of the whole list.
 */
export class LogBuffer {
  readonly #entries: LogEntry[] = [];
  readonly #max: number;

  constructor(capacity: number = LOG_BUFFER_CAPACITY) {
    this.#max = Math.max(1, Math.floor(capacity));
  }

  append(entry: LogEntry): void {
    const level = isLogLevel(entry.level) ? entry.level : LogLevel.info;
    if (this.#entries.push(level === entry.level ? entry : { ...entry, level }) >= 2 * this.#max) {
      this.#entries.splice(0, this.#entries.length - this.#max);
    }
  }

  /** Oldest first. */
  entries(): LogEntry[] {
    return this.#entries.slice(-this.#max);
  }

  clear(): void {
    this.#entries.length = 0;
  }
}

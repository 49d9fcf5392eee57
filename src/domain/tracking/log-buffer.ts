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

export const isLogLevel = (value: unknown): value is LogLevel =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 7;

/** A fixed-size ring: appending past the capacity drops the oldest entry. */
export class LogBuffer {
  readonly #ring: (LogEntry | undefined)[];
  #start = 0;
  #size = 0;

  constructor(readonly capacity: number = LOG_BUFFER_CAPACITY) {
    this.#ring = new Array(Math.max(1, Math.floor(capacity)));
  }

  append(entry: LogEntry): void {
    const level = isLogLevel(entry.level) ? entry.level : LogLevel.info;
    const stored = level === entry.level ? entry : { ...entry, level };
    const cap = this.#ring.length;
    if (this.#size < cap) {
      this.#ring[(this.#start + this.#size) % cap] = stored;
      this.#size += 1;
    } else {
      this.#ring[this.#start] = stored;
      this.#start = (this.#start + 1) % cap;
    }
  }

  /** Oldest first. */
  entries(): LogEntry[] {
    const out: LogEntry[] = [];
    for (let i = 0; i < this.#size; i += 1) out.push(this.#ring[(this.#start + i) % this.#ring.length] as LogEntry);
    return out;
  }

  clear(): void {
    this.#ring.fill(undefined);
    this.#start = 0;
    this.#size = 0;
  }
}

/**
 * The part of an `AbortSignal` the ports use: a caller that stops waiting aborts the work. (The ports
 * are written without the browser's or Node's types; a real `AbortSignal` fits.)
 */
export interface AbortSignalLike {
  /** True once the caller stopped waiting. */
  readonly aborted: boolean;
  /** Calls `listener` when the signal aborts (`once`: only the first time; default false). */
  addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void;
  /** Stops calling `listener`. */
  removeEventListener(type: 'abort', listener: () => void): void;
}

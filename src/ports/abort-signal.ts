/**
 * The part of an `AbortSignal` the ports use: a caller that stops waiting aborts the work. (The ports
 * are written without the browser's or Node's types; a real `AbortSignal` fits.)
 */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** A message received from another window. */
export interface IncomingMessage {
  /** The raw `data` of the message event; only JSON strings are accepted by the domain. */
  data: unknown;
  /** The sender's origin, e.g. `https://www.example.com`. */
  origin: string;
}

/** Window messages (browser: `window` `message` events, and `postMessage` to the parent). */
export interface MessageSource {
  /** Calls `listener` for every message; returns the unsubscribe function. */
  subscribe(listener: (message: IncomingMessage) => void): () => void;
  /** Posts a string to the parent window (the events-mode client). */
  postToParent(data: string, targetOrigin?: string): void;
  /** False on a page that is not in a frame (its posts go to the page itself); undefined outside a page. */
  isFramed?(): boolean | undefined;
}

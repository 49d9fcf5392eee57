/**
 * Spec §4's reload for a chunk that fails to load, on a page the visitor has touched (the page's own
 * handler, `reloadOnChunkError`, reloads only untouched pages): once the page's input is kept where
 * the reload brings it back (`inputKept`, the contact form's draft) and the server answers (a reload
 * while it does not would leave the browser's own error page), the page reloads through the reload
 * guard (once per 10 s per path). Otherwise it stays, and the part that needed the chunk goes on
 * without it, as before. Loaded with the new-build watch, once the page is idle: a chunk that fails
 * before has the page's own handler only.
 */
export interface KeptPageReloadOptions {
  readonly target: EventTarget;
  readonly touched: () => boolean;
  /** True when a reload loses nothing entered (it saves what the page shows first). */
  readonly inputKept: () => boolean;
  /** Whether the server answers now (false after a short wait). */
  readonly serverAnswers: () => Promise<boolean>;
  readonly tryReload: () => boolean;
  /** The chunks the page does without (the tracker's): their failure never reloads. */
  readonly optional: RegExp;
}

/** Starts listening; answers the function that stops it. */
export function reloadKeptPageOnChunkError(options: KeptPageReloadOptions): () => void {
  let asking = false;
  const listener = (event: Event): void => {
    const chunk = String((event as Event & { payload?: unknown }).payload);
    if (asking || !options.touched() || options.optional.test(chunk) || !options.inputKept()) return;
    asking = true;
    void options.serverAnswers().then((answers) => {
      asking = false;
      if (answers) options.tryReload();
    });
  };
  options.target.addEventListener('vite:preloadError', listener);
  return () => options.target.removeEventListener('vite:preloadError', listener);
}

/** Whether the server answers a request for the latest build's id within `timeoutMs`, past every cache. */
export async function serverAnswers(url: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return response.ok;
  } catch {
    return false;
  }
}

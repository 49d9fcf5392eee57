/**
 * Spec §4's reload for a chunk that fails to load, once the page is idle (loaded with the new-build
 * watch; until then the page's own handler, `reloadOnChunkError`, answers, and is stopped then), in
 * that handler's place:
 * - the page reloads only when the server answers (a no-store request with a short wait): a reload
 *   while it does not would replace the page with the browser's own error page ('This site can't be
 *   reached', in the browser's language), though `navigator.onLine` says the browser is online;
 * - a page the visitor has touched reloads too, but only once its input is kept where the reload
 *   brings it back (`inputKept`, the contact form's draft); otherwise the import fails and its part
 *   goes on without it, as before;
 * - while the visitor is typing (a key within the last 1.5 s or a composition open, the focus in a text field) the reload
 *   waits for a pause: the keys typed while the page reloaded were lost (a rules chunk failing as
 *   the question field was left reloaded the page under the first name being typed).
 * Every reload goes through the reload guard (once per 10 s per path). An untouched page keeps the
 * import waiting (Vite's default prevented, as the page's handler does) when the guard would allow
 * the reload; if the server then does not answer, the chunk's loader gives up after its 10 s.
 */
/**
 * The event the draft logic answers (`KEEP_INPUT_EVENT`, src/ui/kept-input.ts), named here again: a
 * module shared by this chunk and the draft's would be a chunk of its own, named in the first script.
 */
const KEEP_INPUT_EVENT = 'support:keep-input';

export interface ChunkFailureReloadOptions {
  readonly target: EventTarget;
  readonly touched: () => boolean;
  /** True when a reload loses nothing entered (it saves what the page shows first). */
  readonly inputKept: () => boolean;
  /** Whether the reload guard would let this page reload now (it records nothing). */
  readonly mayReload: () => boolean;
  /** Whether the server answers now (false after a short wait). */
  readonly serverAnswers: () => Promise<boolean>;
  readonly tryReload: () => boolean;
  /** The chunks the page does without (the tracker's): their failure never reloads. */
  readonly optional: RegExp;
  /** Whether the shopper is typing now (keys typed while the page reloads are lost); default never. */
  readonly typing?: () => boolean;
  /** Runs `run` after the pause {@link TYPING_PAUSE_MS} (a timer). */
  readonly later?: (run: () => void, ms: number) => void;
}

/** How long a reload waits, and waits again, while the shopper is typing. */
export const TYPING_PAUSE_MS = 1500;

/** Starts listening; answers the function that stops it. */
export function reloadOnChunkFailure(options: ChunkFailureReloadOptions): () => void {
  let asking = false;
  let stopped = false;
  // Typed into while the server was asked: only with that input kept too, taken as the reload starts.
  const reloadWhenPaused = (): void => {
    if (stopped) return;
    if (options.typing?.() && options.later) return options.later(reloadWhenPaused, TYPING_PAUSE_MS);
    if (!options.touched() || options.inputKept()) options.tryReload();
  };
  const listener = (event: Event): void => {
    if (options.optional.test(String((event as Event & { payload?: unknown }).payload))) return;
    if (!options.mayReload()) return;
    if (!options.touched()) event.preventDefault();
    else if (!options.inputKept()) return;
    if (asking) return;
    asking = true;
    void options.serverAnswers().then((answers) => {
      asking = false;
      if (answers) reloadWhenPaused();
    });
  };
  options.target.addEventListener('vite:preloadError', listener);
  return () => {
    stopped = true;
    options.target.removeEventListener('vite:preloadError', listener);
  };
}

declare global {
  interface Window {
    /**
     * Set by the page's boot guard (src/adapters/server/boot-guard.ts): writes the contact form's texts
     * (and its files' names) as its draft's sessionStorage mirror; true when the form is on the page.
     */
    supportKeepInput?: () => boolean;
    /**
     * Set by the page's boot guard: shows the server's page's load-failed note (the fields a kept
     * draft held filled in again); the note, when the page has one.
     */
    supportShowLoadFailed?: () => HTMLElement | null;
    /**
     * Set by the page's boot guard: the contact form's fields it refilled from the kept draft, named
     * once (src/ui/page-refill.ts reads them for the form the app took over).
     */
    supportRefilled?: () => string[];
  }
}

/** The boot guard's keeping of the contact form's texts, where the page has it. */
const bootGuardKeeps = (): boolean => typeof window !== 'undefined' && window.supportKeepInput?.() === true;

/**
 * True when everything entered on the page has just been saved where a reload brings it back: the
 * draft logic answers the event (`keepInput`, src/ui/kept-input.ts) by saving and cancelling it.
 * When no draft logic answers (its chunk is the one a new build removed, or its store's), the boot
 * guard's `fallback` keeps the form's texts as the draft's mirror; a draft logic that answers no (a
 * file still being read, a message already sent) is not overruled.
 */
export const inputKept = (target: EventTarget = window, fallback: () => boolean = bootGuardKeeps): boolean => {
  const question: Event & { answered?: boolean } = new Event(KEEP_INPUT_EVENT, { cancelable: true });
  if (!target.dispatchEvent(question)) return true;
  return question.answered !== true && fallback();
};

/** Whether the server answers a request for `url` within `timeoutMs`, past every cache. */
export async function serverAnswers(url: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return response.ok;
  } catch {
    return false;
  }
}

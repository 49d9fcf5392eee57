import type { AffiliateTracker } from '../../ports/affiliate-tracker';
import { loadScriptTag, scriptOnPage } from './script-tag';

/** The global the affiliate script defines: `window.exactag.track(payload)`. */
export interface ExactagGlobal {
  track(payload: Record<string, unknown>): unknown;
}

type ExactagWindow = { exactag?: Partial<ExactagGlobal> };

// The texts are used as plain constants, so the library build needs no object for them.
const loadFailed = (url: string) => `The affiliate tracker script could not be loaded from ${url}`;
const NOT_LOADED = 'The affiliate tracker is not loaded: window.exactag.track is missing.';
export const ExactagScriptTexts = { loadFailed, notLoaded: NOT_LOADED } as const;

/**
 * Which script address defined a global tracker, kept on the global itself under a registered
 * symbol: every copy of the library on the page (the IIFE and the ESM build) reads what another
 * loaded. Not enumerable: the tracker's own code does not see it.
 */
const DEFINED_BY = Symbol.for('collect-on-track.exactag-script');

const definedByOf = (tracker: object): string | undefined => {
  try {
    const url: unknown = (tracker as Record<symbol, unknown>)[DEFINED_BY];
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
};

const markDefinedBy = (tracker: object, url: string): void => {
  try {
    Object.defineProperty(tracker, DEFINED_BY, { value: url, configurable: true, writable: true, enumerable: false });
  } catch {
    // A frozen global: the script's element stands for it, as before.
  }
};

/**
 * The affiliate tracker (Exactag) as a script on the page: `load` adds one async `<script>` and
 * settles with its load or error event; later calls get the same promise while it loads or once it
 * has loaded. A failed load is not kept: the next call (the next delivery) adds the script again, so
 * one unreachable CDN moment does not fail every later push of the page; nor is one of another
 * address (an install after a reset, for another site). `track` calls the
 * `window.exactag.track` function the script defines.
 */
export class ExactagScript implements AffiliateTracker {
  #loading: Promise<void> | undefined;
  #loadingUrl: string | undefined;
  /** Whether `#loading` has settled with the script loaded. */
  #loaded = false;
  readonly #getDocument: () => Document | undefined;
  readonly #getWindow: () => Window | undefined;

  constructor(
    getDocument: () => Document | undefined = () => document,
    getWindow: () => Window | undefined = () => window,
  ) {
    this.#getDocument = getDocument;
    this.#getWindow = getWindow;
  }

  load(scriptUrl: string): Promise<void> {
    // Another address (an install after a reset, for another site) is another script: it is loaded;
    // so is this one again when another's script has defined the global since (one left behind that
    // came in late).
    if (this.#loadingUrl !== scriptUrl || (this.#loaded && this.#definedByAnother(scriptUrl))) this.#loading = undefined;
    this.#loadingUrl = scriptUrl;
    if (this.#loading) return this.#loading;
    this.#loaded = false;
    const loading: Promise<void> = this.#onPage(scriptUrl)
      ? Promise.resolve()
      : loadScriptTag(this.#getDocument, scriptUrl, () => new Error(loadFailed(scriptUrl))).then(
          () => {
            const tracker = this.#tracker();
            if (tracker) markDefinedBy(tracker, scriptUrl);
          },
          (error: unknown) => {
            if (this.#loading === loading) this.#loading = undefined;
            throw error;
          },
        );
    this.#loading = loading;
    loading.then(
      () => {
        if (this.#loading === loading) this.#loaded = true;
      },
      () => undefined,
    );
    return loading;
  }

  /**
   * Whether an earlier install on this page loaded the script already: the global `track` is the one
   * it defined (another address's script may have replaced it since), or, loaded by another copy of
   * the library, its element is there and a `track` is defined.
   */
  #onPage(scriptUrl: string): boolean {
    const tracker = this.#tracker();
    if (tracker === undefined) return false;
    const definedBy = definedByOf(tracker);
    return definedBy === undefined ? scriptOnPage(this.#getDocument, scriptUrl) : definedBy === scriptUrl;
  }

  /** Whether the global `track` is known to be another address's script's. */
  #definedByAnother(scriptUrl: string): boolean {
    const tracker = this.#tracker();
    const definedBy = tracker && definedByOf(tracker);
    return definedBy !== undefined && definedBy !== scriptUrl;
  }

  #tracker(): Partial<ExactagGlobal> | undefined {
    const tracker = (this.#getWindow() as ExactagWindow | undefined)?.exactag;
    return typeof tracker?.track === 'function' ? tracker : undefined;
  }

  track(payload: Record<string, unknown>): void | Promise<void> {
    const tracker = this.#tracker();
    if (!tracker?.track) throw new Error(NOT_LOADED);
    // A version of the script whose track answers with a promise: its rejection is a failed call
    // (the order is not counted, and goes again), not an unhandled rejection on the page.
    const answer: unknown = tracker.track(payload);
    if (typeof (answer as PromiseLike<unknown> | undefined)?.then === 'function') return Promise.resolve(answer).then(() => undefined);
  }
}

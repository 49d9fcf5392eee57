import { LogLevel } from '../../domain/tracking/log-buffer';
import type { DataLayer, DataLayerEntry } from '../../ports/data-layer';
import type { Logger } from '../../ports/logger';
import { describeError, report } from './report';
import { attempt } from './attempt';

export const DataLayerTexts = {
  notAnArray: 'window.dataLayer is not an array; the entry is kept in memory and the tag manager does not see it.',
  unreadable: 'window.dataLayer cannot be read; the entry is kept in memory and the tag manager does not see it.',
  listenerFailed: 'dataLayer listener failed',
  pushFailed: 'dataLayer.push failed',
  threwAfterStoring: "The page's dataLayer.push threw after storing the entry (the entry is there)",
} as const;

type PushFn = (...items: unknown[]) => number;

/** How often the array is read while anyone listens (see `subscribe`). */
export const CATCH_UP_MS = 1000;
type DataLayerWindow = { dataLayer?: unknown };

interface Subscriber {
  readonly listener: (entry: DataLayerEntry) => void;
  /** False once unsubscribed. */
  active: boolean;
  /** The array this subscriber has read, and how far. */
  array?: unknown[];
  seen: number;
  /** The entry last read (at `seen - 1`): when it is no longer there, the page changed the array in place. */
  last?: unknown;
  /** Every entry read, to find where to go on in an array the page emptied or shortened. */
  readonly read: WeakSet<object>;
  /** The array gave a different value when the same index was read again (a proxy): it cannot be placed by identity. */
  unstable?: boolean;
  busy: boolean;
}

/**
 * A DataLayer on `window.dataLayer` (created when missing). Subscribers read the array by index, so
 * they see the entries pushed before they subscribed and then every later entry, each once and in
 * array order, whoever pushed it. To hear other scripts' pushes, `dataLayer.push` is wrapped (the
 * current function keeps running and its return value is kept). A tag manager that later replaces
 * `push` usually chains to ours; if one does not, the wrapper is put back on our next push or
 * subscribe, and every push of ours catches up on whatever was added meanwhile.
 *
 * A page may replace the array after install (`window.dataLayer = [...]`, a common inline snippet):
 * `window.dataLayer` becomes an accessor property whose setter follows the new array, wraps its
 * `push` and reads it from its first entry, as the array found at install; later pushes of ours go
 * to the current array. A non-configurable global (`var dataLayer`) cannot be followed.
 */
export class WindowDataLayer implements DataLayer {
  /** Replaced, never changed in place: a notification keeps the list it started with (no copy per push). */
  #subscribers: readonly Subscriber[] = [];
  #wrapper: PushFn | undefined;
  #fallback: unknown[] | undefined;
  /** Why the entries go to `#fallback` when the page has a data layer this instance cannot use (no window: none). */
  #fallbackReason: string | undefined;
  /** The window whose `dataLayer` property this instance follows. */
  #watched: DataLayerWindow | undefined;
  readonly #getWindow: () => Window | undefined;
  readonly #logger: Logger | undefined;

  /** Reads the array now and then while anyone listens (see `subscribe`). */
  #catchUpTimer: number | undefined;
  readonly #catchUpMs: number;

  constructor(
    getWindow: () => Window | undefined = () => window,
    logger?: Logger,
    catchUpMs = CATCH_UP_MS,
  ) {
    this.#getWindow = getWindow;
    this.#logger = logger;
    this.#catchUpMs = catchUpMs;
  }

  /**
   * Pushes the entry; throws when the page's data layer did not take it (a frozen array, a push that
   * throws before storing it, `window.dataLayer` that is no array), so the push reports the failure.
   */
  push(entry: DataLayerEntry, options?: { readonly optional?: boolean }): void {
    const layer = this.#layer();
    const before = layer.length;
    let thrown: unknown;
    let threw = false;
    try {
      layer.push(entry);
    } catch (error) {
      threw = true;
      thrown = error;
    }
    this.#notify();
    if (threw) {
      // A tag manager's push that throws after storing the entry must not fail the caller, nor read as a loss.
      if (layer.indexOf(entry, before) !== -1) report(this.#logger, LogLevel.warn, `${DataLayerTexts.threwAfterStoring}: ${describeError(thrown)}`);
      else {
        const failure = `${DataLayerTexts.pushFailed}: ${describeError(thrown)}`;
        report(this.#logger, options?.optional ? LogLevel.warn : LogLevel.error, failure);
        throw new Error(failure);
      }
    }
    if (layer === this.#fallback && this.#fallbackReason) throw new Error(this.#fallbackReason);
  }

  /**
   * Calls `listener` with every entry, from the first. A tag manager that replaces `push` without
   * chaining to ours hides later entries until our next push; while the library pushes nothing (all
   * waits for consent) the array is read every second, so a consent grant is still heard.
   */
  subscribe(listener: (entry: DataLayerEntry) => void, options: { readonly past?: boolean } = {}): () => void {
    const subscriber: Subscriber = { listener, active: true, seen: 0, read: new WeakSet(), busy: false };
    if (options.past === false) {
      // Counted as read already: the entries there now are skipped, and placing still works if the page shortens the array.
      const array = this.#layer();
      for (const entry of array) if (typeof entry === 'object' && entry !== null) subscriber.read.add(entry);
      subscriber.array = array;
      subscriber.seen = array.length;
      subscriber.last = array[array.length - 1];
    }
    this.#subscribers = [...this.#subscribers, subscriber];
    this.#catchUp(subscriber);
    const win = attempt(this.#getWindow);
    if (this.#catchUpTimer === undefined && win) {
      // Outside an Angular app's zone (zone.js), when there is one: a timer that never ends there keeps
      // the app from ever being stable (its hydration, service worker and `whenStable` wait on that).
      const start = () => win.setInterval(() => this.#notify(), this.#catchUpMs);
      const root = (win as { Zone?: { root?: { run?: (callback: typeof start) => number } } }).Zone?.root;
      this.#catchUpTimer = typeof root?.run === 'function' ? root.run(start) : start();
    }
    return () => {
      subscriber.active = false;
      this.#subscribers = this.#subscribers.filter((other) => other !== subscriber);
      if (this.#subscribers.length === 0 && this.#catchUpTimer !== undefined) {
        attempt(this.#getWindow)?.clearInterval(this.#catchUpTimer);
        this.#catchUpTimer = undefined;
      }
    };
  }

  /** The data-layer array, created and wrapped as needed. */
  #layer(): unknown[] {
    const win = attempt(this.#getWindow) as DataLayerWindow | undefined;
    if (!win) return (this.#fallback ??= []);
    let array: unknown;
    try {
      if (this.#watched !== win || win.dataLayer == null) this.#watch(win);
      array = win.dataLayer;
      // A proxy whose length throws cannot be read by index either.
      if (Array.isArray(array)) void array.length;
    } catch (error) {
      // A getter or proxy of the page that throws: never thrown into install or a push of the page.
      return this.#fallBack(`${DataLayerTexts.unreadable} (${describeError(error)})`);
    }
    if (!Array.isArray(array)) return this.#fallBack(DataLayerTexts.notAnArray);
    if (array.push !== this.#wrapper) {
      try {
        this.#wrap(array);
      } catch {
        // A frozen array: our own pushes still catch up with what others added.
      }
    }
    return array;
  }

  /** The in-memory list, for a data layer the page made unusable; `reason` is logged once and fails each push. */
  #fallBack(reason: string): unknown[] {
    if (!this.#fallback) report(this.#logger, LogLevel.warn, reason);
    this.#fallbackReason = reason;
    return (this.#fallback ??= []);
  }

  /** Makes `win.dataLayer` an accessor whose setter follows a replaced array (see the class comment). */
  #watch(win: DataLayerWindow): void {
    this.#watched = win;
    let current: unknown = win.dataLayer ?? [];
    try {
      const previous = Object.getOwnPropertyDescriptor(win, 'dataLayer')?.set;
      Object.defineProperty(win, 'dataLayer', {
        configurable: true,
        enumerable: true,
        get: () => current,
        set: (value: unknown) => {
          // Another instance's accessor, replaced by this one, keeps following too.
          previous?.call(win, value);
          if (value === current) return;
          current = value;
          this.#notify();
        },
      });
    } catch {
      win.dataLayer ??= current;
    }
  }

  #wrap(array: unknown[]): void {
    const previous = array.push as PushFn;
    const notify = () => this.#notify();
    const wrapper: PushFn = function (this: unknown, ...items: unknown[]) {
      try {
        return previous.apply(this, items);
      } finally {
        notify();
      }
    };
    // Not enumerable, so the array still looks (and compares) like a plain list of entries.
    Object.defineProperty(array, 'push', { value: wrapper, writable: true, configurable: true, enumerable: false });
    this.#wrapper = wrapper;
  }

  #notify(): void {
    for (const subscriber of this.#subscribers) this.#catchUp(subscriber);
  }

  // Index-based reading makes repeated notifications harmless (a wrapper chained twice, our own
  // catch-up after a push) and keeps order when a listener pushes while it is being called.
  #catchUp(subscriber: Subscriber): void {
    if (subscriber.busy) return;
    subscriber.busy = true;
    try {
      let placed = false;
      for (;;) {
        const array = this.#layer();
        if (subscriber.array !== array) {
          subscriber.array = array;
          subscriber.seen = 0;
        }
        // Once per catch-up, so an entry that never equals itself (NaN, a proxy's fresh objects) cannot loop.
        if (!placed && subscriber.seen > 0 && !Object.is(array[subscriber.seen - 1], subscriber.last)) {
          placed = true;
          // After the last entry read that is still there; none left: the page emptied it, read from the start.
          // An array whose reads give new objects (a proxy) cannot be placed so: it is only clamped.
          subscriber.seen = subscriber.unstable
            ? Math.min(subscriber.seen, array.length)
            : afterLastRead(array, subscriber.read);
          subscriber.last = subscriber.seen > 0 ? array[subscriber.seen - 1] : undefined;
        }
        if (subscriber.seen >= array.length || !subscriber.active) return;
        const entry = array[subscriber.seen];
        if (!subscriber.unstable && !Object.is(array[subscriber.seen], entry)) subscriber.unstable = true;
        subscriber.seen += 1;
        subscriber.last = entry;
        if (typeof entry !== 'object' || entry === null) continue;
        subscriber.read.add(entry);
        try {
          subscriber.listener(entry as DataLayerEntry);
        } catch (error) {
          report(this.#logger, LogLevel.error, DataLayerTexts.listenerFailed, describeError(error));
        }
      }
    } finally {
      subscriber.busy = false;
    }
  }
}

/** Where to go on in an array emptied or shortened in place (`dataLayer.length = 0`, `splice`): after the last entry already read. */
function afterLastRead(array: readonly unknown[], read: WeakSet<object>): number {
  for (let index = array.length - 1; index >= 0; index -= 1) {
    const entry = array[index];
    if (typeof entry === 'object' && entry !== null && read.has(entry)) return index + 1;
  }
  return 0;
}

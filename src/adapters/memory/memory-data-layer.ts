import type { DataLayer, DataLayerEntry } from '../../ports/data-layer';

export interface MemoryDataLayerOptions {
  /** Entries present before anyone subscribes (pushed before install). */
  readonly initial?: DataLayerEntry[];
  /** Simulates a tag manager that runs its tags at once: each pushed `eventCallback` is called right after the push. */
  readonly answerCallbacks?: boolean;
}

/**
 * A DataLayer over a plain array (tests, benchmark). Subscribers first see the entries already there,
 * then every later push, in order. `runTags()` plays a tag manager that answers the waiting callbacks.
 */
export class MemoryDataLayer implements DataLayer {
  readonly entries: DataLayerEntry[];
  /** Replaced, never changed in place: a delivery loop keeps the list it started with. */
  private listeners: readonly ((entry: DataLayerEntry) => void)[] = [];
  private pendingCallbacks: (() => void)[] = [];
  private readonly answerCallbacks: boolean;
  private delivered = 0;
  private delivering = false;

  constructor(options: MemoryDataLayerOptions = {}) {
    this.entries = [...(options.initial ?? [])];
    this.answerCallbacks = options.answerCallbacks ?? false;
  }

  push(entry: DataLayerEntry): void {
    this.entries.push(entry);
    this.deliver();
    const callback = entry.eventCallback;
    if (typeof callback !== 'function') return;
    if (this.answerCallbacks) (callback as () => void)();
    else this.pendingCallbacks.push(callback as () => void);
  }

  subscribe(listener: (entry: DataLayerEntry) => void, options: { readonly past?: boolean } = {}): () => void {
    if (options.past === false) {
      // Every entry there now counts as past, also those not yet handed to the other listeners.
      const from = this.entries.length;
      const skipped = listener;
      let index = this.delivered;
      listener = (entry) => {
        if (index++ >= from) skipped(entry);
      };
    } else {
      for (const entry of this.entries.slice(0, this.delivered)) listener(entry);
    }
    const subscribed = listener;
    if (!this.listeners.includes(subscribed)) this.listeners = [...this.listeners, subscribed];
    this.deliver();
    return () => {
      this.listeners = this.listeners.filter((other) => other !== subscribed);
    };
  }

  // A listener that pushes (a consent grant releasing waiting pushes) must not overtake the entry it
  // is handling: entries reach every listener strictly in array order.
  private deliver(): void {
    if (this.delivering) return;
    this.delivering = true;
    try {
      while (this.delivered < this.entries.length) {
        const entry = this.entries[this.delivered++] as DataLayerEntry;
        for (const listener of this.listeners) listener(entry);
      }
    } finally {
      this.delivering = false;
    }
  }

  /** Calls every `eventCallback` not yet answered, in push order, as a tag manager does when its tags ran. */
  runTags(): number {
    const due = this.pendingCallbacks;
    this.pendingCallbacks = [];
    for (const callback of due) callback();
    return due.length;
  }

  /** The entries without the callback fields, for comparing with expected payloads. */
  plainEntries(): DataLayerEntry[] {
    return this.entries.map(({ eventCallback: _callback, eventTimeout: _timeout, ...rest }) => rest);
  }
}

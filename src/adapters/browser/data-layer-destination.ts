import { recordEntered, unsetInherited, type DataLayerModel } from '../../domain/tracking/data-layer-model';
import type { Clock } from '../../ports/clock';
import type { DataLayer } from '../../ports/data-layer';
import type { Destination } from '../../ports/destination';

/** Spec §9: how long a push waits for the tag manager's `eventCallback` (tag-executed wait timeout). */
export const TAG_EXECUTED_TIMEOUT_MS = 1500;

const hasEcommerce = (payload: Record<string, unknown>): boolean =>
  typeof payload.ecommerce === 'object' && payload.ecommerce !== null;

/** What `track` returns when the tag manager called back during the push: one settled promise, shared. */
export const ANSWERED_AT_ONCE: Promise<void> = Promise.resolve();

/**
 * The tag-manager destination. Each payload is pushed at once, in call order; a GA4 e-commerce
 * payload is preceded by `{ ecommerce: null }` (Google's rule: clear the previous e-commerce object).
 * The push carries `eventCallback` and `eventTimeout: 1500`, and `track` resolves when the tag manager
 * calls back, or after 1500 ms on the library's own clock when no tag manager answers. With a
 * `model` and the push an entry belongs to, the first entry of each push to reach the data layer
 * unsets what the push must not inherit from earlier pushes, a page view after an entry of its own
 * clearing its objects and lists (data-layer-model.ts).
 */
export class DataLayerDestination implements Destination<Record<string, unknown>> {
  readonly name = 'dataLayer' as const;
  readonly #dataLayer: DataLayer;
  readonly #clock: Clock;
  readonly #timeoutMs: number;
  readonly #model: DataLayerModel | undefined;

  constructor(dataLayer: DataLayer, clock: Clock, timeoutMs: number = TAG_EXECUTED_TIMEOUT_MS, model?: DataLayerModel) {
    this.#dataLayer = dataLayer;
    this.#clock = clock;
    this.#timeoutMs = timeoutMs;
    this.#model = model;
  }

  isReady(): boolean {
    return true;
  }

  /** Pushes `payload` itself (the library's own fresh object), with the two callback fields added. */
  track(payload: Record<string, unknown>, push?: number): Promise<void> {
    let done = false;
    let resolve: (() => void) | undefined;
    let timer: unknown;
    const clock = this.#clock;
    // Not a plain named local: per-push closures stay unnamed (and cheap) in every build.
    const finish = (payload.eventCallback = () => {
      if (done) return;
      done = true;
      if (timer !== undefined) clock.cancel(timer);
      resolve?.();
    });
    if (hasEcommerce(payload)) {
      // The clearing entry is a courtesy to the tag manager: a page's push that refuses it (a validator
      // wanting `event`) is a warning on the log, and the event itself still goes.
      try {
        this.#dataLayer.push({ ecommerce: null }, { optional: true });
      } catch {}
    }
    try {
      payload.eventTimeout = this.#timeoutMs;
      const model = this.#model;
      const clearing = model && push !== undefined ? unsetInherited(model, payload, push) : undefined;
      if (clearing) {
        try {
          this.#dataLayer.push(clearing, { optional: true });
        } catch {}
      }
      this.#dataLayer.push(payload);
      if (model && push !== undefined) recordEntered(model, payload, push);
    } catch (error) {
      if (done) return ANSWERED_AT_ONCE;
      done = true;
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    // A tag manager may call back synchronously inside push: then neither a timer nor a promise of its own.
    if (done) return ANSWERED_AT_ONCE;
    return new Promise<void>((settle) => {
      resolve = settle;
      timer = clock.schedule(finish, this.#timeoutMs);
    });
  }
}

import type { Clock } from '../../ports/clock';
import type { DataLayer } from '../../ports/data-layer';
import type { Destination } from '../../ports/destination';

/** Spec §9: how long a push waits for the tag manager's `eventCallback` (tag-executed wait timeout). */
export const TAG_EXECUTED_TIMEOUT_MS = 1500;

const hasEcommerce = (payload: Record<string, unknown>): boolean =>
  typeof payload.ecommerce === 'object' && payload.ecommerce !== null;

/**
 * The tag-manager destination. Each payload is pushed at once, in call order; a GA4 e-commerce
 * payload is preceded by `{ ecommerce: null }` (Google's rule: clear the previous e-commerce object).
 * The push carries `eventCallback` and `eventTimeout: 1500`, and `track` resolves when the tag manager
 * calls back, or after 1500 ms on the library's own clock when no tag manager answers.
 */
export class DataLayerDestination implements Destination<Record<string, unknown>> {
  readonly name = 'dataLayer' as const;

  constructor(
    private readonly dataLayer: DataLayer,
    private readonly clock: Clock,
    private readonly timeoutMs: number = TAG_EXECUTED_TIMEOUT_MS,
  ) {}

  isReady(): boolean {
    return true;
  }

  track(payload: Record<string, unknown>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let done = false;
      let timer: unknown;
      const finish = () => {
        if (done) return;
        done = true;
        this.clock.clearTimeout(timer);
        resolve();
      };
      try {
        if (hasEcommerce(payload)) this.dataLayer.push({ ecommerce: null });
        timer = this.clock.setTimeout(finish, this.timeoutMs);
        // A tag manager may call back synchronously inside push; `finish` then clears the timer set above.
        this.dataLayer.push({ ...payload, eventCallback: finish, eventTimeout: this.timeoutMs });
      } catch (error) {
        done = true;
        this.clock.clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }
}

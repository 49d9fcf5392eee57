import type { TrackingClient } from '../../ports/tracking-client';

type PushMethod = keyof TrackingClient;

interface Waiting {
  readonly method: PushMethod;
  readonly data: Record<string, unknown>;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

// A caller that does not await a push must not see an unhandled rejection: tracking never breaks a page.
const quiet = (promise: Promise<void>): Promise<void> => {
  promise.catch(() => {});
  return promise;
};

/**
 * The page's tracking client before the tracker has loaded: pushes wait, in order, and go to the real
 * client once it is `ready`; if the tracker cannot be loaded (`fail`), they reject with the cause.
 */
export class QueuedTrackingClient implements TrackingClient {
  private target: TrackingClient | undefined;
  private failure: { readonly error: unknown } | undefined;
  private waiting: Waiting[] = [];

  /** Pushes made so far and still to come go to `client`. */
  ready(client: TrackingClient): void {
    if (this.target || this.failure) return;
    this.target = client;
    for (const { method, data, resolve, reject } of this.drain()) this.forward(client, method, data).then(resolve, reject);
  }

  /** The tracker could not be loaded: waiting and later pushes reject with `error`. */
  fail(error: unknown): void {
    if (this.target || this.failure) return;
    this.failure = { error };
    for (const { reject } of this.drain()) reject(error);
  }

  /** How many pushes wait for the tracker. */
  get pending(): number {
    return this.waiting.length;
  }

  pushInitialPageData = (data: Record<string, unknown>) => this.push('pushInitialPageData', data);
  pushEcommerceEvent = (data: Record<string, unknown>) => this.push('pushEcommerceEvent', data);
  pushCustomEvent = (data: Record<string, unknown>) => this.push('pushCustomEvent', data);
  pushItemListData = (data: Record<string, unknown>) => this.push('pushItemListData', data);
  pushProductSourceEvent = (data: Record<string, unknown>) => this.push('pushProductSourceEvent', data);
  pushLeadData = (data: Record<string, unknown>) => this.push('pushLeadData', data);

  private push(method: PushMethod, data: Record<string, unknown>): Promise<void> {
    if (this.target) return quiet(this.forward(this.target, method, data));
    if (this.failure) return quiet(Promise.reject(this.failure.error));
    return quiet(new Promise<void>((resolve, reject) => this.waiting.push({ method, data, resolve, reject })));
  }

  private forward(client: TrackingClient, method: PushMethod, data: Record<string, unknown>): Promise<void> {
    try {
      return Promise.resolve(client[method](data));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private drain(): Waiting[] {
    const waiting = this.waiting;
    this.waiting = [];
    return waiting;
  }
}

import type { TrackingClient } from '../../ports/tracking-client';

const PUSH_METHODS = [
  'pushInitialPageData',
  'pushEcommerceEvent',
  'pushCustomEvent',
  'pushItemListData',
  'pushProductSourceEvent',
  'pushLeadData',
] as const satisfies readonly (keyof TrackingClient)[];

// The push methods are made in the constructor, one per name of PUSH_METHODS (one table, not six methods).
export interface QueuedTrackingClient extends TrackingClient {}

/**
 * The page's tracking client before the tracker has loaded: pushes wait, in order, and go to the real
 * client once it is `ready`; if the tracker cannot be loaded (`fail`), they reject with the cause.
 * A caller that does not await a push never sees an unhandled rejection: tracking never breaks a page.
 */
export class QueuedTrackingClient {
  /** How many pushes wait for the tracker. */
  pending = 0;
  /** Pushes made so far and still to come go to `client` (only the first of `ready` and `fail` counts). */
  readonly ready: (client: TrackingClient) => void;
  /** The tracker could not be loaded: waiting and later pushes reject with `error`. */
  readonly fail: (error: unknown) => void;

  constructor() {
    let settled = false;
    let resolve!: (client: TrackingClient) => void;
    let reject!: (error: unknown) => void;
    // Pushes wait on this one promise: its callbacks run in the order the pushes were made.
    const target = new Promise<TrackingClient>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    target.catch(() => {});
    const settle =
      <T>(settleWith: (value: T) => void) =>
      (value: T) => {
        if (settled) return;
        settled = true;
        this.pending = 0;
        settleWith(value);
      };
    this.ready = settle(resolve);
    this.fail = settle(reject);
    for (const method of PUSH_METHODS) {
      this[method] = (data) => {
        if (!settled) this.pending++;
        const pushed = target.then((client) => client[method](data));
        pushed.catch(() => {});
        return pushed;
      };
    }
  }
}

import type { PageReading } from '../../adapters/browser/page-reader';
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

/** The page's address at a push (the tracking library's page reading, its address part). */
export type PushedOn = Pick<PageReading, 'href' | 'host' | 'pathname' | 'search'>;

/** Runs a push of the real client as made on the page it was made on (the library's `asOfPage`). */
export type AsOfPage = (page: PushedOn | undefined, push: () => Promise<void>) => Promise<void>;

const addressNow = (): PushedOn | undefined => {
  try {
    const { href, host, pathname, search } = window.location;
    return { href, host, pathname, search };
  } catch {
    return undefined;
  }
};

/**
 * The page's tracking client before the tracker has loaded: pushes wait, in order, and go to the real
 * client once it is `ready`; if the tracker cannot be loaded (`fail`), they reject with the cause.
 * Each waiting push goes as made on the page's address at its call (`asOf`): the tracker loads late on
 * a slow line, and the views of the screens shown meanwhile had all been tracked with the last one's
 * path. A caller that does not await a push never sees an unhandled rejection: tracking never breaks a page.
 */
export class QueuedTrackingClient {
  /** How many pushes wait for the tracker. */
  pending = 0;
  /** Pushes made so far and still to come go to `client` (only the first of `ready` and `fail` counts). */
  readonly ready: (client: TrackingClient, asOf?: AsOfPage) => void;
  /** The tracker could not be loaded: waiting and later pushes reject with `error`. */
  readonly fail: (error: unknown) => void;

  constructor(where: () => PushedOn | undefined = addressNow) {
    let settled = false;
    let resolve!: (target: { client: TrackingClient; asOf?: AsOfPage }) => void;
    let reject!: (error: unknown) => void;
    // Pushes wait on this one promise: its callbacks run in the order the pushes were made.
    const target = new Promise<{ client: TrackingClient; asOf?: AsOfPage }>((res, rej) => {
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
    const ready = settle(resolve);
    this.ready = (client, asOf) => ready({ client, asOf });
    this.fail = settle(reject);
    for (const method of PUSH_METHODS) {
      this[method] = (data) => {
        const page = settled ? undefined : where();
        if (!settled) this.pending++;
        const pushed = target.then(({ client, asOf }) => (asOf && page ? asOf(page, () => client[method](data)) : client[method](data)));
        pushed.catch(() => {});
        return pushed;
      };
    }
  }
}

/**
 * Where direct-mode pushes wait while no tracker is installed (spec §4: "Direct calls the installed
 * tracker with retries", 100 × 200 ms). One line serves every client of the page, so the pushes reach
 * the tracker in call order, however many clients made them: each try of the line hands all waiting
 * pushes over at once, and a push made while others still wait goes behind them. Each waiting push
 * keeps the page as it was at its call: a single-page shop may move on (or clean its address of
 * `utm_*`) before the library is there, and the page data pushed on its landing still describes it.
 */
import type { Clock, TimerId } from '../../ports/clock';
import { RetryPresets } from '../../domain/tracking/retry';
import * as Warnings from '../../domain/tracking/warnings';
import type { PushMethods } from '../tracker-types';
import type { PageReading } from '../../adapters/browser/page-reader';

interface Waiting {
  readonly send: (api: PushMethods) => void;
  readonly giveUp: () => void;
  /** The page's address at the call. */
  readonly page: PageReading | undefined;
  /**
   * The line's tries left to the push: at none it rejects with 'CollectOnTrackApi hasn't been
   * installed.'. Tries are counted, not read off the clock: a device clock set forward would end the
   * wait at once, one set back would stretch it by as much.
   */
  tries: number;
}

export interface DirectLine {
  /**
   * Runs `send` with the installed tracker now, or once one is installed (after any push still
   * waiting); when none is within the tries, `onGiveUp` runs and the push rejects with the spec's text.
   */
  call(send: (api: PushMethods) => Promise<void>, onGiveUp: () => void): Promise<void>;
  /** Hands the waiting pushes to the tracker just installed, before the page's next push on it. */
  handOver(): void;
  /** While a waiting push is handed over (during its call on the tracker), the page's address at that push's call. */
  handingOver(): PageReading | undefined;
}

/**
 * Where the page's line is kept: on the window, so that every copy of the library shares it (as the
 * installation). The key names the line's interface: change it when `DirectLine` changes in a way an
 * older copy's calls would break (a method added, like `handOver`, is called only where the line has it).
 */
export const LINE_KEY = Symbol.for('collectOnTrack.directLine');
export type LineHolder = { [LINE_KEY]?: DirectLine };

/** The page a caller that held its push while the library loaded made it on (`asOfPage`). */
let heldPushPage: PageReading | undefined;

/**
 * Runs `push` (a call of a client) as made on `page`: a caller that held its pushes while the library
 * loaded (the support pages' queue) keeps the page each was made on, as the direct line does.
 */
export function asOfPage<T>(page: PageReading | undefined, push: () => T): T {
  const before = heldPushPage;
  heldPushPage = page;
  try {
    return push();
  } finally {
    heldPushPage = before;
  }
}

/** The page at the call of the push handed over now, if any (`asOfPage`, or `handingOver` of the window's line). */
export const pageOfPushHandedOver = (): PageReading | undefined =>
  heldPushPage ?? (typeof window === 'undefined' ? undefined : (window as unknown as LineHolder)[LINE_KEY]?.handingOver?.());

export function createDirectLine(
  clock: Clock,
  installed: () => PushMethods | undefined,
  readPage: () => PageReading | undefined = () => undefined,
  { retries, delayMs } = RetryPresets.directClient,
): DirectLine {
  const waiting: Waiting[] = [];
  let timer: TimerId | undefined;
  let handing: PageReading | undefined;

  // One at a time from the front: a push the tracker makes while one is handed over goes behind the rest.
  const handOver = (api: PushMethods) => {
    for (let push = waiting.shift(); push !== undefined; push = waiting.shift()) {
      // `send` calls the tracker synchronously and catches what it throws.
      handing = push.page;
      push.send(api);
      handing = undefined;
    }
  };
  const tryAgain = () => {
    timer = undefined;
    const api = installed();
    if (api !== undefined) return handOver(api);
    for (const push of waiting.filter((waiter) => (waiter.tries -= 1) <= 0)) {
      waiting.splice(waiting.indexOf(push), 1);
      push.giveUp();
    }
    if (waiting.length > 0) timer = clock.schedule(tryAgain, delayMs);
  };

  return {
    handingOver: () => handing,
    handOver() {
      const api = installed();
      if (api !== undefined) handOver(api);
    },
    call(send, onGiveUp) {
      const api = installed();
      if (api !== undefined) {
        handOver(api);
        return send(api);
      }
      return new Promise<void>((resolve, reject) => {
        waiting.push({
          // Its own 100 tries of 200 ms, whenever the line's next try comes (one more when that is sooner).
          tries: timer === undefined ? retries : retries + 1,
          page: readPage(),
          send: (found) => {
            try {
              send(found).then(resolve, reject);
            } catch (error) {
              reject(error);
            }
          },
          giveUp: () => {
            onGiveUp();
            reject(new Error(Warnings.notInstalled));
          },
        });
        timer ??= clock.schedule(tryAgain, delayMs);
      });
    },
  };
}

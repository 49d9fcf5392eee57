import { LogLevel } from '../../domain/tracking/log-buffer';
import type { AppBridge } from '../../ports/app-bridge';
import type { Logger } from '../../ports/logger';
import { describeError, report } from './report';
import { attempt } from './attempt';
import { jsonText } from '../../domain/tracking/json-text';

/** The global the native shop app injects into its web views: `{ sendTrackingEvent(json: string) }`. */
export const NATIVE_BRIDGE_GLOBAL = 'CollectOnTrackAppBridge';
/**
 * The global array events wait in while there is no native bridge. The library hands them to the
 * bridge, in order, with its next event once the app has injected it, and empties the list.
 */
export const APP_TRACKING_LIST_GLOBAL = 'collectOnTrackAppTrackingList';

// The texts are used as plain constants, so the library build needs no object for them.
const BRIDGE_FAILED = 'App bridge failed; event kept in the app tracking list.';
const BRIDGE_WITHOUT_FUNCTION = `window.${NATIVE_BRIDGE_GLOBAL} has no sendTrackingEvent function: events wait in window.${APP_TRACKING_LIST_GLOBAL}.`;
export const AppBridgeTexts = { bridgeFailed: BRIDGE_FAILED, bridgeWithoutFunction: BRIDGE_WITHOUT_FUNCTION } as const;

interface NativeBridge {
  sendTrackingEvent(json: string): unknown;
}

type BridgeWindow = Record<string, unknown>;

/**
 * The native app bridge. With `window.CollectOnTrackAppBridge.sendTrackingEvent` present, each event
 * is handed to it as a JSON string (native web-view interfaces take strings), after the events still
 * queued in the list. Otherwise, or when the bridge throws, the event object is appended to
 * `window.collectOnTrackAppTrackingList` (or, when the promise the bridge answered with rejects, put
 * back among the events kept there, in the order they were sent).
 */
export class NativeAppBridge implements AppBridge {
  #fallbackList: Record<string, unknown>[] | undefined;
  /** The order events were sent in, so one a promise refuses later goes back in its place. */
  readonly #order = new WeakMap<object, number>();
  #sent = 0;
  /** An object the app injected without the function (a misspelt name) is named once, not on every event. */
  #namedWithoutFunction = false;
  readonly #getWindow: () => Window | undefined;
  readonly #logger: Logger | undefined;

  constructor(
    getWindow: () => Window | undefined = () => window,
    logger?: Logger,
  ) {
    this.#getWindow = getWindow;
    this.#logger = logger;
  }

  isAvailable(): boolean {
    return this.#bridge() !== undefined;
  }

  send(event: Record<string, unknown>): void {
    this.#order.set(event, (this.#sent += 1));
    const bridge = this.#bridge();
    if (bridge) {
      // Spec §7.9: events wait in the list while there is no bridge; they go first, in order. One the
      // bridge refuses stays at the front for the next event's try, and does not hold this one back.
      const win = this.#win();
      const queued = win && Array.isArray(win[APP_TRACKING_LIST_GLOBAL]) ? (win[APP_TRACKING_LIST_GLOBAL] as unknown[]) : [];
      while (queued.length > 0 && this.#handOver(bridge, queued[0])) queued.shift();
      if (this.#handOver(bridge, event)) return;
    }
    this.#list().push(event);
  }

  #handOver(bridge: NativeBridge, event: unknown): boolean {
    try {
      const answer: unknown = bridge.sendTrackingEvent(jsonText(event));
      // A web view's reply handler answers with a promise: one that rejects refused the event, which
      // then goes back into the list, before the events sent after it, for the next event's try.
      if (typeof (answer as PromiseLike<unknown> | undefined)?.then === 'function') {
        Promise.resolve(answer).catch((error: unknown) => {
          this.#refused(error);
          const list = this.#list();
          const sent = this.#order.get(event as object) ?? 0;
          const later = list.findIndex((kept) => (this.#order.get(kept) ?? 0) > sent);
          list.splice(later < 0 ? list.length : later, 0, event as Record<string, unknown>);
        });
      }
      return true;
    } catch (error) {
      this.#refused(error);
      return false;
    }
  }

  #refused(error: unknown): void {
    report(this.#logger, LogLevel.error, BRIDGE_FAILED, describeError(error));
  }

  #win(): BridgeWindow | undefined {
    return attempt(this.#getWindow) as unknown as BridgeWindow | undefined;
  }

  #bridge(): NativeBridge | undefined {
    try {
      const candidate = this.#win()?.[NATIVE_BRIDGE_GLOBAL] as Partial<NativeBridge> | null | undefined;
      if (typeof candidate?.sendTrackingEvent === 'function') return candidate as NativeBridge;
      if (candidate != null && !this.#namedWithoutFunction) {
        this.#namedWithoutFunction = true;
        report(this.#logger, LogLevel.warn, BRIDGE_WITHOUT_FUNCTION);
      }
      return undefined;
    } catch (error) {
      // A bridge whose reading throws (a getter, a proxy) refuses the event as one whose call throws does.
      this.#refused(error);
      return undefined;
    }
  }

  #list(): Record<string, unknown>[] {
    const win = this.#win();
    if (!win) return (this.#fallbackList ??= []);
    if (!Array.isArray(win[APP_TRACKING_LIST_GLOBAL])) win[APP_TRACKING_LIST_GLOBAL] = [];
    return win[APP_TRACKING_LIST_GLOBAL] as Record<string, unknown>[];
  }
}

/** The native shop app's bridge (browser: `window.<bridge>.sendTrackingEvent`, else the app tracking list). */
export interface AppBridge {
  /** True when the native bridge is present; otherwise events are queued in the app tracking list. */
  isAvailable(): boolean;
  /** Hands one event to the bridge, or appends it to the app tracking list when there is no bridge. */
  send(event: Record<string, unknown>): void;
}

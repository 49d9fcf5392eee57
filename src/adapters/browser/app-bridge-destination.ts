import type { AppBridge } from '../../ports/app-bridge';
import type { Destination } from '../../ports/destination';

/** The native-app destination: each payload goes to the bridge (or its tracking list) at once. */
export class AppBridgeDestination implements Destination<Record<string, unknown>> {
  readonly name = 'appBridge' as const;
  readonly #bridge: AppBridge;

  constructor(bridge: AppBridge) {
    this.#bridge = bridge;
  }

  /** Always true: without a native bridge, events wait in the app tracking list. */
  isReady(): boolean {
    return true;
  }

  async track(payload: Record<string, unknown>): Promise<void> {
    this.#bridge.send(payload);
  }
}

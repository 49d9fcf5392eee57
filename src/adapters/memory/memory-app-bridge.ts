import type { AppBridge } from '../../ports/app-bridge';

/** An AppBridge for tests: events go to `sent` while the native bridge is `available`, else to `list`. */
export class MemoryAppBridge implements AppBridge {
  readonly sent: Record<string, unknown>[] = [];
  readonly list: Record<string, unknown>[] = [];

  constructor(public available = false) {}

  isAvailable(): boolean {
    return this.available;
  }

  send(event: Record<string, unknown>): void {
    (this.available ? this.sent : this.list).push(event);
  }
}

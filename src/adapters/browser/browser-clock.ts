import type { Clock, TimerId } from '../../ports/clock';

/** The Clock of the browser: `Date.now` and the window timers. */
export class BrowserClock implements Clock {
  now(): number {
    return Date.now();
  }

  schedule(callback: () => void, ms: number): TimerId {
    return globalThis.setTimeout(callback, Number.isFinite(ms) && ms > 0 ? ms : 0);
  }

  cancel(id: TimerId): void {
    globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>);
  }
}

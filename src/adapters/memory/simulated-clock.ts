import type { Clock, TimerId } from '../../ports/clock';

interface Timer {
  readonly id: number;
  readonly due: number;
  readonly callback: () => void;
}

/** Lets every pending promise reaction run (one macrotask turn drains the microtask queue). Node only. */
export const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A Clock for tests: time moves only through `advance`. Timers fire in order of due time, then of
 * creation; while a timer runs, `now()` reads its due time.
 */
export class SimulatedClock implements Clock {
  private time: number;
  private nextId = 1;
  private timers: Timer[] = [];

  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  schedule(callback: () => void, ms: number): TimerId {
    const delay = Number.isFinite(ms) && ms > 0 ? ms : 0;
    const timer = { id: this.nextId++, due: this.time + delay, callback };
    this.timers.push(timer);
    return timer.id;
  }

  cancel(id: TimerId): void {
    this.timers = this.timers.filter((timer) => timer.id !== id);
  }

  /** Number of timers not yet fired or cleared. */
  get pending(): number {
    return this.timers.length;
  }

  /** Delays (from now) of the pending timers, soonest first. */
  pendingDelays(): number[] {
    return this.ordered().map((timer) => timer.due - this.time);
  }

  /** Moves time forward by `ms`, firing every timer that falls due (also timers set meanwhile). Synchronous. */
  advance(ms: number): void {
    const target = this.time + Math.max(0, ms);
    for (let timer = this.takeDue(target); timer; timer = this.takeDue(target)) {
      this.time = timer.due;
      timer.callback();
    }
    this.time = target;
  }

  /** Like `advance`, but lets promise reactions run before and after each timer, so promise-driven loops proceed. */
  async advanceAsync(ms: number): Promise<void> {
    const target = this.time + Math.max(0, ms);
    await flush();
    for (let timer = this.takeDue(target); timer; timer = this.takeDue(target)) {
      this.time = timer.due;
      timer.callback();
      await flush();
    }
    this.time = target;
  }

  /** Fires timers one after the other (with promise reactions between them) until none is left. */
  async advanceUntilIdle(maxTimers = 100_000): Promise<void> {
    await flush();
    for (let fired = 0; fired < maxTimers; fired += 1) {
      const next = this.ordered()[0];
      if (!next) return;
      await this.advanceAsync(next.due - this.time);
    }
    throw new Error(`SimulatedClock: still busy after ${maxTimers} timers`);
  }

  private ordered(): Timer[] {
    return [...this.timers].sort((a, b) => a.due - b.due || a.id - b.id);
  }

  private takeDue(target: number): Timer | undefined {
    const next = this.ordered()[0];
    if (!next || next.due > target) return undefined;
    this.timers = this.timers.filter((timer) => timer !== next);
    return next;
  }
}

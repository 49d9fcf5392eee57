import { MemoryHttpClient } from '../../../src/adapters/memory/memory-http-client';
import type { SimulatedClock } from '../../../src/adapters/memory/simulated-clock';

/**
 * A collector that answers 200 after `delayMs` on the simulated clock and notes each event id it
 * acknowledged; each call gives one tab's own HTTP client to it.
 */
export const slowCollector = (clock: SimulatedClock, delayMs: number, acknowledged: string[]) => () =>
  new MemoryHttpClient(async (request) => {
    await new Promise<void>((resolve) => clock.schedule(resolve, delayMs));
    acknowledged.push(String((request.body as { event_id: string }).event_id));
    return { status: 200 };
  });

/**
 * A shop tab open all day (a single-page shop, a kiosk): what the collector acknowledged must not stay
 * on the heap. Checked with weak references and a forced garbage collection.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CountingIdGenerator } from '../../../src/adapters/memory/fixed-random';
import { MemoryOutbox } from '../../../src/adapters/memory/memory-outbox';
import { SimulatedClock } from '../../../src/adapters/memory/simulated-clock';
import { createFirstPartySender } from '../../../src/app/tracker/first-party-sender';
import type { HttpClient } from '../../../src/ports/http-client';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** A collector that acknowledges every event and keeps nothing of it. */
const acknowledging: HttpClient = {
  send: () => Promise.resolve({ status: 200, ok: true, statusText: 'OK', json: () => Promise.resolve(undefined) }),
};

describe('first-party sender memory', () => {
  it('keeps none of the payloads the collector acknowledged', async () => {
    const clock = new SimulatedClock(0);
    const sender = createFirstPartySender({
      http: acknowledging,
      outbox: new MemoryOutbox(),
      clock,
      ids: new CountingIdGenerator('ev-'),
      url: 'https://collector.test/events',
      owner: 'page-1',
      log: () => undefined,
    });
    const sent: WeakRef<object>[] = [];
    // In bursts, as a busy page pushes: the waiting records grow and shrink many times.
    for (let burst = 0; burst < 20; burst++) {
      const tracked: Promise<void>[] = [];
      for (let n = 0; n < 100; n++) {
        const payload = { event_name: 'custom', event: { event_label: `label ${burst}-${n}`, items: [{ item_id: String(n).padStart(9, '0') }] } };
        sent.push(new WeakRef(payload));
        tracked.push(sender.track(payload));
      }
      await Promise.all(tracked);
      await clock.advanceUntilIdle();
    }
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    // At most the last burst's few, held by the last answers' closures; a retained turn kept nearly all 2,000.
    expect(sent.filter((ref) => ref.deref() !== undefined).length).toBeLessThanOrEqual(100);
  });
});

import { SimulatedClock } from '../../../src/adapters/memory/simulated-clock';
import { createDirectLine } from '../../../src/app/tracker/direct-line';
import { createClientWith } from '../../../src/app/tracker/client';
import { MemoryMessageSource } from '../../../src/adapters/memory/memory-message-source';
import type { PushMethods } from '../../../src/app/tracker-types';

const throwingApi = () =>
  new Proxy({}, { get: () => () => { throw new Error('tracker broke'); } }) as unknown as PushMethods;

describe('the direct line, where pushes made before install wait', () => {
  it('a tracker that throws synchronously rejects the push, installed before or after the push', async () => {
    const clock = new SimulatedClock(0);
    let api: PushMethods | undefined;
    const line = createDirectLine(clock, () => api);
    const deps = { clock, installed: () => api, line, messages: new MemoryMessageSource(), log: () => undefined };
    const client = createClientWith({ emitter: 'x' }, deps);
    const waiting = client.pushCustomEvent({ event_name: 'a' });
    api = throwingApi();
    const now = client.pushCustomEvent({ event_name: 'b' });
    await expect(now).rejects.toThrow('tracker broke');
    await expect(waiting).rejects.toThrow('tracker broke');
  });

  it('a push that joins the line 199 ms into a wait still gets 100 tries of 200 ms (20 s)', async () => {
    const clock = new SimulatedClock(0);
    let api: PushMethods | undefined;
    const line = createDirectLine(clock, () => api);
    const first = line.call(async () => undefined, () => undefined).catch(() => 'gave up');
    await clock.advanceAsync(199);
    let late: unknown = 'waiting';
    void line.call(async () => undefined, () => undefined).then(() => (late = 'sent'), () => (late = 'gave up'));
    await clock.advanceAsync(19_900); // 19.9 s after the late push
    expect(late).toBe('waiting');
    await first;
  });

  it('counts its 100 tries of 200 ms, not the wall clock: a device clock set forward or back neither ends nor stretches the wait', async () => {
    const timers = new SimulatedClock(0);
    let offset = 0;
    const clock = { now: () => timers.now() + offset, schedule: timers.schedule.bind(timers), cancel: timers.cancel.bind(timers) };
    let api: PushMethods | undefined;
    const line = createDirectLine(clock, () => api);
    const outcome = (push: Promise<void>) => push.then(() => 'sent', () => 'gave up');
    const forward = outcome(line.call(async () => undefined, () => undefined));
    await timers.advanceAsync(50);
    offset = 60_000;
    await timers.advanceAsync(950);
    api = {} as PushMethods;
    await timers.advanceAsync(200);
    expect(await forward).toBe('sent');

    api = undefined;
    let back: unknown = 'waiting';
    void outcome(line.call(async () => undefined, () => undefined)).then((result) => (back = result));
    offset = -3_600_000;
    await timers.advanceAsync(19_999);
    expect(back).toBe('waiting');
    await timers.advanceAsync(201);
    expect(back).toBe('gave up');
  });

  it('a push the tracker makes from inside a handed-over push does not overtake the pushes still being handed over', async () => {
    const clock = new SimulatedClock(0);
    let api: PushMethods | undefined;
    const order: string[] = [];
    const line = createDirectLine(clock, () => api);
    const push = (name: string, nested?: string) =>
      line.call(async () => {
        order.push(name);
        if (nested) void push(nested);
      }, () => undefined);
    const all = [push('a', 'a-nested'), push('b'), push('c')];
    api = {} as PushMethods;
    await clock.advanceAsync(200);
    await Promise.all(all);
    expect(order).toEqual(['a', 'b', 'c', 'a-nested']);
  });
});

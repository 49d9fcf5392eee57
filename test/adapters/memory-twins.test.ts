import { CountingIdGenerator, SequenceRandom } from '../../src/adapters/memory/fixed-random';
import { MemoryAffiliateTracker } from '../../src/adapters/memory/memory-affiliate-tracker';
import { MemoryAppBridge } from '../../src/adapters/memory/memory-app-bridge';
import { MemoryCookieJar } from '../../src/adapters/memory/memory-cookie-jar';
import { MemoryDataLayer } from '../../src/adapters/memory/memory-data-layer';
import { MemoryHttpClient } from '../../src/adapters/memory/memory-http-client';
import { MemoryLogger } from '../../src/adapters/memory/memory-logger';
import { MemoryMessageSource } from '../../src/adapters/memory/memory-message-source';
import { MemoryOutbox } from '../../src/adapters/memory/memory-outbox';
import { LogLevel } from '../../src/domain/tracking/log-buffer';

describe('in-memory twins', () => {
  it('MemoryCookieJar records writes with options and deletes on Max-Age 0', () => {
    const jar = new MemoryCookieJar({ a: '1' });
    jar.set('cot_session', 's', { maxAgeSeconds: 1800 });
    jar.remove('a');
    expect(jar.get('a')).toBeUndefined();
    expect(jar.get('cot_session')).toBe('s');
    expect(jar.lastWrite('cot_session')?.options).toEqual({ maxAgeSeconds: 1800 });
  });

  it('MemoryHttpClient answers scripted queues per URL, then the handler, else 404, and records requests', async () => {
    const http = new MemoryHttpClient(() => ({ status: 201, body: { handled: true } }));
    http.on('https://c.example/publish', { status: 503 }, { status: 200, body: { ok: 1 } });
    http.on('https://c.example/ids', { networkError: 'offline' });
    const send = (url: string) => http.send({ method: 'GET', url });
    expect((await send('https://c.example/publish')).status).toBe(503);
    expect((await send('https://c.example/publish')).status).toBe(200);
    expect(await (await send('https://c.example/publish?x=1')).json()).toEqual({ ok: 1 });
    await expect(send('https://c.example/ids')).rejects.toThrow('offline');
    expect(await (await send('https://c.example/other')).json()).toEqual({ handled: true });
    expect((await new MemoryHttpClient().send({ method: 'GET', url: '/none' })).status).toBe(404);
    expect(http.sentTo('https://c.example/publish')).toHaveLength(3);
    expect(http.requests).toHaveLength(5);
  });

  it('MemoryDataLayer replays entries present before subscribe and keeps order when a listener pushes', () => {
    const layer = new MemoryDataLayer({ initial: [{ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0003,' }] });
    const seen: unknown[] = [];
    layer.subscribe((entry) => {
      seen.push(entry.event);
      if (entry.event === 'OneTrustGroupsUpdated') layer.push({ event: 'released' });
    });
    layer.push({ event: 'later' });
    expect(seen).toEqual(['OneTrustGroupsUpdated', 'released', 'later']);
  });

  it('MemoryDataLayer with { past: false } skips every entry there at subscribe, as the window data layer does', () => {
    const layer = new MemoryDataLayer({ initial: [{ event: 'before install' }] });
    const early: unknown[] = [];
    layer.subscribe((entry) => early.push(entry.event));
    layer.push({ event: 'before the second' });
    const late: unknown[] = [];
    layer.subscribe((entry) => late.push(entry.event), { past: false });
    layer.push({ event: 'later' });
    expect(early).toEqual(['before install', 'before the second', 'later']);
    expect(late).toEqual(['later']);
    const fresh: unknown[] = [];
    new MemoryDataLayer({ initial: [{ event: 'before install' }] }).subscribe((entry) => fresh.push(entry), { past: false });
    expect(fresh).toEqual([]);
  });

  it('MemoryDataLayer stops calling a listener once unsubscribed, also one removed while an entry is being delivered', () => {
    const layer = new MemoryDataLayer();
    const first: unknown[] = [];
    const second: unknown[] = [];
    let stopSecond = () => undefined as void;
    const stopFirst = layer.subscribe((entry) => {
      first.push(entry.event);
      stopSecond();
    });
    stopSecond = layer.subscribe((entry) => second.push(entry.event));
    layer.push({ event: 'a' });
    stopFirst();
    layer.push({ event: 'b' });
    expect(first).toEqual(['a']);
    expect(second).toEqual(['a']);
  });

  it('MemoryDataLayer answers eventCallbacks when runTags is called, or at once when asked to', () => {
    const answered: string[] = [];
    const manual = new MemoryDataLayer();
    manual.push({ event: 'a', eventCallback: () => answered.push('a') });
    expect(answered).toEqual([]);
    expect(manual.runTags()).toBe(1);
    expect(manual.plainEntries()).toEqual([{ event: 'a' }]);
    new MemoryDataLayer({ answerCallbacks: true }).push({ event: 'b', eventCallback: () => answered.push('b') });
    expect(answered).toEqual(['a', 'b']);
  });

  it('MemoryAffiliateTracker loads once and refuses to track before loading', async () => {
    const tracker = new MemoryAffiliateTracker();
    expect(() => tracker.track({})).toThrow('not loaded');
    await Promise.all([tracker.load('u'), tracker.load('u')]);
    tracker.track({ pn: 'x' });
    expect(tracker.loads).toEqual(['u']);
    expect(tracker.tracked).toEqual([{ pn: 'x' }]);
  });

  it('MemoryAppBridge, MemoryMessageSource and MemoryLogger record what they get', () => {
    const bridge = new MemoryAppBridge();
    bridge.send({ e: 1 });
    bridge.available = true;
    bridge.send({ e: 2 });
    expect([bridge.list, bridge.sent]).toEqual([[{ e: 1 }], [{ e: 2 }]]);

    const source = new MemoryMessageSource();
    const got: unknown[] = [];
    const stop = source.subscribe((m) => got.push(m));
    source.emit({ data: 'x', origin: 'https://a.example' });
    stop();
    source.emit({ data: 'y', origin: 'https://a.example' });
    source.postToParent('z');
    expect(got).toEqual([{ data: 'x', origin: 'https://a.example' }]);
    expect(source.posted).toEqual(['z']);

    const logger = new MemoryLogger();
    logger.log({ time: 1, level: LogLevel.info, message: 'm' });
    expect(logger.messages()).toEqual(['m']);
  });

  it('MemoryOutbox gives records oldest first and copies them', async () => {
    const outbox = new MemoryOutbox();
    const payload = { n: 1 };
    await outbox.put({ id: 'b', acceptedAt: 2, payload });
    await outbox.put({ id: 'a', acceptedAt: 2, payload });
    await outbox.put({ id: 'c', acceptedAt: 1, payload });
    payload.n = 99;
    await outbox.delete('a');
    expect(await outbox.all()).toEqual([
      { id: 'c', acceptedAt: 1, payload: { n: 1 } },
      { id: 'b', acceptedAt: 2, payload: { n: 1 } },
    ]);
    expect(outbox.deleted).toEqual(['a']);
  });

  it('MemoryOutbox claims like the IndexedDB outbox: one tab at a time, until its lease runs out; gone once deleted', async () => {
    const outbox = new MemoryOutbox();
    await outbox.put({ id: 'e1', acceptedAt: 1, payload: {} });
    const answers = await Promise.all([outbox.claim('e1', { owner: 'A', until: 10_000 }, 0), outbox.claim('e1', { owner: 'B', until: 10_000 }, 0)]);
    expect(answers).toEqual(['claimed', 'held']);
    expect(await outbox.claim('e1', { owner: 'B', until: 20_000 }, 9_999)).toBe('held');
    expect(await outbox.claim('e1', { owner: 'B', until: 25_000 }, 10_000)).toBe('claimed');
    expect((await outbox.all())[0]?.lease).toEqual({ owner: 'B', until: 25_000 });
    expect(await outbox.claim('e1', { owner: 'B', until: 0 }, 11_000)).toBe('claimed');
    expect(await outbox.claim('e1', { owner: 'A', until: 21_000 }, 11_000)).toBe('claimed');
    await outbox.delete('e1');
    expect(await outbox.claim('e1', { owner: 'A', until: 30_000 }, 12_000)).toBe('gone');
  });

  it('SequenceRandom cycles its values and CountingIdGenerator counts', () => {
    const random = new SequenceRandom([0.1, 0.2]);
    expect([random.next(), random.next(), random.next()]).toEqual([0.1, 0.2, 0.1]);
    const ids = new CountingIdGenerator('ev-');
    expect([ids.next(), ids.next()]).toEqual(['ev-1', 'ev-2']);
  });
});

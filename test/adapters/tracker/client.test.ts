import { MemoryMessageSource } from '../../../src/adapters/memory/memory-message-source';
import { SimulatedClock } from '../../../src/adapters/memory/simulated-clock';
import { LogLevel, type LogEntry } from '../../../src/domain/tracking/log-buffer';
import { createClientWith } from '../../../src/app/tracker/client';
import { createDirectLine } from '../../../src/app/tracker/direct-line';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { CONSENT_ALL, memoryTrackerDeps } from '../../../src/app/tracker/memory-deps';
import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import type { PushMethods } from '../../../src/app/tracker-types';

const recordingApi = () => {
  const calls: { method: string; data: unknown }[] = [];
  const api = {} as PushMethods;
  for (const method of ['pushInitialPageData', 'pushEcommerceEvent', 'pushCustomEvent', 'pushItemListData', 'pushProductSourceEvent', 'pushLeadData'] as const) {
    api[method] = async (data) => {
      calls.push({ method, data });
    };
  }
  return { api, calls };
};

function setup() {
  const clock = new SimulatedClock();
  const messages = new MemoryMessageSource();
  const logs: Omit<LogEntry, 'time'>[] = [];
  let installed: PushMethods | undefined;
  const deps = { clock, messages, installed: () => installed, log: (level: LogEntry['level'], message: string) => logs.push({ level, message }) };
  return { clock, messages, logs, deps, setInstalled: (api: PushMethods | undefined) => (installed = api) };
}

describe('direct client', () => {
  it('retries every 200 ms while nothing is installed, then pushes with its version and emitter', async () => {
    const { clock, logs, deps, setInstalled } = setup();
    const client = createClientWith({ emitter: 'customer-support-frontend', version: '1.0.1' }, deps);
    let settled = false;
    const push = client.pushCustomEvent({ event_category: 'navigation', event_action: 'click' }).then(() => (settled = true));
    await clock.advanceAsync(199 * 3);
    expect(settled).toBe(false);
    expect(clock.pendingDelays()).toContain(3); // the next try, at 600 ms
    const { api, calls } = recordingApi();
    setInstalled(api);
    await clock.advanceAsync(200);
    await push;
    expect(calls).toEqual([
      {
        method: 'pushCustomEvent',
        data: { event_category: 'navigation', event_action: 'click', cot_client_version: '1.0.1', emitter: 'customer-support-frontend' },
      },
    ]);
    // Waiting for the install is what a push made before it does: nothing to warn about.
    expect(logs).toEqual([]);
  });

  it('pushes made before install by two clients of the page reach the tracker in call order', async () => {
    const { clock, deps, setInstalled } = setup();
    const line = createDirectLine(clock, deps.installed);
    const shop = createClientWith({ emitter: 'shop' }, { ...deps, line });
    const header = createClientWith({ emitter: 'header' }, { ...deps, line });
    const pushes = [shop.pushInitialPageData({ page_type: 'product' })];
    await clock.advanceAsync(60);
    pushes.push(shop.pushEcommerceEvent({ event: 'view_item' }));
    await clock.advanceAsync(60);
    pushes.push(header.pushCustomEvent({ event_name: 'link_click' }));
    await clock.advanceAsync(60);
    pushes.push(shop.pushEcommerceEvent({ event: 'add_to_cart' }));
    const { api, calls } = recordingApi();
    setInstalled(api);
    // Made after install while the others still wait: it goes behind them.
    pushes.push(header.pushCustomEvent({ event_name: 'button_click' }));
    await clock.advanceAsync(200);
    await Promise.all(pushes);
    expect(calls.map(({ data }) => (data as { event?: string; event_name?: string; page_type?: string }))).toMatchObject([
      { page_type: 'product', emitter: 'shop' },
      { event: 'view_item' },
      { event_name: 'link_click', emitter: 'header' },
      { event: 'add_to_cart' },
      { event_name: 'button_click' },
    ]);
  });

  it('a push made before install sends the data as it was at the call, when the page changes its object right after', async () => {
    const { clock, deps, setInstalled } = setup();
    const client = createClientWith({ emitter: 'shop' }, deps);
    const data = { page_type: 'content', page_name: 'first', details: { step: 1 } };
    const pushes = [client.pushInitialPageData(data)];
    data.page_name = 'second';
    data.details.step = 2;
    pushes.push(client.pushInitialPageData(data));
    data.page_name = 'third';
    data.details.step = 3;
    const { api, calls } = recordingApi();
    setInstalled(api);
    await clock.advanceAsync(200);
    await Promise.all(pushes);
    expect(calls.map(({ data: sent }) => sent)).toMatchObject([
      { page_name: 'first', details: { step: 1 } },
      { page_name: 'second', details: { step: 2 } },
    ]);
  });

  it('gives up after 100 retries of 200 ms, rejecting with the spec text and logging the push\'s failure with it then', async () => {
    const { clock, deps, logs } = setup();
    const client = createClientWith({ emitter: 'page' }, deps);
    let outcome = 'pending';
    client.pushLeadData({ lead_id: 'L1' }).then(
      () => (outcome = 'resolved'),
      (error: Error) => (outcome = error.message),
    );
    await clock.advanceAsync(200 * 99);
    expect(outcome).toBe('pending');
    expect(logs).toEqual([]);
    await clock.advanceAsync(200);
    expect(outcome).toBe("CollectOnTrackApi hasn't been installed.");
    expect(logs.map((l) => [l.level, l.message])).toEqual([[LogLevel.error, "pushLeadData has been executed with errors: CollectOnTrackApi hasn't been installed."]]);
  });

  it('works without options (saying it has no emitter), and warns about a mode that is neither direct nor events (direct is used)', async () => {
    const { clock, deps, setInstalled, logs } = setup();
    const { api, calls } = recordingApi();
    setInstalled(api);
    await createClientWith(undefined, deps).pushCustomEvent({ event_name: 'link_click' });
    await createClientWith({ emitter: 'x', mode: 'evnts' as 'events' }, deps).pushCustomEvent({ event_name: 'link_click' });
    await clock.advanceAsync(1);
    expect(calls).toHaveLength(2);
    expect(logs.map((l) => l.message)).toEqual([
      'The client has no emitter option: each push sends the emitter its data carries.',
      `The client option mode "evnts" is not 'direct' or 'events'; 'direct' is used.`,
    ]);
  });

  it("names a plain script's likeliest mistakes: options that are no object, a misspelt key, an emitter that is no name, a version that is none; the pushes go on", async () => {
    const { clock, deps, setInstalled, logs } = setup();
    const { api, calls } = recordingApi();
    setInstalled(api);
    const clients = [
      createClientWith('my-page' as never, deps),
      createClientWith({ emiter: 'typo' } as never, deps),
      createClientWith({ emitter: { name: 'x' } } as never, deps),
      createClientWith({ emitter: '   ', version: '  ' }, deps),
      createClientWith({ emitter: 'shop', version: '1.0.0' }, deps),
      createClientWith({ emitter: 'shop', version: {} } as never, deps),
      createClientWith({ emitter: 'shop', version: 2 }, deps),
      createClientWith({ emitter: 'shop', version: '\u200b' }, deps),
    ];
    for (const client of clients) await client.pushCustomEvent({ event_name: 'link_click', emitter: 'from-data' });
    await clock.advanceAsync(1);
    expect(calls.map((call) => (call.data as { emitter?: unknown }).emitter)).toEqual(['from-data', 'from-data', 'from-data', 'from-data', 'shop', 'shop', 'shop', 'shop']);
    // A blank version, or one that is no text or number, is none: the library's is sent.
    expect(calls.map((call) => (call.data as { cot_client_version?: unknown }).cot_client_version)).toEqual(['5.3.0', '5.3.0', '5.3.0', '5.3.0', '1.0.0', '5.3.0', '2', '5.3.0']);
    expect(logs.map((l) => [l.level, l.message])).toEqual([
      [LogLevel.warn, 'The client options "my-page" are not an object: every option keeps its default.'],
      [LogLevel.warn, 'The client option "emiter" is unknown and is ignored.'],
      [LogLevel.warn, 'The client has no emitter option: each push sends the emitter its data carries.'],
      [LogLevel.warn, 'The client option emitter "[object Object]" is not a name: each push sends the emitter its data carries.'],
      [LogLevel.warn, 'The client option emitter "   " is not a name: each push sends the emitter its data carries.'],
      [LogLevel.warn, `The client option version "  " is not a version (a text with a visible character, or a number): the library's client version 5.3.0 is sent.`],
      [LogLevel.warn, `The client option version "[object Object]" is not a version (a text with a visible character, or a number): the library's client version 5.3.0 is sent.`],
      [LogLevel.warn, `The client option version "\u200b" is not a version (a text with a visible character, or a number): the library's client version 5.3.0 is sent.`],
    ]);
  });

  it('rejects with the tracker\'s own cause when the installed push fails, without retrying', async () => {
    const { clock, deps, setInstalled } = setup();
    let calls = 0;
    const failing = recordingApi().api;
    failing.pushEcommerceEvent = async () => {
      calls += 1;
      throw new Error('pushEcommerceEvent has been executed with errors: boom');
    };
    setInstalled(failing);
    const client = createClientWith({ emitter: 'page' }, deps);
    await expect(client.pushEcommerceEvent({ event: 'view_item' })).rejects.toThrow('pushEcommerceEvent has been executed with errors: boom');
    expect(calls).toBe(1);
    expect(clock.pending).toBe(0);
  });

  it('data that is not a record reaches the tracker as it is, which refuses it; an emitter in the data stays when the client has none', async () => {
    const { deps } = setup();
    const trackerDeps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }) });
    const { dataLayer } = trackerDeps;
    const tracker = createTracker(trackerDeps, { site: 'DE', exactag: false });
    const client = createClientWith(undefined, { ...deps, installed: () => tracker.api });
    for (const data of [undefined, null, 'home', ['home']]) {
      await expect(client.pushInitialPageData(data as never)).rejects.toThrow('Page data must be an object.');
    }
    await expect(client.pushLeadData(5 as never)).rejects.toThrow('must be an object.');
    expect(dataLayer.plainEntries()).toEqual([]);

    const { api, calls } = recordingApi();
    await createClientWith(undefined, { ...deps, installed: () => api }).pushCustomEvent({ event_name: 'link_click', emitter: 'shop-header' });
    expect(calls[0]?.data).toMatchObject({ emitter: 'shop-header' });
  });

  it('data that throws when read reaches the tracker, which refuses it in its own words and logs the failure', async () => {
    const { deps } = setup();
    const tracker = createTracker(memoryTrackerDeps(), { site: 'DE', exactag: false });
    const client = createClientWith({ emitter: 'shop' }, { ...deps, installed: () => tracker.api });
    const getter = { event_category: 'navigation', event_action: 'click', get event_label(): string { throw new Error('getter boom'); } };
    await expect(client.pushCustomEvent(getter)).rejects.toThrow('The CustomEventData could not be validated: getter boom');
    expect(tracker.api.getLogs().map((entry) => entry.message)).toContain(
      'pushCustomEvent has been executed with errors: The CustomEventData could not be validated: getter boom',
    );
  });

  it('outside a browser every push fails with the spec text, and logs it as a failed push (a server render that forgot the catch)', async () => {
    const { deps, logs } = setup();
    const client = createClientWith({ emitter: 'page' }, { ...deps, browserOnly: true });
    await expect(client.pushInitialPageData({})).rejects.toThrow('This method can only be run in a browser environment');
    expect(logs).toEqual([{ level: LogLevel.error, message: 'pushInitialPageData has been executed with errors: This method can only be run in a browser environment' }]);
  });
});

describe('events client', () => {
  it('posts the exact JSON string { event_name, message, emitter } to the parent window', async () => {
    const { messages, deps } = setup();
    const client = createClientWith({ mode: 'events', emitter: 'customer-support-frontend', version: '1.0.1' }, deps);
    await client.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '123456789' }] } });
    await client.pushInitialPageData({ page_type: 'content' });
    expect(messages.posted).toEqual([
      '{"event_name":"EcommerceEventData","message":{"event":"view_item","ecommerce":{"items":[{"item_id":"123456789"}]},"cot_client_version":"1.0.1","emitter":"customer-support-frontend"},"emitter":"customer-support-frontend"}',
      '{"event_name":"InitialPageData","message":{"page_type":"content","cot_client_version":"1.0.1","emitter":"customer-support-frontend"},"emitter":"customer-support-frontend"}',
    ]);
  });

  it('posts nothing and rejects as the tracker would for data that is not a record (the parent would ignore it)', async () => {
    const { messages, deps } = setup();
    const client = createClientWith({ mode: 'events', emitter: 'shop' }, deps);
    await expect(client.pushInitialPageData(undefined as never)).rejects.toThrow('Page data must be an object.');
    await expect(client.pushLeadData('L1' as never)).rejects.toThrow('LeadData must be an object.');
    expect(messages.posted).toEqual([]);
  });

  it('logs each refusal as a push would, and names data JSON cannot write (a cycle, a BigInt, a throwing getter)', async () => {
    const { messages, logs, deps } = setup();
    const client = createClientWith({ mode: 'events', emitter: 'shop' }, deps);
    const cycle: Record<string, unknown> = { event_category: 'a', event_action: 'b' };
    cycle.self = cycle;
    const getter = { event_category: 'a', get event_action(): string { throw new Error('getter boom'); } };
    await expect(client.pushCustomEvent(cycle)).rejects.toThrow(/^The CustomEventData could not be written as a window message: .*circular/);
    await expect(client.pushCustomEvent({ event_category: 'a', event_action: 'b', big: 5n })).rejects.toThrow(/^The CustomEventData could not be written as a window message: .*BigInt/);
    await expect(client.pushCustomEvent(getter)).rejects.toThrow('The CustomEventData could not be written as a window message: getter boom');
    await expect(client.pushInitialPageData(null as never)).rejects.toThrow('Page data must be an object.');
    expect(messages.posted).toEqual([]);
    const written = 'pushCustomEvent has been executed with errors: The CustomEventData could not be written as a window message:';
    expect(logs.map((entry) => entry.level)).toEqual([LogLevel.error, LogLevel.error, LogLevel.error, LogLevel.error]);
    expect(logs.map((entry) => entry.message)).toEqual([
      expect.stringMatching(new RegExp(`^${written} .*circular`, 's')),
      expect.stringMatching(new RegExp(`^${written} .*BigInt`)),
      `${written} getter boom`,
      'pushInitialPageData has been executed with errors: Page data must be an object.',
    ]);
  });

  it('posts to any parent by default, and only to the given parent origin with targetOrigin', async () => {
    const { messages, deps } = setup();
    await createClientWith({ mode: 'events', emitter: 'shop' }, deps).pushLeadData({ lead_id: 'L1' });
    await createClientWith({ mode: 'events', emitter: 'shop', targetOrigin: 'https://www.kaffeeshop.de/' }, deps).pushLeadData({ lead_id: 'L2' });
    expect(messages.targetOrigins).toEqual(['*', 'https://www.kaffeeshop.de']);
  });

  it('posts nothing, rejects each push and warns when targetOrigin is not an origin', async () => {
    const { messages, logs, deps } = setup();
    const client = createClientWith({ mode: 'events', emitter: 'shop', targetOrigin: 'www.kaffeeshop.de' }, deps);
    const text = `The client option targetOrigin "www.kaffeeshop.de" is not an origin (like https://www.example.com) or '*'; nothing is posted.`;
    expect(logs).toEqual([{ level: LogLevel.warn, message: text }]);
    await expect(client.pushLeadData({ lead_id: 'L1' })).rejects.toThrow(text);
    await expect(client.pushCustomEvent({ event_category: 'a', event_action: 'b' })).rejects.toThrow(text);
    expect(messages.posted).toEqual([]);
  });

  it("logs a refused events-mode push with the refused data, as the tracker's failure line does, not an error with the library's stack", async () => {
    const { deps } = setup();
    const lines: unknown[][] = [];
    const client = createClientWith({ mode: 'events', emitter: 'shop', targetOrigin: 'www.kaffeeshop.de' }, { ...deps, log: (...line: unknown[]) => lines.push(line) });
    await expect(client.pushLeadData({ lead_id: 'L1' })).rejects.toThrow();
    expect(lines.at(-1)).toEqual([
      LogLevel.error,
      `pushLeadData has been executed with errors: The client option targetOrigin "www.kaffeeshop.de" is not an origin (like https://www.example.com) or '*'; nothing is posted.`,
      { lead_id: 'L1' },
    ]);
  });

  it('warns once when the page is not in a frame: its events reach only a tracker on the page that listens', async () => {
    const { messages, logs, deps } = setup();
    messages.framed = false;
    const client = createClientWith({ mode: 'events', emitter: 'shop' }, deps);
    await client.pushLeadData({ lead_id: 'L1' });
    await client.pushLeadData({ lead_id: 'L2' });
    expect(logs).toEqual([
      {
        level: LogLevel.warn,
        message:
          "The client's events mode posts to the parent window, but this page is not in a frame: its events reach only a tracker installed on this page with listeners: true.",
      },
    ]);
    expect(messages.posted).toHaveLength(2);
    createClientWith({ mode: 'direct', emitter: 'shop' }, deps);
    expect(logs).toHaveLength(1);
  });

  it('uses the library\'s client version 5.3.0 when none is given', async () => {
    const { messages, deps } = setup();
    await createClientWith({ mode: 'events', emitter: 'shop' }, deps).pushLeadData({ lead_id: 'L1' });
    expect(JSON.parse(messages.posted[0] ?? '{}')).toEqual({
      event_name: 'LeadData',
      message: { lead_id: 'L1', cot_client_version: '5.3.0', emitter: 'shop' },
      emitter: 'shop',
    });
  });

  it('uses the library\'s client version for one that is no text (empty, NaN), and no emitter for NaN or Infinity', async () => {
    const { messages, deps } = setup();
    await createClientWith({ mode: 'events', emitter: Number.NaN, version: '' } as never, deps).pushLeadData({ lead_id: 'L1' });
    await createClientWith({ mode: 'events', emitter: 'shop', version: Number.POSITIVE_INFINITY } as never, deps).pushLeadData({ lead_id: 'L2' });
    expect(messages.posted.map((posted) => JSON.parse(posted) as unknown)).toEqual([
      { event_name: 'LeadData', message: { lead_id: 'L1', cot_client_version: '5.3.0' } },
      { event_name: 'LeadData', message: { lead_id: 'L2', cot_client_version: '5.3.0', emitter: 'shop' }, emitter: 'shop' },
    ]);
  });

  it('never throws at the page for options that have no text (a null-prototype object, a list nested thousands deep)', async () => {
    const { messages, logs, deps } = setup();
    let deep: unknown = [];
    for (let depth = 0; depth < 10_000; depth += 1) deep = [deep];
    createClientWith({ mode: Object.create(null), emitter: 'shop' } as never, deps);
    const client = createClientWith({ mode: 'events', emitter: 'shop', targetOrigin: deep } as never, deps);
    expect(logs.map((entry) => entry.message)).toEqual([
      "The client option mode \"object\" is not 'direct' or 'events'; 'direct' is used.",
      "The client option targetOrigin \"object\" is not an origin (like https://www.example.com) or '*'; nothing is posted.",
    ]);
    await expect(client.pushLeadData({ lead_id: 'L1' })).rejects.toThrow('is not an origin');
    expect(messages.posted).toEqual([]);
  });
});

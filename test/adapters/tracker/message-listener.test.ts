import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MemoryMessageSource } from '../../../src/adapters/memory/memory-message-source';
import type { LogEntry } from '../../../src/domain/tracking/log-buffer';
import { listenForMessages } from '../../../src/app/tracker/message-listener';

const SHOP = 'https://www.kaffeeshop.de';

function setup(origins: string[] = [SHOP]) {
  const source = new MemoryMessageSource();
  const pushes: { method: string; data: unknown }[] = [];
  const logs: Omit<LogEntry, 'time'>[] = [];
  let resets = 0;
  const stop = listenForMessages(
    source,
    origins,
    {
      push: async (method, data) => {
        pushes.push({ method, data });
      },
      reset: async () => {
        resets += 1;
      },
    },
    (level, message) => logs.push({ level, message }),
  );
  return { source, pushes, logs, resets: () => resets, stop };
}

const message = (event_name: string, body: Record<string, unknown> = { page_type: 'content' }) =>
  JSON.stringify({ event_name, message: body, emitter: 'checkout' });

describe('window message listener', () => {
  it('hands each message kind to its push method, with the emitter on the data', () => {
    const { source, pushes } = setup();
    const kinds = ['InitialPageData', 'CustomEventData', 'ProductSourceEventData', 'EcommerceEventData', 'ItemListData', 'LeadData'];
    for (const kind of kinds) source.emit({ origin: SHOP, data: message(kind) });
    expect(pushes.map((p) => p.method)).toEqual([
      'pushInitialPageData',
      'pushCustomEvent',
      'pushProductSourceEvent',
      'pushEcommerceEvent',
      'pushItemListData',
      'pushLeadData',
    ]);
    expect(pushes[0]?.data).toEqual({ page_type: 'content', emitter: 'checkout' });
  });

  it("takes a number as emitter as its text (as a client's option), and names an emitter that is no name once", () => {
    const { source, pushes, logs } = setup();
    source.emit({ origin: SHOP, data: JSON.stringify({ event_name: 'CustomEventData', message: { event_action: 'a' }, emitter: 42 }) });
    for (const emitter of [{ name: 'w' }, { name: 'w' }, '  ']) {
      source.emit({ origin: SHOP, data: JSON.stringify({ event_name: 'CustomEventData', message: { event_action: 'b' }, emitter }) });
    }
    expect(pushes.map((push) => push.data)).toEqual([
      { event_action: 'a', emitter: '42' },
      { event_action: 'b' },
      { event_action: 'b' },
      { event_action: 'b' },
    ]);
    expect(logs.map((entry) => entry.message)).toEqual([
      'The message\'s emitter {"name":"w"} is not a name (a text or a number): the data is tracked with the emitter it carries.',
      'The message\'s emitter "  " is not a name (a text or a number): the data is tracked with the emitter it carries.',
    ]);
  });

  it('ignores messages from origins that are not allowed, naming each such origin once', () => {
    const { source, pushes, logs } = setup();
    source.emit({ origin: 'https://evil.example', data: message('InitialPageData') });
    source.emit({ origin: 'https://evil.example', data: message('CustomEventData') });
    source.emit({ origin: 'http://www.kaffeeshop.de', data: message('Unknown') });
    source.emit({ origin: 'https://other.example', data: 'not a library message' });
    source.emit({ origin: 'null', data: message('InitialPageData') });
    expect(pushes).toEqual([]);
    expect(logs.map((entry) => entry.message)).toEqual([
      'Messages from https://evil.example are ignored: the origin is not in the install option allowedOrigins.',
      'Messages from http://www.kaffeeshop.de are ignored: the origin is not in the install option allowedOrigins.',
      'Messages from origin null (a frame sandboxed without allow-same-origin, or a file or data URL) are ignored: such a frame needs allow-same-origin to be tracked.',
    ]);
  });

  it('ignores anything that is not a JSON string with event_name and message, naming once each one from an allowed origin that names event_name', () => {
    const { source, pushes, logs } = setup();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const ignored: unknown[] = [
      { event_name: 'InitialPageData', message: {} },
      'not json',
      '{"event_name":"CustomEventData","message":{"event_category":"x"',
      '{"event_name":"InitialPageData"}',
      '{"message":{}}',
      '[1,2]',
      'null',
      '{"event_name":42,"message":{}}',
      { type: 'resize', height: 300 },
      { event_name: 'InitialPageData', message: {} },
      { event_name: 10n, message: {} },
      { event_name: circular, message: {} },
    ];
    for (const data of ignored) source.emit({ origin: SHOP, data });
    // Another origin's near misses are its own business.
    source.emit({ origin: 'https://widget.example', data: { event_name: 'InitialPageData', message: {} } });
    expect(pushes).toEqual([]);
    expect(logs).toEqual([
      {
        level: 5,
        message: 'Window message "InitialPageData" is an object and is ignored: the library takes JSON texts, JSON.stringify({ event_name, message }).',
      },
      {
        level: 5,
        message: 'A window message naming event_name is not valid JSON and is ignored: {"event_name":"CustomEventData","message":{"event_category":"x"',
      },
      { level: 5, message: 'Window message "InitialPageData" has no message and is ignored.' },
      { level: 5, message: 'A window message whose event_name is not a text (42) is ignored.' },
      { level: 5, message: 'A window message whose event_name is not a text (bigint) is ignored.' },
      { level: 5, message: 'A window message whose event_name is not a text (object) is ignored.' },
    ]);
  });

  it('ignores a message whose message is not an object (null, a JSON text in JSON, a list, a number), naming each once, and pushes nothing', () => {
    const { source, pushes, logs, resets } = setup();
    const posted = [
      '{"event_name":"CustomEventData","message":null}',
      '{"event_name":"CustomEventData","message":null}',
      '{"event_name":"CustomEventData","message":"{\\"event_category\\":\\"x\\"}"}',
      '{"event_name":"InitialPageData","message":[1]}',
      '{"event_name":"ProductSourceEventData","message":123456789}',
    ];
    for (const data of posted) source.emit({ origin: SHOP, data });
    expect([pushes, resets()]).toEqual([[], 0]);
    expect(logs).toEqual([
      { level: 5, message: 'Window message "CustomEventData" has no message and is ignored.' },
      { level: 5, message: 'Window message "CustomEventData" has a message that is not an object ("{\\"event_category\\":\\"x\\"}") and is ignored.' },
      { level: 5, message: 'Window message "InitialPageData" has a message that is not an object ([1]) and is ignored.' },
      { level: 5, message: 'Window message "ProductSourceEventData" has a message that is not an object (123456789) and is ignored.' },
    ]);
  });

  it('resets on a Reset message whatever its message holds (it carries no data: null, a text), but not without one', () => {
    const { source, logs, resets } = setup();
    for (const message of [null, 'logout', [], {}]) source.emit({ origin: SHOP, data: JSON.stringify({ event_name: 'Reset', message, emitter: 'account' }) });
    expect([resets(), logs]).toEqual([4, []]);
    source.emit({ origin: SHOP, data: '{"event_name":"Reset"}' });
    expect([resets(), logs]).toEqual([4, [{ level: 5, message: 'Window message "Reset" has no message and is ignored.' }]]);
  });

  it('warns about an unknown event_name and pushes nothing', () => {
    const { source, pushes, logs } = setup();
    source.emit({ origin: SHOP, data: message('PageViewData') });
    expect(pushes).toEqual([]);
    expect(logs).toEqual([{ level: 5, message: 'Unknown message event_name "PageViewData" is ignored.' }]);
  });

  it('resets on a Reset message', () => {
    const { source, resets, pushes } = setup();
    source.emit({ origin: SHOP, data: JSON.stringify({ event_name: 'Reset', message: {} }) });
    expect(resets()).toBe(1);
    expect(pushes).toEqual([]);
  });

  it('stops listening when unsubscribed', () => {
    const { source, pushes, stop } = setup();
    stop();
    source.emit({ origin: SHOP, data: message('InitialPageData') });
    expect(pushes).toEqual([]);
    expect(source.listenerCount).toBe(0);
  });

  it("takes the README's example of a message a frame posts itself", () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const example = /```js\n(parent\.postMessage\([\s\S]*?)```/.exec(readme)?.[1];
    expect(example, 'the README has a js block starting with parent.postMessage(').toBeDefined();
    const posted: { data: unknown; origin: unknown }[] = [];
    const parent = { postMessage: (data: unknown, origin: unknown) => posted.push({ data, origin }) };
    new Function('parent', example as string)(parent);
    const { source, pushes, logs } = setup(['https://www.kaffeeshop.de']);
    for (const { data } of posted) source.emit({ origin: 'https://www.kaffeeshop.de', data });
    expect(posted.map(({ origin }) => origin)).toEqual(['https://www.kaffeeshop.de']);
    expect(pushes).toEqual([
      { method: 'pushCustomEvent', data: { event_category: 'navigation', event_action: 'click', event_label: 'logo', emitter: 'my-widget' } },
    ]);
    expect(logs).toEqual([]);
  });
});

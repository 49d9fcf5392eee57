import { AppBridgeDestination } from '../../src/adapters/browser/app-bridge-destination';
import {
  APP_TRACKING_LIST_GLOBAL,
  AppBridgeTexts,
  NATIVE_BRIDGE_GLOBAL,
  NativeAppBridge,
} from '../../src/adapters/browser/native-app-bridge';
import { MemoryAppBridge } from '../../src/adapters/memory/memory-app-bridge';
import { MemoryLogger } from '../../src/adapters/memory/memory-logger';

type Win = Record<string, unknown>;
const win = window as unknown as Win;

afterEach(() => {
  delete win[NATIVE_BRIDGE_GLOBAL];
  delete win[APP_TRACKING_LIST_GLOBAL];
});

describe('NativeAppBridge', () => {
  it('meets the native app under the names its web views use (the app reads them, not this code)', () => {
    expect([NATIVE_BRIDGE_GLOBAL, APP_TRACKING_LIST_GLOBAL]).toEqual(['CollectOnTrackAppBridge', 'collectOnTrackAppTrackingList']);
  });

  it('hands each event to sendTrackingEvent as JSON when the native bridge exists', () => {
    const received: string[] = [];
    win[NATIVE_BRIDGE_GLOBAL] = { sendTrackingEvent: (json: string) => received.push(json) };
    const bridge = new NativeAppBridge();
    expect(bridge.isAvailable()).toBe(true);
    bridge.send({ event_name: 'pageview', page_type: 'home' });
    bridge.send({ event_name: 'add_to_cart', items: [{ item_id: '1' }] });
    expect(received.map((json) => JSON.parse(json))).toEqual([
      { event_name: 'pageview', page_type: 'home' },
      { event_name: 'add_to_cart', items: [{ item_id: '1' }] },
    ]);
    expect(win[APP_TRACKING_LIST_GLOBAL]).toBeUndefined();
  });

  it.each([
    // The app has not injected it yet: no word.
    ['without the native bridge', undefined, []],
    // A misspelt method, another bridge's shape: named once.
    ['with an object without sendTrackingEvent in its place', { postMessage: () => undefined }, [AppBridgeTexts.bridgeWithoutFunction]],
  ])('appends to the app tracking list, created when missing, %s', (_case, injected, warnings) => {
    if (injected) win[NATIVE_BRIDGE_GLOBAL] = injected;
    const logger = new MemoryLogger();
    const bridge = new NativeAppBridge(() => window, logger);
    expect(bridge.isAvailable()).toBe(false);
    bridge.send({ event_name: 'pageview' });
    bridge.send({ event_name: 'lead' });
    expect(win[APP_TRACKING_LIST_GLOBAL]).toEqual([{ event_name: 'pageview' }, { event_name: 'lead' }]);
    expect(logger.messages()).toEqual(warnings);
    expect(AppBridgeTexts.bridgeWithoutFunction).toBe(
      'window.CollectOnTrackAppBridge has no sendTrackingEvent function: events wait in window.collectOnTrackAppTrackingList.',
    );
  });

  it('keeps events already in the app tracking list', () => {
    win[APP_TRACKING_LIST_GLOBAL] = [{ event_name: 'earlier' }];
    new NativeAppBridge().send({ event_name: 'later' });
    expect(win[APP_TRACKING_LIST_GLOBAL]).toEqual([{ event_name: 'earlier' }, { event_name: 'later' }]);
  });

  it('hands the events queued in the list to the bridge first, in order, once the app has injected it (spec §7.9: queued)', () => {
    const bridge = new NativeAppBridge();
    bridge.send({ event_name: 'pageview' });
    bridge.send({ event_name: 'button_click', click_type: 'one' });
    const received: string[] = [];
    win[NATIVE_BRIDGE_GLOBAL] = { sendTrackingEvent: (json: string) => received.push(json) };
    bridge.send({ event_name: 'button_click', click_type: 'two' });
    expect(received.map((json) => JSON.parse(json))).toEqual([
      { event_name: 'pageview' },
      { event_name: 'button_click', click_type: 'one' },
      { event_name: 'button_click', click_type: 'two' },
    ]);
    expect(win[APP_TRACKING_LIST_GLOBAL]).toEqual([]);
  });

  it('keeps a queued event the bridge refuses at the front of the list, and still hands over the new one', () => {
    win[APP_TRACKING_LIST_GLOBAL] = [{ event_name: 'first' }, { event_name: 'poison' }, { event_name: 'third' }];
    const received: string[] = [];
    win[NATIVE_BRIDGE_GLOBAL] = {
      sendTrackingEvent: (json: string) => {
        if (json.includes('poison')) throw new Error('payload refused');
        received.push(json);
      },
    };
    const logger = new MemoryLogger();
    const bridge = new NativeAppBridge(() => window, logger);
    bridge.send({ event_name: 'fourth' });
    bridge.send({ event_name: 'fifth' });
    expect(received.map((json) => JSON.parse(json).event_name)).toEqual(['first', 'fourth', 'fifth']);
    expect(win[APP_TRACKING_LIST_GLOBAL]).toEqual([{ event_name: 'poison' }, { event_name: 'third' }]);
    expect(logger.messages()).toEqual([AppBridgeTexts.bridgeFailed, AppBridgeTexts.bridgeFailed]);
  });

  it('goes on from where it stopped once a bridge that failed for a while takes events again', () => {
    win[APP_TRACKING_LIST_GLOBAL] = [{ event_name: 'first' }, { event_name: 'second' }];
    let busy = true;
    const received: string[] = [];
    win[NATIVE_BRIDGE_GLOBAL] = {
      sendTrackingEvent: (json: string) => {
        if (busy) throw new Error('bridge busy');
        received.push(json);
      },
    };
    const bridge = new NativeAppBridge(() => window, new MemoryLogger());
    bridge.send({ event_name: 'third' });
    busy = false;
    bridge.send({ event_name: 'fourth' });
    expect(received.map((json) => JSON.parse(json).event_name)).toEqual(['first', 'second', 'third', 'fourth']);
    expect(win[APP_TRACKING_LIST_GLOBAL]).toEqual([]);
  });

  it('keeps the event in the list and logs when the native bridge throws', () => {
    win[NATIVE_BRIDGE_GLOBAL] = {
      sendTrackingEvent: () => {
        throw new Error('bridge gone');
      },
    };
    const logger = new MemoryLogger();
    new NativeAppBridge(() => window, logger).send({ event_name: 'pageview' });
    expect(win[APP_TRACKING_LIST_GLOBAL]).toEqual([{ event_name: 'pageview' }]);
    expect(logger.messages()).toEqual([AppBridgeTexts.bridgeFailed]);
  });

  it.each([
    ['a getter for the bridge', (w: Win) => Object.defineProperty(w, NATIVE_BRIDGE_GLOBAL, { configurable: true, get: () => { throw new Error('getter boom'); } })],
    ['a proxy whose reads throw', (w: Win) => (w[NATIVE_BRIDGE_GLOBAL] = new Proxy({}, { get: () => { throw new Error('proxy boom'); } }))],
  ])('keeps the event in the list and logs when reading the bridge throws (%s)', (_case, inject) => {
    inject(win);
    const logger = new MemoryLogger();
    const bridge = new NativeAppBridge(() => window, logger);
    expect(() => bridge.send({ event_name: 'pageview' })).not.toThrow();
    expect(win[APP_TRACKING_LIST_GLOBAL]).toEqual([{ event_name: 'pageview' }]);
    expect(logger.messages()).toEqual([AppBridgeTexts.bridgeFailed]);
  });

  it("keeps an event in the list and logs when the bridge answers with a promise that rejects (a web view's reply handler)", async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const received: string[] = [];
      win[NATIVE_BRIDGE_GLOBAL] = {
        sendTrackingEvent: async (json: string) => {
          received.push(json);
          if (json.includes('refused')) throw new Error('handler replied error');
        },
      };
      const logger = new MemoryLogger();
      const bridge = new NativeAppBridge(() => window, logger);
      bridge.send({ event_name: 'pageview' });
      bridge.send({ event_name: 'refused' });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(received.map((json) => JSON.parse(json).event_name)).toEqual(['pageview', 'refused']);
      expect(win[APP_TRACKING_LIST_GLOBAL]).toEqual([{ event_name: 'refused' }]);
      expect(logger.messages()).toEqual([AppBridgeTexts.bridgeFailed]);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('puts events refused by promises back in the order they were sent, whichever rejects first', async () => {
    const received: string[] = [];
    win[NATIVE_BRIDGE_GLOBAL] = {
      sendTrackingEvent: (json: string) => {
        const { event_name: name } = JSON.parse(json) as { event_name: string };
        received.push(name);
        if (name === 'r1' || name === 'r2') return new Promise((_, reject) => setTimeout(() => reject(new Error('busy')), 5));
        if (name === 't1') return { then: () => { throw new Error('reply failed'); } };
        return Promise.resolve();
      },
    };
    const bridge = new NativeAppBridge(() => window, new MemoryLogger());
    for (const name of ['ok1', 'r1', 'r2', 'ok2', 't1', 'ok3']) bridge.send({ event_name: name });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(win[APP_TRACKING_LIST_GLOBAL]).toEqual([{ event_name: 'r1' }, { event_name: 'r2' }, { event_name: 't1' }]);
    received.length = 0;
    bridge.send({ event_name: 'final' });
    expect(received).toEqual(['r1', 'r2', 't1', 'final']);
  });
});

describe('AppBridgeDestination', () => {
  it('is named appBridge and delivers payloads in order', async () => {
    const bridge = new MemoryAppBridge(true);
    const destination = new AppBridgeDestination(bridge);
    expect(destination.name).toBe('appBridge');
    await destination.track({ event_name: 'a' });
    await destination.track({ event_name: 'b' });
    expect(bridge.sent).toEqual([{ event_name: 'a' }, { event_name: 'b' }]);
  });

  it('rejects when the bridge throws', async () => {
    const destination = new AppBridgeDestination({
      isAvailable: () => true,
      send: () => {
        throw new Error('no');
      },
    });
    await expect(destination.track({ event_name: 'a' })).rejects.toThrow('no');
  });
});

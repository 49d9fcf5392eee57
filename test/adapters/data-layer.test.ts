import { DataLayerDestination, TAG_EXECUTED_TIMEOUT_MS } from '../../src/adapters/browser/data-layer-destination';
import { WindowDataLayer } from '../../src/adapters/browser/window-data-layer';
import { MemoryDataLayer } from '../../src/adapters/memory/memory-data-layer';
import { SimulatedClock, flush } from '../../src/adapters/memory/simulated-clock';
import { groupsFromDataLayerEntry } from '../../src/domain/tracking/consent-groups';
import { LogLevel, type LogEntry } from '../../src/domain/tracking/log-buffer';
import type { DataLayerEntry } from '../../src/ports/data-layer';
import { MemoryCookieJar } from '../../src/adapters/memory/memory-cookie-jar';
import { createTracker } from '../../src/app/tracker/create-tracker';
import { memoryTrackerDeps } from '../../src/app/tracker/memory-deps';

type Win = Window & { dataLayer?: unknown };
const win = window as Win;
const layer = () => win.dataLayer as DataLayerEntry[];
const withoutCallbacks = (entries: DataLayerEntry[]) =>
  entries.map(({ eventCallback: _c, eventTimeout: _t, ...rest }) => rest);

afterEach(() => {
  delete win.dataLayer;
});

describe('WindowDataLayer', () => {
  it('creates window.dataLayer when missing and pushes to it', () => {
    new WindowDataLayer().push({ event: 'pageview' });
    expect(layer()).toEqual([{ event: 'pageview' }]);
  });

  it("keeps its every-second read of the data layer out of an Angular app's zone, which would never be stable", () => {
    let inRootZone = false;
    const started: boolean[] = [];
    const zone = {
      root: {
        run<T>(callback: () => T): T {
          inRootZone = true;
          try {
            return callback();
          } finally {
            inRootZone = false;
          }
        },
      },
    };
    const page = {
      dataLayer: [],
      Zone: zone,
      setInterval: () => {
        started.push(inRootZone);
        return 1;
      },
      clearInterval: () => undefined,
    } as unknown as Window;
    const stop = new WindowDataLayer(() => page).subscribe(() => undefined);
    stop();
    expect(started).toEqual([true]);
  });

  it('replays a OneTrustGroupsUpdated pushed before install, then sees later pushes by anyone', () => {
    win.dataLayer = [{ event: 'gtm.js' }, { event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' }];
    const seen: DataLayerEntry[] = [];
    new WindowDataLayer().subscribe((entry) => seen.push(entry));
    layer().push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0004,' });
    expect(seen.map((e) => groupsFromDataLayerEntry(e)).map((g) => g && [...g])).toEqual([
      undefined,
      ['C0001', 'C0003'],
      ['C0001', 'C0004'],
    ]);
  });

  it('with { past: false } skips the entries already there, also when the page then empties the array', () => {
    const before = { event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' };
    win.dataLayer = [{ event: 'gtm.js' }, before];
    const seen: unknown[] = [];
    new WindowDataLayer().subscribe((entry) => seen.push(entry.event), { past: false });
    layer().push({ event: 'later' });
    layer().splice(0, 2);
    layer().push({ event: 'after emptying' });
    expect(seen).toEqual(['later', 'after emptying']);
  });

  it('keeps the current push function running and returns what it returns', () => {
    const calls: unknown[][] = [];
    const array: unknown[] = [];
    array.push = function (...items: unknown[]) {
      calls.push(items);
      return Array.prototype.push.apply(this, items) + 1000;
    };
    win.dataLayer = array;
    const seen: unknown[] = [];
    new WindowDataLayer().subscribe((entry) => seen.push(entry));
    expect(layer().push({ event: 'a' })).toBe(1001);
    expect(calls).toEqual([[{ event: 'a' }]]);
    expect(seen).toEqual([{ event: 'a' }]);
  });

  it('still sees pushes after a tag manager wraps push (chaining to ours)', () => {
    const dl = new WindowDataLayer();
    const seen: unknown[] = [];
    dl.subscribe((entry) => seen.push(entry));
    const ours = layer().push;
    const tagManagerSaw: unknown[] = [];
    layer().push = function (this: DataLayerEntry[], ...items: DataLayerEntry[]) {
      tagManagerSaw.push(...items);
      return ours.apply(this, items);
    };
    layer().push({ event: 'by-page' });
    dl.push({ event: 'by-library' });
    expect(seen).toEqual([{ event: 'by-page' }, { event: 'by-library' }]);
    expect(tagManagerSaw).toEqual([{ event: 'by-page' }, { event: 'by-library' }]);
  });

  it('catches up with entries a non-chaining replacement of push stored, on its next push', () => {
    const dl = new WindowDataLayer();
    const seen: unknown[] = [];
    dl.subscribe((entry) => seen.push(entry));
    layer().push = function (...items: unknown[]) {
      return Array.prototype.push.apply(this, items);
    };
    layer().push({ event: 'unseen-yet' });
    dl.push({ event: 'ours' });
    layer().push({ event: 'after-rewrap' });
    expect(seen).toEqual([{ event: 'unseen-yet' }, { event: 'ours' }, { event: 'after-rewrap' }]);
  });

  it('hears an entry a non-chaining replacement of push stored within a second, with no push of its own (a grant while all waits)', async () => {
    const dl = new WindowDataLayer(undefined, undefined, 50);
    const seen: unknown[] = [];
    const stop = dl.subscribe((entry) => seen.push(entry));
    layer().push = function (...items: unknown[]) {
      return Array.prototype.push.apply(this, items);
    };
    layer().push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' });
    expect(seen).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(seen).toEqual([{ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' }]);
    stop();
    layer().push({ event: 'after-stop' });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(seen).toHaveLength(1);
  });

  it('follows an array the page puts in place of window.dataLayer after install: its entries, later pushes, and ours', () => {
    const dl = new WindowDataLayer();
    const seen: unknown[] = [];
    dl.subscribe((entry) => seen.push(entry));
    dl.push({ event: 'before' });
    win.dataLayer = [{ pageCategory: 'home' }];
    const replaced = layer();
    replaced.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' });
    expect(seen).toEqual([{ event: 'before' }, { pageCategory: 'home' }, { event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' }]);
    dl.push({ event: 'ours' });
    expect(layer()).toBe(replaced);
    expect(replaced).toEqual([{ pageCategory: 'home' }, { event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' }, { event: 'ours' }]);
    expect(seen).toEqual([{ event: 'before' }, ...replaced]);
    // Assigning the same array again (`window.dataLayer = window.dataLayer || []`) reads nothing twice.
    win.dataLayer = win.dataLayer || [];
    expect(seen).toHaveLength(4);
    expect(Object.keys(window)).toContain('dataLayer');
  });

  it('hears what is pushed right after the page empties or shortens the array in place', () => {
    const dl = new WindowDataLayer();
    const seen: unknown[] = [];
    dl.subscribe((entry) => seen.push(entry));
    dl.push({ event: 'pageview' });
    dl.push({ event: 'pageview_ga4' });
    layer().length = 0;
    layer().push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,' });
    expect(seen).toEqual([{ event: 'pageview' }, { event: 'pageview_ga4' }, { event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,' }]);

    layer().push({ event: 'a' }, { event: 'b' }, { event: 'c' });
    layer().splice(1, 2);
    layer().push({ event: 'd' });
    layer().splice(0, layer().length, { event: 'e' });
    layer().push({ event: 'f' });
    expect(seen.slice(3)).toEqual([{ event: 'a' }, { event: 'b' }, { event: 'c' }, { event: 'd' }, { event: 'e' }, { event: 'f' }]);
  });

  it('hears every entry pushed into an array the page emptied in place, however many', () => {
    win.dataLayer = [{ event: 'gtm.js' }];
    const seen: DataLayerEntry[] = [];
    new WindowDataLayer().subscribe((entry) => seen.push(entry));
    layer().length = 0;
    layer().push({ event: 'pageview', page: 2 });
    expect(seen).toEqual([{ event: 'gtm.js' }, { event: 'pageview', page: 2 }]);
    layer().length = 0;
    layer().push({ event: 'a' }, { event: 'b' }, { event: 'c' });
    expect(seen.slice(2)).toEqual([{ event: 'a' }, { event: 'b' }, { event: 'c' }]);
  });

  it('reads an array that gives a new object at every read (a proxy) once per entry, without looping', () => {
    const target: unknown[] = [{ event: 'gtm.js' }];
    win.dataLayer = new Proxy(target, {
      get(array, key, receiver) {
        const value: unknown = Reflect.get(array, key, receiver);
        return typeof key === 'string' && /^\d+$/.test(key) && typeof value === 'object' ? { ...value } : value;
      },
    });
    const seen: DataLayerEntry[] = [];
    const dl = new WindowDataLayer();
    dl.subscribe((entry) => seen.push(entry));
    dl.push({ event: 'pageview' });
    dl.push({ event: 'pageview_ga4' });
    expect(seen).toEqual([{ event: 'gtm.js' }, { event: 'pageview' }, { event: 'pageview_ga4' }]);
  });

  it('reads on past an entry that is not equal to itself (NaN) instead of looping', () => {
    // A proxy keeps Array.isArray true and counts index reads: a runaway loop ends in an error, not a hang.
    let reads = 0;
    win.dataLayer = new Proxy([{ event: 'gtm.js' }, Number.NaN] as unknown[], {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key) && (reads += 1) > 10_000) throw new Error('catch-up is looping');
        return Reflect.get(target, key, receiver);
      },
    });
    const seen: DataLayerEntry[] = [];
    const dl = new WindowDataLayer();
    expect(() => dl.subscribe((entry) => seen.push(entry))).not.toThrow();
    dl.push({ event: 'pageview' });
    expect(seen).toEqual([{ event: 'gtm.js' }, { event: 'pageview' }]);
  });

  it('follows a replaced array whose push a tag manager then replaces without chaining', () => {
    const dl = new WindowDataLayer();
    const seen: unknown[] = [];
    dl.subscribe((entry) => seen.push(entry));
    win.dataLayer = [];
    const tagManagerSaw: unknown[] = [];
    layer().push = function (this: unknown[], ...items: unknown[]) {
      tagManagerSaw.push(...items);
      return Array.prototype.push.apply(this, items);
    };
    layer().push({ event: 'gtm.js' });
    dl.push({ event: 'ours' });
    layer().push({ event: 'later' });
    expect(tagManagerSaw).toEqual([{ event: 'gtm.js' }, { event: 'ours' }, { event: 'later' }]);
    expect(seen).toEqual([{ event: 'gtm.js' }, { event: 'ours' }, { event: 'later' }]);
  });

  it('delivers each entry once and in order when a listener pushes while handling one', () => {
    const dl = new WindowDataLayer();
    const seen: string[] = [];
    dl.subscribe((entry) => {
      seen.push(String(entry.event));
      if (entry.event === 'grant') dl.push({ event: 'released' });
    });
    const other: string[] = [];
    dl.subscribe((entry) => other.push(String(entry.event)));
    layer().push({ event: 'grant' }, { event: 'next' });
    expect(seen).toEqual(['grant', 'next', 'released']);
    expect(other).toEqual(['grant', 'next', 'released']);
    expect(layer().map((e) => e.event)).toEqual(['grant', 'next', 'released']);
  });

  it('stops calling a listener after unsubscribe', () => {
    const dl = new WindowDataLayer();
    const seen: unknown[] = [];
    const stop = dl.subscribe((entry) => seen.push(entry));
    stop();
    dl.push({ event: 'x' });
    expect(seen).toEqual([]);
  });

  it('lets listeners come and go while an entry is being delivered: a removed one hears nothing more, a new one each entry once', () => {
    const dl = new WindowDataLayer();
    const first: string[] = [];
    const second: string[] = [];
    const late: string[] = [];
    let stopSecond = () => undefined as void;
    dl.subscribe((entry) => {
      first.push(String(entry.event));
      if (entry.event === 'a') {
        stopSecond();
        dl.subscribe((seen) => late.push(String(seen.event)));
      }
    });
    stopSecond = dl.subscribe((entry) => second.push(String(entry.event)));
    dl.push({ event: 'a' });
    dl.push({ event: 'b' });
    expect(first).toEqual(['a', 'b']);
    expect(second).toEqual([]);
    expect(late).toEqual(['a', 'b']);
  });
});

describe('DataLayerDestination', () => {
  const ecommerce = (event: string) => ({ event, ecommerce: { currency: 'EUR', value: 1 } });

  it('pushes { ecommerce: null } before every payload with an ecommerce object, keeping the exact order', async () => {
    const clock = new SimulatedClock(0);
    const destination = new DataLayerDestination(new WindowDataLayer(), clock);
    const tracked = [
      { event: 'pageview' },
      { event: 'pageview_ga4' },
      ecommerce('view_item'),
      { event: 'ga4_event', event_name: 'button_click' },
      ecommerce('add_to_cart'),
      { event: 'ecommerce', ecommerce: null },
    ].map((payload) => destination.track(payload));
    expect(withoutCallbacks(layer())).toEqual([
      { event: 'pageview' },
      { event: 'pageview_ga4' },
      { ecommerce: null },
      ecommerce('view_item'),
      { event: 'ga4_event', event_name: 'button_click' },
      { ecommerce: null },
      ecommerce('add_to_cart'),
      { event: 'ecommerce', ecommerce: null },
    ]);
    clock.advance(TAG_EXECUTED_TIMEOUT_MS);
    await Promise.all(tracked);
  });

  it('gives every payload push eventCallback and eventTimeout 1500, the clearing push none', () => {
    const destination = new DataLayerDestination(new WindowDataLayer(), new SimulatedClock(0));
    void destination.track(ecommerce('view_cart'));
    const [clearing, push] = layer();
    expect(clearing).toEqual({ ecommerce: null });
    expect(push?.eventTimeout).toBe(1500);
    expect(typeof push?.eventCallback).toBe('function');
  });

  it('resolves when the tag manager calls eventCallback, and clears its own timer', async () => {
    const clock = new SimulatedClock(0);
    const dataLayer = new MemoryDataLayer();
    const destination = new DataLayerDestination(dataLayer, clock);
    let resolved = false;
    const tracked = destination.track({ event: 'pageview' }).then(() => {
      resolved = true;
    });
    await flush();
    expect(resolved).toBe(false);
    expect(clock.pending).toBe(1);
    expect(dataLayer.runTags()).toBe(1);
    await tracked;
    expect(resolved).toBe(true);
    expect(clock.pending).toBe(0);
  });

  it('resolves after 1500 ms on the library clock when no tag manager answers, and only once', async () => {
    const clock = new SimulatedClock(0);
    const dataLayer = new MemoryDataLayer();
    const destination = new DataLayerDestination(dataLayer, clock);
    let resolutions = 0;
    const tracked = destination.track({ event: 'pageview' }).then(() => {
      resolutions += 1;
    });
    clock.advance(1499);
    await flush();
    expect(resolutions).toBe(0);
    clock.advance(1);
    await tracked;
    dataLayer.runTags(); // a late tag manager answer changes nothing
    await flush();
    expect(resolutions).toBe(1);
  });

  it('resolves at once with a tag manager that answers inside push, leaving no timer', async () => {
    const clock = new SimulatedClock(0);
    const destination = new DataLayerDestination(new MemoryDataLayer({ answerCallbacks: true }), clock);
    await destination.track(ecommerce('purchase_ga4'));
    expect(clock.pending).toBe(0);
  });

  it('rejects, leaving no timer, when the data layer throws', async () => {
    const clock = new SimulatedClock(0);
    const broken = {
      push: () => {
        throw new Error('blocked');
      },
      subscribe: () => () => undefined,
    };
    await expect(new DataLayerDestination(broken, clock).track({ event: 'pageview' })).rejects.toThrow('blocked');
    expect(clock.pending).toBe(0);
  });

  it('settles each push by its own callback: answered ones resolve, a push whose data layer threw stays rejected', async () => {
    const clock = new SimulatedClock(0);
    const callbacks: (() => void)[] = [];
    let throwing = false;
    const flaky = {
      push: (entry: DataLayerEntry) => {
        callbacks.push(entry.eventCallback as () => void);
        if (throwing) throw new Error('tag manager broke');
      },
      subscribe: () => () => undefined,
    };
    const destination = new DataLayerDestination(flaky, clock);
    const outcomes: string[] = [];
    const settled = (name: string, promise: Promise<void>) =>
      promise.then(
        () => outcomes.push(`${name} resolved`),
        (error: Error) => outcomes.push(`${name} rejected: ${error.message}`),
      );
    const first = settled('first', destination.track({ event: 'first' }));
    throwing = true;
    const broken = settled('broken', destination.track({ event: 'broken' }));
    throwing = false;
    const third = settled('third', destination.track({ event: 'third' }));
    callbacks[2]?.();
    callbacks[1]?.(); // a late answer for the push that threw changes nothing
    await Promise.all([third, broken]);
    expect(outcomes).toEqual(['broken rejected: tag manager broke', 'third resolved']);
    expect(clock.pending).toBe(1);
    clock.advance(TAG_EXECUTED_TIMEOUT_MS);
    await first;
    expect(outcomes).toEqual(['broken rejected: tag manager broke', 'third resolved', 'first resolved']);
    expect(clock.pending).toBe(0);
  });

  it('gives every unanswered push its own 1500 ms, counted from its own push', async () => {
    const clock = new SimulatedClock(0);
    const dataLayer = new MemoryDataLayer();
    const destination = new DataLayerDestination(dataLayer, clock);
    const resolvedAt: Record<string, number> = {};
    const track = (name: string) =>
      destination.track({ event: name }).then(() => {
        resolvedAt[name] = clock.now();
      });
    const early = track('early');
    clock.advance(400);
    const middle = track('middle');
    clock.advance(600);
    const late = track('late');
    (dataLayer.entries[1]?.eventCallback as () => void)(); // the tag manager answers `middle` only
    await clock.advanceUntilIdle();
    await Promise.all([early, middle, late]);
    expect(resolvedAt).toEqual({ middle: 1000, early: 1500, late: 2500 });
    expect(clock.pending).toBe(0);
  });

  it('resolves when the tag manager answers inside a push that then throws', async () => {
    const clock = new SimulatedClock(0);
    const answersThenThrows = {
      push: (entry: DataLayerEntry) => {
        (entry.eventCallback as () => void)();
        throw new Error('after the tags ran');
      },
      subscribe: () => () => undefined,
    };
    await expect(new DataLayerDestination(answersThenThrows, clock).track({ event: 'pageview' })).resolves.toBeUndefined();
    expect(clock.pending).toBe(0);
  });
});

describe('the tracker on window.dataLayer', () => {
  it('releases the pushes waiting for consent into an array the page put in place of window.dataLayer after install, in order', async () => {
    const deps = { ...memoryTrackerDeps({ cookies: new MemoryCookieJar() }), dataLayer: new WindowDataLayer() };
    const tracker = createTracker(deps, { site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'home', exactag_site_group: 'Content' });
    await tracker.api.pushCustomEvent({ event_name: 'button_click', event_type: 'ga4_event', click_type: 'button' });
    expect(withoutCallbacks(layer())).toEqual([]);
    win.dataLayer = [{ pageCategory: 'home' }];
    layer().push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' });
    await flush();
    expect(withoutCallbacks(layer()).map((entry) => entry.event ?? entry.pageCategory)).toEqual([
      'home',
      'OneTrustGroupsUpdated',
      'pageview',
      'pageview_ga4',
      'ga4_event',
    ]);
    tracker.dispose();
  });
});

describe('the tracker beside a tag manager container loaded after it', () => {
  it('a consent grant is handled by the container before the events it releases, so its consent-gated tags fire for them', async () => {
    const deps = { ...memoryTrackerDeps({ cookies: new MemoryCookieJar() }), dataLayer: new WindowDataLayer() };
    const tracker = createTracker(deps, { site: 'DE', exactag: false });
    const pushed = tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'home', exactag_site_group: 'Content' });
    await flush();
    // A container like gtm.js: its wrapper calls the push it found, then queues and processes the entries in turn.
    const processed: string[] = [];
    const queue: DataLayerEntry[] = [];
    let processing = false;
    const array = layer();
    const found = array.push;
    array.push = function (...entries: DataLayerEntry[]) {
      const stored = found.apply(this, entries);
      queue.push(...entries);
      if (!processing) {
        processing = true;
        while (queue.length > 0) {
          const entry = queue.shift()!;
          processed.push(String(entry.event));
          (entry.eventCallback as (() => void) | undefined)?.();
        }
        processing = false;
      }
      return stored;
    };
    // The visitor accepts the banner.
    layer().push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' });
    await pushed;
    expect(processed).toEqual(['OneTrustGroupsUpdated', 'pageview', 'pageview_ga4']);
    tracker.dispose();
  });
});

describe('a page data layer that does not take the entries', () => {
  const pageData = { page_type: 'content', page_name: 'home', exactag_site_group: 'Content' };
  /** A tracker on `window.dataLayer`; `logged` collects what the data-layer adapter logs. */
  const trackerOnWindow = (logged: LogEntry[] = []) => {
    const deps = {
      ...memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: 'groups=C0001%3A1%2CC0003%3A1' }) }),
      dataLayer: new WindowDataLayer(undefined, { log: (entry: LogEntry) => logged.push(entry) }),
    };
    return Object.assign(createTracker(deps, { site: 'DE', exactag: false }), { clock: deps.clock });
  };
  const failures = (tracker: ReturnType<typeof trackerOnWindow>) =>
    tracker.api.getLogs().filter((entry) => entry.level === 6).map((entry) => entry.message);

  it('a frozen window.dataLayer: the push rejects and logs why, instead of reporting success', async () => {
    win.dataLayer = Object.freeze([]);
    const tracker = trackerOnWindow();
    await expect(tracker.api.pushInitialPageData(pageData)).rejects.toThrow('dataLayer.push failed: TypeError');
    expect(failures(tracker)).toContainEqual(expect.stringMatching(/^pushInitialPageData has been executed with errors: dataLayer.push failed: TypeError/));
  });

  it('window.dataLayer that is no array: the push rejects with the reason', async () => {
    win.dataLayer = { note: 'not a list' };
    const tracker = trackerOnWindow();
    await expect(tracker.api.pushInitialPageData(pageData)).rejects.toThrow(
      'window.dataLayer is not an array; the entry is kept in memory and the tag manager does not see it.',
    );
  });

  it.each([
    ['a getter that throws', () => Object.defineProperty(window, 'dataLayer', { get: () => { throw new Error('dataLayer getter'); }, configurable: true })],
    ['an array proxy whose length throws', () => {
      win.dataLayer = new Proxy([], { get: (target, key) => { if (key === 'length') throw new Error('no length'); return Reflect.get(target, key); } });
    }],
  ])('window.dataLayer with %s: install and every push go on (rejected with the reason), nothing throws into the page', async (_case, prepare) => {
    prepare();
    try {
      const tracker = trackerOnWindow();
      const push = tracker.api.pushInitialPageData(pageData);
      await expect(push).rejects.toThrow(/dataLayer/);
      expect(failures(tracker)).toContainEqual(expect.stringMatching(/^pushInitialPageData has been executed with errors: /));
    } finally {
      Object.defineProperty(window, 'dataLayer', { value: undefined, writable: true, configurable: true });
    }
  });

  it('a tag manager whose push throws after storing the entry: the push still succeeds', async () => {
    const stored: unknown[] = [];
    stored.push = function (this: unknown[], ...items: unknown[]) {
      Array.prototype.push.apply(this, items);
      throw new Error('a tag failed');
    };
    win.dataLayer = stored;
    const logged: LogEntry[] = [];
    const tracker = trackerOnWindow(logged);
    const view = tracker.api.pushInitialPageData(pageData);
    const pushed = tracker.api.pushCustomEvent({ event_name: 'button_click' });
    await tracker.clock.advanceAsync(1500);
    await expect(Promise.all([view, pushed])).resolves.toBeDefined();
    expect(stored.map((entry) => (entry as DataLayerEntry).event)).toContain('ga4_event');
    // Said as what it is: a warning that the page's push threw, not a lost entry.
    expect(logged.filter((entry) => entry.level >= LogLevel.error)).toEqual([]);
    expect(logged.map((entry) => entry.message)).toContain(
      "The page's dataLayer.push threw after storing the entry (the entry is there): Error: a tag failed",
    );
  });

  it('a page push that refuses the clearing { ecommerce: null } entry still gets the e-commerce event', async () => {
    const stored: unknown[] = [];
    stored.push = function (this: unknown[], ...items: unknown[]) {
      if (items.some((item) => (item as DataLayerEntry).event === undefined)) throw new Error('entry without event refused');
      return Array.prototype.push.apply(this, items);
    };
    win.dataLayer = stored;
    const logged: LogEntry[] = [];
    const tracker = trackerOnWindow(logged);
    const view = tracker.api.pushInitialPageData(pageData);
    const item = tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '123456789', price: 5 }] } });
    await tracker.clock.advanceAsync(1500);
    await expect(Promise.all([view, item])).resolves.toBeDefined();
    expect(stored.map((entry) => (entry as DataLayerEntry).event)).toEqual(['pageview', 'pageview_ga4', 'ecommerce', 'view_item']);
    // Said as a warning: nothing the shop needs was lost.
    expect(logged.map((entry) => [entry.level, entry.message])).toEqual([
      [LogLevel.warn, 'dataLayer.push failed: Error: entry without event refused'],
      [LogLevel.warn, 'dataLayer.push failed: Error: entry without event refused'],
    ]);
  });
});

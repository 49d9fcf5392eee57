import { install, reset, uninstall } from '../../../src/app/tracker/install';
import { installHandingOver } from '../../../src/app/tracker/install-handing-over';
import { memoryTrackerDeps, CONSENT_ALL, MEMORY_PAGE } from '../../../src/app/tracker/memory-deps';
import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { LIBRARY_VERSION } from '../../../src/domain/tracking/mapping/client-meta';

const pageData = { page_type: 'content', page_name: 'home', exactag_site_group: 'Content' };

describe('install and reset', () => {
  afterEach(() => uninstall());

  it('installs once as window.collectOnTrackApi; a second install fails with the spec text', () => {
    const api = install({ site: 'DE' }, memoryTrackerDeps());
    expect(window.collectOnTrackApi).toBe(api);
    expect(() => install({}, memoryTrackerDeps())).toThrow(
      'A collectOnTrackApi instance has already been installed. If you want to reinstall please use the reset() method.',
    );
    expect(api.getLogs().map((entry) => entry.message)).toContain(
      'A collectOnTrackApi instance has already been installed. If you want to reinstall please use the reset() method.',
    );
  });

  it('an install started while another is being set up (by code its options run) fails as a second install, and one tracker tracks', async () => {
    const innerDeps = memoryTrackerDeps();
    let inner: unknown;
    const options = {
      get site(): 'DE' {
        try {
          inner = install({ site: 'DE' }, innerDeps);
        } catch (error) {
          inner = (error as Error).message;
        }
        return 'DE';
      },
    };
    const deps = memoryTrackerDeps();
    const api = install(options, deps);
    expect(inner).toBe('A collectOnTrackApi instance has already been installed. If you want to reinstall please use the reset() method.');
    expect(window.collectOnTrackApi).toBe(api);
    await api.pushInitialPageData(pageData);
    expect(innerDeps.dataLayer.plainEntries()).toEqual([]);
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
  });

  it('the installed instance\'s version is read-only, as its type says: setting it fails and it stays the library version', () => {
    const api = install({ site: 'DE' }, memoryTrackerDeps());
    expect(api.version).toBe(LIBRARY_VERSION);
    expect(Reflect.set(api, 'version', 'x')).toBe(false);
    // A page's strict-mode script gets a TypeError; it still reads the library version after either.
    expect(() => {
      (api as { version: string }).version = 'x';
    }).toThrow(TypeError);
    expect(api.version).toBe(LIBRARY_VERSION);
    expect(window.collectOnTrackApi?.version).toBe(LIBRARY_VERSION);
    expect({ ...api }.version).toBe(LIBRARY_VERSION);
  });

  it('reset() re-initializes the installed tracker and logs the spec text; the instance keeps tracking', async () => {
    const deps = memoryTrackerDeps();
    const api = install({ site: 'DE' }, deps);
    await api.pushInitialPageData(pageData);
    const waiting = api.pushCustomEvent({ event_category: 'navigation', event_action: 'click' });
    await reset();
    await waiting;
    expect(api.getLogs().map((entry) => entry.message)).toContain("collectOnTrackApi's state has been reset successfully");
    // After the reset the page data gate is closed again: a custom event waits for the next page data.
    await api.pushCustomEvent({ event_category: 'navigation', event_action: 'after-reset' });
    expect(deps.dataLayer.plainEntries().some((entry) => entry.event_action === 'after-reset')).toBe(false);
    await api.pushInitialPageData(pageData);
    expect(deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview')).toHaveLength(2);
    expect(deps.dataLayer.plainEntries().some((entry) => entry.event_action === 'after-reset')).toBe(true);
    expect(window.collectOnTrackApi).toBe(api);
  });

  it('a tracker installed after a reset does not count an order the replaced one sent to the affiliate tracker again', async () => {
    const cookies = new MemoryCookieJar({ OptanonConsent: CONSENT_ALL });
    const confirmation = { page_type: 'checkout', page_name: 'oc', exactag_site_group: 'Order Confirmation' };
    const order = { event: 'purchase' as const, ecommerce: { transaction_id: 'T2', value: 20, items: [{ item_id: 'A', price: 20 }] } };
    const firstDeps = memoryTrackerDeps({ cookies });
    const first = install({ site: 'DE' }, firstDeps);
    await first.pushInitialPageData(confirmation);
    await first.pushEcommerceEvent(order);
    await reset();
    const deps = memoryTrackerDeps({ cookies });
    const second = install({ site: 'DE' }, deps);
    await second.pushInitialPageData(confirmation);
    await second.pushEcommerceEvent(order);
    const calls = [...firstDeps.affiliate.tracked, ...deps.affiliate.tracked].map(({ pt, oi }) => ({ pt, oi }));
    expect(calls).toEqual([
      { pt: 'Order Confirmation', oi: 'T2' },
      { pt: 'Order Confirmation', oi: undefined },
    ]);
  });

  it('after a reset, one install replaces the tracker with its own options; the old instance refuses pushes', async () => {
    const first = install({ site: 'DE' }, memoryTrackerDeps());
    await reset();
    const deps = memoryTrackerDeps();
    const second = install({ site: 'AT', exactag: false }, deps);
    expect(second).not.toBe(first);
    expect(window.collectOnTrackApi).toBe(second);
    await second.pushInitialPageData(pageData);
    expect(deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview').map((entry) => entry.site)).toEqual(['at']);
    await expect(first.pushInitialPageData(pageData)).rejects.toThrow("CollectOnTrackApi hasn't been installed.");
    expect(first.getLogs().at(-1)).toMatchObject({
      level: 6,
      message: "pushInitialPageData has been executed with errors: CollectOnTrackApi hasn't been installed.",
    });
    expect(() => install({}, memoryTrackerDeps())).toThrow('A collectOnTrackApi instance has already been installed.');
    // The instance's own reset allows it as well.
    await second.reset();
    expect(install({ site: 'PL' }, memoryTrackerDeps())).toBe(window.collectOnTrackApi);
  });

  it('a reset not awaited and an install right after it: window.collectOnTrackApi stays the new instance', async () => {
    install({ site: 'DE' }, memoryTrackerDeps());
    const resetting = reset();
    const deps = memoryTrackerDeps();
    const second = install({ site: 'AT', exactag: false }, deps);
    await resetting;
    expect(window.collectOnTrackApi).toBe(second);
    await window.collectOnTrackApi?.pushInitialPageData(pageData);
    expect(deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview').map((entry) => entry.site)).toEqual(['at']);
  });

  it('a page that set window.collectOnTrackApi to null or a placeholder before loading the library can install it', () => {
    for (const placeholder of [null, [], {}]) {
      (window as unknown as Record<string, unknown>).collectOnTrackApi = placeholder;
      const api = install({ site: 'DE', exactag: false }, memoryTrackerDeps());
      expect(window.collectOnTrackApi).toBe(api);
      uninstall();
    }
  });

  it('takes messages from the page\'s own origin by default, also when a page variable named origin hides window.origin; a srcdoc frame counts as its page\'s origin', async () => {
    const pages = [
      // `var origin = 'navigation'` on the page: window.origin is that text.
      { href: 'https://www.kaffeeshop.de/kaffee/bohnen', origin: 'navigation' },
      { href: 'https://www.kaffeeshop.de/kaffee/bohnen', origin: 'https://www.kaffeeshop.de:443' },
      { href: 'about:srcdoc', origin: 'https://www.kaffeeshop.de' },
    ];
    for (const reading of pages) {
      const deps = memoryTrackerDeps({ page: () => ({ ...MEMORY_PAGE, ...reading }) });
      install({ site: 'DE', exactag: false, listeners: true }, deps);
      deps.messages.emit({ origin: 'https://www.kaffeeshop.de', data: JSON.stringify({ event_name: 'InitialPageData', message: pageData }) });
      await vi.waitFor(() => expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toContain('pageview'));
      uninstall();
    }
  });

  it('a replaced instance stays replaced: its reset rejects and its listeners do not come back', async () => {
    const firstDeps = memoryTrackerDeps();
    const first = install({ site: 'DE', exactag: false, listeners: true, allowedOrigins: ['https://www.kaffeeshop.de'] }, firstDeps);
    await reset();
    const deps = memoryTrackerDeps();
    install({ site: 'DE', exactag: false }, deps);
    await expect(first.reset()).rejects.toThrow("CollectOnTrackApi hasn't been installed.");
    firstDeps.messages.emit({ origin: 'https://www.kaffeeshop.de', data: JSON.stringify({ event_name: 'InitialPageData', message: pageData }) });
    await firstDeps.clock.advanceAsync(10);
    expect(firstDeps.dataLayer.plainEntries()).toEqual([]);
    expect(first.getLogs().filter((entry) => entry.message === "collectOnTrackApi's state has been reset successfully")).toHaveLength(1);
  });

  it('reset() of a second copy of the library (the script loaded twice) resets the tracker the first copy installed', async () => {
    const api = install({ site: 'DE' }, memoryTrackerDeps());
    vi.resetModules();
    const secondCopy = await import('../../../src/app/tracker/install');
    expect(secondCopy.reset).not.toBe(reset);
    expect(() => secondCopy.install({}, memoryTrackerDeps())).toThrow('A collectOnTrackApi instance has already been installed.');
    await secondCopy.reset();
    expect(api.getLogs().map((entry) => entry.message)).toContain("collectOnTrackApi's state has been reset successfully");
    expect(window.collectOnTrackApi).toBe(api);

    // After that reset, an install through the second copy replaces the tracker, as the text promises.
    const deps = memoryTrackerDeps();
    const replaced = secondCopy.install({ site: 'AT', exactag: false }, deps);
    expect(window.collectOnTrackApi).toBe(replaced);
    await replaced.pushInitialPageData(pageData);
    expect(deps.dataLayer.plainEntries()[0]).toMatchObject({ event: 'pageview', site: 'at' });
    await expect(api.pushInitialPageData(pageData)).rejects.toThrow("CollectOnTrackApi hasn't been installed.");
  });

  it('direct pushes made before install through two copies of the library reach the tracker in call order', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const firstCopy = await import('../../../src/app/tracker');
      vi.resetModules();
      const secondCopy = await import('../../../src/app/tracker');
      expect(secondCopy.createClient).not.toBe(firstCopy.createClient);
      const a = firstCopy.createClient({ mode: 'direct', emitter: 'a' });
      const b = secondCopy.createClient({ mode: 'direct', emitter: 'b' });
      const pushes = [
        a.pushInitialPageData(pageData),
        b.pushCustomEvent({ event_category: 'navigation', event_action: 'first' }),
        a.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '1' }] } }),
        b.pushCustomEvent({ event_category: 'navigation', event_action: 'second' }),
      ];
      const deps = memoryTrackerDeps();
      install({ site: 'DE', exactag: false }, deps);
      await vi.advanceTimersByTimeAsync(200);
      await Promise.all(pushes);
      const legacy = deps.dataLayer.plainEntries().filter((entry) => ['pageview', 'event', 'view_item'].includes(String(entry.event)));
      expect(legacy.map((entry) => entry.event_action ?? entry.event)).toEqual(['pageview', 'first', 'view_item', 'second']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('direct pushes made before install enter before the pushes the page makes on the instance right after install', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const library = await import('../../../src/app/tracker');
      const widget = library.createClient({ mode: 'direct', emitter: 'widget' });
      const early = widget.pushCustomEvent({ event_category: 'navigation', event_action: 'A-first' });
      const deps = memoryTrackerDeps();
      const api = installHandingOver({ site: 'DE', exactag: false }, deps);
      const pushes = [api.pushInitialPageData(pageData), api.pushCustomEvent({ event_category: 'navigation', event_action: 'B-second' })];
      await vi.advanceTimersByTimeAsync(200);
      await Promise.all([early, ...pushes]);
      const legacy = deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview' || entry.event === 'event');
      expect(legacy.map((entry) => entry.event_action ?? entry.event)).toEqual(['pageview', 'A-first', 'B-second']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a direct push made while the page holds a placeholder in window.collectOnTrackApi waits for the install, as before any install', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const library = await import('../../../src/app/tracker');
      for (const placeholder of [null, [], {}]) {
        (window as unknown as Record<string, unknown>).collectOnTrackApi = placeholder;
        const push = library.createClient({ mode: 'direct', emitter: 'shop' }).pushInitialPageData(pageData);
        await vi.advanceTimersByTimeAsync(1_000);
        const deps = memoryTrackerDeps();
        installHandingOver({ site: 'DE', exactag: false }, deps);
        await vi.advanceTimersByTimeAsync(200);
        await push;
        expect(deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview')).toHaveLength(1);
        uninstall();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('the library\'s install takes the options alone: called as an array callback (index and array after them) it installs, no TypeError', async () => {
    const library = await import('../../../src/app/tracker');
    const [api] = [{ site: 'DE' as const, exactag: false }].map(library.install);
    expect(window.collectOnTrackApi).toBe(api);
    expect(api!.version).toBe(LIBRARY_VERSION);
  });

  it('a tracker of another copy that lacks a method: install still throws the spec text, not a TypeError', () => {
    const other = createTracker(memoryTrackerDeps(), { site: 'DE', exactag: false });
    const { wasReset: _left, log: _out, ...withoutThem } = other;
    Object.defineProperty(window, Symbol.for('collectOnTrack.tracker'), { value: withoutThem, configurable: true, writable: true });
    window.collectOnTrackApi = other.api;
    expect(() => install({ site: 'DE' }, memoryTrackerDeps())).toThrow(
      'A collectOnTrackApi instance has already been installed. If you want to reinstall please use the reset() method.',
    );
  });

  it('an instance an older copy of the library left on window.collectOnTrackApi (without the shared record): install throws the spec text instead of tracking everything twice', () => {
    const older = createTracker(memoryTrackerDeps(), { site: 'DE', exactag: false });
    window.collectOnTrackApi = older.api;
    expect(() => install({ site: 'DE' }, memoryTrackerDeps())).toThrow(
      'A collectOnTrackApi instance has already been installed. If you want to reinstall please use the reset() method.',
    );
    expect(window.collectOnTrackApi).toBe(older.api);
    delete (window as { collectOnTrackApi?: unknown }).collectOnTrackApi;
  });

  it('reset() with nothing installed resolves and warns on the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(reset()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith("[collect-on-track] CollectOnTrackApi hasn't been installed.");
    warn.mockRestore();
  });

  it('a Reset window message resets the tracker when listeners are on', async () => {
    const deps = memoryTrackerDeps();
    const api = install({ listeners: true, allowedOrigins: ['https://www.kaffeeshop.de'] }, deps);
    deps.messages.emit({ origin: 'https://www.kaffeeshop.de', data: JSON.stringify({ event_name: 'Reset', message: {} }) });
    await vi.waitFor(() =>
      expect(api.getLogs().map((entry) => entry.message)).toContain("collectOnTrackApi's state has been reset successfully"),
    );
  });
});

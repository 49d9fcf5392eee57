import { ExactagDestination } from '../../src/adapters/browser/exactag-destination';
import { ExactagScript } from '../../src/adapters/browser/exactag-script';
import { flush } from '../../src/adapters/memory/simulated-clock';
import { createTracker } from '../../src/app/tracker/create-tracker';
import { memoryTrackerDeps } from '../../src/app/tracker/memory-deps';

const SCRIPT_URL = 'https://cdn.example.de/exactag.js';
type Win = Window & { exactag?: unknown };
const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script')].filter((s) => s.src === SCRIPT_URL);
/** Settles the newest affiliate script tag as the browser would: loaded (defining window.exactag) or failed. */
const answerScript = async (outcome: 'load' | 'error', tracked?: unknown[]) => {
  await flush();
  if (outcome === 'load') (window as Win).exactag = { track: (payload: unknown) => tracked?.push(payload) };
  scripts().at(-1)?.dispatchEvent(new Event(outcome));
  await flush();
};

afterEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
  delete (window as Win).exactag;
});

describe('a failed affiliate script load is tried again at the next delivery', () => {
  it('ExactagScript: a failed script leaves the document; the next call adds it again; a loaded script is kept', async () => {
    const tracker = new ExactagScript();
    const failed = tracker.load(SCRIPT_URL).catch((error: Error) => error.message);
    await answerScript('error');
    await expect(failed).resolves.toBe(`The affiliate tracker script could not be loaded from ${SCRIPT_URL}`);
    await flush();
    // A long-lived page behind a blocker must not gather one dead element per delivery; nothing retries on its own.
    expect(scripts()).toHaveLength(0);
    const retried = tracker.load(SCRIPT_URL);
    expect(scripts()).toHaveLength(1);
    await answerScript('load');
    await expect(retried).resolves.toBeUndefined();
    expect(tracker.load(SCRIPT_URL)).toBe(retried);
    expect(scripts()).toHaveLength(1);
  });

  it('ExactagScript: another address (a new install after a reset, for another site) loads that script', async () => {
    const tracker = new ExactagScript();
    const first = tracker.load(SCRIPT_URL);
    await answerScript('load');
    await first;
    const otherUrl = 'https://cdn.example.at/exactag-at.js';
    const other = tracker.load(otherUrl);
    expect([...document.querySelectorAll<HTMLScriptElement>('script')].map((script) => script.src)).toEqual([SCRIPT_URL, otherUrl]);
    // Each script defines its own global as it runs.
    const loaded = (src: string) => {
      (window as Win).exactag = { track: () => undefined, src };
      [...document.querySelectorAll<HTMLScriptElement>('script')].filter((script) => script.src === src).at(-1)?.dispatchEvent(new Event('load'));
    };
    loaded(otherUrl);
    await expect(other).resolves.toBeUndefined();
    expect(tracker.load(otherUrl)).toBe(other);
    // Back to the first address: its element is still there, but the global is the other script's.
    const again = tracker.load(SCRIPT_URL);
    expect(scripts()).toHaveLength(2);
    loaded(SCRIPT_URL);
    await expect(again).resolves.toBeUndefined();
    expect(((window as Win).exactag as { src: string }).src).toBe(SCRIPT_URL);
  });

  it('ExactagScript: a script of an address left behind that loads late does not take the place of the one loaded since', async () => {
    const tracker = new ExactagScript();
    const loaded = (src: string) => {
      (window as Win).exactag = { track: () => undefined, src };
      [...document.querySelectorAll<HTMLScriptElement>('script')].filter((script) => script.src === src).at(-1)?.dispatchEvent(new Event('load'));
    };
    const otherUrl = 'https://cdn.example.at/exactag-at.js';
    const first = tracker.load(SCRIPT_URL);
    const other = tracker.load(otherUrl);
    loaded(otherUrl);
    await other;
    // The first address's script comes in late and defines its global over the other's.
    loaded(SCRIPT_URL);
    await first;
    await flush();
    const again = tracker.load(otherUrl);
    expect([...document.querySelectorAll<HTMLScriptElement>('script')].filter((script) => script.src === otherUrl)).toHaveLength(2);
    loaded(otherUrl);
    await again;
    expect(((window as Win).exactag as { src: string }).src).toBe(otherUrl);
  });

  it('ExactagScript: two copies of the library on one page know which address defined the global (an install of the other copy went to another site)', async () => {
    vi.resetModules();
    const { ExactagScript: OtherCopy } = await import('../../src/adapters/browser/exactag-script');
    const loaded = (src: string) => {
      (window as Win).exactag = { track: () => undefined, src };
      [...document.querySelectorAll<HTMLScriptElement>('script')].filter((script) => script.src === src).at(-1)?.dispatchEvent(new Event('load'));
    };
    const otherUrl = 'https://cdn.example.at/exactag-at.js';
    const iife = new ExactagScript();
    const first = iife.load(SCRIPT_URL);
    loaded(SCRIPT_URL);
    await first;
    const esm = new OtherCopy();
    const other = esm.load(otherUrl);
    loaded(otherUrl);
    await other;
    // The first copy installs for the first site again: its script's element is still there, but the global is the other's.
    const again = iife.load(SCRIPT_URL);
    expect(scripts()).toHaveLength(2);
    loaded(SCRIPT_URL);
    await again;
    expect(((window as Win).exactag as { src: string }).src).toBe(SCRIPT_URL);
  });

  it('ExactagScript: the script an earlier install on the page loaded is not added again', async () => {
    const loaded = new ExactagScript().load(SCRIPT_URL);
    await answerScript('load');
    await loaded;
    await expect(new ExactagScript().load(SCRIPT_URL)).resolves.toBeUndefined();
    expect(scripts()).toHaveLength(1);
  });

  it('a push after an unreachable CDN moment reaches Exactag; the failed push logs the script URL as its cause', async () => {
    const deps = { ...memoryTrackerDeps(), affiliate: new ExactagScript() };
    const tracker = createTracker(deps, { site: 'DE', endpoints: { exactagScript: SCRIPT_URL } });
    const tracked: unknown[] = [];
    const first = tracker.api
      .pushInitialPageData({ page_type: 'content', page_name: 'home', exactag_site_group: 'Content' })
      .catch((error: Error) => error.message);
    await answerScript('error');
    await expect(first).resolves.toBe('Exception has occurred during Exactag tracking');
    const failure = tracker.api.getLogs().find((entry) => entry.message.startsWith('pushInitialPageData has been executed with errors'));
    expect(failure?.message).toBe('pushInitialPageData has been executed with errors: Exception has occurred during Exactag tracking');
    expect(((failure?.content as Error).cause as Error).message).toBe(`The affiliate tracker script could not be loaded from ${SCRIPT_URL}`);

    const second = tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'next', exactag_site_group: 'Content', is_spa: true });
    await answerScript('load', tracked);
    await expect(second).resolves.toBeUndefined();
    expect(tracked).toEqual([expect.objectContaining({ pt: 'Content', pn: 'next' })]);
  });
});

describe('an affiliate script that never loads (a stalled CDN)', () => {
  it('fails the push after 30 s with the spec\'s error, instead of leaving it pending; a later load serves the next push', async () => {
    const deps = { ...memoryTrackerDeps(), affiliate: new ExactagScript() };
    const tracker = createTracker(deps, { site: 'DE', endpoints: { exactagScript: SCRIPT_URL } });
    const first = tracker.api
      .pushInitialPageData({ page_type: 'content', page_name: 'home', exactag_site_group: 'Content' })
      .then(() => 'resolved', (error: Error) => error.message);
    await deps.clock.advanceAsync(29_999);
    expect(await Promise.race([first, flush().then(() => 'pending')])).toBe('pending');
    await deps.clock.advanceAsync(1);
    await expect(first).resolves.toBe('Exception has occurred during Exactag tracking');
    const failure = tracker.api.getLogs().find((entry) => entry.message.startsWith('pushInitialPageData has been executed with errors'));
    expect(((failure?.content as Error).cause as Error).message).toBe('Timeout after 30000ms');

    const tracked: unknown[] = [];
    const second = tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'next', exactag_site_group: 'Content', is_spa: true });
    await answerScript('load', tracked);
    await expect(second).resolves.toBeUndefined();
    expect(tracked).toEqual([expect.objectContaining({ pn: 'next' })]);
    expect(scripts()).toHaveLength(1);
  });
});

describe('the empty payload (a page view waits)', () => {
  it('loads the affiliate script without a track call, and never rejects: a failed load is tried again by the next delivery', async () => {
    const destination = new ExactagDestination(new ExactagScript(), SCRIPT_URL);
    const tracked: unknown[] = [];
    const failed = destination.track({});
    await answerScript('error');
    await expect(failed).resolves.toBeUndefined();
    const prepared = destination.track({});
    await answerScript('load', tracked);
    await expect(prepared).resolves.toBeUndefined();
    expect(tracked).toEqual([]);
    await destination.track({ pn: 'Home' });
    expect(tracked).toEqual([{ pn: 'Home' }]);
    expect(scripts()).toHaveLength(1); // the failed one left the document
  });
});

describe("an order's or lead's other form pushed while its first affiliate call is under way", () => {
  const orderPage = { page_type: 'checkout', page_name: 'order-confirmation', exactag_site_group: 'Order Confirmation' };
  const order = { transaction_id: 'T-1001', currency: 'EUR', value: 25.98, items: [{ item_id: '4711', price: 12.99, quantity: 2 }] };
  const outcomeLines = (tracker: ReturnType<typeof createTracker>, method: string) =>
    tracker.api
      .getLogs()
      .map((entry) => entry.message)
      .filter((message) => message.startsWith(`${method} has been executed`));
  const setupTracker = () => createTracker({ ...memoryTrackerDeps(), affiliate: new ExactagScript() }, { site: 'DE', endpoints: { exactagScript: SCRIPT_URL } });

  it('goes in its place when that call fails (the script did not load): the order reaches Exactag once', async () => {
    const tracker = setupTracker();
    const tracked: unknown[] = [];
    const page = tracker.api.pushInitialPageData(orderPage).catch(() => undefined);
    const legacy = tracker.api.pushEcommerceEvent({ event: 'purchase', ecommerce: order }).catch((error: Error) => error.message);
    const ga4 = tracker.api.pushEcommerceEvent({ event: 'purchase_ga4', ecommerce: order }).catch((error: Error) => error.message);
    await answerScript('error');
    await page;
    await expect(legacy).resolves.toBe('Exception has occurred during Exactag tracking');
    await expect(ga4).resolves.toBeUndefined();
    // The GA4 form's call loads the script again.
    await answerScript('load', tracked);
    expect(tracked).toEqual([expect.objectContaining({ pt: 'Order Confirmation', oi: 'T-1001' })]);
    expect(outcomeLines(tracker, 'pushEcommerceEvent')).toEqual([
      'pushEcommerceEvent has been executed with errors: Exception has occurred during Exactag tracking',
      'pushEcommerceEvent has been executed successfully.',
    ]);
  });

  it('is not sent when that call reaches Exactag, and its push is told a success after it', async () => {
    const tracker = setupTracker();
    const tracked: unknown[] = [];
    void tracker.api.pushInitialPageData(orderPage);
    const legacy = tracker.api.pushEcommerceEvent({ event: 'purchase', ecommerce: order });
    const ga4 = tracker.api.pushEcommerceEvent({ event: 'purchase_ga4', ecommerce: order });
    await expect(ga4).resolves.toBeUndefined();
    expect(outcomeLines(tracker, 'pushEcommerceEvent')).toEqual([]);
    await answerScript('load', tracked);
    await legacy;
    await flush();
    expect(tracked).toEqual([expect.objectContaining({ oi: 'T-1001' })]);
    expect(outcomeLines(tracker, 'pushEcommerceEvent')).toEqual(['pushEcommerceEvent has been executed successfully.', 'pushEcommerceEvent has been executed successfully.']);
  });

  it('pushed after a reset, while the call of the tracker before is under way, is told its outcome (it waits on nothing of the new tracker)', async () => {
    const tracker = setupTracker();
    void tracker.api.pushInitialPageData(orderPage).catch(() => undefined);
    const legacy = tracker.api.pushEcommerceEvent({ event: 'purchase', ecommerce: order }).catch((error: Error) => error.message);
    await tracker.reset();
    void tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'thanks', exactag_site_group: 'Content', is_spa: true }).catch(() => undefined);
    void tracker.api.pushEcommerceEvent({ event: 'purchase_ga4', ecommerce: order }).catch(() => undefined);
    await answerScript('error');
    await expect(legacy).resolves.toBe('Exception has occurred during Exactag tracking');
    await flush();
    expect(outcomeLines(tracker, 'pushEcommerceEvent')).toHaveLength(2);
  });

  it("a lead's data pushed while its lead page's call is under way goes when that call fails", async () => {
    const tracker = setupTracker();
    const tracked: unknown[] = [];
    const page = tracker.api
      .pushInitialPageData({ page_type: 'lead', page_name: 'thanks', exactag_site_group: 'Lead', lead_id: 'L-9', lead_value: 5 })
      .catch((error: Error) => error.message);
    const lead = tracker.api.pushLeadData({ lead_id: 'L-9' }).catch((error: Error) => error.message);
    await answerScript('error');
    await expect(page).resolves.toBe('Exception has occurred during Exactag tracking');
    await expect(lead).resolves.toBeUndefined();
    await answerScript('load', tracked);
    expect(tracked).toEqual([expect.objectContaining({ pt: 'Lead', li: 'L-9' })]);
    expect(outcomeLines(tracker, 'pushLeadData')).toEqual(['pushLeadData has been executed successfully.']);
  });
});

describe('an affiliate track function that answers with a promise', () => {
  const orderPage = { page_type: 'checkout', page_name: 'order-confirmation', exactag_site_group: 'Order Confirmation' };
  const order = { transaction_id: 'T-2002', currency: 'EUR', value: 12.99, items: [{ item_id: '4711', price: 12.99, quantity: 1 }] };

  it('fails the push with the spec\'s error when the promise rejects, and the order goes again with its other form', async () => {
    const deps = { ...memoryTrackerDeps(), affiliate: new ExactagScript() };
    const tracker = createTracker(deps, { site: 'DE', endpoints: { exactagScript: SCRIPT_URL } });
    const tracked: unknown[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      void tracker.api.pushInitialPageData(orderPage).catch(() => undefined);
      await answerScript('load');
      // The tracker's own network call fails after it answered.
      (window as Win).exactag = { track: () => Promise.reject(new Error('async no')) };
      const legacy = tracker.api.pushEcommerceEvent({ event: 'purchase', ecommerce: order }).catch((error: Error) => error);
      const failure = await legacy;
      expect((failure as Error).message).toBe('Exception has occurred during Exactag tracking');
      expect(((failure as Error).cause as Error).message).toBe('async no');
      (window as Win).exactag = { track: (payload: unknown) => Promise.resolve(tracked.push(payload)) };
      await expect(tracker.api.pushEcommerceEvent({ event: 'purchase_ga4', ecommerce: order })).resolves.toBeUndefined();
      // The order confirmation's page view waited for the order, and goes with it once.
      expect(tracked).toEqual([expect.objectContaining({ pt: 'Order Confirmation', oi: 'T-2002' })]);
      await flush();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('fails the push after 30 s when the promise never settles, and the order goes with its other form then', async () => {
    const deps = { ...memoryTrackerDeps(), affiliate: new ExactagScript() };
    const tracker = createTracker(deps, { site: 'DE', endpoints: { exactagScript: SCRIPT_URL } });
    void tracker.api.pushInitialPageData(orderPage).catch(() => undefined);
    await answerScript('load');
    const tracked: unknown[] = [];
    let calls = 0;
    (window as Win).exactag = {
      track: (payload: unknown) => (calls++ === 0 ? new Promise(() => undefined) : void tracked.push(payload)),
    };
    const legacy = tracker.api.pushEcommerceEvent({ event: 'purchase', ecommerce: order }).then(() => 'resolved', (error: Error) => error.message);
    const ga4 = tracker.api.pushEcommerceEvent({ event: 'purchase_ga4', ecommerce: order }).then(() => 'resolved', (error: Error) => error.message);
    await deps.clock.advanceAsync(29_999);
    expect(await Promise.race([legacy, flush().then(() => 'pending')])).toBe('pending');
    await deps.clock.advanceAsync(1);
    await expect(legacy).resolves.toBe('Exception has occurred during Exactag tracking');
    await expect(ga4).resolves.toBe('resolved');
    expect(tracked).toEqual([expect.objectContaining({ pt: 'Order Confirmation', oi: 'T-2002' })]);
  });
});

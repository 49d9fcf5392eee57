import { ExactagDestination, sendTouchPoint } from '../../src/adapters/browser/exactag-destination';
import { ExactagScript } from '../../src/adapters/browser/exactag-script';
import { MemoryAffiliateTracker } from '../../src/adapters/memory/memory-affiliate-tracker';
import { MemoryHttpClient } from '../../src/adapters/memory/memory-http-client';
import { flush } from '../../src/adapters/memory/simulated-clock';
import { LogLevel } from '../../src/domain/tracking/log-buffer';
import { toTouchPointRequest } from '../../src/domain/tracking/mapping/exactag-touch-point';

const SCRIPT_URL = 'https://cdn.exactag.kaffeeshop-tracking.example/js/exactag-de.js';
type Win = Window & { exactag?: unknown };

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script')].filter((s) => s.src === SCRIPT_URL);

afterEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
  delete (window as Win).exactag;
});

describe('ExactagScript', () => {
  it('adds one async script for any number of loads and resolves on its load event', async () => {
    const tracker = new ExactagScript();
    const first = tracker.load(SCRIPT_URL);
    const second = tracker.load(SCRIPT_URL);
    expect(second).toBe(first);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.async).toBe(true);
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
    await tracker.load(SCRIPT_URL);
    expect(scripts()).toHaveLength(1);
  });

  it('rejects when the script fails to load', async () => {
    const loading = new ExactagScript().load(SCRIPT_URL);
    scripts()[0]?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow(`The affiliate tracker script could not be loaded from ${SCRIPT_URL}`);
  });

  it('calls window.exactag.track with the payload', () => {
    const tracked: unknown[] = [];
    (window as Win).exactag = { track: (payload: unknown) => tracked.push(payload) };
    new ExactagScript().track({ cd: 'campaign', pn: 'Home' });
    expect(tracked).toEqual([{ cd: 'campaign', pn: 'Home' }]);
  });

  it('throws when the script has not defined its track function', () => {
    expect(() => new ExactagScript().track({ cd: 'x' })).toThrow('window.exactag.track is missing');
  });
});

describe('ExactagDestination', () => {
  it('loads the script on first use only, then tracks each payload', async () => {
    const tracker = new MemoryAffiliateTracker();
    const destination = new ExactagDestination(tracker, SCRIPT_URL);
    expect(destination.name).toBe('exactag');
    expect(tracker.loads).toEqual([]);
    await destination.track({ pn: 'a' });
    await destination.track({ pn: 'b' });
    expect(tracker.loads).toEqual([SCRIPT_URL]);
    expect(tracker.tracked).toEqual([{ pn: 'a' }, { pn: 'b' }]);
  });

  it('works end to end with the real script element and window.exactag', async () => {
    const tracked: unknown[] = [];
    const destination = new ExactagDestination(new ExactagScript(), SCRIPT_URL);
    const delivery = destination.track({ pn: 'Home' });
    await flush();
    (window as Win).exactag = { track: (payload: unknown) => tracked.push(payload) };
    scripts()[0]?.dispatchEvent(new Event('load'));
    await delivery;
    expect(tracked).toEqual([{ pn: 'Home' }]);
  });

  it.each([
    ['the script fails to load', new MemoryAffiliateTracker({ loadError: 'script blocked' }), 'script blocked'],
    ['the track function throws', new MemoryAffiliateTracker({ trackError: 'tracker broke' }), 'tracker broke'],
  ])('wraps the failure when %s, keeping the original as cause', async (_label, tracker, original) => {
    const error = await new ExactagDestination(tracker, SCRIPT_URL).track({ pn: 'x' }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toBe('Exception has occurred during Exactag tracking');
    expect((error?.cause as Error).message).toBe(original);
  });
});

describe('sendTouchPoint', () => {
  const purchase = {
    event: 'purchase_ga4',
    ecommerce: { transaction_id: 'T1', coupon_types: ['corporate_benefits'] },
  };
  const touchPointUrl = 'https://tp.exactag.kaffeeshop-tracking.example/touchpoint';

  it('sends the GET with uk, cross-origin and without credentials', async () => {
    const http = new MemoryHttpClient().on(touchPointUrl, { status: 200 });
    const logs: string[] = [];
    const request = toTouchPointRequest({ site: 'de', ecommerceEvent: purchase, userKey: 'key 1', touchPointUrl }, (_l, m) =>
      logs.push(m),
    );
    expect(request).not.toBeNull();
    await expect(sendTouchPoint(http, request!, (_l, m) => logs.push(m))).resolves.toBe(true);
    expect(http.requests).toHaveLength(1);
    expect(http.requests[0]).toMatchObject({ method: 'GET', credentials: false });
    expect(new URL(http.requests[0]!.url).searchParams.get('uk')).toBe('key 1');
    expect(logs).toEqual([]);
  });

  it('logs a non-OK status with the spec text', async () => {
    const http = new MemoryHttpClient().on(touchPointUrl, { status: 503 });
    const logs: { level: number; message: string }[] = [];
    const ok = await sendTouchPoint(http, { method: 'GET', url: `${touchPointUrl}?uk=k` }, (level, message) =>
      logs.push({ level, message }),
    );
    expect(ok).toBe(false);
    expect(logs).toEqual([{ level: LogLevel.warn, message: 'Exactag touch point request failed with status 503' }]);
  });

  it('logs a network failure and does not reject', async () => {
    const http = new MemoryHttpClient().on(touchPointUrl, { networkError: 'Failed to fetch' });
    const logs: string[] = [];
    await expect(sendTouchPoint(http, { method: 'GET', url: touchPointUrl }, (_l, m) => logs.push(m))).resolves.toBe(false);
    expect(logs).toEqual(['Exactag touch point request got no answer: Failed to fetch']);
  });
});

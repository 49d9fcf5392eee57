import { MemoryHttpClient, type ScriptedResponse } from '../../../src/adapters/memory/memory-http-client';
import { LogLevel, type LogEntry } from '../../../src/domain/tracking/log-buffer';
import { createCustomerDataSource, loadPsdata } from '../../../src/app/tracker/customer-data';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { install, reset, uninstall } from '../../../src/app/tracker/install';
import { memoryTrackerDeps } from '../../../src/app/tracker/memory-deps';
import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { SimulatedClock } from '../../../src/adapters/memory/simulated-clock';

const PATH = '/service/customerfrontenddata/api/v1/psdata';
const customer = { customer: { salutation: 'MRS' }, tracking: { loginStatus: 'LOGGED_IN' } };

function setup(handler: () => ScriptedResponse | Promise<ScriptedResponse>, token = '{"sub":"s1"}') {
  const http = new MemoryHttpClient(handler);
  const logs: { level: LogEntry['level']; message: string; content?: unknown }[] = [];
  const clock = new SimulatedClock();
  const source = createCustomerDataSource({
    http,
    log: (level, message, content) => logs.push({ level, message, content }),
    site: 'ch_fr',
    token: () => token,
    baseUrl: '',
    clock,
  });
  return { http, logs, source, clock };
}

describe('customer frontend data', () => {
  it('is fetched once and shared by callers that ask at the same time', async () => {
    let answer: (response: ScriptedResponse) => void = () => undefined;
    const { http, source } = setup(() => new Promise((resolve) => (answer = resolve)));
    const first = source.get();
    const second = source.get();
    answer({ status: 200, body: customer });
    expect(await Promise.all([first, second, source.get()])).toEqual([customer, customer, customer]);
    expect(http.requests).toEqual([
      {
        method: 'GET',
        url: PATH,
        signal: expect.anything(),
        headers: {
          Accept: 'application/json',
          'x-site': 'CH_FR',
          'x-long-term-token': '{"sub":"s1"}',
          'x-csrf-token': 'cot-csrf-placeholder',
          'x-cot-marker': 'collect-on-track',
        },
      },
    ]);
  });

  it('a non-OK answer, a network failure or a 200 that is not JSON (a proxy page) logs the spec text and gives null, once', async () => {
    for (const failure of [{ status: 500 }, { networkError: 'offline' }, { status: 200, text: '<html>Wartung</html>' }] as ScriptedResponse[]) {
      const { http, logs, source } = setup(() => failure);
      expect(await Promise.all([source.get(), source.get()])).toEqual([null, null]);
      // An error, as every failed request of the library: a shop engineer filtering for errors sees it.
      expect(logs.map((l) => [l.level, l.message])).toEqual([[LogLevel.error, 'Error while retrieving CustomerFrontendData']]);
      expect(http.requests).toHaveLength(1);
    }
  });

  it('a service that does not answer within 5 s gives null with the spec text, and its request is aborted (the connection freed)', async () => {
    const { http, logs, source, clock } = setup(() => new Promise<ScriptedResponse>(() => undefined));
    const waiting = source.get();
    await clock.advanceAsync(4999);
    expect(logs).toEqual([]);
    expect(http.requests[0]?.signal?.aborted).toBe(false);
    await clock.advanceAsync(1);
    expect(await waiting).toBeNull();
    expect(logs).toEqual([{ level: 6, message: 'Error while retrieving CustomerFrontendData', content: 'Timeout after 5000ms' }]);
    expect(http.requests[0]?.signal?.aborted).toBe(true);
    // Fetched once: a later caller gets the same null, with no second request.
    expect(await source.get()).toBeNull();
    expect(http.requests).toHaveLength(1);
  });

  it('an answer whose body never ends (it trickles in) gives null with the spec text after 5 s, as no answer does, and is aborted', async () => {
    const { http, logs, source, clock } = setup(() => ({ status: 200, bodyNeverEnds: true }));
    const waiting = source.get();
    await clock.advanceAsync(5000);
    expect(await Promise.race([waiting, Promise.resolve('still waiting')])).toBeNull();
    expect(logs).toEqual([{ level: 6, message: 'Error while retrieving CustomerFrontendData', content: 'Timeout after 5000ms' }]);
    expect(http.requests[0]?.signal?.aborted).toBe(true);
  });

  it('gives up /json/psdata after 5 s, its body included, and aborts it', async () => {
    for (const answer of [() => new Promise<ScriptedResponse>(() => undefined), () => ({ status: 200, bodyNeverEnds: true })]) {
      const http = new MemoryHttpClient(answer);
      const clock = new SimulatedClock();
      const logs: string[] = [];
      const loading = loadPsdata({ http, clock, log: (_l, m) => logs.push(m), baseUrl: '', isLocalhost: false, expose: () => undefined });
      await clock.advanceAsync(5000);
      await loading;
      expect(logs).toEqual(['Request to /json/psdata got no answer: Timeout after 5000ms']);
      expect(http.requests[0]?.signal?.aborted).toBe(true);
    }
  });

  it('a long-term token with characters beyond Latin-1 is sent percent-encoded (a header cannot carry them)', async () => {
    const { http, source } = setup(() => ({ status: 200, body: customer }), '{"sub":"Łukasz"}');
    expect(await source.get()).toEqual(customer);
    expect(http.requests[0]?.headers?.['x-long-term-token']).toBe(encodeURIComponent('{"sub":"Łukasz"}'));
  });

  it('the page view is sent without personal fields and logs "CustomerFrontendData is null." when it failed', async () => {
    const deps = memoryTrackerDeps();
    deps.http.on(PATH, { status: 503 });
    const tracker = createTracker(deps, { site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'home' });
    const logs = tracker.api.getLogs().map((entry) => entry.message);
    expect(logs).toEqual(expect.arrayContaining(['Error while retrieving CustomerFrontendData', 'CustomerFrontendData is null.']));
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
    expect(deps.http.sentTo(PATH)).toHaveLength(1);
    // Later page views of the page (an SPA's) do not warn again: the data was fetched once.
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'second' });
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'third' });
    const warnings = tracker.api.getLogs().filter((entry) => entry.message === 'CustomerFrontendData is null.');
    expect(warnings.map((entry) => entry.level)).toEqual([LogLevel.warn, LogLevel.debug, LogLevel.debug]);
  });

  it('a reset followed at once by an install with new options asks once, for the new tracker (README: reset() then install(options))', async () => {
    const exposed: unknown[] = [];
    const deps = { ...memoryTrackerDeps({ http: new MemoryHttpClient(() => ({ status: 200, body: customer })) }), exposePsdata: (data: unknown) => exposed.push(data) };
    try {
      install({ site: 'ch_fr', exactag: false }, deps);
      await deps.clock.advanceUntilIdle();
      await reset();
      install({ site: 'tr', exactag: false }, deps);
      await deps.clock.advanceUntilIdle();
      expect(deps.http.sentTo(PATH).map((request) => request.headers?.['x-site'])).toEqual(['CH_FR', 'TR']);
      // /json/psdata alike: once for the first tracker, once for the one installed in place of the reset one.
      expect(deps.http.sentTo('/json/psdata')).toHaveLength(2);
    } finally {
      uninstall();
    }
  });

  it('a service answering 200 with null (no customer data for this visitor) logs "CustomerFrontendData is null." and no retrieval error', async () => {
    const deps = memoryTrackerDeps();
    deps.http.on(PATH, { status: 200, body: null });
    const tracker = createTracker(deps, { site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'home' });
    const logs = tracker.api.getLogs().map((entry) => entry.message);
    expect(logs).toContain('CustomerFrontendData is null.');
    expect(logs).not.toContain('Error while retrieving CustomerFrontendData');
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
  });

  it('an answer that is no customer data (a list, a text, no tracking object) is null, and says so', async () => {
    for (const body of [[1, 2], 'LOGGED_IN', { tracking: null }, { tracking: 'x' }]) {
      const deps = memoryTrackerDeps();
      deps.http.on(PATH, { status: 200, body });
      const tracker = createTracker(deps, { site: 'DE', exactag: false });
      await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'home' });
      expect(tracker.api.getLogs().map((entry) => entry.message)).toContain('CustomerFrontendData is null.');
      expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4']);
      tracker.dispose();
    }
  });

  it('a logged-in customer\'s fields reach the page view', async () => {
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: 'groups=C0003%3A1' }) });
    deps.http.on(PATH, { status: 200, body: customer });
    const tracker = createTracker(deps, { site: 'DE', exactag: false });
    await tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'home' });
    const views = deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview' || entry.event === 'pageview_ga4');
    expect(views).toEqual([
      expect.objectContaining({ event: 'pageview', salutation: 'Frau', gender: 'f' }),
      expect.objectContaining({ event: 'pageview_ga4', salutation: 'Frau', gender: 'f' }),
    ]);
  });
});

describe('/json/psdata', () => {
  it('exposes the answer, and is skipped on localhost with the spec text', async () => {
    const http = new MemoryHttpClient().on('/json/psdata', { status: 200, body: { segment: 'a' } });
    const exposed: unknown[] = [];
    const logs: string[] = [];
    await loadPsdata({ http, clock: new SimulatedClock(), log: (_l, m) => logs.push(m), baseUrl: '', isLocalhost: false, expose: (d) => exposed.push(d) });
    expect(exposed).toEqual([{ segment: 'a' }]);
    expect(http.requests[0]).toEqual({ method: 'GET', url: '/json/psdata', signal: expect.anything() });
    await loadPsdata({ http, clock: new SimulatedClock(), log: (_l, m) => logs.push(m), baseUrl: '', isLocalhost: true, expose: (d) => exposed.push(d) });
    expect(http.requests).toHaveLength(1);
    expect(logs).toEqual(['No psdata available on localhost']);
  });

  it('logs the status of a refused psdata request, and the cause of one that got no answer', async () => {
    const logs: string[] = [];
    const load = (http: MemoryHttpClient) =>
      loadPsdata({ http, clock: new SimulatedClock(), log: (_l, m) => logs.push(m), baseUrl: 'https://shop.example', isLocalhost: false, expose: () => undefined });
    await load(new MemoryHttpClient().on('https://shop.example/json/psdata', { status: 503 }));
    await load(new MemoryHttpClient().on('https://shop.example/json/psdata', { networkError: 'Failed to fetch' }));
    // The connection lost while the answer is read: no answer either, not an answer that is not JSON.
    await load(new MemoryHttpClient().on('https://shop.example/json/psdata', { status: 200, bodyError: 'network error' }));
    expect(logs).toEqual([
      'Request to https://shop.example/json/psdata failed with status 503',
      'Request to https://shop.example/json/psdata got no answer: Failed to fetch',
      'Request to https://shop.example/json/psdata got no answer: network error',
    ]);
  });

  it('names a psdata answer that is not JSON and exposes nothing', async () => {
    const http = new MemoryHttpClient().on('/json/psdata', { status: 200, text: '<html>Wartung</html>' });
    const exposed: unknown[] = [];
    const logs: string[] = [];
    await loadPsdata({ http, clock: new SimulatedClock(), log: (_l, m) => logs.push(m), baseUrl: '', isLocalhost: false, expose: (d) => exposed.push(d) });
    expect(exposed).toEqual([]);
    expect(logs).toEqual([expect.stringMatching(/^The answer of \/json\/psdata is not JSON: /)]);
  });
});

import { FetchHttpClient, pageOrigin } from '../../src/adapters/browser/fetch-http-client';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch double answering with the given body and status; records each call. */
function fakeFetch(body: string, status = 200, statusText = 'OK') {
  const calls: Call[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status, statusText });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

describe('pageOrigin', () => {
  it("is the page's origin; in a sandboxed frame its page wrote (origin 'null'), the framing page's, not the <base>'s host", () => {
    const win = (origin: unknown, ancestors?: string[]) => ({ origin, location: ancestors ? { ancestorOrigins: ancestors } : {} }) as unknown as Window;
    expect(pageOrigin(win('https://www.kaffeeshop.de'))).toBe('https://www.kaffeeshop.de');
    expect(pageOrigin(win('null', ['https://www.kaffeeshop.de', 'https://top.example']))).toBe('https://www.kaffeeshop.de');
    // A sandboxed frame in a sandboxed frame: the nearest framing window with an origin.
    expect(pageOrigin(win('null', ['null', 'https://www.kaffeeshop.de']))).toBe('https://www.kaffeeshop.de');
    expect(pageOrigin(win('null', []))).toBeUndefined();
    expect(pageOrigin(win('null'))).toBeUndefined();
    expect(pageOrigin(undefined)).toBeUndefined();
  });
});

describe('FetchHttpClient', () => {
  it('sends a relative address to the page\'s own origin, whatever a <base href> says, also from a frame its page wrote (about:srcdoc) or a blob: page', async () => {
    const { fn, calls } = fakeFetch('{}');
    const send = (page: string, url: string, origin = 'https://www.kaffeeshop.de') => new FetchHttpClient(() => fn, () => page, () => origin).send({ method: 'GET', url });
    await send('https://www.kaffeeshop.de/kaffee/bohnen?x=1', '/service/ttruth/publish');
    await send('https://www.kaffeeshop.de/kaffee/bohnen', 'json/psdata');
    await send('https://www.kaffeeshop.de/kaffee/bohnen', 'https://collector.kaffeeshop-data.net/publish');
    await send('about:srcdoc', '/json/psdata');
    await send('blob:https://www.kaffeeshop.de/0b1c', '/service/ttruth/publish');
    // A page variable named origin replaced self.origin: fetch resolves the path as usual.
    await send('about:srcdoc', '/json/psdata', 'navigation');
    // Not a path from the root: fetch resolves it as usual.
    await send('about:srcdoc', 'json/psdata');
    expect(calls.map((call) => call.url)).toEqual([
      'https://www.kaffeeshop.de/service/ttruth/publish',
      'https://www.kaffeeshop.de/kaffee/json/psdata',
      'https://collector.kaffeeshop-data.net/publish',
      'https://www.kaffeeshop.de/json/psdata',
      'https://www.kaffeeshop.de/service/ttruth/publish',
      '/json/psdata',
      'json/psdata',
    ]);
  });

  it('POSTs a JSON body with Content-Type JSON, the given headers and keepalive', async () => {
    const { fn, calls } = fakeFetch('{"ok":true}');
    const response = await new FetchHttpClient(() => fn).send({
      method: 'POST',
      url: 'https://collector.kaffeeshop-data.net/publish',
      headers: { Accept: 'application/json', 'Api-Version': '2' },
      body: { event_name: 'pageview', n: 1 },
      keepalive: true,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init).toEqual({
      method: 'POST',
      headers: { Accept: 'application/json', 'Api-Version': '2', 'Content-Type': 'application/json' },
      body: '{"event_name":"pageview","n":1}',
      credentials: 'same-origin',
      keepalive: true,
    });
    expect(response.ok).toBe(true);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('asks for a fresh answer, neither taken from nor kept in the HTTP cache: the browser would queue identical lookups behind each other', async () => {
    const { fn, calls } = fakeFetch('{}');
    await new FetchHttpClient(() => fn).send({ method: 'GET', url: 'https://www.kaffeeshop.de/json/psdata' });
    expect(calls[0]?.init.cache).toBe('no-store');
  });

  it('hands the caller\'s abort signal to fetch', async () => {
    const { fn, calls } = fakeFetch('');
    const abort = new AbortController();
    await new FetchHttpClient(() => fn).send({ method: 'POST', url: 'https://collector.test/publish', body: {}, signal: abort.signal });
    expect(calls[0]?.init.signal).toBe(abort.signal);
  });

  it("sends cookies cross-origin only when asked (credentials 'include'), and none at all when told ('omit')", async () => {
    const { fn, calls } = fakeFetch('');
    const client = new FetchHttpClient(() => fn);
    await client.send({ method: 'GET', url: 'https://a.example/x', credentials: true });
    await client.send({ method: 'GET', url: 'https://a.example/y' });
    await client.send({ method: 'POST', url: '/service/ttruth/publish', credentials: 'omit' });
    expect(calls.map((c) => c.init.credentials)).toEqual(['include', 'same-origin', 'omit']);
    expect(calls[1]?.init.body).toBeUndefined();
    expect(calls[1]?.init.keepalive).toBeUndefined();
  });

  it('keeps a Content-Type the caller chose', async () => {
    const { fn, calls } = fakeFetch('');
    await new FetchHttpClient(() => fn).send({ method: 'POST', url: '/x', headers: { 'content-type': 'text/plain' }, body: 'hi' });
    expect(calls[0]?.init.headers).toEqual({ 'content-type': 'text/plain' });
  });

  it('resolves a non-OK status with its text, and json() rejects for a body that is not JSON, every time', async () => {
    const { fn } = fakeFetch('<html>busy</html>', 503, 'Service Unavailable');
    const response = await new FetchHttpClient(() => fn).send({ method: 'GET', url: '/x' });
    expect(response).toMatchObject({ status: 503, ok: false, statusText: 'Service Unavailable' });
    await expect(response.json()).rejects.toThrow(SyntaxError);
    await expect(response.json()).rejects.toThrow(SyntaxError);
  });

  it("reads the answer of a page's fetch wrapper that has json() but no text()", async () => {
    const lookAlike = { status: 200, ok: true, statusText: 'OK', headers: new Headers(), json: async () => ({ segment: 'a' }) };
    const response = await new FetchHttpClient(() => (async () => lookAlike) as unknown as typeof fetch).send({ method: 'GET', url: '/json/psdata' });
    await expect(response.json()).resolves.toEqual({ segment: 'a' });
  });

  it('reads the answer\'s body although nobody asks for it: Chromium frees a keepalive request\'s 64 KiB allowance only then', async () => {
    let answer: Response | undefined;
    const fn = (async () => (answer = new Response('{}', { status: 200 }))) as unknown as typeof fetch;
    await new FetchHttpClient(() => fn).send({ method: 'POST', url: '/collect', body: { a: 1 }, keepalive: true });
    expect(answer?.bodyUsed).toBe(true);
  });

  it('leaves no unhandled rejection for an answer that is no JSON and that nobody asks for (a collector\'s error page)', async () => {
    const { fn } = fakeFetch('down', 503, 'Service Unavailable');
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      await new FetchHttpClient(() => fn).send({ method: 'POST', url: '/collect', body: { a: 1 }, keepalive: true });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });

  it("names the answer's media type without its parameters: an HTML page in the collector's place is told from its answer", async () => {
    const page = (async () => new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'Text/HTML; charset=utf-8' } })) as unknown as typeof fetch;
    expect((await new FetchHttpClient(() => page).send({ method: 'POST', url: '/collect', body: {} })).contentType).toBe('text/html');
    expect((await new FetchHttpClient(() => fakeFetch('').fn).send({ method: 'GET', url: '/x' })).contentType).toBe('text/plain');
  });

  it('json() gives undefined for an empty body', async () => {
    const { fn } = fakeFetch('', 202, 'Accepted');
    const response = await new FetchHttpClient(() => fn).send({ method: 'GET', url: '/x' });
    expect(await response.json()).toBeUndefined();
  });

  it('rejects on a network failure and when there is no fetch', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(new FetchHttpClient(() => failing).send({ method: 'GET', url: '/x' })).rejects.toThrow('Failed to fetch');
    await expect(new FetchHttpClient(() => undefined).send({ method: 'GET', url: '/x' })).rejects.toThrow('fetch is not available');
  });
});

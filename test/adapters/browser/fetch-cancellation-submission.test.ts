import { CANCELLATION_ENDPOINT, FetchCancellationSubmission } from '../../../src/adapters/browser/fetch-cancellation-submission';
import type { CancellationRequest } from '../../../src/domain/support/cancellation-request';

const request: CancellationRequest = {
  site: 'at',
  cancellationType: 'extraordinary',
  reason: 'Umzug',
  customerNumber: '0012 3456',
  subscriptionId: 'ABO-77',
  firstName: 'Zoë',
  lastName: 'Groß',
  email: 'zoe@example.org',
};

function answering(status: number, body: string) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

/** A fetch that never answers (a stalled line); `aborted()` tells whether the send gave up on it. */
function stalling() {
  let aborted = false;
  const fetch = ((_url: string, init: RequestInit) =>
    new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => {
        aborted = true;
        reject(new DOMException('aborted', 'AbortError'));
      });
    })) as unknown as typeof globalThis.fetch;
  return { fetch, aborted: () => aborted };
}

describe('FetchCancellationSubmission', () => {
  it('posts the request as JSON to the cancellation endpoint, with the page locale', async () => {
    const { fetch, calls } = answering(201, '{"id":"c-1"}');
    const outcome = await new FetchCancellationSubmission({ fetch, locale: 'de-AT' }).submit(request);
    expect(outcome).toEqual({ kind: 'sent', id: 'c-1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(CANCELLATION_ENDPOINT);
    expect(calls[0]!.init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-locale': 'de-AT' },
      credentials: 'same-origin',
    });
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual(request);
  });

  it('gives back when the service stored it, where the answer says', async () => {
    const { fetch } = answering(201, '{"id":"c-3","receivedAt":"2026-11-30T01:20:16.750Z"}');
    expect(await new FetchCancellationSubmission({ fetch }).submit(request)).toEqual({ kind: 'sent', id: 'c-3', receivedAt: '2026-11-30T01:20:16.750Z' });
  });

  it('asks once more when a 201 cannot be read (a body cut short): the repeat check answers with the stored number and time', async () => {
    const calls: RequestInit[] = [];
    const answers = ['{"id":"c-4","rec', '{"id":"c-4","receivedAt":"2026-11-30T13:21:00.000Z"}'];
    const fetch = (async (_url: string, init: RequestInit) => {
      calls.push(init);
      return new Response(answers.shift() ?? '', { status: 201 });
    }) as unknown as typeof globalThis.fetch;
    expect(await new FetchCancellationSubmission({ fetch }).submit(request)).toEqual({ kind: 'sent', id: 'c-4', receivedAt: '2026-11-30T13:21:00.000Z' });
    expect(calls.map((init) => init.body)).toEqual([JSON.stringify(request), JSON.stringify(request)]);
  });

  it('asks once more when the connection is lost while a 201 is read: stored, not failed', async () => {
    const calls: RequestInit[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      calls.push(init);
      if (calls.length > 1) return new Response('{"id":"c-5","receivedAt":"2026-11-30T13:22:00.000Z"}', { status: 201 });
      const cut = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"id":"c-'));
          controller.error(new TypeError('network error'));
        },
      });
      return new Response(cut, { status: 201 });
    }) as unknown as typeof globalThis.fetch;
    expect(await new FetchCancellationSubmission({ fetch }).submit(request)).toEqual({ kind: 'sent', id: 'c-5', receivedAt: '2026-11-30T13:22:00.000Z' });
    expect(calls).toHaveLength(2);
  });

  it('is still sent when the second answer cannot be read either, or gets none', async () => {
    const cut = answering(201, '{"id":');
    expect(await new FetchCancellationSubmission({ fetch: cut.fetch }).submit(request)).toEqual({ kind: 'sent', id: '' });
    expect(cut.calls).toHaveLength(2);
    let first = true;
    const thenOffline = (async () => {
      if (!first) throw new TypeError('Failed to fetch');
      first = false;
      return new Response('', { status: 201 });
    }) as unknown as typeof globalThis.fetch;
    expect(await new FetchCancellationSubmission({ fetch: thenOffline }).submit(request)).toEqual({ kind: 'sent', id: '' });
  });

  it('sends no locale header when the page was told none', async () => {
    const { fetch, calls } = answering(201, '{"id":"c-2"}');
    await new FetchCancellationSubmission({ fetch }).submit(request);
    expect(calls[0]!.init.headers).not.toHaveProperty('x-locale');
  });

  it("gives the server's field errors back", async () => {
    const { fetch } = answering(400, '{"errors":{"customerNumber":"tooLong","site":"site.notAllowed"}}');
    expect(await new FetchCancellationSubmission({ fetch }).submit(request)).toEqual({
      kind: 'invalid',
      errors: { customerNumber: 'tooLong', site: 'site.notAllowed' },
    });
  });

  it.each([
    [503, 'unavailable'],
    [500, '<html>'],
    [400, 'not json'],
    [413, '{"error":"body.tooLarge"}'],
  ])('is a failed send on %i %s', async (status, body) => {
    const { fetch } = answering(status, body);
    expect(await new FetchCancellationSubmission({ fetch }).submit(request)).toEqual({ kind: 'failed' });
  });

  it('is a failed send when no answer comes in time (a stalled line), as the contact send is', async () => {
    const { fetch, aborted } = stalling();
    expect(await new FetchCancellationSubmission({ fetch, answerWaitMs: 30 }).submit(request)).toEqual({ kind: 'failed' });
    expect(aborted()).toBe(true);
  });

  it('waits 120 s for an answer by default (decisions: as the contact send), then it is a failed send', async () => {
    vi.useFakeTimers();
    try {
      const { fetch, aborted } = stalling();
      const outcome = new FetchCancellationSubmission({ fetch }).submit(request);
      await vi.advanceTimersByTimeAsync(119_999);
      expect(aborted()).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(aborted()).toBe(true);
      expect(await outcome).toEqual({ kind: 'failed' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('is a failed send, never a rejection, when there is no answer', async () => {
    const fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof globalThis.fetch;
    expect(await new FetchCancellationSubmission({ fetch }).submit(request)).toEqual({ kind: 'failed' });
  });
});

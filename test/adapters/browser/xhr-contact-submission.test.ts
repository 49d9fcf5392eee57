import {
  CONTACT_ENDPOINT,
  XhrContactSubmission,
  outcomeOfAnswer,
  type XhrLike,
} from '../../../src/adapters/browser/xhr-contact-submission';
import { contactMessage } from '../../ui/helpers/contact-message';

/** A stand-in XMLHttpRequest: records the request; the test answers it. */
class FakeRequest {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body = '') {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

const message = contactMessage;

function setUp(locale?: string) {
  const requests: FakeRequest[] = [];
  let leavePage = (): void => undefined;
  const adapter = new XhrContactSubmission({
    locale,
    createRequest: () => {
      const request = new FakeRequest();
      requests.push(request);
      return request as unknown as XhrLike;
    },
    onPageHide: (listener) => {
      leavePage = listener;
      return () => (leavePage = () => undefined);
    },
  });
  return { adapter, requests, leavePage: () => leavePage() };
}

/**
 * Sends a message of `bytes` the browser counts uploaded at once, to a server that never answers:
 * its request is still open `openAt` ms later and aborted, the send failed, by `failedBy` ms (fake timers).
 */
async function expectUnansweredSendFails(adapter: XhrContactSubmission, requests: FakeRequest[], bytes: number, openAt: number, failedBy: number) {
  let outcome: unknown;
  void adapter.submit(message()).then((result) => (outcome = result));
  const request = requests.at(-1)!;
  request.upload.onprogress?.({ lengthComputable: true, loaded: bytes, total: bytes });
  await vi.advanceTimersByTimeAsync(openAt);
  expect(request.aborted).toBe(false);
  await vi.advanceTimersByTimeAsync(failedBy - openAt);
  expect(request.aborted).toBe(true);
  await vi.waitFor(() => expect(outcome).toEqual({ kind: 'failed' }));
}

describe('XhrContactSubmission', () => {
  it('sends the locale the page was served for (x-locale), so the message is stored with it, and none when the page had none', async () => {
    const { adapter, requests } = setUp('de-AT');
    void adapter.submit(message());
    expect(requests[0]!.headers).toEqual({ Accept: 'application/json', 'x-locale': 'de-AT' });
    const plain = setUp();
    void plain.adapter.submit(message());
    expect(plain.requests[0]!.headers).toEqual({ Accept: 'application/json' });
  });

  it('posts multipart form data with the fields of the shared decisions to the contact endpoint', async () => {
    const { adapter, requests } = setUp();
    const invoice = new File(['%PDF-1.7'], 'rechnung.pdf', { type: 'application/pdf' });
    const photo = new File(['png'], 'foto.png', { type: 'image/png' });
    const sent = adapter.submit(message({ articleNumber: '123', attachments: [invoice, photo] }));
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/service/customersupportfrontend/api/contact');
    expect(CONTACT_ENDPOINT).toBe(request!.url);
    const body = request!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      site: 'de',
      question: 'Wo bleibt mein Paket?',
      topic: 'delivery',
      articleNumber: '123',
      firstName: 'Erika',
      lastName: 'Mustermann',
      email: 'erika@example.org',
    });
    expect(body.getAll('attachments').map((file) => (file as File).name)).toEqual(['rechnung.pdf', 'foto.png']);
    expect(body.has('legalConsent')).toBe(false);
    request!.answer(201, '{"id":"c-42"}');
    await expect(sent).resolves.toEqual({ kind: 'sent', id: 'c-42' });
  });

  it("sends legalConsent 'true' when the legal notice is ticked (tr)", () => {
    const { adapter, requests } = setUp();
    void adapter.submit(message({ site: 'tr', legalConsent: true }));
    expect((requests[0]!.body as FormData).get('legalConsent')).toBe('true');
  });

  it('reports the upload progress', () => {
    const { adapter, requests } = setUp();
    const reports: unknown[] = [];
    void adapter.submit(message(), (progress) => reports.push(progress));
    requests[0]!.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 40 });
    requests[0]!.upload.onprogress?.({ lengthComputable: false, loaded: 20, total: 0 });
    expect(reports).toEqual([{ loaded: 10, total: 40 }]);
  });

  it('answers 400 with the server’s field keys, anything else as failed', async () => {
    const { adapter, requests } = setUp();
    const invalid = adapter.submit(message());
    requests[0]!.answer(400, '{"errors":{"email":"email.invalid","attachments":"attachments.wrongType"}}');
    await expect(invalid).resolves.toEqual({
      kind: 'invalid',
      errors: { email: 'email.invalid', attachments: 'attachments.wrongType' },
    });
    for (const status of [500, 502, 404, 200, 0]) {
      const other = adapter.submit(message());
      requests.at(-1)!.answer(status, '{"id":"x"}');
      await expect(other).resolves.toEqual({ kind: 'failed' });
    }
  });

  it('reads the field keys of a 413 answer (the reference server’s own limits)', async () => {
    const { adapter, requests } = setUp();
    const tooMany = adapter.submit(message());
    requests[0]!.answer(413, '{"errors":{"attachments":"attachments.tooMany"}}');
    await expect(tooMany).resolves.toEqual({ kind: 'invalid', errors: { attachments: 'attachments.tooMany' } });
    const tooLarge = adapter.submit(message());
    requests[1]!.answer(413, '{"errors":{"attachments":"attachments.tooLarge"}}');
    await expect(tooLarge).resolves.toEqual({ kind: 'invalid', errors: { attachments: 'attachments.tooLarge' } });
    expect(outcomeOfAnswer(413, '{"errors":{"question":"question.tooLong"}}')).toEqual({
      kind: 'invalid',
      errors: { question: 'question.tooLong' },
    });
  });

  it('passes on which attachments the server refused, by position among the files sent', async () => {
    const { adapter, requests } = setUp();
    const files = [new File(['png'], 'p1.png', { type: 'image/png' }), new File(['text'], 'fake.pdf', { type: 'application/pdf' })];
    const refused = adapter.submit(message({ attachments: files }));
    requests[0]!.answer(400, '{"errors":{"attachments":"attachments.wrongType"},"refusedAttachments":[1]}');
    await expect(refused).resolves.toEqual({
      kind: 'invalid',
      errors: { attachments: 'attachments.wrongType' },
      refusedAttachments: [1],
    });
    // Positions that name no file sent, or no position at all, are left out.
    for (const positions of ['[2, -1, 0.5, "0"]', '"1"', 'null']) {
      const sent = adapter.submit(message({ attachments: files }));
      requests.at(-1)!.answer(400, `{"errors":{"attachments":"attachments.wrongType"},"refusedAttachments":${positions}}`);
      await expect(sent).resolves.toEqual({ kind: 'invalid', errors: { attachments: 'attachments.wrongType' } });
    }
  });

  it('counts a 413 without field keys as a failed send, not a file too large (a proxy’s body limit)', async () => {
    const { adapter, requests } = setUp();
    const small = new File(['%PDF-1.7'], 'rechnung.pdf', { type: 'application/pdf' });
    for (const [attachments, body] of [
      [[], '{"error":"body.tooLarge","message":"The request body is larger than allowed."}'],
      [[small], '<html><body>413 Request Entity Too Large</body></html>'],
      [[], ''],
    ] as const) {
      const sent = adapter.submit(message({ attachments }));
      requests.at(-1)!.answer(413, body);
      await expect(sent).resolves.toEqual({ kind: 'failed' });
    }
  });

  it('counts a network error, an abort and a timeout as failed, and never rejects', async () => {
    const { adapter, requests } = setUp();
    const results = [adapter.submit(message()), adapter.submit(message()), adapter.submit(message())];
    requests[0]!.onerror?.();
    requests[1]!.onabort?.();
    requests[2]!.ontimeout?.();
    await expect(Promise.all(results)).resolves.toEqual([{ kind: 'failed' }, { kind: 'failed' }, { kind: 'failed' }]);
    const broken = new XhrContactSubmission({
      createRequest: () => {
        throw new Error('no XMLHttpRequest');
      },
    });
    await expect(broken.submit(message())).resolves.toEqual({ kind: 'failed' });
  });

  it('answers a network error caused by a file gone from disk since it was chosen as that file\'s error, by its position', async () => {
    const { adapter, requests } = setUp();
    const kept = new File(['%PDF-1.7'], 'rechnung.pdf', { type: 'application/pdf' });
    const gone = new File(['png'], 'scan.png', { type: 'image/png' });
    // What the browser does with a deleted file's snapshot: any read fails.
    gone.slice = () => ({ arrayBuffer: () => Promise.reject(new DOMException('A requested file could not be found', 'NotFoundError')) }) as Blob;
    const sent = adapter.submit(message({ attachments: [kept, gone] }));
    requests[0]!.onerror?.();
    await expect(sent).resolves.toEqual({ kind: 'invalid', errors: { attachments: 'attachments.unreadable' }, refusedAttachments: [1] });
    // With every file readable a network error stays a failed send.
    const failed = adapter.submit(message({ attachments: [kept] }));
    requests[1]!.onerror?.();
    await expect(failed).resolves.toEqual({ kind: 'failed' });
  });

  it('gives up only when nothing has moved for 60 s, however long a slow upload takes', async () => {
    vi.useFakeTimers();
    try {
      const { adapter, requests } = setUp();
      let outcome: unknown;
      void adapter.submit(message()).then((result) => (outcome = result));
      const request = requests[0]!;
      // Ten minutes of a slow upload, moving every 30 s.
      for (let second = 30; second <= 600; second += 30) {
        await vi.advanceTimersByTimeAsync(30_000);
        request.upload.onprogress?.({ lengthComputable: true, loaded: second * 1000, total: 15_000_000 });
      }
      expect(request.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(request.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(request.aborted).toBe(true);
      await vi.waitFor(() => expect(outcome).toEqual({ kind: 'failed' }));
    } finally {
      vi.useRealTimers();
    }
  });

  it('withdraws the send when the page is left during the upload, so it is not finished behind the shopper\'s back', async () => {
    const { adapter, requests, leavePage } = setUp();
    const sent = adapter.submit(message());
    leavePage();
    expect(requests[0]!.aborted).toBe(true);
    // Nothing failed: the shopper left, as when leaving the form inside the app.
    await expect(sent).resolves.toEqual({ kind: 'failed', withdrawn: true });
    // Once settled, a later page hide touches nothing.
    const next = adapter.submit(message());
    requests[1]!.answer(201, '{"id":"x"}');
    await expect(next).resolves.toEqual({ kind: 'sent', id: 'x' });
    leavePage();
    expect(requests[1]!.aborted).toBe(false);
  });

  it('withdraws a message still uploading when its signal aborts (the form left inside the app), not once it is uploaded', async () => {
    const { adapter, requests } = setUp();
    const leaving = new AbortController();
    const sent = adapter.submit(message(), undefined, leaving.signal);
    leaving.abort();
    expect(requests[0]!.aborted).toBe(true);
    await expect(sent).resolves.toEqual({ kind: 'failed', withdrawn: true });

    const uploaded = new AbortController();
    const answered = adapter.submit(message(), undefined, uploaded.signal);
    requests[1]!.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 });
    uploaded.abort();
    expect(requests[1]!.aborted).toBe(false);
    requests[1]!.answer(201, '{"id":"kept"}');
    await expect(answered).resolves.toEqual({ kind: 'sent', id: 'kept' });

    await expect(adapter.submit(message(), undefined, leaving.signal)).resolves.toEqual({ kind: 'failed', withdrawn: true });
    expect(requests).toHaveLength(2);
  });

  it('once all is uploaded, waits about 120 s for the answer to a small message, and leaving the page no longer stops it', async () => {
    vi.useFakeTimers();
    try {
      const { adapter, requests, leavePage } = setUp();
      let outcome: unknown;
      void adapter.submit(message()).then((result) => (outcome = result));
      const request = requests[0]!;
      request.upload.onprogress?.({ lengthComputable: true, loaded: 1000, total: 1000 });
      leavePage();
      expect(request.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(90_000);
      request.answer(201, JSON.stringify({ id: 'c-1' }));
      await vi.waitFor(() => expect(outcome).toEqual({ kind: 'sent', id: 'c-1' }));

      await expectUnansweredSendFails(adapter, requests, 1000, 119_000, 121_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits longer for the answer to a large message: a phone or a carrier\'s proxy may hold much of it after the browser counted it sent', async () => {
    vi.useFakeTimers();
    try {
      const { adapter, requests } = setUp();
      let outcome: unknown;
      void adapter.submit(message()).then((result) => (outcome = result));
      // Two 4.9 MB photos, counted as uploaded at once, still on their way at 50 KB/s for over 3 minutes.
      requests[0]!.upload.onprogress?.({ lengthComputable: true, loaded: 9_800_000, total: 9_800_000 });
      await vi.advanceTimersByTimeAsync(300_000);
      expect(requests[0]!.aborted).toBe(false);
      requests[0]!.answer(201, JSON.stringify({ id: 'c-large' }));
      await vi.waitFor(() => expect(outcome).toEqual({ kind: 'sent', id: 'c-large' }));
      // Its answer too has a limit: 120 s and the time the message takes at 16 KB/s (about 12 minutes here).
      await expectUnansweredSendFails(adapter, requests, 9_800_000, 700_000, 740_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads a 400 without usable field errors as failed', () => {
    expect(outcomeOfAnswer(400, 'not json')).toEqual({ kind: 'failed' });
    expect(outcomeOfAnswer(400, '{"errors":{}}')).toEqual({ kind: 'failed' });
    expect(outcomeOfAnswer(400, '{"errors":{"email":7}}')).toEqual({ kind: 'failed' });
    expect(outcomeOfAnswer(201, 'not json')).toEqual({ kind: 'sent', id: '' });
  });
});

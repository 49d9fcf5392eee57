import { QueuedTrackingClient } from '../../../src/app/support/queued-tracking-client';
import { TRACKER_LOAD_FAILED, createPageTracking, type TrackerModule } from '../../../src/app/support/tracking';
import { supportTracker } from '../../../src/app/support/support-tracker';
import { environmentFromHost } from '../../../src/domain/tracking/environment';
import { languageOfTag } from '../../../src/domain/tracking/sites';
import type { TrackingClient } from '../../../src/ports/tracking-client';

function recordingClient(calls: string[], fail?: Error): TrackingClient {
  const push = (name: string) => async (data: Record<string, unknown>) => {
    calls.push(`${name}:${JSON.stringify(data)}`);
    if (fail) throw fail;
  };
  return {
    pushInitialPageData: push('pushInitialPageData'),
    pushEcommerceEvent: push('pushEcommerceEvent'),
    pushCustomEvent: push('pushCustomEvent'),
    pushItemListData: push('pushItemListData'),
    pushProductSourceEvent: push('pushProductSourceEvent'),
    pushLeadData: push('pushLeadData'),
  };
}

function fakeTracker(calls: string[]) {
  const install = vi.fn();
  const createClient = vi.fn(() => recordingClient(calls));
  const module: TrackerModule = { start: supportTracker({ install, createClient, environmentFromHost, languageOfTag }) };
  return { module, install, createClient };
}

describe('QueuedTrackingClient', () => {
  it('keeps pushes made before the tracker loads and forwards them in order once it is ready', async () => {
    const calls: string[] = [];
    const queued = new QueuedTrackingClient();
    const first = queued.pushInitialPageData({ page: 'contact' });
    const second = queued.pushCustomEvent({ event_name: 'contact_form_sent' });
    expect(queued.pending).toBe(2);
    expect(calls).toEqual([]);
    queued.ready(recordingClient(calls));
    await Promise.all([first, second]);
    await queued.pushLeadData({ lead: 1 });
    expect(calls).toEqual([
      'pushInitialPageData:{"page":"contact"}',
      'pushCustomEvent:{"event_name":"contact_form_sent"}',
      'pushLeadData:{"lead":1}',
    ]);
  });

  it("rejects with the real client's cause", async () => {
    const queued = new QueuedTrackingClient();
    queued.ready(recordingClient([], new Error('tracker said no')));
    await expect(queued.pushCustomEvent({})).rejects.toThrow('tracker said no');
  });

  it('rejects, never throws, when the real client throws at once, and counts no push as waiting once ready', async () => {
    const queued = new QueuedTrackingClient();
    const waiting = queued.pushLeadData({});
    const throwing = recordingClient([]);
    throwing.pushLeadData = () => {
      throw new Error('tracker threw');
    };
    queued.ready(throwing);
    expect(queued.pending).toBe(0);
    await expect(waiting).rejects.toThrow('tracker threw');
    await expect(queued.pushLeadData({})).rejects.toThrow('tracker threw');
  });

  it('rejects waiting and later pushes when the tracker cannot be loaded, without unhandled rejections', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const queued = new QueuedTrackingClient();
    const waiting = queued.pushInitialPageData({});
    queued.fail(new Error('chunk failed'));
    await expect(waiting).rejects.toThrow('chunk failed');
    void queued.pushCustomEvent({});
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('createPageTracking', () => {
  it('installs the tracker with the tag manager and the affiliate tracker on and the first-party tracker off', async () => {
    const calls: string[] = [];
    const tracker = fakeTracker(calls);
    const tracking = createPageTracking({ site: () => 'ch_fr', host: () => 'localhost:3000', warn: vi.fn(), load: async () => tracker.module });
    await tracking.start();
    expect(tracker.install).toHaveBeenCalledWith({ site: 'ch_fr', environment: 'development', gtm: true, exactag: true, ttruth: false });
    expect(tracker.createClient).toHaveBeenCalledWith({ emitter: 'customer-support-frontend', version: '1.0.1', mode: 'direct' });
  });

  it('derives the environment from the host', async () => {
    const tracker = fakeTracker([]);
    await createPageTracking({ site: () => 'de', host: () => 'www.kaffeeshop.de', warn: vi.fn(), load: async () => tracker.module }).start();
    expect(tracker.install.mock.calls[0]?.[0]).toMatchObject({ environment: 'production' });
  });

  it('hands out a client at once, whose pushes reach the tracker after it is installed', async () => {
    const calls: string[] = [];
    const tracker = fakeTracker(calls);
    const tracking = createPageTracking({ site: () => 'de', host: () => 'localhost', warn: vi.fn(), load: async () => tracker.module });
    const push = tracking.client.pushInitialPageData({ page_type: 'contact' });
    await tracking.start();
    await push;
    expect(calls).toEqual(['pushInitialPageData:{"page_type":"contact"}']);
  });

  it.each([
    ['de-DE', 'de'],
    ['de-CH', 'de'],
    ['fr-CH', 'fr'],
    ['cs-CZ', 'cz'],
    ['tr', 'tr'],
    ['hu-HU', 'hu'],
  ])("tells the tracker the page's language %s as the spec's language code %s", async (documentLanguage, code) => {
    const calls: string[] = [];
    const tracking = createPageTracking({ site: () => 'de', host: () => 'localhost', warn: vi.fn(), load: async () => fakeTracker(calls).module });
    await tracking.start();
    await tracking.client.pushInitialPageData({ page_type: 'contact', language: documentLanguage });
    expect(calls).toEqual([`pushInitialPageData:{"page_type":"contact","language":"${code}"}`]);
  });

  it('loads and installs once however often it is started', async () => {
    const tracker = fakeTracker([]);
    const load = vi.fn(async () => tracker.module);
    const tracking = createPageTracking({ site: () => 'de', host: () => 'localhost', warn: vi.fn(), load });
    await Promise.all([tracking.start(), tracking.start()]);
    await tracking.start();
    expect(load).toHaveBeenCalledTimes(1);
    expect(tracker.install).toHaveBeenCalledTimes(1);
  });

  it('warns and rejects pushes, never throws, when the tracker fails to load or to install', async () => {
    const warn = vi.fn();
    const failing = createPageTracking({ site: () => 'de', host: () => 'localhost', warn, load: () => Promise.reject(new Error('404 chunk')) });
    await expect(failing.start()).resolves.toBeUndefined();
    await expect(failing.client.pushCustomEvent({})).rejects.toThrow('404 chunk');
    expect(warn).toHaveBeenCalledWith(TRACKER_LOAD_FAILED, expect.any(Error));

    const throwing: TrackerModule = {
      start: supportTracker({
        install: () => {
          throw new Error('CollectOnTrackApi has already been installed');
        },
        createClient: () => recordingClient([]),
        environmentFromHost,
        languageOfTag,
      }),
    };
    const broken = createPageTracking({ site: () => 'de', host: () => 'localhost', warn, load: async () => throwing });
    await expect(broken.start()).resolves.toBeUndefined();
    await expect(broken.client.pushInitialPageData({})).rejects.toThrow('already been installed');
  });
});

describe('a page reloaded in place for a new build the visitor had seen', () => {
  const reloaded = (calls: string[]) =>
    supportTracker({ install: vi.fn(), createClient: () => recordingClient(calls), environmentFromHost, languageOfTag, reloadedUnseen: () => true })(
      'de',
      'www.kaffeeshop.de',
    );

  it('tracks no second view while nothing happens on it', async () => {
    const calls: string[] = [];
    await reloaded(calls).pushInitialPageData({ page_type: 'contact', language: 'de-DE' });
    expect(calls).toEqual([]);
  });

  it('gives the library its page data before the first event, which would wait for it for good', async () => {
    const calls: string[] = [];
    const client = reloaded(calls);
    await client.pushInitialPageData({ page_type: 'contact', language: 'de-DE' });
    await client.pushCustomEvent({ event_name: 'system_response' });
    await client.pushCustomEvent({ event_name: 'again' });
    expect(calls).toEqual([
      'pushInitialPageData:{"page_type":"contact","language":"de"}',
      'pushCustomEvent:{"event_name":"system_response"}',
      'pushCustomEvent:{"event_name":"again"}',
    ]);
  });

  it("tracks the next page's view and forgets the view held back", async () => {
    const calls: string[] = [];
    const client = reloaded(calls);
    await client.pushInitialPageData({ page_type: 'contact' });
    await client.pushInitialPageData({ page_type: 'cancellation' });
    await client.pushLeadData({ lead: 1 });
    expect(calls).toEqual(['pushInitialPageData:{"page_type":"cancellation"}', 'pushLeadData:{"lead":1}']);
  });
});

describe('a document that has started a full load of the page it shows', () => {
  it('tracks no view: the loaded document shows the page and tracks it', async () => {
    const calls: string[] = [];
    let leaving = false;
    const client = supportTracker({ install: vi.fn(), createClient: () => recordingClient(calls), environmentFromHost, languageOfTag, leaving: () => leaving })(
      'de',
      'www.kaffeeshop.de',
    );
    await client.pushInitialPageData({ page_type: 'cancellation success' });
    leaving = true;
    await client.pushInitialPageData({ page_type: 'cancellation' });
    expect(calls).toEqual(['pushInitialPageData:{"page_type":"cancellation success"}']);
  });
});

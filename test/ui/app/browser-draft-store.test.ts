import { createBrowserDraftStore } from '../../../src/app/support/browser-draft-store';

const draft = { values: { question: 'Wo ist meine Bestellung?' }, attachments: [] };

describe('the support pages’ draft store', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says on the console, once per kind of call, that IndexedDB failed and the form goes on without drafts', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const warn = vi.fn();
    const drafts = createBrowserDraftStore(warn);
    await drafts.save('contact:de', draft);
    await drafts.save('contact:de', draft);
    expect(warn).toHaveBeenCalledWith('Form draft save failed; the form works without drafts', expect.stringContaining('IndexedDB is not available'));
    expect(warn.mock.calls.filter(([message]) => String(message).startsWith('Form draft save'))).toHaveLength(1);
  });
});

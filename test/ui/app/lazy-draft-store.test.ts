import { MemoryDraftStore } from '../../../src/adapters/memory/memory-draft-store';
import { lazyDraftStore } from '../../../src/app/support/lazy-draft-store';
import { SessionMirroredDraftStore } from '../../../src/adapters/browser/session-mirrored-draft-store';

const draft = { values: { question: 'Wo ist meine Bestellung?' }, attachments: [] };

describe('the lazily loaded draft store', () => {
  it('loads its store once, on first use, and passes every call on', async () => {
    const memory = new MemoryDraftStore();
    const load = vi.fn(async () => memory);
    const drafts = lazyDraftStore(load, vi.fn());
    expect(load).not.toHaveBeenCalled();
    await drafts.save('contact-de', draft);
    expect(await drafts.load('contact-de')).toEqual(draft);
    await drafts.clear('contact-de');
    expect(await drafts.load('contact-de')).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('restores and saves nothing, and warns once, when its chunk cannot be loaded; its load rejects (the input is not kept)', async () => {
    const warn = vi.fn();
    const drafts = lazyDraftStore(() => Promise.reject(new Error('chunk missing')), warn);
    await expect(drafts.load('contact-de')).rejects.toThrow();
    await expect(drafts.save('contact-de', draft)).resolves.toBeUndefined();
    await expect(drafts.clear('contact-de')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('the lazily loaded draft store, once loaded', () => {
  afterEach(() => sessionStorage.clear());

  it('passes a save on in the same call (a page that unloads still starts it)', async () => {
    const memory = new MemoryDraftStore();
    const drafts = lazyDraftStore(async () => memory, vi.fn());
    await drafts.load('contact-de');
    void drafts.save('contact-de', draft);
    expect(memory.saves).toEqual([{ key: 'contact-de', draft }]);
  });

  it('passes on that the page shows a copy of another tab\'s draft: the send then removes that draft', async () => {
    const inner = new MemoryDraftStore({ initial: { 'contact-de#other': { ...draft, savedAt: Date.now() - 1000 } } });
    const drafts = lazyDraftStore(async () => new SessionMirroredDraftStore(inner, { tabChannel: () => undefined, reloaded: () => false }), vi.fn());
    expect(await drafts.load('contact-de')).toMatchObject({ ...draft, copied: true });
    drafts.adopt?.('contact-de');
    await drafts.clear('contact-de');
    expect(inner.drafts.has('contact-de#other')).toBe(false);
  });

  it("passes on that the page no longer shows the copy's message: the send then leaves that draft to its tab", async () => {
    const inner = new MemoryDraftStore({ initial: { 'contact-de#other': { ...draft, savedAt: Date.now() - 1000 } } });
    const drafts = lazyDraftStore(async () => new SessionMirroredDraftStore(inner, { tabChannel: () => undefined, reloaded: () => false }), vi.fn());
    expect(await drafts.load('contact-de')).toMatchObject({ ...draft, copied: true });
    drafts.adopt?.('contact-de');
    drafts.release?.('contact-de');
    await drafts.clear('contact-de');
    expect(inner.drafts.has('contact-de#other')).toBe(true);
  });
});

import { IDBFactory } from 'fake-indexeddb';
import { IdbDraftStore } from '../../../src/adapters/browser/idb-draft-store';
import type { FormDraft } from '../../../src/ports/draft-store';
import type { LogEntry } from '../../../src/domain/tracking/log-buffer';

const draft: FormDraft = {
  values: { question: 'Frage', topic: 'order', legalConsent: true },
  attachments: [{ name: 'a.pdf', type: 'application/pdf', lastModified: 5, bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46]) }],
};

describe('IdbDraftStore', () => {
  let original: IDBFactory | undefined;
  beforeEach(() => {
    original = globalThis.indexedDB;
    globalThis.indexedDB = new IDBFactory();
  });
  afterEach(() => {
    globalThis.indexedDB = original as IDBFactory;
  });

  it('keeps a draft with its files as bytes, name and type, per key', async () => {
    const store = new IdbDraftStore();
    await store.save('contact:de', draft);
    const again = new IdbDraftStore();
    expect(await again.load('contact:de')).toEqual(draft);
    expect(await again.load('contact:tr')).toBeUndefined();
  });

  it('keeps the time a draft was saved, when it has one', async () => {
    const store = new IdbDraftStore();
    await store.save('contact:de', { ...draft, savedAt: 1_700_000_000_123 });
    expect((await new IdbDraftStore().load('contact:de'))?.savedAt).toBe(1_700_000_000_123);
  });

  it('lists the keys that start with a prefix', async () => {
    const store = new IdbDraftStore();
    await store.save('contact:de#a', draft);
    await store.save('contact:de#b', draft);
    await store.save('contact:tr#a', draft);
    expect((await store.keys('contact:de#')).sort()).toEqual(['contact:de#a', 'contact:de#b']);
  });

  it('removes a draft', async () => {
    const store = new IdbDraftStore();
    await store.save('contact:de', draft);
    await store.clear('contact:de');
    expect(await store.load('contact:de')).toBeUndefined();
  });

  it('drops what is not a draft when reading', async () => {
    const store = new IdbDraftStore();
    await store.save('contact:de', {
      values: { question: 'Frage', bad: 3 as unknown as string },
      attachments: [{ name: 'x', type: 'y' } as never, draft.attachments[0]!],
    });
    expect(await store.load('contact:de')).toEqual({ values: { question: 'Frage' }, attachments: draft.attachments });
  });

  it('works without IndexedDB: loads nothing, saves nothing, throws nothing, logs once', async () => {
    // @ts-expect-error: a browser without IndexedDB
    delete globalThis.indexedDB;
    const entries: LogEntry[] = [];
    const store = new IdbDraftStore({ logger: { log: (entry) => entries.push(entry) }, now: () => 7 });
    await expect(store.save('contact:de', draft)).resolves.toBeUndefined();
    await expect(store.save('contact:de', draft)).resolves.toBeUndefined();
    await expect(store.load('contact:de')).resolves.toBeUndefined();
    await expect(store.clear('contact:de')).resolves.toBeUndefined();
    expect(entries.filter((entry) => entry.message.includes('save'))).toHaveLength(1);
    expect(entries[0]).toMatchObject({ time: 7, level: 5 });
  });

  it('gives up on an IndexedDB that never answers', async () => {
    globalThis.indexedDB = { open: () => ({}) } as unknown as IDBFactory;
    const store = new IdbDraftStore({ timeoutMs: 20 });
    await expect(store.load('contact:de')).resolves.toBeUndefined();
  });
});

import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
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

  it('keeps the names of files a draft was saved without (still being read), for another tab or the next visit to ask for them', async () => {
    const store = new IdbDraftStore();
    const withMissing: FormDraft = { ...draft, missingFiles: ['cloud-foto.jpg'] };
    await store.save('contact:de', withMissing);
    expect(await new IdbDraftStore().load('contact:de')).toEqual(withMissing);
  });

  it('keeps when a copy was held aside beside its save time, for the copy to be removed a day after that', async () => {
    const store = new IdbDraftStore();
    const aside: FormDraft = { ...draft, savedAt: 1_000, asideAt: 90_000 };
    await store.save('contact:de~a', aside);
    expect(await new IdbDraftStore().load('contact:de~a')).toEqual(aside);
  });

  it('lets go of its connection when another tab deletes the database, and saves into the new one afterwards', async () => {
    const store = new IdbDraftStore();
    await store.save('contact:de', draft);
    const deleted = await new Promise<string>((resolve) => {
      const request = indexedDB.deleteDatabase('customer-support-drafts');
      request.onsuccess = () => resolve('deleted');
      request.onblocked = () => setTimeout(() => resolve('blocked'), 50);
    });
    expect(deleted).toBe('deleted');
    await store.save('contact:at', draft);
    expect(await new IdbDraftStore().load('contact:at')).toEqual(draft);
  });

  it('writes a draft\'s files again only when they change: a save of new text leaves their bytes where they are', async () => {
    const written: unknown[] = [];
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      written.push(value);
      return put.call(this, value, key);
    };
    const carriesBytes = (value: unknown): boolean => JSON.stringify(value, (_, v: unknown) => (v instanceof Uint8Array ? 'BYTES' : v)).includes('BYTES');
    try {
      const store = new IdbDraftStore();
      await store.save('contact:de', draft);
      expect(written.some(carriesBytes)).toBe(true);
      written.length = 0;
      await store.save('contact:de', { ...draft, values: { ...draft.values, question: 'Frage, länger' } });
      expect(written.some(carriesBytes)).toBe(false);
      expect(await new IdbDraftStore().load('contact:de')).toEqual({ ...draft, values: { ...draft.values, question: 'Frage, länger' } });
      const another = { name: 'b.png', type: 'image/png', lastModified: 6, bytes: new Uint8Array([0x89, 0x50]) };
      await store.save('contact:de', { ...draft, attachments: [...draft.attachments, another] });
      expect(written.some(carriesBytes)).toBe(true);
      expect((await new IdbDraftStore().load('contact:de'))?.attachments).toEqual([...draft.attachments, another]);
      await store.clear('contact:de');
      expect(await new IdbDraftStore().load('contact:de')).toBeUndefined();
      expect(await store.keys('contact:')).toEqual([]);
    } finally {
      IDBObjectStore.prototype.put = put;
    }
  });

  it('writes the files again with a text save when another tab removed this key\'s draft (it sent or forgot this tab\'s copy)', async () => {
    const store = new IdbDraftStore();
    await store.save('contact:de#a', draft);
    await new IdbDraftStore().clear('contact:de#a');
    await store.save('contact:de#a', { ...draft, values: { ...draft.values, question: 'Weiter getippt' } });
    expect(await new IdbDraftStore().load('contact:de#a')).toEqual({ ...draft, values: { ...draft.values, question: 'Weiter getippt' } });
  });

  it("names the files to add again when a text save's files check was dropped (the tab closed) after another tab removed its draft", async () => {
    const store = new IdbDraftStore();
    await store.save('contact:de#a', draft);
    await new IdbDraftStore().clear('contact:de#a');
    // The files check runs in a transaction of its own, which a closing tab may lose.
    const getKey = IDBObjectStore.prototype.getKey;
    IDBObjectStore.prototype.getKey = function (this: IDBObjectStore, query: IDBValidKey | IDBKeyRange) {
      const request = getKey.call(this, query);
      this.transaction.abort();
      return request;
    };
    try {
      await store.save('contact:de#a', { ...draft, values: { ...draft.values, question: 'Weiter getippt' } });
    } finally {
      IDBObjectStore.prototype.getKey = getKey;
    }
    expect(await new IdbDraftStore().load('contact:de#a')).toEqual({
      values: { ...draft.values, question: 'Weiter getippt' },
      attachments: [],
      missingFiles: ['a.pdf'],
    });
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

  it('removes a draft with its files: no byte of them is left on the device (a shared computer)', async () => {
    const store = new IdbDraftStore();
    await store.save('contact:de', draft);
    await store.clear('contact:de');
    expect(await store.load('contact:de')).toBeUndefined();
    // Read the database itself, as the next person's browser tools would.
    const records = await new Promise<unknown[]>((resolve, reject) => {
      const open = indexedDB.open('customer-support-drafts');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const all = open.result.transaction('drafts').objectStore('drafts').getAll();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error);
      };
    });
    expect(records).toEqual([]);
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

import { SessionMirroredDraftStore } from '../../../src/adapters/browser/session-mirrored-draft-store';
import { MemoryDraftStore } from '../../../src/adapters/memory/memory-draft-store';
import type { DraftStore, FormDraft } from '../../../src/ports/draft-store';

const KEY = 'contact:de';
const receipt = { name: 'kassenbon.pdf', type: 'application/pdf', lastModified: 5, bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46]) };
const photo = { name: 'foto.png', type: 'image/png', lastModified: 7, bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]) };

const draft = (question: string, attachments = [receipt]): FormDraft => ({ values: { question, topic: 'order', legalConsent: true }, attachments });

/** An IndexedDB that drops every write, as Chromium may when the write starts while the page reloads. */
class DroppingStore extends MemoryDraftStore {
  dropping = false;
  override save(key: string, value: FormDraft): Promise<void> {
    return this.dropping ? new Promise(() => {}) : super.save(key, value);
  }
}

/** A store in one tab: the same sessionStorage and inner store are kept across its "reloads". */
function tab(inner: DraftStore, clock = { now: 1_000 }) {
  const open = () => new SessionMirroredDraftStore(inner, { storage: () => sessionStorage, now: () => clock.now });
  return { open, clock };
}

describe('SessionMirroredDraftStore', () => {
  beforeEach(() => sessionStorage.clear());

  it('brings back the last values after a reload whose IndexedDB write was dropped, with the files saved before', async () => {
    const inner = new DroppingStore();
    const { open, clock } = tab(inner);
    await open().save(KEY, draft('Wo bleibt'));
    inner.dropping = true;
    clock.now += 300;
    void open().save(KEY, draft('Wo bleibt meine Bestellung?'));

    const restored = await open().load(KEY);
    expect(restored?.values).toEqual({ question: 'Wo bleibt meine Bestellung?', topic: 'order', legalConsent: true });
    expect(restored?.attachments).toEqual([receipt]);
  });

  it('does not bring back a file removed before the reload, nor one whose bytes never reached IndexedDB', async () => {
    const inner = new DroppingStore();
    const { open, clock } = tab(inner);
    await open().save(KEY, draft('Frage', [receipt, photo]));
    inner.dropping = true;
    clock.now += 1;
    void open().save(KEY, draft('Frage', [photo]));
    expect((await open().load(KEY))?.attachments).toEqual([photo]);

    clock.now += 1;
    const newer = { ...receipt, name: 'neu.pdf' };
    void open().save(KEY, draft('Frage', [photo, newer]));
    expect((await open().load(KEY))?.attachments).toEqual([photo]);
  });

  it('takes the IndexedDB copy when it is the newer one (saved by another tab later)', async () => {
    const inner = new MemoryDraftStore();
    const { open, clock } = tab(inner);
    await open().save(KEY, draft('aus diesem Tab'));
    clock.now += 5_000;
    await inner.save(KEY, { ...draft('aus einem anderen Tab', [photo]), savedAt: clock.now });

    const restored = await open().load(KEY);
    expect(restored?.values['question']).toBe('aus einem anderen Tab');
    expect(restored?.attachments).toEqual([photo]);
  });

  it('stamps the IndexedDB copy with the time of the save', async () => {
    const inner = new MemoryDraftStore();
    await tab(inner, { now: 42 }).open().save(KEY, draft('Frage'));
    expect(inner.drafts.get(KEY)?.savedAt).toBe(42);
  });

  it('removes both copies', async () => {
    const inner = new MemoryDraftStore();
    const { open } = tab(inner);
    await open().save(KEY, draft('Frage'));
    await open().clear(KEY);
    expect(await open().load(KEY)).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps each key apart', async () => {
    const { open } = tab(new MemoryDraftStore());
    await open().save(KEY, draft('deutsch'));
    await open().save('contact:tr', draft('türkçe'));
    expect((await open().load(KEY))?.values['question']).toBe('deutsch');
    expect((await open().load('contact:tr'))?.values['question']).toBe('türkçe');
  });

  it('works on the IndexedDB copy alone when sessionStorage is refused, full or holds something unreadable', async () => {
    const inner = new MemoryDraftStore();
    const refused = new SessionMirroredDraftStore(inner, {
      storage: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    await refused.save(KEY, draft('Frage'));
    expect((await refused.load(KEY))?.values['question']).toBe('Frage');
    await refused.clear(KEY);
    expect(await refused.load(KEY)).toBeUndefined();

    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {},
    } as unknown as Storage;
    const whenFull = new SessionMirroredDraftStore(inner, { storage: () => full });
    await whenFull.save(KEY, draft('Frage 2'));
    expect((await whenFull.load(KEY))?.values['question']).toBe('Frage 2');

    for (const junk of ['{', '"text"', '{"savedAt":"x","values":{},"files":[]}', '{"savedAt":9e15,"values":null,"files":[]}']) {
      sessionStorage.setItem(`draft-mirror:${KEY}`, junk);
      expect((await tab(inner).open().load(KEY))?.values['question']).toBe('Frage 2');
    }
  });

  it('keeps only text and yes/no values from the mirror', async () => {
    sessionStorage.setItem(`draft-mirror:${KEY}`, JSON.stringify({ savedAt: 1, values: { question: 'Frage', count: 3, nested: {}, legalConsent: false }, files: [4, 'x'] }));
    expect(await tab(new MemoryDraftStore()).open().load(KEY)).toEqual({ values: { question: 'Frage', legalConsent: false }, attachments: [], savedAt: 1 });
  });
});

import { SessionMirroredDraftStore, type TabChannel } from '../../../src/adapters/browser/session-mirrored-draft-store';
import { MemoryDraftStore } from '../../../src/adapters/memory/memory-draft-store';
import type { FormDraft, ListableDraftStore } from '../../../src/ports/draft-store';

const KEY = 'contact:de';
const receipt = { name: 'kassenbon.pdf', type: 'application/pdf', lastModified: 5, bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46]) };
const photo = { name: 'foto.png', type: 'image/png', lastModified: 7, bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]) };
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** What a tab that sent (or emptied) its input loads until it saves again: nothing, marked so. */
const SENT: FormDraft = { values: {}, attachments: [], cleared: true };

const draft = (question: string, attachments = [receipt]): FormDraft => ({ values: { question, topic: 'order', legalConsent: true }, attachments });

/** A tab's sessionStorage: its own, surviving the tab's reloads. */
class TabStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/** An IndexedDB that drops every write while `dropping`, as Chromium may when the write starts while the page reloads. */
class DroppingStore extends MemoryDraftStore {
  dropping = false;
  override save(key: string, value: FormDraft): Promise<void> {
    return this.dropping ? new Promise(() => {}) : super.save(key, value);
  }
}

/** The site's BroadcastChannel: a message reaches every other open channel a moment later. */
function channelHub() {
  const open = new Set<TabChannel>();
  return (): TabChannel => {
    const channel: TabChannel = {
      onmessage: null,
      postMessage(message) {
        for (const other of open) if (other !== channel) queueMicrotask(() => other.onmessage?.({ data: structuredClone(message) }));
      },
      close: () => void open.delete(channel),
    };
    open.add(channel);
    return channel;
  };
}

/**
 * One browser: a shared IndexedDB, clock and channel between tabs; `tab(name)` opens a tab (`storage`:
 * a copy of another tab's sessionStorage for a duplicated one), `open()` is that tab's page, again
 * after a reload (the page before it is gone, its channel closed).
 */
function browser<S extends ListableDraftStore = MemoryDraftStore>(inner: S = new MemoryDraftStore() as unknown as S) {
  const clock = { now: 100 * DAY };
  const hub = channelHub();
  const tab = (name: string, storage: Storage = new TabStorage()) => {
    let channels: TabChannel[] = [];
    // The tab's first id is its name; a tab that has to take another gets a numbered one.
    let ids = 0;
    const newTabId = () => (ids++ === 0 ? name : `${name}${ids}`);
    const close = () => {
      for (const channel of channels) channel.close();
      channels = [];
    };
    return {
      storage,
      /** The tab is closed: its page no longer hears the other tabs. */
      close,
      open: (reloaded = false) => {
        close();
        const tabChannel = () => {
          const channel = hub();
          channels.push(channel);
          return channel;
        };
        return new SessionMirroredDraftStore(inner, { storage: () => storage, now: () => clock.now, newTabId, tabChannel, reloaded: () => reloaded });
      },
    };
  };
  return { inner, clock, tab };
}

/** A copy of a tab's sessionStorage, as a duplicated tab (or a window the page opens) starts with. */
const copyOf = (storage: Storage): Storage => {
  const copy = new TabStorage();
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i)!;
    copy.setItem(key, storage.getItem(key)!);
  }
  return copy;
};

/** A page that loads the key's draft and shows it: its draft logic adopts a copy it shows. */
const loadShown = async (page: SessionMirroredDraftStore): Promise<FormDraft | undefined> => {
  const loaded = await page.load(KEY);
  page.adopt(KEY);
  return loaded;
};

/** Tab 'x' left a draft, a second before what follows. */
const draftLeftByX = async (tab: ReturnType<typeof browser>['tab'], clock: { now: number }): Promise<void> => {
  await tab('x').open().save(KEY, draft('Entwurf aus Tab X'));
  clock.now += 1000;
};

/** Lets the tabs' channel messages arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SessionMirroredDraftStore', () => {
  it('clears every tab\'s draft when asked to forget it everywhere (a shared computer), not only the one it showed', async () => {
    const { clock, tab } = browser();
    const first = tab('a');
    await first.open().save(KEY, draft('first tab message'));
    first.close();
    clock.now += 1000;
    const second = tab('b');
    await second.open().save(KEY, draft('second tab message'));
    second.close();
    // The next person's tab gets the newest draft and clears it everywhere.
    const next = tab('c').open();
    expect((await next.load(KEY))?.values.question).toBe('second tab message');
    await next.clear(KEY, { everywhere: true });
    expect(await tab('d').open().load(KEY)).toBeUndefined();
    expect(await next.load(KEY)).toEqual(SENT);
  });

  it('has a tab still open keep what it shows aside when another tab forgets the drafts everywhere: its reload brings back its files, no new tab gets it', async () => {
    const { inner, tab } = browser();
    const a = tab('a');
    const first = a.open();
    await first.load(KEY);
    await first.save(KEY, draft('first tab message', [receipt, photo]));
    const second = tab('b').open();
    expect((await second.load(KEY))?.values.question).toBe('first tab message');
    await second.clear(KEY, { everywhere: true });
    await settle();
    await settle();
    expect(await inner.keys(KEY)).toEqual([`${KEY}~a`]);
    expect(await tab('next').open().load(KEY)).toBeUndefined();
    const reloaded = await a.open(true).load(KEY);
    expect(reloaded?.values.question).toBe('first tab message');
    expect(reloaded?.attachments.map((file) => file.name)).toEqual(['kassenbon.pdf', 'foto.png']);
  });

  it('has a tab still open that shows a copy keep it aside too when a third tab forgets the drafts everywhere', async () => {
    const { inner, clock, tab } = browser();
    const first = tab('a').open();
    await first.load(KEY);
    await first.save(KEY, draft('first tab message', [receipt, photo]));
    clock.now += 1000;
    const b = tab('b');
    expect((await loadShown(b.open()))?.values.question).toBe('first tab message');
    // A third tab is offered it too, and its shopper forgets it.
    const c = tab('c').open();
    expect((await loadShown(c))?.values.question).toBe('first tab message');
    await c.clear(KEY, { everywhere: true });
    await settle();
    await settle();
    expect((await inner.keys(KEY)).sort()).toEqual([`${KEY}~a`, `${KEY}~b`]);
    const reloaded = await b.open(true).load(KEY);
    expect(reloaded?.values.question).toBe('first tab message');
    expect(reloaded?.attachments.map((file) => file.name)).toEqual(['kassenbon.pdf', 'foto.png']);
    expect(await tab('next').open().load(KEY)).toBeUndefined();
  });

  it('keeps the message another open tab wrote since when a tab forgets its own older draft everywhere: a new tab is offered it, files included', async () => {
    const { inner, clock, tab } = browser();
    const a = tab('a').open();
    await a.load(KEY);
    await a.save(KEY, draft('Alte Frage von gestern'));
    clock.now += 1000;
    // Tab 'b' writes a message of its own (not the copy it was offered) and attaches a photo.
    const b = tab('b').open();
    await b.load(KEY);
    b.release(KEY);
    await b.save(KEY, draft('Neue Nachricht mit Foto', [photo]));
    clock.now += 1000;
    await a.clear(KEY, { everywhere: true });
    await settle();
    await settle();
    expect(await inner.keys(`${KEY}#`)).toEqual([`${KEY}#b`]);
    const next = await tab('next').open().load(KEY);
    expect(next?.values.question).toBe('Neue Nachricht mit Foto');
    expect(next?.attachments.map((file) => file.name)).toEqual(['foto.png']);
  });

  /**
   * Tab 'a' saves `question`; `later` ms on, a new tab copies it and sends it: 'a' holds its copy aside.
   * Returns the browser and tab 'a'.
   */
  async function heldAsideByTabA(question: string, later = 0) {
    const opened = browser();
    const first = opened.tab('a');
    const page = first.open();
    await page.load(KEY);
    await page.save(KEY, draft(question));
    opened.clock.now += later;
    const second = opened.tab('b').open();
    expect((await loadShown(second))?.values.question).toBe(question);
    await second.clear(KEY);
    await settle();
    await settle();
    expect(await opened.inner.keys(`${KEY}~`)).toEqual([`${KEY}~a`]);
    return { ...opened, first };
  }

  it('removes, a day later, the copy a tab held aside of its message another tab sent: once that tab is closed no page can show or clear it', async () => {
    const { inner, clock, tab, first } = await heldAsideByTabA('first tab message');
    first.close();

    clock.now += 23 * HOUR;
    await tab('c').open().load(KEY);
    await settle();
    expect(await inner.keys(`${KEY}~`)).toEqual([`${KEY}~a`]);
    clock.now += 2 * HOUR;
    await tab('d').open().load(KEY);
    await vi.waitFor(async () => expect(await inner.keys(`${KEY}~`)).toEqual([]));
  });

  it('counts that day from when the copy was held aside, not from the draft\'s save: its tab\'s reload still brings it back the next morning', async () => {
    const { inner, clock, tab, first } = await heldAsideByTabA('evening message', 20 * HOUR);
    clock.now += 5 * HOUR;
    await tab('c').open().load(KEY);
    await settle();
    expect(await inner.keys(`${KEY}~`)).toEqual([`${KEY}~a`]);
    expect((await first.open().load(KEY))?.values.question).toBe('evening message');
  });

  it('keeps the tab\'s newest input when an older page of the tab comes back from the back/forward cache: its check and the next reload get the later page\'s draft', async () => {
    const { clock, tab } = browser();
    const a = tab('a');
    const older = a.open();
    await older.load(KEY);
    await older.save(KEY, draft('alte Eingabe'));
    window.dispatchEvent(new Event('pagehide'));
    clock.now += 60_000;
    const later = a.open();
    expect((await later.load(KEY))?.values.question).toBe('alte Eingabe');
    clock.now += 60_000;
    await later.save(KEY, draft('neue Eingabe'));
    clock.now += 60_000;
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await settle();
    await settle();
    expect((await older.load(KEY))?.values.question).toBe('neue Eingabe');
    clock.now += 60_000;
    expect((await a.open().load(KEY))?.values.question).toBe('neue Eingabe');
  });

  it('brings back the last values after a reload whose IndexedDB write was dropped, with the files saved before', async () => {
    const inner = new DroppingStore();
    const { clock, tab } = browser(inner);
    const a = tab('a');
    await a.open().save(KEY, draft('Wo bleibt'));
    inner.dropping = true;
    clock.now += 300;
    void a.open().save(KEY, draft('Wo bleibt meine Bestellung?'));

    const restored = await a.open().load(KEY);
    expect(restored?.values).toEqual({ question: 'Wo bleibt meine Bestellung?', topic: 'order', legalConsent: true });
    expect(restored?.attachments).toEqual([receipt]);
  });

  it('does not bring back a file removed before the reload, nor one whose bytes never reached IndexedDB', async () => {
    const inner = new DroppingStore();
    const { clock, tab } = browser(inner);
    const a = tab('a');
    await a.open().save(KEY, draft('Frage', [receipt, photo]));
    inner.dropping = true;
    clock.now += 1;
    void a.open().save(KEY, draft('Frage', [photo]));
    expect((await a.open().load(KEY))?.attachments).toEqual([photo]);

    clock.now += 1;
    void a.open().save(KEY, draft('Frage', [photo, { ...receipt, name: 'neu.pdf' }]));
    const reloaded = await a.open().load(KEY);
    expect(reloaded?.attachments).toEqual([photo]);
    // The file the shopper chose but the store could not keep is named, so the page can ask for it again.
    expect(reloaded?.missingFiles).toEqual(['neu.pdf']);
  });

  it('names the files a draft was saved without (still being read when the page was left), for the reload to ask for them again', async () => {
    const { tab } = browser();
    const a = tab('a');
    await a.open().save(KEY, { ...draft('Frage', [receipt]), missingFiles: ['cloud-foto.jpg'] });
    await expect(a.open().load(KEY)).resolves.toMatchObject({ attachments: [receipt], missingFiles: ['cloud-foto.jpg'] });
  });

  it('names every file of a draft whose bytes IndexedDB refused to keep', async () => {
    const inner = new DroppingStore();
    inner.dropping = true;
    const { tab } = browser(inner);
    const a = tab('a');
    void a.open().save(KEY, draft('Frage', [receipt, photo]));
    await expect(a.open().load(KEY)).resolves.toMatchObject({ values: { question: 'Frage' }, attachments: [], missingFiles: [receipt.name, photo.name] });
  });

  it('gives each of two tabs its own input back on reload, files included, whichever saved last', async () => {
    const { clock, tab } = browser();
    const a = tab('a');
    const b = tab('b');
    await a.open().save(KEY, draft('Text aus Tab A', [receipt]));
    clock.now += 1000;
    await b.open().save(KEY, draft('Text aus Tab B', [photo]));

    expect(await a.open().load(KEY)).toMatchObject({ values: { question: 'Text aus Tab A' }, attachments: [receipt] });
    expect(await b.open().load(KEY)).toMatchObject({ values: { question: 'Text aus Tab B' }, attachments: [photo] });
  });

  it("keeps the other tab's draft, files included, when one tab sends and clears its own", async () => {
    const { clock, tab } = browser();
    const a = tab('a');
    const b = tab('b');
    await b.open().save(KEY, draft('B, noch nicht gesendet', [photo]));
    clock.now += 1000;
    await a.open().save(KEY, draft('A, gleich gesendet', [receipt]));
    await a.open().clear(KEY);

    expect(await b.open().load(KEY)).toMatchObject({ values: { question: 'B, noch nicht gesendet' }, attachments: [photo] });
    // The tab that sent takes no other tab's draft: its form opens empty until it saves again.
    expect(await a.open().load(KEY)).toEqual(SENT);
  });

  it('leaves the tab a new tab copied its draft from whole, files included', async () => {
    const { clock, tab } = browser();
    const a = tab('a');
    await a.open().save(KEY, draft('aus Tab A', [receipt]));
    const b = tab('b');
    expect(await b.open().load(KEY)).toMatchObject({ values: { question: 'aus Tab A' }, attachments: [receipt] });
    clock.now += 1000;
    await b.open().save(KEY, draft('in Tab B weiter', [receipt, photo]));
    expect(await a.open().load(KEY)).toMatchObject({ values: { question: 'aus Tab A' }, attachments: [receipt] });
  });

  it('gives a duplicated tab its own draft from its next save on: its text stays its own, and a send in the first tab leaves its files', async () => {
    const { clock, tab } = browser();
    const a = tab('a');
    const pageA = a.open();
    await pageA.save(KEY, draft('Frage in Tab A', [receipt]));
    const b = tab('b', copyOf(a.storage));
    const pageB = b.open();
    // The duplicate shows what the first tab showed.
    expect(await pageB.load(KEY)).toMatchObject({ values: { question: 'Frage in Tab A' } });
    await settle();
    clock.now += 1000;
    await pageB.save(KEY, draft('Andere Frage in Tab B', [photo]));
    clock.now += 1000;
    await pageA.save(KEY, draft('Frage in Tab A, weiter', [receipt]));

    expect(await b.open().load(KEY)).toMatchObject({ values: { question: 'Andere Frage in Tab B' }, attachments: [photo] });
    await pageA.clear(KEY);
    expect(await b.open().load(KEY)).toMatchObject({ values: { question: 'Andere Frage in Tab B' }, attachments: [photo] });
    expect(await a.open().load(KEY)).toEqual(SENT);
  });

  it('brings a duplicated tab its files back when it is reloaded before anything was changed in it', async () => {
    const { tab } = browser();
    const a = tab('a');
    await a.open().save(KEY, draft('Frage in Tab A', [receipt]));
    const b = tab('b', copyOf(a.storage));
    expect(await b.open().load(KEY)).toMatchObject({ attachments: [receipt] });
    await settle();
    expect(await b.open().load(KEY)).toMatchObject({ values: { question: 'Frage in Tab A' }, attachments: [receipt] });
  });

  it('a tab keeps its id when two duplicates of it ask at once (each answer names the question it answers)', async () => {
    const { clock, tab, inner } = browser();
    const a = tab('a');
    await a.open().save(KEY, draft('A'));
    const pageA = a.open();
    await pageA.load(KEY);
    await settle();
    const [b, c] = [tab('b', copyOf(a.storage)), tab('c', copyOf(a.storage))];
    const [pageB, pageC] = [b.open(), c.open()];
    await Promise.all([pageB.load(KEY), pageC.load(KEY)]);
    await settle();
    clock.now += 1000;
    await pageA.save(KEY, draft('A weiter'));
    await pageB.save(KEY, draft('B'));
    await pageC.save(KEY, draft('C'));
    expect((await inner.keys(`${KEY}#`)).sort()).toEqual([`${KEY}#a`, `${KEY}#b`, `${KEY}#c`]);
  });

  it('keeps its id over a reload: only another open tab with the same id makes a tab take a new one', async () => {
    const { clock, tab, inner } = browser();
    const a = tab('a');
    await a.open().save(KEY, draft('vor dem Neuladen', [receipt]));
    const reloaded = a.open();
    expect(await reloaded.load(KEY)).toMatchObject({ values: { question: 'vor dem Neuladen' }, attachments: [receipt] });
    await settle();
    clock.now += 1000;
    await reloaded.save(KEY, draft('nach dem Neuladen', [receipt]));
    expect(await inner.keys(`${KEY}#`)).toEqual([`${KEY}#a`]);
  });

  it('gives a reloaded tab only its own input: an untouched form reloaded (for a new build) takes no draft another tab left meanwhile', async () => {
    const { tab } = browser();
    const quiet = tab('quiet');
    expect(await quiet.open().load(KEY)).toBeUndefined();
    await tab('busy').open().save(KEY, draft('Wo bleibt meine Bestellung?', [receipt]));
    expect(await quiet.open(true).load(KEY)).toBeUndefined();
    // A tab reloaded before any page of it loaded the draft (its draft logic's chunk was missing) is a new visit.
    expect(await tab('late').open(true).load(KEY)).toMatchObject({ values: { question: 'Wo bleibt meine Bestellung?' }, copied: true });
    // A new page of the tab (the next visit), not a reload, takes it as a new tab does; a reload then shows that copy again, files included.
    expect(await loadShown(quiet.open())).toMatchObject({ values: { question: 'Wo bleibt meine Bestellung?' }, copied: true });
    expect(await quiet.open(true).load(KEY)).toMatchObject({ values: { question: 'Wo bleibt meine Bestellung?' }, attachments: [receipt], copied: true });
  });

  it('leaves the draft a copy came from when the page never showed the copy (the visitor had filled every field first)', async () => {
    const { clock, tab } = browser();
    await draftLeftByX(tab, clock);
    const page = tab('g').open();
    expect(await page.load(KEY)).toMatchObject({ values: { question: 'Entwurf aus Tab X' }, copied: true });
    await page.save(KEY, draft('ganz andere Frage'));
    await page.clear(KEY);
    expect((await tab('next').open().load(KEY))?.values['question']).toBe('Entwurf aus Tab X');
  });

  it("leaves another tab's draft when a page whose draft logic never ran is reloaded from its mirror (a deploy meanwhile) and sent", async () => {
    const { clock, tab } = browser();
    await draftLeftByX(tab, clock);
    const g = tab('g');
    await g.open().load(KEY);
    // The page's boot guard keeps what was typed; an earlier version marked every copy it loaded as taken.
    g.storage.setItem(`draft-mirror:${KEY}`, JSON.stringify({ savedAt: clock.now, values: { question: 'eigene Frage' }, files: [] }));
    g.storage.setItem(`draft-adopted:${KEY}`, `${KEY}#x`);
    const reloaded = g.open(true);
    expect((await reloaded.load(KEY))?.values['question']).toBe('eigene Frage');
    await reloaded.clear(KEY);
    expect((await tab('next').open().load(KEY))?.values['question']).toBe('Entwurf aus Tab X');
  });

  it('does not store again a draft another tab removed (forgotten everywhere): its own reload shows it, no new tab gets it', async () => {
    const { clock, tab } = browser();
    const a = tab('a');
    const page = a.open();
    await page.load(KEY);
    await page.save(KEY, draft('geheim'));
    clock.now += 1000;
    const other = tab('c').open();
    await loadShown(other);
    await other.clear(KEY, { everywhere: true });
    expect((await a.open(true).load(KEY))?.values['question']).toBe('geheim');
    await settle();
    expect(await tab('next').open().load(KEY)).toBeUndefined();
  });

  it('keeps the copy a tab showed as its own through a reload and a return from the back/forward cache: the send removes its source', async () => {
    const { clock, tab } = browser();
    await draftLeftByX(tab, clock);
    const g = tab('g');
    await loadShown(g.open());
    const reloaded = g.open(true);
    expect(await reloaded.load(KEY)).toMatchObject({ values: { question: 'Entwurf aus Tab X' }, copied: true });
    // Back from the back/forward cache, the page asks again.
    expect(await reloaded.load(KEY)).toMatchObject({ copied: true });
    await reloaded.clear(KEY);
    expect(await tab('next').open().load(KEY)).toBeUndefined();
  });

  it('has a tab that showed a copy, back from the back/forward cache, still remove the source with its send', async () => {
    const { clock, tab } = browser();
    await draftLeftByX(tab, clock);
    const page = tab('g').open();
    await loadShown(page);
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await settle();
    // The form asks again on its return.
    expect(await page.load(KEY)).toMatchObject({ values: { question: 'Entwurf aus Tab X' } });
    await page.clear(KEY);
    expect(await tab('next').open().load(KEY)).toBeUndefined();
  });

  it('gives a tab whose shown copy another tab sent meanwhile, back on its page (Back, no cache), the mark of a message sent', async () => {
    const { clock, tab } = browser();
    const x = tab('x');
    const source = x.open();
    await source.load(KEY);
    await source.save(KEY, draft('Entwurf aus Tab X'));
    clock.now += 1000;
    const g = tab('g');
    await loadShown(g.open());
    await source.clear(KEY);
    expect(await g.open().load(KEY)).toEqual(SENT);
    expect(await tab('next').open().load(KEY)).toBeUndefined();
  });

  it('keeps nothing aside for a shown copy another tab sent while the page was in the back/forward cache: on return it loads the mark of a message sent', async () => {
    const { inner, clock, tab } = browser();
    const x = tab('x');
    const source = x.open();
    await source.load(KEY);
    await source.save(KEY, draft('Entwurf aus Tab X', []));
    clock.now += 1000;
    const g = tab('g');
    const page = g.open();
    await loadShown(page);
    window.dispatchEvent(new Event('pagehide'));
    await source.clear(KEY);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await settle();
    await settle();
    expect(await inner.keys(`${KEY}~`)).toEqual([]);
    expect(await page.load(KEY)).toEqual(SENT);
    // A second trip through the cache keeps nothing aside either, and the tab's reload shows nothing.
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await settle();
    await settle();
    expect(await inner.keys(`${KEY}~`)).toEqual([]);
    expect(await g.open(true).load(KEY)).toEqual(SENT);
  });

  it('keeps aside once, not at every return from the back/forward cache: the copy kept on the first return stays as it is', async () => {
    const { inner, clock, tab } = browser();
    const a = tab('a');
    const page = a.open();
    await page.load(KEY);
    await page.save(KEY, draft('Entwurf mit Beleg', [receipt]));
    window.dispatchEvent(new Event('pagehide'));
    clock.now += 1000;
    const other = tab('b').open();
    await loadShown(other);
    await other.clear(KEY);
    for (let trip = 0; trip < 2; trip += 1) {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      await settle();
      await settle();
      window.dispatchEvent(new Event('pagehide'));
    }
    expect(inner.saves.filter((save) => save.key === `${KEY}~a`)).toHaveLength(1);
    expect(await a.open(true).load(KEY)).toMatchObject({ values: { question: 'Entwurf mit Beleg' }, attachments: [receipt] });
  });

  it("shows again, after the reload into this version, the copy an earlier version's page of the tab loaded; its source goes only once it is shown", async () => {
    for (const shown of [false, true]) {
      const { clock, tab } = browser();
      await draftLeftByX(tab, clock);
      const g = tab('g');
      // The earlier version's page: a tab id, the copy loaded and marked.
      g.storage.setItem('draft-tab', 'g');
      g.storage.setItem(`draft-offered:${KEY}`, '1');
      g.storage.setItem(`draft-adopted:${KEY}`, `${KEY}#x`);
      const page = g.open(true);
      expect(await page.load(KEY)).toMatchObject({ values: { question: 'Entwurf aus Tab X' }, copied: true });
      expect(g.storage.getItem(`draft-adopted:${KEY}`)).toBeNull();
      if (shown) page.adopt(KEY);
      await page.clear(KEY);
      expect((await tab('next').open().load(KEY))?.values['question']).toBe(shown ? undefined : 'Entwurf aus Tab X');
    }
  });

  it('stores a draft only the mirror held after a reload (kept by the boot guard): the next tab is offered it', async () => {
    const { clock, tab } = browser();
    const k = tab('k');
    await k.open().load(KEY);
    k.storage.setItem(`draft-mirror:${KEY}`, JSON.stringify({ savedAt: clock.now, values: { question: 'nur im Spiegel' }, files: [] }));
    expect((await k.open(true).load(KEY))?.values['question']).toBe('nur im Spiegel');
    k.close();
    clock.now += 1000;
    await vi.waitFor(async () => expect((await tab('next').open().load(KEY))?.values['question']).toBe('nur im Spiegel'));
  });

  it('gives a new tab a copy of the newest draft any tab left; its send removes both', async () => {
    const { inner, clock, tab } = browser();
    await tab('old').open().save(KEY, draft('älter', [receipt]));
    clock.now += 1000;
    const newer = tab('newer');
    await newer.open().save(KEY, draft('neuer', [photo]));

    const fresh = tab('fresh');
    expect(await loadShown(fresh.open())).toMatchObject({ values: { question: 'neuer' }, attachments: [photo] });
    clock.now += 1000;
    await fresh.open().save(KEY, draft('neuer, weiter geschrieben', [photo]));
    expect(await inner.keys(`${KEY}#`)).toEqual([`${KEY}#old`, `${KEY}#newer`, `${KEY}#fresh`]);

    await fresh.open().clear(KEY);
    await settle();
    // The continued draft was sent: the next new tab finds only the older one left behind.
    expect((await tab('next').open().load(KEY))?.values['question']).toBe('älter');
  });

  it.each([
    ['still open', false],
    ['in the back/forward cache meanwhile', true],
  ])('leaves the draft of a tab %s, files included, when a new tab that copied it clears the copy (sent or emptied)', async (_case, cached) => {
    const { inner, clock, tab } = browser();
    const first = tab('first');
    const page = first.open();
    await page.load(KEY);
    await page.save(KEY, draft('Entwurf im ersten Tab', [receipt]));
    if (cached) window.dispatchEvent(new Event('pagehide'));
    clock.now += 1000;

    const second = tab('second').open();
    expect((await loadShown(second))?.values['question']).toBe('Entwurf im ersten Tab');
    await second.clear(KEY);
    await settle();
    if (cached) {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      await settle();
    }

    // The first tab, reloaded, still has its text and its file; a new tab is not offered the sent message.
    first.close();
    await expect(first.open().load(KEY)).resolves.toMatchObject({ values: { question: 'Entwurf im ersten Tab' }, attachments: [receipt] });
    expect(await tab('third').open().load(KEY)).toBeUndefined();

    // Written on in the first tab, it is a draft of its own again: the next new tab gets it.
    clock.now += 1000;
    await first.open().save(KEY, draft('Entwurf im ersten Tab, weiter', [receipt]));
    await settle();
    expect((await tab('fourth').open().load(KEY))?.values['question']).toBe('Entwurf im ersten Tab, weiter');
    expect(await inner.keys(`${KEY}~`)).toEqual([]);
  });

  it('tells a page of the tab that its input under the key was sent or emptied since (the browser may refill that input), until the tab saves again', async () => {
    const { tab } = browser();
    const a = tab('a');
    await a.open().save(KEY, draft('gesendet'));
    await a.open().clear(KEY);
    // Back to an older visit of the form, reloaded (no back/forward cache) or kept in it.
    expect(await a.open().load(KEY)).toEqual(SENT);
    // Another tab knows nothing of it.
    expect(await tab('b').open().load(KEY)).toBeUndefined();
    await a.open().save(KEY, draft('neue Frage'));
    expect((await a.open().load(KEY))?.cleared).toBeUndefined();
  });

  it('does not claim a draft was sent when it cannot read sessionStorage', async () => {
    const inner = new MemoryDraftStore();
    let refused = false;
    const store = new SessionMirroredDraftStore(inner, {
      storage: () => {
        if (refused) throw new DOMException('The operation is insecure.', 'SecurityError');
        return sessionStorage;
      },
    });
    sessionStorage.clear();
    await store.save(KEY, draft('gesendet'));
    await store.clear(KEY);
    refused = true;
    expect(await store.load(KEY)).toBeUndefined();
    sessionStorage.clear();
  });

  it('does not hold aside, for a page of the same tab back from the back/forward cache, the input a later page of that tab sent', async () => {
    const { tab } = browser();
    const a = tab('a');
    const older = a.open();
    await older.load(KEY);
    await older.save(KEY, draft('gesendet', [receipt]));
    window.dispatchEvent(new Event('pagehide'));
    const later = a.open();
    expect((await later.load(KEY))?.values['question']).toBe('gesendet');
    await later.clear(KEY);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await settle();
    expect(await older.load(KEY)).toEqual(SENT);
    expect(await a.open().load(KEY)).toEqual(SENT);
  });

  it('copies the one shared draft an earlier version saved (removed with the send), and removes drafts untouched for 30 days', async () => {
    const inner = new MemoryDraftStore({ initial: { [KEY]: draft('aus der früheren Fassung') } });
    const { clock, tab } = browser(inner);
    const a = tab('a');
    expect((await loadShown(a.open()))?.values['question']).toBe('aus der früheren Fassung');
    await a.open().save(KEY, draft('weiter'));
    await a.open().clear(KEY);
    expect(inner.drafts.has(KEY)).toBe(false);

    clock.now += 31 * DAY;
    expect(await tab('b').open().load(KEY)).toBeUndefined();
    await vi.waitFor(() => expect(inner.drafts.size).toBe(0));
  });

  it('brings back, files included, the draft an earlier version saved in the same tab (its mirror and its one shared record), and its send removes it', async () => {
    const { inner, clock, tab } = browser();
    const a = tab('a');
    // The earlier version's page of this tab: one shared record, and a mirror, but no tab id.
    await inner.save(KEY, { ...draft('vor dem Update', [photo]), savedAt: clock.now });
    a.storage.setItem(`draft-mirror:${KEY}`, JSON.stringify({ savedAt: clock.now, values: draft('vor dem Update').values, files: [`foto.png\n7\n5`] }));
    clock.now += 1000;
    const loaded = await a.open(true).load(KEY);
    expect(loaded?.values['question']).toBe('vor dem Update');
    expect(loaded?.attachments.map((file) => file.name)).toEqual(['foto.png']);
    expect(loaded?.missingFiles).toBeUndefined();
    // Reloaded again before anything was changed: the files still come from it.
    expect((await a.open(true).load(KEY))?.attachments.map((file) => file.name)).toEqual(['foto.png']);
    await a.open(true).clear(KEY);
    expect(await tab('b').open().load(KEY)).toBeUndefined();
  });

  it("takes the files of the earlier version's shared draft when the tab's last write of it was dropped (the mirror is newer), and its send removes it", async () => {
    const { inner, clock, tab } = browser();
    const a = tab('a');
    await inner.save(KEY, { ...draft('erste Fassung', [photo]), savedAt: clock.now });
    clock.now += 1000;
    // The reload dropped the IndexedDB write of the last save; the mirror has it.
    a.storage.setItem(`draft-mirror:${KEY}`, JSON.stringify({ savedAt: clock.now, values: draft('letzte Fassung').values, files: [`foto.png\n7\n5`] }));
    clock.now += 1000;
    const loaded = await a.open(true).load(KEY);
    expect(loaded?.values['question']).toBe('letzte Fassung');
    expect(loaded?.attachments.map((file) => file.name)).toEqual(['foto.png']);
    await a.open(true).clear(KEY);
    expect(await tab('b').open().load(KEY)).toBeUndefined();
  });

  it("leaves another tab's draft of the earlier version alone: a tab whose mirror is not the shared record's save neither takes nor removes it", async () => {
    const { inner, clock, tab } = browser();
    const a = tab('a');
    a.storage.setItem(`draft-mirror:${KEY}`, JSON.stringify({ savedAt: clock.now, values: draft('nur Text').values, files: [] }));
    clock.now += 1000;
    // Tab b of the earlier version saved later, with a photo: the one shared record is b's.
    await inner.save(KEY, { ...draft('mit Foto', [photo]), savedAt: clock.now });
    clock.now += 1000;
    expect((await a.open(true).load(KEY))?.values['question']).toBe('nur Text');
    await a.open(true).clear(KEY);
    expect((await inner.load(KEY))?.attachments.map((file) => file.name)).toEqual(['foto.png']);
  });

  it('offers a new tab a draft another tab left 29 days ago, and not one left 31 days ago (someone else at a shared computer), which it removes', async () => {
    const { inner, clock, tab } = browser();
    await tab('a').open().save(KEY, draft('vor 29 Tagen'));
    clock.now += 29 * DAY;
    expect((await tab('b').open().load(KEY))?.values['question']).toBe('vor 29 Tagen');

    const later = browser();
    await later.tab('c').open().save(KEY, draft('vor 31 Tagen'));
    later.clock.now += 31 * DAY;
    expect(await later.tab('d').open().load(KEY)).toBeUndefined();
    await vi.waitFor(async () => expect(await later.inner.keys(KEY)).toEqual([]));
    expect(inner.drafts.size).toBeGreaterThan(0);
  });

  it("removes another site's drafts left 31 days ago when any site's form is opened, not only when that site's form is opened again", async () => {
    const { inner, clock, tab } = browser();
    const austrian = tab('a').open();
    await austrian.save('contact:at', draft('Wiener Entwurf', [receipt, photo]));
    clock.now += 2 * DAY;
    await tab('p').open().save('contact:pl', draft('Szkic sprzed 29 dni'));
    clock.now += 29 * DAY;
    await tab('b').open().load(KEY);
    await vi.waitFor(async () => expect(await inner.keys('contact:at')).toEqual([]));
    // One left 29 days ago is kept, for that site's form.
    expect((await tab('c').open().load('contact:pl'))?.values['question']).toBe('Szkic sprzed 29 dni');
  });

  it('offers the newest draft after the clock was set back: one saved while it ran ahead counts as older than those saved since', async () => {
    const { clock, tab } = browser();
    const realNow = clock.now;
    clock.now = realNow + 2 * HOUR;
    await tab('a').open().save(KEY, draft('Entwurf A (alt)'));
    clock.now = realNow;
    await tab('b').open().save(KEY, draft('Entwurf B (neu)'));
    clock.now += 60_000;
    expect((await tab('c').open().load(KEY))?.values['question']).toBe('Entwurf B (neu)');
  });

  it('removes a held-aside copy (a sent message) dated more than a day after now, and keeps a draft so dated, offering it when it is the only one', async () => {
    const { inner, clock, tab } = browser();
    const realNow = clock.now;
    clock.now = realNow + 365 * DAY;
    await tab('a').open().save(KEY, draft('vor einem Jahr vorausdatiert', [photo]));
    await inner.save(`${KEY}~x`, { ...draft('beiseite gelegt'), asideAt: clock.now });
    // The clock set right (or behind now, after a reset): the unsent draft is not lost on its word.
    clock.now = realNow + 2 * DAY;
    const offered = await tab('c').open().load(KEY);
    expect(offered?.values['question']).toBe('vor einem Jahr vorausdatiert');
    expect(offered?.attachments.map((file) => file.name)).toEqual(['foto.png']);
    await vi.waitFor(async () => expect(await inner.keys(`${KEY}~`)).toEqual([]));
  });

  it('stamps the IndexedDB copy with the time of the save, under the tab’s own key', async () => {
    const { inner, clock, tab } = browser();
    await tab('a').open().save(KEY, draft('Frage'));
    expect(inner.drafts.get(`${KEY}#a`)?.savedAt).toBe(clock.now);
  });

  it('keeps each key apart', async () => {
    const a = browser().tab('a');
    await a.open().save(KEY, draft('deutsch'));
    await a.open().save('contact:tr', draft('türkçe'));
    expect((await a.open().load(KEY))?.values['question']).toBe('deutsch');
    expect((await a.open().load('contact:tr'))?.values['question']).toBe('türkçe');
  });

  it('keeps one shared draft in IndexedDB when sessionStorage is refused', async () => {
    const inner = new MemoryDraftStore();
    const refused = new SessionMirroredDraftStore(inner, {
      storage: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    await refused.save(KEY, draft('Frage'));
    expect(inner.drafts.has(KEY)).toBe(true);
    expect((await refused.load(KEY))?.values['question']).toBe('Frage');
    await refused.clear(KEY);
    expect(await refused.load(KEY)).toBeUndefined();
  });

  it('works on the IndexedDB copy when sessionStorage is full or holds something unreadable', async () => {
    const { tab } = browser();
    const storage = new TabStorage();
    const a = tab('a', storage);
    await a.open().save(KEY, draft('Frage 2'));
    for (const junk of ['{', '"text"', '{"savedAt":"x","values":{},"files":[]}', '{"savedAt":9e15,"values":null,"files":[]}']) {
      storage.setItem(`draft-mirror:${KEY}`, junk);
      expect((await a.open().load(KEY))?.values['question']).toBe('Frage 2');
    }
    const setItem = vi.spyOn(storage, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    storage.removeItem(`draft-mirror:${KEY}`);
    await a.open().save(KEY, draft('Frage 3'));
    setItem.mockRestore();
    expect((await a.open().load(KEY))?.values['question']).toBe('Frage 3');
  });

  it('keeps only text and yes/no values from the mirror', async () => {
    const a = browser().tab('a');
    a.storage.setItem(`draft-mirror:${KEY}`, JSON.stringify({ savedAt: 1, values: { question: 'Frage', count: 3, nested: {}, legalConsent: false }, files: [4, 'x'] }));
    expect(await a.open().load(KEY)).toEqual({ values: { question: 'Frage', legalConsent: false }, attachments: [], savedAt: 1, missingFiles: ['x'] });
  });
});

import type { ClearOptions, DraftAttachment, DraftStore, FormDraft, ListableDraftStore } from '../../ports/draft-store';

export interface SessionMirroredDraftStoreOptions {
  /** Default: the page's `sessionStorage` (none when the browser refuses it). */
  readonly storage?: () => Storage | undefined;
  /** Default `Date.now`. */
  readonly now?: () => number;
  /** A new id for this tab. Default: time and randomness in base 36. */
  readonly newTabId?: () => string;
  /** Where the open tabs of the site tell each other their ids. Default: a BroadcastChannel (none without one). */
  readonly tabChannel?: () => TabChannel | undefined;
  /** Whether the page was reloaded (the visitor's reload, or the page's own for a new build). Default: the navigation timing's type. */
  readonly reloaded?: () => boolean;
}

/** The part of a BroadcastChannel the tabs use. */
export interface TabChannel {
  postMessage(message: unknown): void;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  close(): void;
}

const TAB_CHANNEL = 'support-draft-tabs';
// A MessageEvent is one such event: only its data is read.
const broadcastChannel = (): TabChannel | undefined =>
  typeof BroadcastChannel === 'function' ? (new BroadcastChannel(TAB_CHANNEL) as unknown as TabChannel) : undefined;

/** The mirror of one draft: its values, the files it had (by name, date and size) and when it was saved. */
interface Mirror {
  readonly savedAt: number;
  readonly values: Readonly<Record<string, string | boolean>>;
  readonly files: readonly string[];
}

/** What a tab whose input was sent (or emptied) since loads: no values, no files, marked so. */
const SENT: FormDraft = { values: {}, attachments: [], cleared: true };

/** The prefix of a mirror's sessionStorage key (the page's boot guard writes one too, src/adapters/server/boot-guard.ts). */
export const MIRROR = 'draft-mirror:';
/** The draft a copy the tab showed (see `adopt`) came from. */
const COPIED_FROM = 'draft-copied-from:';
/**
 * Earlier versions' mark, written for every copy loaded, shown or not: read once as a copy not yet
 * shown, so a send does not remove a draft no page of the tab showed, and a reload still shows it.
 */
const LOADED_COPY = 'draft-adopted:';
/** The save time of the tab's last draft the store confirmed: a mirror not newer than it was stored. */
const STORED = 'draft-stored:';
/** Set once a page of the tab has loaded the key's draft: what a reload of that tab showed is known. */
const OFFERED = 'draft-offered:';
const CLEARED = 'draft-cleared:';
const TAB = 'draft-tab';
/** A draft no tab has touched for this long is removed when a new tab looks for one. */
const STALE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a copy held aside of a message another tab sent is kept (see removeStaleAside). */
const ASIDE_STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a time is more than `window` before `now`, or more than `window` after it: a clock that ran
 * ahead and was set right, or one that is behind now; either way its age cannot be told.
 */
const outside = (time: number, now: number, window: number): boolean => time < now - window || time > now + window;

const fileId = ({ name, lastModified, bytes }: DraftAttachment): string => `${name}\n${lastModified}\n${bytes.length}`;

const pageSessionStorage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage disabled: one shared draft, as the inner store keeps it
  }
};

const reloadedPage = (): boolean => {
  try {
    return (globalThis.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'reload';
  } catch {
    return false;
  }
};

const randomTabId = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

const readMirror = (text: string | null | undefined): Mirror | undefined => {
  if (!text) return undefined;
  try {
    const { savedAt, values, files } = JSON.parse(text) as Partial<Mirror>;
    if (typeof savedAt !== 'number' || !values || typeof values !== 'object' || !Array.isArray(files)) return undefined;
    const kept = Object.entries(values).filter((entry): entry is [string, string | boolean] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'boolean',
    );
    return { savedAt, values: Object.fromEntries(kept), files: files.filter((id): id is string => typeof id === 'string') };
  } catch {
    return undefined;
  }
};

/** A store call that may fail: a failing store only means no draft. */
const quietly = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await call();
  } catch {
    return undefined;
  }
};

/**
 * Drafts kept per browser tab, over a store that can list its keys (IndexedDB):
 *
 * - Each tab saves under `<key>#<tab id>` (the id lives in sessionStorage, which is the tab's own), so
 *   two tabs of the same form never overwrite each other, and a send from one leaves the other's
 *   draft alone.
 * - Each save also writes the draft's values, the list of its files (name, date, size) and a time
 *   stamp synchronously into sessionStorage. Chromium may drop an IndexedDB write started while the
 *   page is being reloaded; the synchronous copy is kept and survives the reload in the same tab. Files
 *   are too big for it: their bytes come from the tab's IndexedDB record, as far as the mirror lists them.
 * - A reloaded tab gets its own input back, and only that: a form left untouched shows no other tab's
 *   draft after a reload (the page's own, for a new build, comes unseen), except the copy it showed.
 *   A new page of a tab without a draft of its own (a new tab, the next visit) gets the newest draft
 *   any tab left, as a copy: the tab it came from, if still open, keeps its own.
 *   A send (or a form emptied) removes the tab's draft and the one it was copied from (when the page
 *   showed some of the copy: `adopt`), so a sent draft
 *   does not come back, and a tab that has sent takes no other tab's draft until it saves one of its
 *   own: its pages load a draft marked `cleared` meanwhile (what the browser refills for an older
 *   visit of the page was sent). The tab it was copied from, if still open, still shows it: told over
 *   the channel (or when it comes back from the back/forward cache) it stores it aside, for its own
 *   reload only (not when a later page of the same tab sent it).
 * - A duplicated tab (or a window the page opened) starts with a copy of the sessionStorage, tab id
 *   included: it asks the open tabs whether its id is taken (a BroadcastChannel) and takes a new one
 *   when it is, so the two tabs stop sharing one draft from their next save on.
 * - Without sessionStorage there is one shared draft per key, as the inner store keeps it.
 */
export class SessionMirroredDraftStore implements DraftStore {
  private readonly storage: () => Storage | undefined;
  private readonly now: () => number;
  private readonly newTabId: () => string;
  private readonly tabChannel: () => TabChannel | undefined;
  private readonly reloaded: () => boolean;
  private watchingTabs = false;
  /** This page's end of the channel between the site's open tabs (closed while in the back/forward cache). */
  private channel: TabChannel | undefined;
  /** The draft the page shows per key (as loaded, then as saved): what a new tab id starts with. */
  private readonly shown = new Map<string, FormDraft>();
  /** The keys whose copy held aside (see keepShown) this page has removed since it last kept one. */
  private readonly asideCleared = new Set<string>();
  /** Per key, the record of the copy `load` gave, until the page shows it (`adopt`). */
  private readonly copies = new Map<string, string>();
  /** Whether this page has looked through the other keys' drafts for ones past their time. */
  private sweptElsewhere = false;

  constructor(
    private readonly inner: ListableDraftStore,
    options: SessionMirroredDraftStoreOptions = {},
  ) {
    this.storage = options.storage ?? pageSessionStorage;
    this.now = options.now ?? Date.now;
    this.newTabId = options.newTabId ?? randomTabId;
    this.tabChannel = options.tabChannel ?? broadcastChannel;
    this.reloaded = options.reloaded ?? reloadedPage;
  }

  async load(key: string): Promise<FormDraft | undefined> {
    void this.removeStaleElsewhere(key);
    // A tab with a mirror but no id yet may have had a page of an earlier version, which kept one shared
    // draft (the page's boot guard writes a mirror too): see `shared` below.
    const tabless = this.attempt((storage) => storage.getItem(TAB) === null);
    const tab = this.tabId();
    if (tab === undefined) return quietly(() => this.inner.load(key));
    const mirror = this.attempt((storage) => readMirror(storage.getItem(MIRROR + key)));
    const cleared = this.attempt((storage) => storage.getItem(CLEARED + key) !== null);
    // The draft this tab showed as a copy, not yet saved as its own: a reload shows it again. A tab whose
    // page never offered a draft (reloaded before its draft logic ran) is a new visit.
    const adopted = this.attempt((storage) => storage.getItem(COPIED_FROM + key)) ?? undefined;
    const loadedCopy = this.attempt((storage) => {
      const source = storage.getItem(LOADED_COPY + key);
      storage.removeItem(LOADED_COPY + key);
      return source;
    });
    const stored = Number(this.attempt((storage) => storage.getItem(STORED + key)) ?? Number.NaN);
    const offered = this.attempt((storage) => storage.getItem(OFFERED + key) !== null);
    this.attempt((storage) => storage.setItem(OFFERED + key, '1'));
    const reloaded = offered && this.reloaded();
    // The copy this tab showed: its reload shows it again; gone, it was sent or forgotten elsewhere.
    const copied = adopted && !mirror && !cleared ? quietly(() => this.inner.load(adopted)) : undefined;
    // Read together: the page saves nothing on leaving until its draft has been restored.
    const [saved, aside, others, shared, source] = await Promise.all([
      quietly(() => this.inner.load(`${key}#${tab}`)),
      quietly(() => this.inner.load(`${key}~${tab}`)),
      mirror || cleared
        ? undefined
        : !reloaded
          ? this.newestLeftBehind(key)
          : adopted
            ? copied
            : loadedCopy
              ? this.loadCopy(key, loadedCopy)
              : undefined,
      mirror && (tabless || adopted === key) ? quietly(() => this.inner.load(key)) : undefined,
      copied,
    ]);
    const own = aside && (!saved || (aside.savedAt ?? 0) > (saved.savedAt ?? 0)) ? aside : saved;
    if (mirror && !(own && (own.savedAt ?? 0) > mirror.savedAt)) {
      // Every save of the earlier version, of any tab, overwrote its one shared draft: one not newer than
      // this tab's mirror is this tab's (its last write may have been dropped at the reload) and holds its
      // files; it goes with the send as a copied draft does. A newer one is another tab's, left alone.
      const ours = own ?? (shared && (shared.savedAt ?? 0) <= mirror.savedAt ? shared : undefined);
      if (!own && ours) this.attempt((storage) => storage.setItem(COPIED_FROM + key, key));
      const listed = new Set(mirror.files);
      const attachments = (ours?.attachments ?? []).filter((file) => listed.has(fileId(file)));
      const kept = new Set(attachments.map(fileId));
      // Files listed but without bytes (IndexedDB refused, or the reload came before they were stored).
      const missingFiles = mirror.files.filter((id) => !kept.has(id)).map((id) => id.split('\n')[0] ?? '');
      const draft: FormDraft = { values: mirror.values, attachments, savedAt: mirror.savedAt, ...(missingFiles.length > 0 && { missingFiles }) };
      // Only the mirror had it (the write was dropped at the reload, or the page's boot guard wrote the
      // mirror before the draft logic ran): stored now, so the next tab or visit is offered it too. A
      // mirror the store had confirmed, whose record is gone, was removed by another tab (sent, or
      // forgotten everywhere): only this tab shows it again.
      if ((!own || (own.savedAt ?? 0) < mirror.savedAt) && !(mirror.savedAt <= stored)) void this.store(key, `${key}#${tab}`, draft);
      return this.handOut(key, tab, draft);
    }
    if (own) {
      this.attempt((storage) => storage.removeItem(COPIED_FROM + key));
      return this.handOut(key, tab, own);
    }
    if (cleared) return SENT;
    // The copy this tab showed is gone: another tab sent it, or forgot it everywhere. What the browser
    // refills of it (Back) is a message sent, as after the tab's own send.
    if (adopted && adopted !== key && !source) {
      this.attempt((storage) => {
        storage.removeItem(COPIED_FROM + key);
        storage.setItem(CLEARED + key, '1');
      });
      return SENT;
    }
    return others && { ...this.handOut(key, tab, others), copied: true };
  }

  /**
   * The page shows (part of) the copy `load` gave: this tab goes on with it, so its send removes the
   * draft it was copied from, and its reload shows the copy again. A copy never shown leaves it alone.
   */
  adopt(key: string): void {
    const source = this.copies.get(key);
    this.copies.delete(key);
    if (source) this.attempt((storage) => storage.setItem(COPIED_FROM + key, source));
  }

  release(key: string): void {
    this.copies.delete(key);
    this.attempt((storage) => storage.removeItem(COPIED_FROM + key));
  }

  /** The draft `source` holds, as a copy `load` gives under `key` that no page has shown yet (see adopt). */
  private loadCopy(key: string, source: string): Promise<FormDraft | undefined> {
    this.copies.set(key, source);
    return quietly(() => this.inner.load(source));
  }

  /** Saves the tab's draft under `name`; once the store confirms it, its save time is noted (`STORED`). */
  private async store(key: string, name: string, draft: FormDraft): Promise<void> {
    await this.inner.save(name, draft);
    if (draft.savedAt !== undefined) this.attempt((storage) => storage.setItem(STORED + key, String(draft.savedAt)));
  }

  /**
   * Notes what the page shows under `key`; when the tab took a new id while it was being read (a
   * duplicated tab), stores it under that id, so a reload brings it back, files included.
   */
  private handOut(key: string, readAs: string, draft: FormDraft): FormDraft {
    this.shown.set(key, draft);
    const now = this.tabId();
    if (now !== undefined && now !== readAs) void quietly(() => this.inner.save(`${key}#${now}`, draft));
    return draft;
  }

  save(key: string, draft: FormDraft): Promise<void> {
    const savedAt = this.now();
    // Files the draft names without their bytes are listed by name alone: a load reports them missing.
    const unread = (draft.missingFiles ?? []).map((name) => `${name}\n`);
    const mirror: Mirror = { savedAt, values: draft.values, files: [...draft.attachments.map(fileId), ...unread] };
    this.attempt((storage) => storage.setItem(MIRROR + key, JSON.stringify(mirror)));
    this.attempt((storage) => storage.removeItem(CLEARED + key));
    const tab = this.tabId();
    const stored = { ...draft, savedAt };
    this.shown.set(key, stored);
    const saving = this.store(key, tab === undefined ? key : `${key}#${tab}`, stored);
    // A draft of its own again: a copy kept aside (see keepShown, maybe by this tab's page before a reload) has had its day.
    if (tab !== undefined && !this.asideCleared.has(key)) {
      this.asideCleared.add(key);
      void saving.then(() => quietly(() => this.inner.clear(`${key}~${tab}`)));
    }
    return saving;
  }

  async clear(key: string, options?: ClearOptions): Promise<void> {
    const tab = this.tabId();
    const own = tab === undefined ? key : `${key}#${tab}`;
    const adopted = this.attempt((storage) => storage.getItem(COPIED_FROM + key));
    // The records of the message this page showed, for the open tabs forgetting it everywhere: its own, and a copy's source.
    const showed = [own, adopted ?? this.copies.get(key)];
    if (options?.everywhere) await this.clearEveryTab(key);
    this.shown.delete(key);
    this.copies.delete(key);
    this.attempt((storage) => {
      storage.removeItem(MIRROR + key);
      storage.removeItem(STORED + key);
      storage.removeItem(COPIED_FROM + key);
      storage.setItem(CLEARED + key, '1');
    });
    await Promise.all([
      this.inner.clear(own),
      tab === undefined ? undefined : this.inner.clear(`${key}~${tab}`),
      adopted ? this.inner.clear(adopted) : undefined,
    ]);
    // The tab it was copied from, when still open, still shows that draft: it keeps it (see watchTabs).
    // Forgotten everywhere, every tab still open keeps what it shows: aside for its own reload only when
    // it is the message forgotten (that person's message is on its screen still, and its files would be
    // lost; no new tab gets it), as its draft when it is another message.
    if (options?.everywhere) this.channel?.postMessage({ forgotten: key, showed: showed.filter(Boolean) });
    else if (adopted) this.channel?.postMessage({ dropped: adopted });
  }

  /** Removes what every tab keeps under `key`: their drafts, the copies held aside, an earlier version's shared one. */
  private async clearEveryTab(key: string): Promise<void> {
    const [drafts, aside] = await Promise.all([`${key}#`, `${key}~`].map((prefix) => quietly(() => this.inner.keys(prefix))));
    await Promise.all([key, ...(drafts ?? []), ...(aside ?? [])].map((name) => quietly(() => this.inner.clear(name))));
  }

  /**
   * Stores what this page shows again aside (`<key>~<tab id>`), for each key whose record `dropped`
   * names: another tab sent or emptied a copy and removed the record; or for the key `forgotten`
   * names, whose drafts another tab removed everywhere (a copy this page shows too: it is on its
   * screen). Without either (back from the back/forward cache, the channel was closed meanwhile) each
   * key whose own record is gone and not yet kept aside; a copy the page shows is then not kept (its
   * source's send or forget decides). Only this tab's reload reads it: no new tab copies it, since
   * that message was sent or forgotten; the page's next save makes it a draft of its own again.
   */
  private keepShown(dropped?: string, forgotten?: { readonly key: string; readonly showed?: readonly string[] }): void {
    const own = this.attempt((storage) => storage.getItem(TAB));
    if (!own) return;
    for (const [key, draft] of this.shown) {
      if (dropped !== undefined && dropped !== `${key}#${own}`) continue;
      if (forgotten !== undefined && forgotten.key !== key) continue;
      // A later page of this tab sent or emptied it: nothing of it is to come back.
      if (this.attempt((storage) => storage.getItem(CLEARED + key) !== null)) continue;
      if (dropped === undefined && forgotten === undefined) void this.keepAsideIfGone(key, own, draft);
      else if (forgotten?.showed && !this.shows(key, own, forgotten.showed)) void quietly(() => this.store(key, `${key}#${own}`, draft));
      else this.keepAside(key, own, draft);
    }
  }

  /**
   * Whether this tab shows the message another tab showed (`showed`: its records) when it forgot it
   * everywhere: that tab showed this one's draft, or both show a copy of the same one. Another message
   * (written here since) is this tab's draft still: kept as one, a new tab is offered it again.
   */
  private shows(key: string, own: string, showed: readonly string[]): boolean {
    const source = this.attempt((storage) => storage.getItem(COPIED_FROM + key)) ?? this.copies.get(key);
    return showed.includes(`${key}#${own}`) || (source !== undefined && showed.includes(source));
  }

  private keepAside(key: string, own: string, draft: FormDraft): void {
    this.asideCleared.delete(key);
    // Its day (removeStaleAside) counts from now; its save time still tells it from the tab's newer drafts.
    void quietly(() => this.inner.save(`${key}~${own}`, { ...draft, asideAt: this.now() }));
  }

  private async keepAsideIfGone(key: string, own: string, draft: FormDraft): Promise<void> {
    // A copy the page shows is not its tab's to keep: gone, it was sent or forgotten where it came from.
    if (this.attempt((storage) => storage.getItem(COPIED_FROM + key))) return;
    // An aside copy kept on an earlier return stays as it is.
    const names = [`${key}#${own}`, `${key}~${own}`];
    const stored = await Promise.all(names.map((name) => quietly(() => this.inner.load(name))));
    if (!stored.some(Boolean)) this.keepAside(key, own, draft);
  }

  /** The newest draft a tab left under `key` (or the one shared draft an earlier version kept), noted as the one copied (see adopt). */
  private async newestLeftBehind(key: string): Promise<FormDraft | undefined> {
    const tab = this.tabId();
    void this.removeStaleAside(key);
    const names = [key, ...((await quietly(() => this.inner.keys(`${key}#`))) ?? []).filter((name) => name !== `${key}#${tab}`)];
    const drafts = await Promise.all(names.map((name) => quietly(() => this.inner.load(name))));
    const now = this.now();
    // A draft dated after now was saved while the device's clock ran ahead (set right since), or the
    // clock is behind now: it counts as older than every draft dated up to now, and is kept (an unsent
    // message is not removed on a clock's word).
    const rank = (draft: FormDraft): [boolean, number] => [(draft.savedAt ?? 0) <= now, draft.savedAt ?? 0];
    let newest: { name: string; draft: FormDraft } | undefined;
    for (const [index, draft] of drafts.entries()) {
      const name = names[index]!;
      if (!draft) continue;
      if (draft.savedAt !== undefined && draft.savedAt < now - STALE_AFTER_MS) {
        void quietly(() => this.inner.clear(name));
        continue;
      }
      const [dated, at] = rank(draft);
      const [newestDated, newestAt] = newest ? rank(newest.draft) : [false, -Infinity];
      if (!newest || (dated !== newestDated ? dated : at > newestAt)) newest = { name, draft };
    }
    if (newest) this.copies.set(key, newest.name);
    return newest?.draft;
  }

  /**
   * Removes the drafts tabs held aside (see keepShown) a day after they were held aside: each is a message
   * another tab sent, kept for its own tab's reload only; once that tab is closed no page can show
   * or clear it, and a sent message is not kept on the device longer than that.
   */
  private async removeStaleAside(key: string): Promise<void> {
    for (const name of (await quietly(() => this.inner.keys(`${key}~`))) ?? []) {
      const draft = await quietly(() => this.inner.load(name));
      const since = draft?.asideAt ?? draft?.savedAt;
      if (since !== undefined && outside(since, this.now(), ASIDE_STALE_AFTER_MS)) await quietly(() => this.inner.clear(name));
    }
  }

  /**
   * Removes the drafts of the other keys (another site's form) past their time, once per page: an unsent
   * draft after 30 days, one held aside after a day. Each key's own are removed when its form is
   * opened (`newestLeftBehind`, `removeStaleAside`), and a site's form the shopper never opens again
   * kept the names, address, question and files for good.
   */
  private async removeStaleElsewhere(key: string): Promise<void> {
    if (this.sweptElsewhere) return;
    this.sweptElsewhere = true;
    const now = this.now();
    for (const name of (await quietly(() => this.inner.keys(''))) ?? []) {
      if (name === key || name.startsWith(`${key}#`) || name.startsWith(`${key}~`)) continue;
      const draft = await quietly(() => this.inner.load(name));
      const aside = name.includes('~');
      const since = aside ? (draft?.asideAt ?? draft?.savedAt) : draft?.savedAt;
      if (since === undefined) continue;
      if (aside ? outside(since, now, ASIDE_STALE_AFTER_MS) : since < now - STALE_AFTER_MS) await quietly(() => this.inner.clear(name));
    }
  }

  /** This tab's id, made on first use; undefined without sessionStorage. */
  private tabId(): string | undefined {
    return this.attempt((storage) => {
      let id = storage.getItem(TAB);
      // An id this page did not make came from an earlier page of the tab, or with a duplicated tab's copy.
      const inherited = id ? id : undefined;
      if (!id) {
        id = this.newTabId();
        storage.setItem(TAB, id);
      }
      if (!this.watchingTabs) {
        this.watchingTabs = true;
        this.watchTabs(inherited);
      }
      return id;
    });
  }

  /**
   * Answers tabs that ask whether this tab's id is taken, and asks once for an inherited id: an answer
   * to this page's own question (its nonce) means another open tab has the id, and this tab takes a
   * new one, keeping what it shows under it. The channel is closed while the page is in the
   * back/forward cache (an open one may keep it out) and opened again when it comes back.
   */
  private watchTabs(inherited: string | undefined): void {
    let question = inherited === undefined ? undefined : randomTabId();
    const open = () => {
      let channel: TabChannel | undefined;
      try {
        channel = this.tabChannel();
      } catch {
        channel = undefined; // no channel: the tabs cannot tell a duplicate
      }
      this.channel = channel;
      if (!channel) return;
      channel.onmessage = ({ data }) => {
        const own = this.attempt((storage) => storage.getItem(TAB));
        const message = (typeof data === 'object' && data !== null ? data : {}) as {
          ask?: unknown;
          taken?: unknown;
          nonce?: unknown;
          dropped?: unknown;
          forgotten?: unknown;
          showed?: unknown;
        };
        if (!own) return;
        if (typeof message.dropped === 'string') this.keepShown(message.dropped);
        else if (typeof message.forgotten === 'string') {
          const { showed } = message;
          // An earlier version's message names no records: everything shown is kept aside, as it did.
          const names = Array.isArray(showed) ? showed.filter((name): name is string => typeof name === 'string') : undefined;
          this.keepShown(undefined, { key: message.forgotten, ...(names && { showed: names }) });
        }
        else if (message.ask === own) channel?.postMessage({ taken: own, nonce: message.nonce });
        else if (message.taken === own && question !== undefined && message.nonce === question) {
          question = undefined;
          const renamed = this.newTabId();
          this.attempt((storage) => storage.setItem(TAB, renamed));
          for (const [key, draft] of this.shown) void quietly(() => this.inner.save(`${key}#${renamed}`, draft));
        }
      };
    };
    open();
    if (question !== undefined) this.channel?.postMessage({ ask: inherited, nonce: question });
    if (typeof addEventListener === 'function') {
      addEventListener('pagehide', () => {
        this.channel?.close();
        this.channel = undefined;
      });
      addEventListener('pageshow', (event) => {
        if (!(event as PageTransitionEvent).persisted || this.channel) return;
        open();
        // Back from the back/forward cache, the page shows its drafts again: a tab that copied one and
        // sent it meanwhile removed the record, which this page, still showing it, keeps.
        this.keepShown();
      });
    }
  }

  /** A sessionStorage call; a full or refused storage gives undefined. */
  private attempt<T>(call: (storage: Storage) => T): T | undefined {
    try {
      const storage = this.storage();
      return storage ? call(storage) : undefined;
    } catch {
      return undefined;
    }
  }
}

import type { DraftAttachment, DraftStore, FormDraft } from '../../ports/draft-store';

export interface SessionMirroredDraftStoreOptions {
  /** Default: the page's `sessionStorage` (none when the browser refuses it). */
  readonly storage?: () => Storage | undefined;
  /** Default `Date.now`. */
  readonly now?: () => number;
}

/** The mirror of one draft: its values, the files it had (by name, date and size) and when it was saved. */
interface Mirror {
  readonly savedAt: number;
  readonly values: Readonly<Record<string, string | boolean>>;
  readonly files: readonly string[];
}

const PREFIX = 'draft-mirror:';

const fileId = ({ name, lastModified, bytes }: DraftAttachment): string => `${name}\n${lastModified}\n${bytes.length}`;

const pageSessionStorage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage disabled: the draft lives in the inner store only
  }
};

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

/**
 * A draft store in front of another (IndexedDB), keeping a copy of each draft's values in
 * sessionStorage, written synchronously at every save. Chromium may drop an IndexedDB write started
 * while the page is being reloaded; a synchronous write into sessionStorage is kept, and it survives
 * the reload in the same tab. Files are too big for it: the mirror lists which files the draft had,
 * and their bytes come from the inner store.
 *
 * On load the newer of the two copies gives the values; when the mirror is newer, the inner store's
 * files are kept only as far as the mirror still lists them (a file removed just before the reload
 * stays removed). Both copies are removed together.
 */
export class SessionMirroredDraftStore implements DraftStore {
  private readonly storage: () => Storage | undefined;
  private readonly now: () => number;

  constructor(
    private readonly inner: DraftStore,
    options: SessionMirroredDraftStoreOptions = {},
  ) {
    this.storage = options.storage ?? pageSessionStorage;
    this.now = options.now ?? Date.now;
  }

  async load(key: string): Promise<FormDraft | undefined> {
    const stored = await this.inner.load(key).catch(() => undefined);
    const mirror = this.attempt((storage) => readMirror(storage.getItem(PREFIX + key)));
    if (!mirror || (stored && (stored.savedAt ?? 0) >= mirror.savedAt)) return stored;
    const listed = new Set(mirror.files);
    const attachments = (stored?.attachments ?? []).filter((file) => listed.has(fileId(file)));
    return { values: mirror.values, attachments, savedAt: mirror.savedAt };
  }

  save(key: string, draft: FormDraft): Promise<void> {
    const savedAt = this.now();
    const mirror: Mirror = { savedAt, values: draft.values, files: draft.attachments.map(fileId) };
    this.attempt((storage) => storage.setItem(PREFIX + key, JSON.stringify(mirror)));
    return this.inner.save(key, { ...draft, savedAt });
  }

  clear(key: string): Promise<void> {
    this.attempt((storage) => storage.removeItem(PREFIX + key));
    return this.inner.clear(key);
  }

  /** A sessionStorage call; a full or refused storage only means the inner store's copy counts. */
  private attempt<T>(call: (storage: Storage) => T): T | undefined {
    try {
      const storage = this.storage();
      return storage ? call(storage) : undefined;
    } catch {
      return undefined;
    }
  }
}

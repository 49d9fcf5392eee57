import { getMany, keys, promisifyRequest, type UseStore } from 'idb-keyval';
import { createStore } from './idb-store';
import { LogLevel } from '../../domain/tracking/log-buffer';
import type { FormDraft, ListableDraftStore } from '../../ports/draft-store';
import type { Logger } from '../../ports/logger';
import { readDraft } from './draft-shape';

export interface IdbDraftStoreOptions {
  /** Default 'customer-support-drafts' (its own database, apart from any other store of the page). */
  readonly databaseName?: string;
  /** Default 'drafts'. */
  readonly storeName?: string;
  /** A call that has not settled after this many milliseconds counts as failed; default 3000. */
  readonly timeoutMs?: number;
  readonly logger?: Logger;
  /** Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * One write, committed at once: Chromium aborts a transaction that has not asked to commit when its
 * page is left, so a save made on pagehide would be lost if it waited for its request to answer first.
 */
const write = (store: UseStore, request: (objects: IDBObjectStore) => IDBRequest): Promise<void> =>
  store('readwrite', (objects) => {
    request(objects);
    objects.transaction.commit?.();
    return promisifyRequest(objects.transaction);
  });

/**
 * A text save whose files this page wrote before: the text is written and committed at once, as every
 * save is (a save on pagehide, the text just typed before the tab was closed, must land); a second
 * transaction then writes the files' record again only when it is gone (another tab cleared this tab's
 * draft: sent its copy, or forgot every tab's). That check needs its transaction open after it, so it
 * cannot commit at once, and a closing tab may lose it: the text names its files, and a load that
 * finds them gone gives them as missing files, to be added again. IndexedDB runs the two in the order
 * they were opened.
 */
const writeKeepingFiles = (store: UseStore, key: string, stored: unknown, files: unknown): Promise<void> => {
  const text = write(store, (objects) => objects.put(stored, key));
  const kept = store('readwrite', (objects) => {
    const found = objects.getKey(filesKeyOf(key));
    found.onsuccess = () => {
      if (found.result === undefined) objects.put(files, filesKeyOf(key));
    };
    return promisifyRequest(objects.transaction);
  });
  return Promise.all([text, kept]).then(() => undefined);
};

/** Where a draft's files are kept, apart from its text (a key no draft key ends with). */
const FILES_SUFFIX = '\u0000files';
const filesKeyOf = (key: string): string => `${key}${FILES_SUFFIX}`;

/**
 * Form drafts in IndexedDB through idb-keyval; attachments are kept as bytes with their name and type.
 * IndexedDB is opened on first use; when it is missing, blocked or failing, loads give `undefined`,
 * saves do nothing, and the failure is logged once per kind.
 *
 * A draft's files are kept in a record of their own, written only when they change (or another tab
 * removed them): a save after a pause in typing writes the text alone (cloning megabytes of files into
 * IndexedDB held a phone's page for a fifth of a second after every pause). A record written before
 * holds its files itself.
 */
export class IdbDraftStore implements ListableDraftStore {
  private store: UseStore | undefined;
  private readonly warned = new Set<string>();
  /** Per key, the files' bytes this store last wrote under it. */
  private readonly filesWritten = new Map<string, readonly Uint8Array[]>();

  constructor(private readonly options: IdbDraftStoreOptions = {}) {}

  async load(key: string): Promise<FormDraft | undefined> {
    const [stored, files] = (await this.attempt('load', (store) => getMany<unknown>([key, filesKeyOf(key)], store))) ?? [];
    if (stored === null || typeof stored !== 'object') return readDraft(stored);
    if (files !== undefined) return readDraft({ ...stored, attachments: files });
    // The text names files whose record is gone: they are the draft's missing files, for the shopper
    // to add again, not a draft that silently lost its attachments.
    const named = (stored as { fileNames?: unknown }).fileNames;
    if (!Array.isArray(named) || named.length === 0) return readDraft(stored);
    const missing = (stored as { missingFiles?: unknown }).missingFiles;
    return readDraft({ ...stored, missingFiles: [...(Array.isArray(missing) ? missing : []), ...named] });
  }

  async save(key: string, draft: FormDraft): Promise<void> {
    const stored = {
      values: { ...draft.values },
      ...(draft.savedAt === undefined ? {} : { savedAt: draft.savedAt }),
      ...(draft.asideAt === undefined ? {} : { asideAt: draft.asideAt }),
      // Files still being read when the page saved: another tab or the next visit asks for them again.
      ...(draft.missingFiles?.length ? { missingFiles: [...draft.missingFiles] } : {}),
      // The files' names, for a load that finds the text without its files' record (see writeKeepingFiles).
      ...(draft.attachments.length > 0 ? { fileNames: draft.attachments.map((file) => file.name) } : {}),
    };
    const bytes = draft.attachments.map((file) => file.bytes);
    const written = this.filesWritten.get(key);
    const unchanged = written?.length === bytes.length && written.every((kept, index) => kept === bytes[index]);
    const files = draft.attachments.map(({ name, type, lastModified, bytes: data }) => ({ name, type, lastModified, bytes: data }));
    this.filesWritten.delete(key);
    const saved = await this.attempt('save', (store) => {
      // A draft without files has nothing to check: its text save commits at once, as every save did.
      const saving = !unchanged
        ? write(store, (objects) => {
            objects.put(files, filesKeyOf(key));
            return objects.put(stored, key);
          })
        : bytes.length > 0
          ? writeKeepingFiles(store, key, stored, files)
          : write(store, (objects) => objects.put(stored, key));
      return saving.then(() => true);
    });
    if (saved) this.filesWritten.set(key, bytes);
  }

  async keys(prefix: string): Promise<string[]> {
    const all = (await this.attempt('list', (store) => keys(store))) ?? [];
    return all.filter((key): key is string => typeof key === 'string' && key.startsWith(prefix) && !key.endsWith(FILES_SUFFIX));
  }

  async clear(key: string): Promise<void> {
    this.filesWritten.delete(key);
    await this.attempt('clear', (store) =>
      write(store, (objects) => {
        objects.delete(filesKeyOf(key));
        return objects.delete(key);
      }),
    );
  }

  private openStore(): UseStore {
    if (!this.store) {
      if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
      this.store = createStore(this.options.databaseName ?? 'customer-support-drafts', this.options.storeName ?? 'drafts');
    }
    return this.store;
  }

  private async attempt<T>(what: string, run: (store: UseStore) => Promise<T>): Promise<T | undefined> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('IndexedDB did not answer')), this.options.timeoutMs ?? 3000);
      });
      return await Promise.race([run(this.openStore()), timeout]);
    } catch (error) {
      this.warn(what, error);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  private warn(what: string, error: unknown): void {
    if (this.warned.has(what)) return;
    this.warned.add(what);
    try {
      this.options.logger?.log({
        time: (this.options.now ?? Date.now)(),
        level: LogLevel.warn,
        message: `Form draft ${what} failed; the form works without drafts`,
        content: String(error),
      });
    } catch {
      // logging never breaks the form
    }
  }
}

import { createStore, get, keys, promisifyRequest, type UseStore } from 'idb-keyval';
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
 * Form drafts in IndexedDB through idb-keyval; attachments are kept as bytes with their name and type.
 * IndexedDB is opened on first use; when it is missing, blocked or failing, loads give `undefined`,
 * saves do nothing, and the failure is logged once per kind.
 */
export class IdbDraftStore implements ListableDraftStore {
  private store: UseStore | undefined;
  private readonly warned = new Set<string>();

  constructor(private readonly options: IdbDraftStoreOptions = {}) {}

  async load(key: string): Promise<FormDraft | undefined> {
    const stored = await this.attempt('load', (store) => get<unknown>(key, store));
    return readDraft(stored);
  }

  async save(key: string, draft: FormDraft): Promise<void> {
    const stored = {
      values: { ...draft.values },
      attachments: draft.attachments.map(({ name, type, lastModified, bytes }) => ({ name, type, lastModified, bytes })),
      ...(draft.savedAt === undefined ? {} : { savedAt: draft.savedAt }),
    };
    await this.attempt('save', (store) => write(store, (objects) => objects.put(stored, key)));
  }

  async keys(prefix: string): Promise<string[]> {
    const all = (await this.attempt('list', (store) => keys(store))) ?? [];
    return all.filter((key): key is string => typeof key === 'string' && key.startsWith(prefix));
  }

  async clear(key: string): Promise<void> {
    await this.attempt('clear', (store) => write(store, (objects) => objects.delete(key)));
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

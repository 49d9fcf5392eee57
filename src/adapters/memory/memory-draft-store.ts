import type { FormDraft, ListableDraftStore } from '../../ports/draft-store';

export interface MemoryDraftStoreOptions {
  /** Drafts present from the start (a page reloaded with a draft saved). */
  readonly initial?: Record<string, FormDraft>;
  /** Every call rejects, as a broken IndexedDB would before the adapter caught it. */
  readonly broken?: boolean;
}

/** A DraftStore in a Map (tests, server side), with a log of every save and clear. */
export class MemoryDraftStore implements ListableDraftStore {
  readonly drafts = new Map<string, FormDraft>();
  readonly saves: { key: string; draft: FormDraft }[] = [];
  readonly clears: string[] = [];
  broken: boolean;

  constructor(options: MemoryDraftStoreOptions = {}) {
    this.broken = options.broken ?? false;
    for (const [key, draft] of Object.entries(options.initial ?? {})) this.drafts.set(key, draft);
  }

  async load(key: string): Promise<FormDraft | undefined> {
    if (this.broken) throw new Error('draft store broken');
    return this.drafts.get(key);
  }

  async save(key: string, draft: FormDraft): Promise<void> {
    if (this.broken) throw new Error('draft store broken');
    this.saves.push({ key, draft });
    this.drafts.set(key, draft);
  }

  async keys(prefix: string): Promise<string[]> {
    if (this.broken) throw new Error('draft store broken');
    return [...this.drafts.keys()].filter((key) => key.startsWith(prefix));
  }

  async clear(key: string): Promise<void> {
    if (this.broken) throw new Error('draft store broken');
    this.clears.push(key);
    this.drafts.delete(key);
  }
}

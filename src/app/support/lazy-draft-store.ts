import type { DraftStore, FormDraft } from '../../ports/draft-store';
import type { Warn } from './warn';

/**
 * The draft store, imported on first use so IndexedDB's code stays out of the first chunk. Like every
 * DraftStore it always settles: if its chunk cannot be loaded, nothing is restored or saved.
 */
export function lazyDraftStore(load: () => Promise<DraftStore>, warn: Warn): DraftStore {
  let store: Promise<DraftStore | undefined> | undefined;
  const get = () =>
    (store ??= load().catch((error: unknown) => {
      warn('The draft store could not be loaded; drafts are not kept', error);
      return undefined;
    }));
  return {
    load: async (key: string): Promise<FormDraft | undefined> => (await get())?.load(key),
    save: async (key: string, draft: FormDraft): Promise<void> => (await get())?.save(key, draft),
    clear: async (key: string): Promise<void> => (await get())?.clear(key),
  };
}
